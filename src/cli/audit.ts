/**
 * `audit`: the privacy audit of one mechanism of the table (`src/audit/`, `src/experiments/mechanisms.ts`) on
 * the command line. The data and KNG options are those of `release` (resolved by `resolveConfig`), the
 * Fréchet and linear-regression options those of `frechet` and `linreg`; the work runs as the `audit` task.
 */
import { auditInfo, auditResult, type AuditData, type AuditSpec } from '../audit';
import { DEFAULT_LINREG_SETTINGS } from '../privacy/linreg';
import { MECHANISMS, type MechanismSettings } from '../experiments/mechanisms';
import { PAPER_SAMPLER, type KngSettings } from '../privacy/kng';
import { FRECHET_DEFAULT_RADIUS } from './frechet';
import { yBoundsValue } from './linreg';
import { resolveConfig } from './config';
import { loadData } from './data';
import { CliError, enumValue, intValue, numberValue, str, type RawOptions } from './options';
import { Progress, toCsv, toJson, type ErrorSink, type Sink } from './output';
import { runTask } from './run';

interface AuditConfig {
  spec: AuditSpec;
  workers: number;
  format: 'json' | 'csv';
  quiet: boolean;
  settingsEcho: Record<string, unknown>;
  notes: string[];
}

/** `largest-residual` or `index:I` (1-based, as in the data file). */
function neighbourValue(raw: string): AuditSpec['neighbour'] {
  if (raw === 'largest-residual') return { kind: 'largest-residual' };
  const m = /^index:(\d+)$/.exec(raw.trim());
  if (!m || Number(m[1]) < 1)
    throw new CliError(
      `--neighbour must be largest-residual or index:I with a record number I ≥ 1 (got "${raw}")`,
    );
  return { kind: 'index', index: Number(m[1]) - 1 };
}

function resolve(values: RawOptions): AuditConfig {
  const get = (name: string) => str(values[name]);
  const given = (name: string) => values[name] !== undefined;
  const ids = MECHANISMS.map((m) => m.id);
  const mechanism = MECHANISMS.find((m) => m.id === enumValue('mechanism', get('mechanism') ?? 'kng', ids))!;
  const manifold = enumValue(
    'manifold',
    get('manifold') ?? (mechanism.spaces.includes('sphere') ? 'sphere' : mechanism.spaces[0]),
    mechanism.spaces,
  );
  const cfg = resolveConfig('audit', { ...values, manifold });
  const notes: string[] = [];

  const epsRaw = get('eps');
  const eps = epsRaw !== undefined ? numberValue('eps', epsRaw, 'positive') : 1;
  let kng: KngSettings = cfg.kng;
  if (mechanism.family === 'regression' && epsRaw !== undefined) {
    if (given('eps-p') || given('eps-v'))
      throw new CliError('--eps sets ε_p and ε_v of KNG: give either --eps or --eps-p/--eps-v');
    kng = mechanism.id === 'kng-footpoint' ? { ...kng, epsP: eps } : { ...kng, epsP: eps / 2, epsV: eps / 2 };
  }
  const sampler = enumValue('sampler', get('sampler') ?? 'mixed', ['mixed', 'paper'] as const);
  if (sampler === 'paper')
    kng = {
      ...kng,
      scheme: PAPER_SAMPLER.scheme,
      ...(given('burn-in') ? {} : { burnIn: PAPER_SAMPLER.burnIn }),
      ...(given('step-p') ? {} : { stepScaleP: PAPER_SAMPLER.stepScaleP }),
      ...(given('step-v') ? {} : { stepScaleV: PAPER_SAMPLER.stepScaleV }),
    };

  const k = intValue('k', get('k') ?? (manifold === 'euclidean' ? '1' : '2'), 1, 50);
  const delta = get('delta');
  const deltaValue = (def: number) => {
    const d = delta !== undefined ? numberValue('delta', delta, 'positive') : def;
    if (!(d < 1)) throw new CliError(`--delta must be a number in (0, 1) (got "${delta}")`);
    return d;
  };
  const sigmaRule = cfg.kng.sigmaRule;
  const radiusDefault = manifold === 'sphere' || manifold === 'spd' ? FRECHET_DEFAULT_RADIUS[manifold] : 1;
  const radius = numberValue('radius', get('radius') ?? String(radiusDefault), 'positive');
  const settings: MechanismSettings = {
    eps,
    kng,
    frechet: {
      metric: enumValue('metric', get('metric') ?? 'logEuclidean', ['affine', 'logEuclidean'] as const),
      radius,
      delta: deltaValue(1e-6),
      calibration: enumValue('calibration', get('calibration') ?? 'analytic', [
        'classical',
        'analytic',
      ] as const),
      sigmaRule,
      rlSampler: enumValue('rl-sampler', get('rl-sampler') ?? 'exact', ['exact', 'mcmc'] as const),
      ...(given('burn-in') ? { burnIn: cfg.kng.burnIn } : {}),
      conformal: {
        phiSource: enumValue('phi-source', get('phi-source') ?? 'private', ['private', 'public'] as const),
      },
    },
    linreg: {
      dpgr: { tau: kng.tau, sigmaRule },
      ssp: { yBounds: yBoundsValue(get('y-bounds') ?? 'data') },
      dpsgd: {
        ...DEFAULT_LINREG_SETTINGS.dpsgd,
        delta: deltaValue(DEFAULT_LINREG_SETTINGS.dpsgd.delta),
        clip: numberValue('clip', get('clip') ?? String(DEFAULT_LINREG_SETTINGS.dpsgd.clip), 'positive'),
        steps: intValue('steps', get('steps') ?? String(DEFAULT_LINREG_SETTINGS.dpsgd.steps), 1, 1_000_000),
      },
    },
  };
  const yb = settings.linreg.ssp.yBounds;
  if (yb !== 'data' && yb.lo.length === 1 && manifold === 'euclidean')
    settings.linreg.ssp = { yBounds: { lo: [yb.lo[0]], hi: [yb.hi[0]] } };

  let data: AuditData;
  if (mechanism.family === 'frechet') {
    if (cfg.data)
      throw new CliError(
        `--data: the audit of ${mechanism.label} runs on synthetic points (give --n, --radius, --seed)`,
      );
    data = {
      kind: 'points',
      space: manifold as 'sphere' | 'spd' | 'euclidean',
      n: cfg.ns[0],
      k,
      seed: cfg.seed,
      heterogeneous: values.heterogeneous === true,
    };
  } else if (cfg.data) {
    const d = loadData(cfg.data.path, manifold, cfg.data.columns, cfg.data.normalize);
    for (const w of d.parsed.warnings) notes.push(`${d.file}: ${w}`);
    data = {
      kind: 'regression',
      source: { kind: 'imported', manifold, xs: d.xs, ys: d.ys, label: d.parsed.xLabel },
    };
  } else {
    data = {
      kind: 'regression',
      source: { kind: 'synthetic', manifold, n: cfg.ns[0], noise: cfg.noise, seed: cfg.seed },
    };
  }
  const releases = intValue('releases', get('releases') ?? '2000', 4, 1_000_000);
  if (given('record') && given('neighbour'))
    throw new CliError('--record I is short for --neighbour index:I: give one of them, not both');
  const neighbourText = given('record') ? `index:${get('record')}` : (get('neighbour') ?? 'largest-residual');
  const neighbour = neighbourValue(neighbourText);
  const statistic = enumValue('statistic', get('statistic') ?? 'auto', ['auto', 'distance'] as const);
  return {
    spec: { mechanism: mechanism.id, data, settings, neighbour, releases, seed: cfg.seed, statistic },
    workers: cfg.workers,
    format: cfg.format,
    quiet: cfg.quiet,
    settingsEcho: {
      mechanism: mechanism.id,
      manifold,
      ...(cfg.data ? { data: cfg.data.path } : { n: cfg.ns[0] }),
      seed: cfg.seed,
      releases,
      neighbour: neighbourText,
      ...(mechanism.family === 'regression'
        ? { epsP: kng.epsP, ...(mechanism.id === 'kng' ? { epsV: kng.epsV } : {}), sampler, ...kngEcho(kng) }
        : mechanism.family === 'frechet'
          ? { eps, ...settings.frechet, ...(manifold === 'spd' ? { k } : {}) }
          : { eps, ...settings.linreg }),
    },
    notes,
  };
}

function kngEcho(k: KngSettings) {
  return {
    sigmaRule: k.sigmaRule,
    tau: k.tau,
    tauM: k.tauM,
    vDomain: k.vDomain,
    burnIn: k.burnIn,
    scheme: k.scheme,
    stepP: k.stepScaleP,
    stepV: k.stepScaleV,
  };
}

/** Columns of `--format csv` (one row). */
export const AUDIT_COLUMNS = [
  'mechanism',
  'claimedEpsilon',
  'delta',
  'releases',
  'epsilonLower',
  'epsilonEstimate',
  'exactEpsilon',
  'statistic',
  'isPrivate',
  'leaks',
  'verdict',
] as const;

export async function auditCommand(
  values: RawOptions,
  io: { stdout: Sink; stderr: ErrorSink },
): Promise<void> {
  const cfg = resolve(values);
  let info;
  try {
    info = auditInfo(cfg.spec);
  } catch (e) {
    if (e instanceof RangeError) throw new CliError(e.message);
    throw e;
  }
  const notes = [...cfg.notes, ...info.notes, info.neighbour.description];
  if (!info.isPrivate && info.reason && !notes.includes(info.reason))
    notes.unshift(`not private: ${info.reason}`);
  if (!cfg.quiet) for (const n of notes) io.stderr.write(`note: ${n}\n`);
  const progress = new Progress(io.stderr, 'audit', !cfg.quiet);
  const cells = await runTask('audit', cfg.spec, cfg.workers, progress.update);
  progress.finish(`${cells.length} cells on ${cfg.workers} worker${cfg.workers === 1 ? '' : 's'}`);
  const result = auditResult(info, cells, cfg.spec.releases);
  if (cfg.format === 'json') {
    io.stdout.write(`${toJson({ command: 'audit', settings: cfg.settingsEcho, ...result, notes })}\n`);
  } else {
    io.stdout.write(toCsv(AUDIT_COLUMNS, [result as unknown as Record<string, unknown>]));
  }
}
