/** `sweep`: ln MSE against the budget split (paper 000's figures, or the lab's at any total ε). */
import {
  aggregateSweep,
  jointCovariates,
  jointSamplerSettings,
  prepareRegression,
  resolveJointSettings,
  SWEEP_ROW_COLUMNS,
  type DataSource,
  type SweepRow,
  type SweepSpec,
} from '../experiments';
import { MSE_AGAINST_DATA } from '../experiments/advicePrivacy';
import { poolReplicates } from '../experiments/sweepReplicates';
import { jointClaim, kngClaimFor } from '../privacy/claims';
import { calibrateKng } from '../privacy/kng';
import { DEFAULT_DOMAIN, DEFAULT_KNG_JOINT } from '../privacy/kngJoint/calibration';
import { jointSamplerInForce, longerStepsAtSplits } from '../privacy/kngJoint/samplerInForce';
import { kngPairsBatch, privacyStatement, type ClaimBatch } from '../privacy/statement';
import { kngSettingsEcho, samplerSeedField, type Config } from './config';
import { landmarksOf, loadUserData, note, outputHead, privacyNotes, sourceOf, type Ctx } from './context';
import type { LoadedData } from './data';
import { Progress, writeOutput } from './output';
import { runTask } from './run';

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
    // the default sampler (the mixture) leaves the spec as the lab's
    ...(joint && cfg.jointSampler === 'walk' ? { jointSampler: cfg.jointSampler } : {}),
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
    // the sampler in force: the walk where the mixture does not apply (as `release` echoes it)
    const resolved = jointSamplerInForce(
      resolveJointSettings(
        regs[0],
        { ...DEFAULT_KNG_JOINT, ...jointSamplerSettings(cfg.jointSampler), m },
        covs[0],
      ),
      regs[0].M.dim,
    );
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
      sampler: resolved.proposal ?? 'walk',
      independenceWeight: resolved.proposal === 'mixture' ? (resolved.independenceWeight ?? null) : null,
      // the unequal panel's extreme splits ran longer chains
      longerStepsAtSplits: longerStepsAtSplits(
        resolved,
        regs[0].M.dim,
        allRows.map((r) => r.epsP / (r.epsP + r.epsV)),
      ),
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
