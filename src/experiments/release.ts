import { releaseKngGroup, prepareKng, kngGroupCount, type KngGroup, type KngSettings } from '../privacy/kng';
import { Rng } from '../sampling/rng';
import { defineTask } from '../workers/defineTask';
import { mse, prepareRegression, type DataSource, type PreparedRegression } from './regressionSetup';

/** One private release (m footpoints × m shooting vectors) for the lab's views, as worker cells (groups). */
export interface ReleaseSpec {
  source: DataSource;
  kng: KngSettings;
  seed: number;
}

/** A group of draws, with the calibration and the non-private fit it was computed against (for drawing). */
export type ReleaseCell = KngGroup & {
  /** The manifold's name (e.g. "sphere"): views use it to ignore cells of another data set. */
  manifold: string;
  isPrivate: boolean;
  /** The calibration's badge text (KngCalibration.privacyLabel). */
  privacyLabel: string;
  notes: string[];
  sigmaP: number;
  sigmaV: number;
  deltaP: number;
  deltaV: number;
  tau: number;
  pHat: Float64Array;
  vHat: Float64Array;
  lnNonPrivateMse: number;
  /** The gradient kernel that ran the chains (GradientNormKernel.implementation). */
  kernel: string;
  /** MSE of each released pair: mse[i][j] for (footpoints[i], shootingVectors[i][j]). */
  mse: number[][];
};

interface ReleaseScratch {
  reg?: PreparedRegression;
}

export function releaseCell(spec: ReleaseSpec, group: number, scratch: ReleaseScratch): ReleaseCell {
  const reg = (scratch.reg ??= prepareRegression(spec.source));
  const ctx = prepareKng(reg, spec.kng);
  const g = releaseKngGroup(ctx, Rng.fromKey(spec.seed, 0x7e1), group);
  const { isPrivate, privacyLabel, notes, sigmaP, sigmaV, deltaP, deltaV, tau } = ctx.calibration;
  return {
    ...g,
    manifold: reg.M.name,
    isPrivate,
    privacyLabel,
    notes:
      g.stuckChains > 0
        ? [
            ...notes,
            `${g.stuckChains} chain(s) never accepted a move, so their draw is the non-private estimate: raise the burn-in or lower the step scale.`,
          ]
        : notes,
    sigmaP,
    sigmaV,
    deltaP,
    deltaV,
    tau,
    pHat: reg.pHat,
    vHat: reg.vHat,
    lnNonPrivateMse: reg.lnNonPrivateMse,
    kernel: ctx.kernel.implementation,
    mse: g.footpoints.map((p, i) => g.shootingVectors[i].map((v) => mse(reg, p, v))),
  };
}

export const releaseCellCount = (spec: ReleaseSpec): number => kngGroupCount(spec.kng);

export const releaseTask = defineTask<ReleaseSpec, ReleaseCell, ReleaseScratch>({
  cellCount: releaseCellCount,
  setup: () => ({}),
  cell: releaseCell,
});
