/**
 * The options of `audit` (audit.ts) → its spec and settings. The data and KNG options are those of `release`
 * (resolved by `resolveConfig`), the Fréchet and linear-regression options those of `frechet` and `linreg`.
 */
import type { AuditData, AuditSpec } from '../audit';
import { MANIFOLD_KINDS, type DataManifold } from '../data';
import { MECHANISMS, type MechanismSettings } from '../experiments/mechanisms';
import { jointSamplerSettings, type JointSampler } from '../experiments/jointSettings';
import { prepareRegression, type PreparedRegression } from '../experiments/regressionSetup';
import { calibrateKng, PAPER_SAMPLER, type KngSettings } from '../privacy/kng';
import { DEFAULT_KNG_JOINT } from '../privacy/kngJoint/calibration';
import { jointSamplerInForce } from '../privacy/kngJoint/samplerInForce';
import { DEFAULT_LINREG_SETTINGS } from '../privacy/linreg';
import {
  defaultMechanism,
  kngSettingsEcho,
  jointSamplerValue,
  refuseKngOptions,
  resolveConfig,
  samplerSeedField,
} from './config';
import { loadData, regressionDataEcho, type LoadedData } from './data';
import { FRECHET_DEFAULT_RADIUS } from './frechet';
import { yBoundsValue } from './linreg';
import { CliError, enumValue, intValue, numberValue, str, type RawOptions } from './options';

export interface AuditConfig {
  spec: AuditSpec;
  /** Seed of the synthetic data (the releases' is spec.seed). */
  dataSeed: number;
  manifold: DataManifold;
  /** The imported regression data, if any, and the regression data's fit. */
  loaded: LoadedData | null;
  reg: PreparedRegression | null;
  workers: number;
  format: 'json' | 'csv';
  quiet: boolean;
  settingsEcho: Record<string, unknown>;
  notes: string[];
}

/**
 * kng-joint's sampler in force on a space of dimension `dim` (the walk where the mixture does not apply, as
 * `release` echoes it): the kernel and the chain lengths it implies.
 */
function jointSamplerEcho(sampler: JointSampler, dim: number) {
  const s = jointSamplerInForce({ ...DEFAULT_KNG_JOINT, ...jointSamplerSettings(sampler) }, dim);
  return {
    sampler: s.proposal ?? 'walk',
    replicas: s.replicas,
    burnIn: s.burnIn,
    frozenSteps: s.frozenSteps,
    independenceWeight: s.proposal === 'mixture' ? (s.independenceWeight ?? null) : null,
  };
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

export function resolveAuditConfig(values: RawOptions): AuditConfig {
  const get = (name: string) => str(values[name]);
  const given = (name: string) => values[name] !== undefined;
  const ids = MECHANISMS.map((m) => m.id);
  const mechanismRaw = get('mechanism');
  // without --mechanism the space decides, as in release, sweep and advise; with it, the mechanism's spaces do
  const id =
    mechanismRaw !== undefined
      ? enumValue('mechanism', mechanismRaw, ids)
      : defaultMechanism(enumValue('manifold', get('manifold') ?? 'sphere', MANIFOLD_KINDS));
  const mechanism = MECHANISMS.find((m) => m.id === id)!;
  const manifold = enumValue(
    'manifold',
    get('manifold') ?? (mechanism.spaces.includes('sphere') ? 'sphere' : mechanism.spaces[0]),
    mechanism.spaces,
  );
  if (mechanism.id === 'kng-joint') refuseKngOptions(values, manifold);
  // --sampler: kng-joint's walk|mixture, or paper KNG's mixed|paper (below); walk|mixture is refused elsewhere
  const samplerRaw = get('sampler');
  const jointSampler =
    mechanism.id === 'kng-joint' || samplerRaw === 'walk' || samplerRaw === 'mixture'
      ? jointSamplerValue(samplerRaw, mechanism.id, mechanismRaw === undefined, manifold)
      : undefined;
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
  const sampler =
    jointSampler === undefined
      ? enumValue('sampler', samplerRaw ?? 'mixed', ['mixed', 'paper'] as const)
      : 'mixed';
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
    // the default sampler (the mixture) leaves the spec as the lab's
    ...(jointSampler === 'walk' ? { jointSampler } : {}),
  };
  const yb = settings.linreg.ssp.yBounds;
  if (yb !== 'data' && yb.lo.length === 1 && manifold === 'euclidean')
    settings.linreg.ssp = { yBounds: { lo: [yb.lo[0]], hi: [yb.hi[0]] } };

  let data: AuditData;
  let loaded: LoadedData | null = null;
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
    loaded = d;
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
  const reg = data.kind === 'regression' ? prepareRegression(data.source) : null;
  const releases = intValue('releases', get('releases') ?? '2000', 4, 1_000_000);
  if (given('record') && given('neighbour'))
    throw new CliError('--record I is short for --neighbour index:I: give one of them, not both');
  const neighbourText = given('record') ? `index:${get('record')}` : (get('neighbour') ?? 'largest-residual');
  const neighbour = neighbourValue(neighbourText);
  const statistic = enumValue('statistic', get('statistic') ?? 'auto', ['auto', 'distance'] as const);
  return {
    // the data carry --seed; the releases' streams take the samplers' seed
    spec: { mechanism: mechanism.id, data, settings, neighbour, releases, seed: cfg.samplerSeed, statistic },
    dataSeed: cfg.seed,
    manifold,
    loaded,
    reg,
    workers: cfg.workers,
    format: cfg.format,
    quiet: cfg.quiet,
    settingsEcho: {
      manifold,
      seed: cfg.seed,
      ...samplerSeedField(cfg.seed, cfg.samplerSeed),
      n: [loaded ? loaded.parsed.n : cfg.ns[0]],
      noise: loaded || mechanism.family === 'frechet' ? null : cfg.noise,
      data: loaded ? regressionDataEcho(loaded, cfg.data?.normalize ?? false) : null,
      mechanism: mechanism.id,
      releases,
      neighbour: neighbourText,
      statistic,
      ...(mechanism.id === 'kng' || mechanism.id === 'kng-footpoint'
        ? {
            epsP: kng.epsP,
            epsV: mechanism.id === 'kng-footpoint' ? null : kng.epsV,
            sampler,
            // the audit's KNG releases one pair per release (m = 1)
            ...kngSettingsEcho({ ...kng, m: 1 }, [calibrateKng(reg!, kng).vRadius]),
          }
        : mechanism.family === 'regression'
          ? // kng-joint gives its energy term the space's share of ε_p + ε_v (mechanisms/); nonprivate has no ε
            {
              epsP: kng.epsP,
              epsV: kng.epsV,
              ...(jointSampler !== undefined ? jointSamplerEcho(jointSampler, reg!.M.dim) : {}),
            }
          : mechanism.family === 'frechet'
            ? // as the frechet command reports them
              {
                eps: [eps],
                k: manifold === 'spd' ? [k] : null,
                metric: manifold === 'spd' ? settings.frechet.metric : null,
                radius: settings.frechet.radius,
                radiusSource: 'synthetic',
                heterogeneous: values.heterogeneous === true,
                delta: settings.frechet.delta,
                calibration: settings.frechet.calibration,
                sigmaRule: settings.frechet.sigmaRule,
                burnIn: settings.frechet.burnIn ?? 2000,
                rlSampler:
                  manifold === 'spd' && settings.frechet.metric === 'logEuclidean'
                    ? (settings.frechet.rlSampler ?? 'exact')
                    : null,
                phiSource:
                  mechanism.id === 'conformal' ? (settings.frechet.conformal?.phiSource ?? null) : null,
              }
            : { eps: [eps], ...settings.linreg }),
    },
    notes,
  };
}
