/** The five commands. Each writes its result to stdout and notes/progress to stderr. */
import { dataManifold, generate, manifoldOfResponses } from '../data';
import {
  adviceFromCells,
  adviseCoarseSpec,
  adviseFineSpec,
  aggregateSweep,
  type AdviseSpec,
  SWEEP_ROW_COLUMNS,
  mse,
  prepareRegression,
  releaseCell,
  type DataSource,
  type HistogramCell,
  type HistogramSpec,
  type ReleaseCell,
  type SensitivityCell,
  type SensitivitySpec,
  type SweepSpec,
} from '../experiments';
import type { Manifold } from '../geometry/types';
import { calibrateKng, kngGroupCount, type KngSettings } from '../privacy/kng';
import { fitGeodesicRegression } from '../regression';
import { kngSettingsEcho, type Config } from './config';
import { loadData, type LoadedData } from './data';
import { releaseJointCommand } from './jointRelease';
import { Progress, spread, toCsv, toJson, vectorColumns, type ErrorSink, type Sink } from './output';
import { runTask } from './run';

export interface Ctx {
  cfg: Config;
  stdout: Sink;
  stderr: ErrorSink;
  notes: string[];
}

function note(ctx: Ctx, text: string): void {
  if (ctx.notes.includes(text)) return;
  ctx.notes.push(text);
  if (!ctx.cfg.quiet) ctx.stderr.write(`note: ${text}\n`);
}

function emitJson(ctx: Ctx, body: Record<string, unknown>): void {
  ctx.stdout.write(
    `${toJson({ command: ctx.cfg.command, settings: body.settings, notes: ctx.notes, ...body })}\n`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Data: synthetic or --data
// ---------------------------------------------------------------------------------------------------------

function loadUserData(ctx: Ctx): LoadedData | undefined {
  const { cfg } = ctx;
  if (!cfg.data) return undefined;
  const d = loadData(cfg.data.path, cfg.manifold, cfg.data.columns, cfg.data.normalize);
  const ignored = [cfg.nGiven ? '--n' : '', cfg.noiseGiven ? '--noise-var' : ''].filter(Boolean);
  if (ignored.length > 0)
    note(
      ctx,
      `--data given: its ${d.parsed.n} data points replace the synthetic data, so ${ignored.join(' and ')} ${ignored.length > 1 ? 'are' : 'is'} ignored`,
    );
  for (const w of d.parsed.warnings) note(ctx, `${d.file}: ${w}`);
  if (d.xRange[0] !== 0 || d.xRange[1] !== 1)
    note(ctx, `covariate "${d.parsed.xLabel}" rescaled from [${d.xRange[0]}, ${d.xRange[1]}] to [0, 1]`);
  return d;
}

function dataSettings(cfg: Config, d: LoadedData | undefined, single: boolean) {
  if (!d) return single ? { n: cfg.ns[0], noise: cfg.noise } : { n: cfg.ns, noise: cfg.noise };
  return {
    data: {
      file: d.file,
      n: d.parsed.n,
      format: d.parsed.format,
      ...(d.parsed.separator ? { separator: d.parsed.separator } : {}),
      xLabel: d.parsed.xLabel,
      xRange: d.xRange,
      yLabels: d.parsed.yLabels,
      ...(d.parsed.landmarks ? { landmarks: d.parsed.landmarks } : {}),
      normalize: cfg.data?.normalize ?? false,
    },
  };
}

function sourceOf(cfg: Config, d: LoadedData | undefined): DataSource {
  return d
    ? {
        kind: 'imported',
        manifold: cfg.manifold,
        xs: d.xs,
        ys: d.ys,
        label: d.parsed.xLabel,
        xRange: d.xRange,
      }
    : { kind: 'synthetic', manifold: cfg.manifold, n: cfg.ns[0], noise: cfg.noise, seed: cfg.seed };
}

// ---------------------------------------------------------------------------------------------------------
// fit
// ---------------------------------------------------------------------------------------------------------

export function fitCommand(ctx: Ctx): void {
  const { cfg } = ctx;
  const d = loadUserData(ctx);
  let M: Manifold;
  let xs: Float64Array;
  let ys: Float64Array[];
  let truth: { p: Float64Array; v: Float64Array } | undefined;
  let xLabel: string;
  let xRange: readonly [number, number];
  if (d) {
    M = manifoldOfResponses(cfg.manifold, d.ys);
    ({ xs, ys } = d);
    xLabel = d.parsed.xLabel;
    xRange = d.xRange;
  } else {
    const g = generate(cfg.manifold, { n: cfg.ns[0], seed: cfg.seed, noise: cfg.noise });
    M = dataManifold(cfg.manifold);
    ({ xs, ys, truth, xLabel, xRange } = g);
  }
  const fit = fitGeodesicRegression(M, xs, ys);
  if (!fit.converged)
    note(ctx, `the fit did not converge within ${fit.iterations} iterations (gradient norm ${fit.gradNorm})`);
  const result = {
    n: ys.length,
    space: M.name,
    p: fit.p,
    v: fit.v,
    energy: fit.energy,
    lnNonPrivateMse: Math.log(2 * fit.energy),
    iterations: fit.iterations,
    converged: fit.converged,
    gradNorm: fit.gradNorm,
    maxResidual: fit.maxResidual,
    xLabel,
    xRange,
  };
  const settings = { manifold: cfg.manifold, seed: cfg.seed, ...dataSettings(cfg, d, true) };
  if (cfg.format === 'json') {
    emitJson(ctx, { settings, fit: result, ...(truth ? { truth } : {}) });
    return;
  }
  const dim = fit.p.length;
  const columns = ['n', 'energy', 'lnNonPrivateMse', 'iterations', 'converged', 'gradNorm', 'maxResidual'];
  ctx.stdout.write(
    toCsv(
      [...columns, ...vectorColumns('p', dim), ...vectorColumns('v', dim)],
      [{ ...result, ...spread('p', fit.p), ...spread('v', fit.v) }],
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------
// release
// ---------------------------------------------------------------------------------------------------------

function privacyNotes(ctx: Ctx, notes: readonly string[], isPrivate: boolean): void {
  for (const n of notes) note(ctx, n);
  if (!isPrivate) note(ctx, 'for a private release, pass public bounds: --tau (and --tau-m on SPD)');
}

export function releaseCommand(ctx: Ctx): void {
  const { cfg } = ctx;
  const d = loadUserData(ctx);
  const source = sourceOf(cfg, d);
  if (cfg.mechanism === 'kng-joint') {
    releaseJointCommand(cfg, source, {
      ...ctx,
      note: (text) => note(ctx, text),
      settings: { manifold: cfg.manifold, seed: cfg.seed, ...dataSettings(cfg, d, true) },
    });
    return;
  }
  const reg = prepareRegression(source);
  const kng: KngSettings = { ...cfg.kng };
  const cal = calibrateKng(reg, kng);
  privacyNotes(ctx, cal.notes, cal.isPrivate);
  const scratch = { reg };
  const groups: ReleaseCell[] = Array.from({ length: kngGroupCount(kng) }, (_, g) =>
    releaseCell({ source, kng, seed: cfg.seed }, g, scratch),
  );
  const independent = kng.scheme === 'independent';
  const footpoints = groups.flatMap((g) => g.footpoints);
  const shootingVectors = groups.flatMap((g) => g.shootingVectors);
  const footpointAcceptance = groups.flatMap((g) => g.footpointChains.map((c) => c.acceptanceRate));
  const shootingAcceptance = groups.flatMap((g) =>
    independent
      ? [g.shootingChains.map((c) => c.acceptanceRate)]
      : g.shootingChains.map((c) => [c.acceptanceRate]),
  );
  const escaped = groups.reduce((a, g) => a + g.escapedShootingChains, 0);
  if (escaped > 0)
    note(
      ctx,
      `${escaped} shooting-vector chain${escaped === 1 ? '' : 's'} escaped (improper target on the plane domain)`,
    );
  const mses = footpoints.map((p, i) => shootingVectors[i].map((v) => mse(reg, p, v)));
  const all = mses.flat();
  const lnMeanMse = Math.log(all.reduce((a, b) => a + b, 0) / all.length);
  const settings = {
    manifold: cfg.manifold,
    seed: cfg.seed,
    ...dataSettings(cfg, d, true),
    epsP: kng.epsP,
    epsV: kng.epsV,
    ...kngSettingsEcho(kng, true),
  };
  const calibration = {
    tau: cal.tau,
    tauM: cal.tauM,
    deltaP: cal.deltaP,
    deltaV: cal.deltaV,
    sigmaP: cal.sigmaP,
    sigmaV: cal.sigmaV,
    vRadius: cal.vRadius,
    isPrivate: cal.isPrivate,
    privacy: cal.privacyLabel,
    notes: cal.notes,
  };
  if (cfg.format === 'json') {
    emitJson(ctx, {
      settings,
      nonPrivate: {
        p: reg.pHat,
        v: reg.vHat,
        lnMse: reg.lnNonPrivateMse,
        converged: reg.fitConverged,
      },
      calibration,
      footpoints,
      shootingVectors,
      mse: mses,
      lnMeanMse,
      acceptance: { footpointChains: footpointAcceptance, shootingChains: shootingAcceptance },
      escapedShootingChains: escaped,
    });
    return;
  }
  if (!cfg.quiet) {
    const f = (x: number) => (Number.isFinite(x) ? x.toPrecision(6) : String(x));
    ctx.stderr.write(
      `calibration: τ = ${f(cal.tau)}, τ_m = ${f(cal.tauM)}, Δ_p = ${f(cal.deltaP)}, Δ_v = ${f(cal.deltaV)}, ` +
        `σ_p = ${f(cal.sigmaP)}, σ_v = ${f(cal.sigmaV)}, v radius = ${f(cal.vRadius)}, privacy: ${cal.privacyLabel}; ` +
        `ln MSE_np = ${f(reg.lnNonPrivateMse)}, ln mean MSE = ${f(lnMeanMse)}\n`,
    );
  }
  const dim = reg.pHat.length;
  const rows: Record<string, unknown>[] = [];
  footpoints.forEach((p, i) =>
    shootingVectors[i].forEach((v, j) =>
      rows.push({
        footpoint: i + 1,
        vector: j + 1,
        ...spread('p', p),
        ...spread('v', v),
        mse: mses[i][j],
        footpointAcceptance: independent ? footpointAcceptance[i] : footpointAcceptance[0],
        shootingAcceptance: independent ? shootingAcceptance[i][j] : shootingAcceptance[i][0],
      }),
    ),
  );
  ctx.stdout.write(
    toCsv(
      [
        'footpoint',
        'vector',
        ...vectorColumns('p', dim),
        ...vectorColumns('v', dim),
        'mse',
        'footpointAcceptance',
        'shootingAcceptance',
      ],
      rows,
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------
// sweep
// ---------------------------------------------------------------------------------------------------------

export async function sweepCommand(ctx: Ctx): Promise<void> {
  const { cfg } = ctx;
  const d = loadUserData(ctx);
  const { epsP: _p, epsV: _v, ...kng } = cfg.kng;
  const spec: SweepSpec = {
    manifold: cfg.manifold,
    datasets: d ? [] : cfg.ns.map((n) => ({ n, noise: cfg.noise })),
    ...(d ? { imported: { xs: d.xs, ys: d.ys, label: d.parsed.xLabel } } : {}),
    seed: cfg.seed,
    panels: cfg.panels,
    budgets: { points: cfg.points },
    kng,
  };
  if (d) prepareRegression(sourceOf(cfg, d)); // fail early, on this thread, with a clear message
  const progress = new Progress(ctx.stderr, 'sweep', !cfg.quiet);
  const cells = await runTask('sweep', spec, cfg.workers, progress.update);
  progress.finish(`${cells.length} cells on ${cfg.workers} worker${cfg.workers === 1 ? '' : 's'}`);
  const result = aggregateSweep(spec, cells);
  const isPrivate = result.rows.every((r) => r.isPrivate);
  privacyNotes(ctx, result.notes, isPrivate);
  const escaped = result.rows.reduce((a, r) => a + r.escapedShootingChains, 0);
  if (escaped > 0)
    note(ctx, `${escaped} shooting-vector chains escaped (improper target on the plane domain)`);
  const settings = {
    manifold: cfg.manifold,
    seed: cfg.seed,
    ...dataSettings(cfg, d, false),
    splits: cfg.panels,
    points: cfg.points,
    ...kngSettingsEcho(cfg.kng, true),
  };
  if (cfg.format === 'json') emitJson(ctx, { settings, rows: result.rows });
  else ctx.stdout.write(toCsv(SWEEP_ROW_COLUMNS, result.rows as unknown as Record<string, unknown>[]));
}

// ---------------------------------------------------------------------------------------------------------
// advise
// ---------------------------------------------------------------------------------------------------------

const ADVICE_POINT_COLUMNS = ['stage', 'split', 'epsP', 'epsV', 'lnMeanMse', 'se', 'pairs'];

export async function adviseCommand(ctx: Ctx): Promise<void> {
  const { cfg } = ctx;
  const d = loadUserData(ctx);
  if (d) {
    prepareRegression(sourceOf(cfg, d));
    note(
      ctx,
      'the advisor analyses the data it runs on, so advice computed on private data is itself not private: ' +
        'run it on synthetic data of the same size and noise instead (leave out --data, pass --n and --noise-var)',
    );
  }
  const { epsP: _p, epsV: _v, ...kng } = cfg.kng;
  const spec: AdviseSpec = {
    manifold: cfg.manifold,
    dataset: { n: cfg.ns[0], noise: cfg.noise },
    ...(d ? { imported: { xs: d.xs, ys: d.ys, label: d.parsed.xLabel } } : {}),
    seed: cfg.seed,
    eps: cfg.eps,
    kng,
    coarsePoints: cfg.points,
    ...(cfg.fineM !== undefined ? { fineM: cfg.fineM } : {}),
  };
  const stage = async (name: string, sweep: SweepSpec) => {
    const progress = new Progress(ctx.stderr, `advise (${name})`, !cfg.quiet);
    const cells = await runTask('sweep', sweep, cfg.workers, progress.update);
    progress.finish(`${cells.length} cells`);
    return cells;
  };
  const coarse = await stage('coarse', adviseCoarseSpec(spec));
  const fine = await stage('fine', adviseFineSpec(spec, coarse));
  const advice = adviceFromCells(spec, coarse, fine);
  privacyNotes(ctx, advice.notes, advice.isPrivate);
  if (!cfg.quiet) ctx.stderr.write(`${advice.summary}\n`);
  const settings = {
    manifold: cfg.manifold,
    seed: cfg.seed,
    ...dataSettings(cfg, d, true),
    eps: cfg.eps,
    points: cfg.points,
    fineM: cfg.fineM ?? 'default',
    ...kngSettingsEcho(cfg.kng, true),
  };
  const { points, curve, notes: _notes, ...recommendation } = advice;
  if (cfg.format === 'json') emitJson(ctx, { settings, advice: recommendation, curve, points });
  else ctx.stdout.write(toCsv(ADVICE_POINT_COLUMNS, points as unknown as Record<string, unknown>[]));
}

// ---------------------------------------------------------------------------------------------------------
// sensitivity
// ---------------------------------------------------------------------------------------------------------

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};

export async function sensitivityCommand(ctx: Ctx): Promise<void> {
  const { cfg } = ctx;
  const spec: SensitivitySpec = {
    manifold: cfg.manifold,
    ns: cfg.ns,
    pairs: cfg.pairs,
    seed: cfg.seed,
    noise: cfg.noise,
  };
  const progress = new Progress(ctx.stderr, 'sensitivity', !cfg.quiet);
  const cells: SensitivityCell[] = await runTask('sensitivity', spec, cfg.workers, progress.update);
  progress.finish(`${cells.length} pairs`);
  note(
    ctx,
    'τ (and τ_m) are the largest residual (radius) over both data sets of each pair, as in the paper’s check',
  );
  const summary = cfg.ns.map((n) => {
    const mine = cells.filter((c) => c.n === n);
    const rp = mine.map((c) => c.ratioP);
    const rv = mine.map((c) => c.ratioV);
    return {
      n,
      pairs: mine.length,
      minRatioP: Math.min(...rp),
      minRatioV: Math.min(...rv),
      medianRatioP: median(rp),
      medianRatioV: median(rv),
      ratiosBelowOne: [...rp, ...rv].filter((r) => !(r >= 1)).length,
    };
  });
  const below = summary.reduce((a, s) => a + s.ratiosBelowOne, 0);
  if (below > 0) note(ctx, `${below} ratio${below === 1 ? ' is' : 's are'} below 1: the bound fails there`);
  const settings = { manifold: cfg.manifold, seed: cfg.seed, n: cfg.ns, noise: cfg.noise, pairs: cfg.pairs };
  if (cfg.format === 'json') {
    emitJson(ctx, { settings, cells, summary });
    return;
  }
  ctx.stdout.write(
    toCsv(
      ['n', 'pair', 'tau', 'tauM', 'deltaExpP', 'deltaExpV', 'deltaThyP', 'deltaThyV', 'ratioP', 'ratioV'],
      cells as unknown as Record<string, unknown>[],
    ),
  );
  if (!cfg.quiet) {
    for (const s of summary)
      ctx.stderr.write(
        `n = ${s.n}: min r_p = ${s.minRatioP.toPrecision(4)}, min r_v = ${s.minRatioV.toPrecision(4)} ` +
          `(median ${s.medianRatioP.toPrecision(4)}, ${s.medianRatioV.toPrecision(4)}) over ${s.pairs} pairs\n`,
      );
  }
}

// ---------------------------------------------------------------------------------------------------------
// histograms
// ---------------------------------------------------------------------------------------------------------

function describe(xs: number[], bins = 20) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (t: number) => {
    const h = (s.length - 1) * t;
    const lo = Math.floor(h);
    return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (h - lo);
  };
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const sd = Math.sqrt(s.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, s.length - 1));
  const min = s[0];
  const max = s[s.length - 1];
  const width = (max - min) / bins || 1;
  const counts = new Array<number>(bins).fill(0);
  for (const x of s) counts[Math.min(bins - 1, Math.floor((x - min) / width))]++;
  const edges = Array.from({ length: bins + 1 }, (_, i) => min + i * width);
  return { mean, sd, min, q05: q(0.05), median: q(0.5), q95: q(0.95), max, histogram: { edges, counts } };
}

export async function histogramsCommand(ctx: Ctx): Promise<void> {
  const { cfg } = ctx;
  const kng: KngSettings = { ...cfg.kng, m: 1, scheme: 'independent' };
  const spec: HistogramSpec = {
    manifold: cfg.manifold,
    n: cfg.ns[0],
    noise: cfg.noise,
    seed: cfg.seed,
    draws: cfg.draws,
    kng,
  };
  const reg = prepareRegression({
    kind: 'synthetic',
    manifold: cfg.manifold,
    n: cfg.ns[0],
    noise: cfg.noise,
    seed: cfg.seed,
  });
  const cal = calibrateKng(reg, kng);
  privacyNotes(ctx, cal.notes, cal.isPrivate);
  const progress = new Progress(ctx.stderr, 'histograms', !cfg.quiet);
  const cells: HistogramCell[] = await runTask('histograms', spec, cfg.workers, progress.update);
  progress.finish(`${cells.length} draws`);
  const settings = {
    manifold: cfg.manifold,
    seed: cfg.seed,
    n: cfg.ns[0],
    noise: cfg.noise,
    draws: cfg.draws,
    epsP: kng.epsP,
    epsV: kng.epsV,
    ...kngSettingsEcho(kng, false),
  };
  if (cfg.format === 'json') {
    emitJson(ctx, {
      settings,
      calibration: {
        tau: cal.tau,
        tauM: cal.tauM,
        deltaP: cal.deltaP,
        deltaV: cal.deltaV,
        sigmaP: cal.sigmaP,
        sigmaV: cal.sigmaV,
        isPrivate: cal.isPrivate,
      },
      summary: {
        footpointDistance: describe(cells.map((c) => c.footpointDistance)),
        angle: describe(cells.map((c) => c.angle)),
        mae: describe(cells.map((c) => c.mae)),
      },
      draws: cells,
    });
    return;
  }
  ctx.stdout.write(
    toCsv(
      ['draw', 'footpointDistance', 'angle', 'mae'],
      cells.map((c, i) => ({ draw: i + 1, ...c })),
    ),
  );
}
