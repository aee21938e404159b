/** The five commands. Each writes its result to stdout and notes/progress to stderr. */
import { dataManifold, generate, manifoldOfResponses } from '../data';
import {
  adviceFromCells,
  adviseCoarseSpec,
  adviseFineM,
  adviseFineSpec,
  aggregateSweep,
  jointCovariates,
  resolveJointSettings,
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
  type SweepRow,
  type SweepSpec,
} from '../experiments';
import { poolReplicates } from '../experiments/sweepReplicates';
import type { Manifold } from '../geometry/types';
import { jointClaim, kngClaimFor, nonPrivateClaim } from '../privacy/claims';
import { calibrateKng, kngGroupCount, type KngSettings } from '../privacy/kng';
import { DEFAULT_DOMAIN, DEFAULT_KNG_JOINT, splitJointBudget } from '../privacy/kngJoint/calibration';
import {
  kngPairsBatch,
  privacyStatement,
  type ClaimBatch,
  type PrivacyStatement,
} from '../privacy/statement';
import { fitGeodesicRegression } from '../regression';
import { kngSettingsEcho, samplerSeedField, samplerSeedsField, type Config } from './config';
import { loadData, regressionDataEcho, type LoadedData } from './data';
import { RELEASE_ANALYST_ONLY, releaseJointCommand } from './jointRelease';
import {
  Progress,
  spread,
  vectorColumns,
  writeOutput,
  type ErrorSink,
  type OutputHead,
  type Sink,
} from './output';
import { advicePrivacy, MSE_AGAINST_DATA } from '../experiments/advicePrivacy';
import { provenance } from './provenance';
import { runTask } from './run';

export interface Ctx {
  cfg: Config;
  stdout: Sink;
  stderr: ErrorSink;
  notes: string[];
  /** The command line (for the output's provenance). */
  argv: readonly string[];
}

function note(ctx: Ctx, text: string): void {
  if (ctx.notes.includes(text)) return;
  ctx.notes.push(text);
  if (!ctx.cfg.quiet) ctx.stderr.write(`note: ${text}\n`);
}

/** The head of an output: the settings (with the ones every command shares first), provenance and privacy. */
export function outputHead(
  ctx: Ctx,
  d: LoadedData | undefined,
  settings: Record<string, unknown>,
  privacy: PrivacyStatement,
): OutputHead {
  const { cfg } = ctx;
  return {
    command: cfg.command,
    settings: { ...baseSettings(cfg, d), ...settings },
    notes: ctx.notes,
    privacy,
    provenance: provenance(
      ctx.argv,
      {
        data: d ? null : cfg.seed,
        samplers: cfg.samplerSeeds.length > 1 ? cfg.samplerSeeds : cfg.samplerSeed,
      },
      d ? d.file : null,
    ),
  };
}

/**
 * The settings every command reports: the space, the seed, the data set sizes and noise (and the synthetic shapes'
 * landmarks, for the commands that take --landmarks), or the data file.
 */
function baseSettings(cfg: Config, d: LoadedData | undefined) {
  return {
    manifold: cfg.manifold,
    seed: cfg.seed,
    ...samplerSeedsField(cfg),
    n: d ? [d.parsed.n] : cfg.ns,
    noise: d ? null : cfg.noise,
    ...(!d && cfg.landmarks !== undefined && LANDMARK_COMMANDS.includes(cfg.command)
      ? { landmarks: cfg.landmarks }
      : {}),
    data: d ? regressionDataEcho(d, cfg.data?.normalize ?? false) : null,
  };
}

const LANDMARK_COMMANDS: readonly string[] = ['fit', 'release', 'sweep', 'advise'];

/** The synthetic shapes' landmarks, where they apply (the generator's default elsewhere). */
function landmarksOf(cfg: Config): { landmarks?: number } {
  return cfg.landmarks !== undefined && LANDMARK_COMMANDS.includes(cfg.command)
    ? { landmarks: cfg.landmarks }
    : {};
}

// ---------------------------------------------------------------------------------------------------------
// Data: synthetic or --data
// ---------------------------------------------------------------------------------------------------------

function loadUserData(ctx: Ctx): LoadedData | undefined {
  const { cfg } = ctx;
  if (!cfg.data) return undefined;
  const d = loadData(cfg.data.path, cfg.manifold, cfg.data.columns, cfg.data.normalize);
  const ignored = [
    cfg.nGiven ? '--n' : '',
    cfg.noiseGiven ? '--noise-var' : '',
    cfg.landmarksGiven ? '--landmarks' : '',
  ].filter(Boolean);
  if (ignored.length > 0)
    note(
      ctx,
      `--data given: its ${d.parsed.n} data points replace the synthetic data, so ${ignored.join(', ').replace(/, ([^,]*)$/, ' and $1')} ${ignored.length > 1 ? 'are' : 'is'} ignored`,
    );
  for (const w of d.parsed.warnings) note(ctx, `${d.file}: ${w}`);
  if (d.xRange[0] !== 0 || d.xRange[1] !== 1)
    note(ctx, `covariate "${d.parsed.xLabel}" rescaled from [${d.xRange[0]}, ${d.xRange[1]}] to [0, 1]`);
  return d;
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
    : {
        kind: 'synthetic',
        manifold: cfg.manifold,
        n: cfg.ns[0],
        noise: cfg.noise,
        seed: cfg.seed,
        ...landmarksOf(cfg),
      };
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
    const g = generate(cfg.manifold, { n: cfg.ns[0], seed: cfg.seed, noise: cfg.noise, ...landmarksOf(cfg) });
    M = dataManifold(cfg.manifold, undefined, landmarksOf(cfg).landmarks);
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
  const privacy = privacyStatement({
    batches: [{ claim: nonPrivateClaim('fit (p̂, v̂)', 'the non-private fit'), releases: 1 }],
    data: d ? 'imported' : 'synthetic',
  });
  const dim = fit.p.length;
  const columns = ['n', 'energy', 'lnNonPrivateMse', 'iterations', 'converged', 'gradNorm', 'maxResidual'];
  writeOutput(
    ctx.stdout,
    cfg.format,
    outputHead(ctx, d, {}, privacy),
    { fit: result, truth: truth ?? null },
    () => ({
      columns: [...columns, ...vectorColumns('p', dim), ...vectorColumns('v', dim)],
      rows: [{ ...result, ...spread('p', fit.p), ...spread('v', fit.v) }],
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// release
// ---------------------------------------------------------------------------------------------------------

/** The calibration's notes; `boundsPublic` false when τ or τ_m came from the data. */
function privacyNotes(ctx: Ctx, notes: readonly string[], boundsPublic: boolean): void {
  for (const n of notes) note(ctx, n);
  if (!boundsPublic)
    note(
      ctx,
      'public bounds (--tau, and --tau-m on SPD) take the data out of the noise scale; the footpoint still leaks ' +
        '(see privacy)' +
        // kng-joint is not defined on R^d: no pointer to it there
        (ctx.cfg.manifold === 'euclidean'
          ? ''
          : '; the release private for any data is `release --mechanism kng-joint`'),
    );
}

export function releaseCommand(ctx: Ctx): void {
  const { cfg } = ctx;
  const d = loadUserData(ctx);
  const source = sourceOf(cfg, d);
  if (cfg.mechanism === 'kng-joint') {
    releaseJointCommand(cfg, source, {
      ...ctx,
      note: (text) => note(ctx, text),
      head: (settings, privacy) => outputHead(ctx, d, settings, privacy),
      dataKind: d ? 'imported' : 'synthetic',
    });
    return;
  }
  const reg = prepareRegression(source);
  const kng: KngSettings = { ...cfg.kng };
  const cal = calibrateKng(reg, kng);
  privacyNotes(ctx, cal.notes, cal.isPrivate);
  const m = kng.m;
  if (m > 1)
    note(
      ctx,
      `m = ${m}: ${m} footpoints, each with ${m} shooting vectors (${m * m} pairs); publishing all of them costs ` +
        `${m} × ε_p + ${m * m} × ε_v = ${+(m * kng.epsP + m * m * kng.epsV).toPrecision(6)} (they are for studying the mechanism)`,
    );
  const scratch = { reg };
  const groups: ReleaseCell[] = Array.from({ length: kngGroupCount(kng) }, (_, g) =>
    releaseCell({ source, kng, seed: cfg.samplerSeed }, g, scratch),
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
    mechanism: 'kng',
    epsP: kng.epsP,
    epsV: kng.epsV,
    ...kngSettingsEcho(kng, [cal.vRadius]),
    adaptTarget: kng.adaptTarget ?? null,
  };
  const calibration = {
    tau: cal.tau,
    tauM: cal.tauM,
    deltaP: cal.deltaP,
    deltaV: cal.deltaV,
    sigmaP: cal.sigmaP,
    sigmaV: cal.sigmaV,
    vRadius: cal.vRadius,
    notes: cal.notes,
  };
  const privacy = privacyStatement({
    batches: [kngPairsBatch(kngClaimFor([reg], kng), m, m * m, kng.epsP, kng.epsV)],
    analystOnly: RELEASE_ANALYST_ONLY,
    data: d ? 'imported' : 'synthetic',
  });
  if (cfg.format === 'csv' && !cfg.quiet) {
    const f = (x: number) => (Number.isFinite(x) ? x.toPrecision(6) : String(x));
    ctx.stderr.write(
      `calibration: τ = ${f(cal.tau)}, τ_m = ${f(cal.tauM)}, Δ_p = ${f(cal.deltaP)}, Δ_v = ${f(cal.deltaV)}, ` +
        `σ_p = ${f(cal.sigmaP)}, σ_v = ${f(cal.sigmaV)}, v radius = ${f(cal.vRadius)}; ` +
        `ln MSE_np = ${f(reg.lnNonPrivateMse)}, ln mean MSE = ${f(lnMeanMse)}\n`,
    );
  }
  const dim = reg.pHat.length;
  writeOutput(
    ctx.stdout,
    cfg.format,
    outputHead(ctx, d, settings, privacy),
    {
      nonPrivate: { p: reg.pHat, v: reg.vHat, lnMse: reg.lnNonPrivateMse, converged: reg.fitConverged },
      calibration,
      footpoints,
      shootingVectors,
      mse: mses,
      lnMeanMse,
      acceptance: { footpointChains: footpointAcceptance, shootingChains: shootingAcceptance },
      escapedShootingChains: escaped,
    },
    () => ({
      columns: [
        'footpoint',
        'vector',
        ...vectorColumns('p', dim),
        ...vectorColumns('v', dim),
        'mse',
        'footpointAcceptance',
        'shootingAcceptance',
      ],
      rows: footpoints.flatMap((p, i) =>
        shootingVectors[i].map((v, j) => ({
          footpoint: i + 1,
          vector: j + 1,
          ...spread('p', p),
          ...spread('v', v),
          mse: mses[i][j],
          footpointAcceptance: independent ? footpointAcceptance[i] : footpointAcceptance[0],
          shootingAcceptance: independent ? shootingAcceptance[i][j] : shootingAcceptance[i][0],
        })),
      ),
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// sweep
// ---------------------------------------------------------------------------------------------------------

export async function sweepCommand(ctx: Ctx): Promise<void> {
  const { cfg } = ctx;
  const d = loadUserData(ctx);
  const joint = cfg.mechanism === 'kng-joint';
  const { epsP: _p, epsV: _v, ...kng } = cfg.kng;
  const specFor = (samplerSeed: number): SweepSpec => ({
    manifold: cfg.manifold,
    datasets: d ? [] : cfg.ns.map((n) => ({ n, noise: cfg.noise })),
    ...(d ? { imported: { xs: d.xs, ys: d.ys, label: d.parsed.xLabel } } : {}),
    seed: cfg.seed,
    ...samplerSeedField(cfg.seed, samplerSeed),
    ...landmarksOf(cfg),
    panels: cfg.panels,
    budgets: { points: cfg.points, ...cfg.budgets },
    kng,
    ...(joint ? { mechanism: 'kng-joint' as const } : {}),
  });
  // on this thread first: a bad data set fails here with a clear message, and the statement needs the fits
  const sets = sources(cfg, d);
  const regs = sets.map(prepareRegression);
  // one run per sampler seed, on the same data (usually one seed)
  const replicated = cfg.samplerSeeds.length > 1;
  const replicates: { samplerSeed: number; rows: SweepRow[] }[] = [];
  for (const samplerSeed of cfg.samplerSeeds) {
    const spec = specFor(samplerSeed);
    const label = replicated ? `sweep (sampler seed ${samplerSeed})` : 'sweep';
    const progress = new Progress(ctx.stderr, label, !cfg.quiet);
    const cells = await runTask('sweep', spec, cfg.workers, progress.update);
    progress.finish(`${cells.length} cells on ${cfg.workers} worker${cfg.workers === 1 ? '' : 's'}`);
    const result = aggregateSweep(spec, cells);
    const isPrivate = result.rows.every((r) => r.isPrivate);
    if (joint) for (const n of result.notes) note(ctx, n);
    else privacyNotes(ctx, result.notes, isPrivate);
    replicates.push({ samplerSeed, rows: result.rows });
  }
  const allRows = replicates.flatMap((r) => r.rows);
  const escaped = allRows.reduce((a, r) => a + r.escapedShootingChains, 0);
  if (escaped > 0)
    note(ctx, `${escaped} shooting-vector chains escaped (improper target on the plane domain)`);
  const budgets = {
    splits: cfg.panels,
    points: cfg.points,
    eps: [cfg.budgets.unequalTotal ?? PAPER_UNEQUAL_TOTAL],
    epsRange: cfg.budgets.equalRange ?? PAPER_EQUAL_RANGE,
    epsScale: cfg.budgets.equalScale ?? 'linear',
  };
  const m = cfg.kng.m;
  let settings: Record<string, unknown>;
  let batches: ClaimBatch[];
  if (joint) {
    // what every budget point's pairs share: the space's clip and the covariate range of each data set
    const covs = regs.map((r, i) => jointCovariates(r, sets[i]));
    const resolved = resolveJointSettings(regs[0], { ...DEFAULT_KNG_JOINT, m }, covs[0]);
    settings = {
      mechanism: 'kng-joint',
      ...budgets,
      energyShare: (DEFAULT_DOMAIN[cfg.manifold] ?? DEFAULT_DOMAIN.sphere).energyShare,
      clip: resolved.clip,
      xRange: covs.map((c) => c.range),
      m,
      replicas: resolved.replicas,
      burnIn: resolved.burnIn,
      frozenSteps: resolved.frozenSteps,
      adaptTarget: resolved.adaptTarget,
    };
    // each row: m pairs, each ε-DP at the row's total ε
    batches = allRows.map((r) => {
      const k = d ? 0 : cfg.ns.indexOf(r.n);
      return {
        claim: jointClaim({
          epsilon: r.eps,
          n: r.n,
          clip: resolved.clip,
          clipGiven: false,
          range: covs[k].range,
          rangeIsPublic: covs[k].rangeIsPublic,
        }),
        releases: r.pairs,
      };
    });
  } else {
    settings = {
      mechanism: 'kng',
      ...budgets,
      ...kngSettingsEcho(
        cfg.kng,
        regs.map((r) => calibrateKng(r, cfg.kng).vRadius),
      ),
      adaptTarget: cfg.kng.adaptTarget ?? null,
    };
    const claim = kngClaimFor(regs, cfg.kng);
    batches = allRows.map((r) => kngPairsBatch(claim, m, m * m, r.epsP, r.epsV));
  }
  const privacy = privacyStatement({
    batches,
    derived: MSE_AGAINST_DATA,
    data: d ? 'imported' : 'synthetic',
  });
  const printed = (rows: readonly SweepRow[]) => rows.map(({ isPrivate: _, ...r }) => r);
  const csvRow = ({ lnMeanMseCi, ...r }: ReturnType<typeof printed>[number]) => ({
    ...r,
    lnMeanMseCiLo: lnMeanMseCi?.[0],
    lnMeanMseCiHi: lnMeanMseCi?.[1],
  });
  const head = outputHead(ctx, d, settings, privacy);
  if (!replicated) {
    const rows = printed(replicates[0].rows);
    writeOutput(ctx.stdout, cfg.format, head, { rows }, () => ({
      columns: SWEEP_CSV_COLUMNS,
      rows: rows.map(csvRow),
    }));
    return;
  }
  // one block of rows per sampler seed, then the rows pooled across them (in CSV: one table with the seed in
  // a column, the pooled rows as a head line)
  const blocks = replicates.map(({ samplerSeed, rows }) => ({ samplerSeed, rows: printed(rows) }));
  const pooled = poolReplicates(replicates.map((r) => r.rows));
  writeOutput(ctx.stdout, cfg.format, head, { replicates: blocks, pooled }, () => ({
    columns: ['samplerSeed', ...SWEEP_CSV_COLUMNS],
    rows: blocks.flatMap(({ samplerSeed, rows }) => rows.map((r) => ({ samplerSeed, ...csvRow(r) }))),
    head: [['pooled', pooled]],
  }));
}

/** The paper's budget panels (000, Fig. 1), what `budgetPairs` runs when no total or range is given. */
const PAPER_UNEQUAL_TOTAL = 2.02;
const PAPER_EQUAL_RANGE: readonly [number, number] = [0.2, 2];

/** The sweep table's columns, with the interval of ln mean MSE in two columns after it and no isPrivate. */
const SWEEP_CSV_COLUMNS = SWEEP_ROW_COLUMNS.filter((c) => c !== 'isPrivate').flatMap((c) =>
  c === 'lnMeanMse' ? [c, 'lnMeanMseSe', 'lnMeanMseCiLo', 'lnMeanMseCiHi'] : [c],
);

/** The data sets of a sweep: the imported one, or one synthetic set per n. */
function sources(cfg: Config, d: LoadedData | undefined): DataSource[] {
  return d
    ? [sourceOf(cfg, d)]
    : cfg.ns.map((n) => ({
        kind: 'synthetic',
        manifold: cfg.manifold,
        n,
        noise: cfg.noise,
        seed: cfg.seed,
        ...landmarksOf(cfg),
      }));
}

// ---------------------------------------------------------------------------------------------------------
// advise
// ---------------------------------------------------------------------------------------------------------

const ADVICE_POINT_COLUMNS = ['stage', 'split', 'epsP', 'epsV', 'lnMeanMse', 'se', 'pairs'];

export async function adviseCommand(ctx: Ctx): Promise<void> {
  const { cfg } = ctx;
  const d = loadUserData(ctx);
  const joint = cfg.mechanism === 'kng-joint';
  // on this thread first: a bad data set fails here with a clear message, and the statement needs the fit
  const source = sourceOf(cfg, d);
  const reg = prepareRegression(source);
  if (d) {
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
    ...(d ? { imported: { xs: d.xs, ys: d.ys, label: d.parsed.xLabel } } : landmarksOf(cfg)),
    seed: cfg.seed,
    ...samplerSeedField(cfg.seed, cfg.samplerSeed),
    eps: cfg.eps,
    kng,
    ...(joint ? { mechanism: 'kng-joint' as const } : {}),
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
  const base = { mechanism: cfg.mechanism, eps: [cfg.eps], points: cfg.points, fineM: adviseFineM(spec) };
  let settings: Record<string, unknown>;
  if (joint) {
    for (const n of advice.notes) note(ctx, n);
    const cov = jointCovariates(reg, source);
    const resolved = resolveJointSettings(reg, { ...DEFAULT_KNG_JOINT, m: cfg.kng.m }, cov);
    const energyShare = (DEFAULT_DOMAIN[cfg.manifold] ?? DEFAULT_DOMAIN.sphere).energyShare;
    // the split shares what the energy term leaves (jointSettingsFromBudget): say what to pass to `release`
    const best = splitJointBudget(cfg.eps, advice.split, cfg.manifold);
    const r = (x: number) => +x.toPrecision(3);
    note(
      ctx,
      `kng-joint: the energy term takes ${Math.round(100 * energyShare)}% of ε on ${cfg.manifold} and the split ` +
        `divides the rest between footpoint and shooting vector; the best split is release --eps-e ` +
        `${r(best.epsE)} --eps-p ${r(best.epsP)} --eps-v ${r(best.epsV)}`,
    );
    settings = {
      ...base,
      energyShare,
      clip: resolved.clip,
      xRange: [cov.range],
      m: cfg.kng.m,
      replicas: resolved.replicas,
      burnIn: resolved.burnIn,
      frozenSteps: resolved.frozenSteps,
      adaptTarget: resolved.adaptTarget,
    };
  } else {
    privacyNotes(ctx, advice.notes, advice.isPrivate);
    settings = { ...base, ...kngSettingsEcho(cfg.kng, [calibrateKng(reg, cfg.kng).vRadius]) };
  }
  if (!cfg.quiet) ctx.stderr.write(`${advice.summary}\n`);
  const privacy = advicePrivacy({
    mechanism: cfg.mechanism,
    eps: cfg.eps,
    source,
    reg,
    kng,
    points: advice.points,
  });
  const { points, curve, notes: _notes, isPrivate: _private, ...recommendation } = advice;
  writeOutput(
    ctx.stdout,
    cfg.format,
    outputHead(ctx, d, settings, privacy),
    { advice: recommendation, curve, points },
    () => ({
      columns: ADVICE_POINT_COLUMNS,
      rows: points as unknown as Record<string, unknown>[],
      // what the JSON gives beside the points: the recommendation with its interval, and the fitted curve
      head: [
        ['advice', recommendation],
        ['curve', curve],
      ],
    }),
  );
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
  const privacy = privacyStatement({
    batches: [],
    derived: 'it compares the sensitivity bound with the gradients of adjacent data sets',
    data: 'synthetic',
  });
  writeOutput(
    ctx.stdout,
    cfg.format,
    outputHead(ctx, undefined, { pairs: cfg.pairs }, privacy),
    { cells, summary },
    () => ({
      columns: [
        'n',
        'pair',
        'tau',
        'tauM',
        'deltaExpP',
        'deltaExpV',
        'deltaThyP',
        'deltaThyV',
        'ratioP',
        'ratioV',
      ],
      rows: cells as unknown as Record<string, unknown>[],
    }),
  );
  if (!cfg.quiet && cfg.format === 'csv') {
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
    ...samplerSeedField(cfg.seed, cfg.samplerSeed),
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
    mechanism: 'kng',
    draws: cfg.draws,
    epsP: kng.epsP,
    epsV: kng.epsV,
    ...kngSettingsEcho(kng, [cal.vRadius]),
  };
  const privacy = privacyStatement({
    // every draw: its own footpoint chain and one shooting-vector chain
    batches: [
      {
        claim: kngClaimFor([reg], kng),
        releases: cfg.draws,
        parts: [
          { count: cfg.draws, epsilon: kng.epsP, what: 'footpoint' },
          { count: cfg.draws, epsilon: kng.epsV, what: 'shooting vector' },
        ],
      },
    ],
    derived: 'its distances, angles and errors compare each draw with the non-private fit and the data',
    data: 'synthetic',
  });
  writeOutput(
    ctx.stdout,
    cfg.format,
    outputHead(ctx, undefined, settings, privacy),
    {
      calibration: {
        tau: cal.tau,
        tauM: cal.tauM,
        deltaP: cal.deltaP,
        deltaV: cal.deltaV,
        sigmaP: cal.sigmaP,
        sigmaV: cal.sigmaV,
      },
      summary: {
        footpointDistance: describe(cells.map((c) => c.footpointDistance)),
        angle: describe(cells.map((c) => c.angle)),
        mae: describe(cells.map((c) => c.mae)),
      },
      draws: cells,
    },
    () => ({
      columns: ['draw', 'footpointDistance', 'angle', 'mae'],
      rows: cells.map((c, i) => ({ draw: i + 1, ...c })),
    }),
  );
}
