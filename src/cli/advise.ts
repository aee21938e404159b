/** `advise`: the split advisor — how to split a total ε between footpoint and shooting vector. */
import {
  adviceFromCells,
  adviseFineM,
  jointCovariates,
  nextAdviceSweep,
  prepareRegression,
  resolveJointSettings,
  withPart,
  type AdviceCells,
  type AdviseSpec,
} from '../experiments';
import { advicePrivacy } from '../experiments/advicePrivacy';
import { calibrateKng } from '../privacy/kng';
import { DEFAULT_DOMAIN, DEFAULT_KNG_JOINT, splitJointBudget } from '../privacy/kngJoint/calibration';
import { jointSamplerInForce, longerStepsAtSplits } from '../privacy/kngJoint/samplerInForce';
import { kngSettingsEcho, samplerSeedField } from './config';
import { landmarksOf, loadUserData, note, outputHead, privacyNotes, sourceOf, type Ctx } from './context';
import { Progress, writeOutput } from './output';
import { withTaskRunner } from './run';

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
  // every part on the same workers: each keeps the data it prepared for the first
  const { coarse, fine } = await withTaskRunner(cfg.workers, async (run) => {
    let have: AdviceCells = { coarse: [], fine: [] };
    for (let part = nextAdviceSweep(spec, have); part; part = nextAdviceSweep(spec, have)) {
      const progress = new Progress(ctx.stderr, `advise (${part.stage})`, !cfg.quiet);
      const cells = await run('sweep', part.spec, progress.update);
      progress.finish(`${cells.length} cells`);
      have = withPart(have, part, cells);
    }
    return have;
  });
  const advice = adviceFromCells(spec, coarse, fine);
  const base = { mechanism: cfg.mechanism, eps: [cfg.eps], points: cfg.points, fineM: adviseFineM(spec) };
  let settings: Record<string, unknown>;
  if (joint) {
    for (const n of advice.notes) note(ctx, n);
    const cov = jointCovariates(reg, source);
    // the sampler in force: the walk where the mixture does not apply, the mixture longer at extreme splits
    const resolved = jointSamplerInForce(
      resolveJointSettings(reg, { ...DEFAULT_KNG_JOINT, m: cfg.kng.m }, cov),
      reg.M.dim,
    );
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
      sampler: resolved.proposal ?? 'walk',
      burnIn: resolved.burnIn,
      frozenSteps: resolved.frozenSteps,
      longerStepsAtSplits: longerStepsAtSplits(
        resolved,
        reg.M.dim,
        advice.points.map((p) => p.split),
      ),
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
