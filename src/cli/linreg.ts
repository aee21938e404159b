/**
 * `linreg`: paper 001's comparison of private linear regressions (docs/euclidean.md) on the command line —
 * DPGR, SSP, DP-SGD and least squares, mean MSE over `--reps` releases per method and ε, on synthetic data or
 * a table. It has its own options (see options.ts), resolved here; the work runs as the `linreg` worker task.
 */
import { availableParallelism } from 'node:os';
import { DEFAULT_NOISE } from '../data';
import {
  aggregateLinreg,
  DEFAULT_LINREG_EPS,
  firstRows,
  LINREG_ROW_COLUMNS,
  linregData,
  type LinregRow,
  type LinregSource,
  type LinregSpec,
} from '../experiments/linreg';
import { linregMethodIds } from '../experiments/mechanisms';
import { linregClaim } from '../privacy/claims';
import {
  checkMethod,
  DEFAULT_LINREG_SETTINGS,
  maxResidualNorm,
  olsFit,
  type LinregSettings,
  type SspOptions,
} from '../privacy/linreg';
import { privacyStatement, type ClaimBatch } from '../privacy/statement';
import { provenance } from './provenance';
import { loadData, regressionDataEcho, type DataEcho } from './data';
import {
  checkSize,
  CliError,
  columnsValue,
  dataOrNumber,
  enumValue,
  intList,
  intValue,
  listOf,
  numberValue,
  str,
  type RawOptions,
} from './options';
import { Progress, writeOutput, type ErrorSink, type Sink } from './output';
import { runTask } from './run';

/** `data`, `LO:HI` (every coordinate) or `LO:HI,LO:HI,…` (one per coordinate; checked against d later). */
export function yBoundsValue(raw: string): 'data' | { lo: number[]; hi: number[] } {
  if (raw.trim() === 'data') return 'data';
  const lo: number[] = [];
  const hi: number[] = [];
  for (const part of raw.split(',')) {
    const m = /^\s*([^:]+):([^:]+)\s*$/.exec(part);
    const a = m ? Number(m[1]) : NaN;
    const b = m ? Number(m[2]) : NaN;
    if (!m || !Number.isFinite(a) || !Number.isFinite(b) || m[1].trim() === '' || m[2].trim() === '')
      throw new CliError(`--y-bounds must be "data" or LO:HI[,LO:HI…] with numbers (got "${raw}")`);
    if (!(a < b)) throw new CliError(`--y-bounds: LO must be below HI (got "${part.trim()}")`);
    lo.push(a);
    hi.push(b);
  }
  return { lo, hi };
}

interface LinregConfig {
  spec: LinregSpec;
  workers: number;
  format: 'json' | 'csv';
  quiet: boolean;
  settingsEcho: Record<string, unknown>;
  notes: string[];
}

function resolve(values: RawOptions): LinregConfig {
  const get = (name: string) => str(values[name]);
  const notes: string[] = [];
  const seed = intValue('seed', get('seed') ?? '1', 0);
  const eps = listOf('eps', get('eps') ?? DEFAULT_LINREG_EPS.join(',')).map((e) =>
    numberValue('eps', e, 'positive'),
  );
  const known = linregMethodIds();
  const methods = listOf('method', get('method') ?? known.join(',')).map((m) =>
    checkMethod(enumValue('method', m, known)),
  );
  const reps = intValue('reps', get('reps') ?? '200', 1, 100_000);
  const delta = numberValue('delta', get('delta') ?? String(DEFAULT_LINREG_SETTINGS.dpsgd.delta), 'positive');
  if (!(delta < 1)) throw new CliError(`--delta must be a number in (0, 1) (got "${get('delta')}")`);
  const settings: LinregSettings = {
    dpgr: {
      tau: dataOrNumber('tau', get('tau') ?? 'data', 'positive'),
      sigmaRule: enumValue('sigma-rule', get('sigma-rule') ?? 'paper', ['paper', 'strict'] as const),
    },
    ssp: { yBounds: yBoundsValue(get('y-bounds') ?? 'data') },
    dpsgd: {
      ...DEFAULT_LINREG_SETTINGS.dpsgd,
      delta,
      clip: numberValue('clip', get('clip') ?? String(DEFAULT_LINREG_SETTINGS.dpsgd.clip), 'positive'),
      steps: intValue('steps', get('steps') ?? String(DEFAULT_LINREG_SETTINGS.dpsgd.steps), 1, 1_000_000),
    },
  };

  const nRaw = get('n');
  const ns = intList('n', nRaw ?? '100', 3);
  if (ns.length > 1) throw new CliError(`--n takes one size for the linreg command (got "${nRaw}")`);
  checkSize('linreg', ns[0], 2);
  const noiseRaw = get('noise-var');
  const noise =
    noiseRaw !== undefined ? numberValue('noise-var', noiseRaw, 'nonNegative') : DEFAULT_NOISE.euclidean;
  const path = get('data');
  const columnsRaw = get('columns');
  const rowsRaw = get('rows');
  if (path === undefined) {
    if (columnsRaw !== undefined) throw new CliError('--columns needs --data FILE');
    if (rowsRaw !== undefined) throw new CliError('--rows needs --data FILE');
  } else if (path.trim() === '') throw new CliError('--data needs a file name');

  let source: LinregSource;
  let data: DataEcho | null = null;
  if (path !== undefined) {
    const rows = rowsRaw !== undefined ? intValue('rows', rowsRaw, 3) : undefined;
    const loaded = loadData(path, 'euclidean', columnsRaw ? columnsValue(columnsRaw) : undefined, false);
    const { parsed } = loaded;
    let kept: ReturnType<typeof firstRows>;
    try {
      kept = firstRows(parsed.xs, parsed.ys, rows ?? parsed.n);
    } catch (e) {
      throw new CliError(`${path}: in the first ${rows} rows, ${(e as Error).message}`);
    }
    const ignored = [nRaw !== undefined ? '--n' : '', noiseRaw !== undefined ? '--noise-var' : ''].filter(
      Boolean,
    );
    if (ignored.length > 0)
      notes.push(`--data given, so ${ignored.join(' and ')} ${ignored.length > 1 ? 'are' : 'is'} ignored`);
    const where = rows !== undefined && rows < parsed.n ? `${path} (all ${parsed.n} rows)` : path;
    for (const w of parsed.warnings) notes.push(`${where}: ${w}`);
    if (rows !== undefined && rows > parsed.n)
      notes.push(`--rows ${rows}: the file has only ${parsed.n} data rows`);
    notes.push(
      `covariate "${parsed.xLabel}" rescaled from [${kept.xRange[0]}, ${kept.xRange[1]}] to [0, 1] (with the data's own range, as in the paper)`,
    );
    source = { kind: 'imported', xs: kept.xs, ys: kept.ys, label: parsed.xLabel };
    data = regressionDataEcho(loaded, false, {
      n: kept.ys.length,
      rows: rows ?? parsed.n,
      xRange: kept.xRange,
    });
  } else {
    source = { kind: 'synthetic', n: ns[0], noise, seed };
  }
  const yb = settings.ssp.yBounds;
  if (yb !== 'data') settings.ssp = { yBounds: fitBoundsToDimension(yb, responseDimension(source)) };

  return {
    spec: { source, eps, methods, reps, seed, settings },
    workers: intValue('workers', get('workers') ?? String(availableParallelism()), 1, 1024),
    format: enumValue('format', get('format') ?? 'json', ['json', 'csv'] as const),
    quiet: values.quiet === true,
    settingsEcho: {
      manifold: 'euclidean',
      seed,
      n: [data ? data.n : ns[0]],
      noise: data ? null : noise,
      data,
      eps,
      methods,
      reps,
      dpgr: { ...settings.dpgr, split: 'ε_p = ε_v = ε/2', sampler: 'exact' },
      ssp: settings.ssp,
      dpsgd: settings.dpsgd,
    },
    notes,
  };
}

function responseDimension(source: LinregSource): number {
  return source.kind === 'imported' ? source.ys[0].length : 1;
}

/** One LO:HI applies to every coordinate; otherwise there must be one per coordinate. */
function fitBoundsToDimension(
  b: { lo: readonly number[]; hi: readonly number[] },
  d: number,
): SspOptions['yBounds'] {
  if (b.lo.length === 1)
    return { lo: new Array<number>(d).fill(b.lo[0]), hi: new Array<number>(d).fill(b.hi[0]) };
  if (b.lo.length !== d)
    throw new CliError(
      `--y-bounds gives ${b.lo.length} LO:HI pairs for ${d} response coordinates (give 1 or ${d})`,
    );
  return b;
}

export async function linregCommand(
  values: RawOptions,
  io: { stdout: Sink; stderr: ErrorSink; argv?: readonly string[] },
): Promise<void> {
  const cfg = resolve(values);
  const notes = [...cfg.notes];
  const progress = new Progress(io.stderr, 'linreg', !cfg.quiet);
  const cells = await runTask('linreg', cfg.spec, cfg.workers, progress.update);
  progress.finish(`${cells.length} cells on ${cfg.workers} worker${cfg.workers === 1 ? '' : 's'}`);
  const result = aggregateLinreg(cfg.spec, cells);
  for (const n of result.notes) if (!notes.includes(n)) notes.push(n);
  const s = cfg.spec.settings ?? DEFAULT_LINREG_SETTINGS;
  if (s.dpgr.tau === 'data' || s.ssp.yBounds === 'data')
    notes.push(
      'public bounds (--tau for DPGR, --y-bounds for SSP) take the data out of the noise scales; the covariates ' +
        'are still rescaled by their own range, so no row is private (each row’s privacy says why)',
    );
  if (!cfg.quiet) for (const n of notes) io.stderr.write(`note: ${n}\n`);
  const dataKind = cfg.spec.source.kind === 'imported' ? 'imported' : 'synthetic';
  const batches = rowBatches(cfg.spec, result.rows);
  const rows = result.rows.map(({ isPrivate: _, ...r }, i) => ({
    ...r,
    privacy: privacyStatement({ batches: [batches[i]], data: dataKind }),
  }));
  const privacy = privacyStatement({
    batches,
    derived:
      'its errors compare each released line with the data, so they are computed from the data beyond the releases',
    data: dataKind,
  });
  const path = str(values.data);
  const head = {
    command: 'linreg' as const,
    settings: cfg.settingsEcho,
    notes,
    privacy,
    provenance: provenance(
      io.argv ?? [],
      { data: path === undefined ? cfg.spec.seed : null, samplers: cfg.spec.seed },
      path ?? null,
    ),
  };
  writeOutput(io.stdout, cfg.format, head, { rows, nonPrivate: result.nonPrivate }, () => ({
    columns: LINREG_ROW_COLUMNS.map((c) => (c === 'isPrivate' ? 'private' : c)),
    rows: rows.map((r) => ({ ...r, private: r.privacy.private })),
  }));
}

/** What the releases behind each row claim (paper 001's DPGR, SSP, DP-SGD, least squares). */
function rowBatches(spec: LinregSpec, rows: readonly LinregRow[]): ClaimBatch[] {
  const data = linregData(spec.source);
  const maxResidual = maxResidualNorm(data, olsFit(data));
  const s = spec.settings ?? DEFAULT_LINREG_SETTINGS;
  return rows.map((r) => ({
    claim: linregClaim({
      method: r.method,
      eps: r.eps,
      n: data.ys.length,
      tau: s.dpgr.tau,
      tauInForce: s.dpgr.tau === 'data' ? maxResidual : s.dpgr.tau,
      sigmaRule: s.dpgr.sigmaRule,
      maxResidual,
      yBounds: s.ssp.yBounds,
      delta: s.dpsgd.delta,
      clip: s.dpsgd.clip,
      noise: Number.isFinite(r.eps),
    }),
    releases: r.reps,
  }));
}
