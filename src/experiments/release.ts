import { jointClaim, kngClaimFor } from '../privacy/claims';
import { releaseKngGroup, prepareKng, kngGroupCount, type KngGroup, type KngSettings } from '../privacy/kng';
import {
  kngPairsBatch,
  privacyStatement,
  type ClaimBatch,
  type PrivacyStatement,
} from '../privacy/statement';
import { samplerFields, type JointSamplerFields } from '../privacy/kngJoint/samplerInForce';
import { Rng } from '../sampling/rng';
import { defineTask } from '../workers/defineTask';
import {
  jointSettingsFromBudget,
  prepareJointGroups,
  releaseJointGroup,
  JOINT_RELEASE_STREAM,
  type JointGroupContext,
} from './jointRelease';
import { preparedRegression } from './preparedData';
import { mse, type DataSource, type PreparedRegression } from './regressionSetup';

/** One private release (m footpoints × m shooting vectors) for the lab's views, as worker cells (groups). */
export interface ReleaseSpec {
  source: DataSource;
  kng: KngSettings;
  seed: number;
  /** kng-joint (private for any data; docs/kng-joint.md) or paper 000's sequential KNG (the default). */
  mechanism?: ReleaseMechanism;
}

export type ReleaseMechanism = 'kng' | 'kng-joint';

/** A group of draws, with the calibration and the non-private fit it was computed against (for drawing). */
export type ReleaseCell = KngGroup & {
  /** The manifold's name (e.g. "sphere"): views use it to ignore cells of another data set. */
  manifold: string;
  mechanism: ReleaseMechanism;
  /**
   * kng-joint's own calibration: the clip c, the energy term's σ_E and Δ_E (Infinity: none), the release's ε; and
   * the sampler that ran (the walk where the mixture does not apply).
   */
  joint?: { clip: number; sigmaE: number; deltaE: number; epsilon: number; sampler: JointSamplerFields };
  isPrivate: boolean;
  /** The calibration's badge text (KngCalibration.privacyLabel). */
  privacyLabel: string;
  /** What the whole release guarantees, for its exports (src/privacy/statement.ts; the same in every cell). */
  privacy: PrivacyStatement;
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

/** The statement of a whole release, with the non-private fit and the MSEs its cells carry named as the analyst's. */
export function releasePrivacy(spec: ReleaseSpec, batch: ClaimBatch): PrivacyStatement {
  return privacyStatement({
    batches: [batch],
    analystOnly: 'the non-private fit and each pair’s MSE on the data',
    data: spec.source.kind === 'imported' ? 'imported' : 'synthetic',
  });
}

interface ReleaseScratch {
  reg?: PreparedRegression;
  joint?: JointGroupContext;
}

function jointCell(spec: ReleaseSpec, group: number, scratch: ReleaseScratch): ReleaseCell {
  const reg = (scratch.reg ??= preparedRegression(spec.source));
  const ctx = (scratch.joint ??= prepareJointGroups(
    reg,
    spec.source,
    jointSettingsFromBudget(spec.kng, reg.M.family?.kind),
  ));
  const g = releaseJointGroup(
    ctx,
    Rng.fromKey(spec.seed, JOINT_RELEASE_STREAM),
    group,
    spec.kng.traceEvery ?? 0,
  );
  const cal = ctx.ctx.calibration;
  return {
    ...g,
    manifold: reg.M.name,
    mechanism: 'kng-joint',
    isPrivate: ctx.isPrivate,
    privacyLabel: ctx.privacyLabel,
    privacy: releasePrivacy(spec, {
      claim: jointClaim({
        epsilon: cal.epsilon,
        n: reg.ys.length,
        clip: cal.clip,
        clipGiven: false,
        range: ctx.cov.range,
        rangeIsPublic: ctx.cov.rangeIsPublic,
      }),
      releases: spec.kng.m,
    }),
    notes: ctx.notes,
    sigmaP: cal.sigmaP,
    sigmaV: cal.sigmaV,
    deltaP: cal.deltaP,
    deltaV: cal.deltaV,
    tau: NaN,
    joint: {
      clip: cal.clip,
      sigmaE: cal.sigmaE,
      deltaE: cal.deltaE,
      epsilon: cal.epsilon,
      sampler: samplerFields(ctx.ctx.settings),
    },
    pHat: reg.pHat,
    vHat: reg.vHat,
    lnNonPrivateMse: reg.lnNonPrivateMse,
    kernel: ctx.ctx.kernel.implementation,
    mse: [[mse(reg, g.footpoints[0], g.shootingVectors[0][0])]],
  };
}

export function releaseCell(spec: ReleaseSpec, group: number, scratch: ReleaseScratch): ReleaseCell {
  if (spec.mechanism === 'kng-joint') return jointCell(spec, group, scratch);
  const reg = (scratch.reg ??= preparedRegression(spec.source));
  const ctx = prepareKng(reg, spec.kng);
  const g = releaseKngGroup(ctx, Rng.fromKey(spec.seed, 0x7e1), group);
  const { isPrivate, privacyLabel, notes, sigmaP, sigmaV, deltaP, deltaV, tau } = ctx.calibration;
  return {
    ...g,
    manifold: reg.M.name,
    mechanism: 'kng',
    isPrivate,
    privacyLabel,
    // m footpoints, each with m shooting vectors
    privacy: releasePrivacy(
      spec,
      kngPairsBatch(kngClaimFor([reg], spec.kng), spec.kng.m, spec.kng.m ** 2, spec.kng.epsP, spec.kng.epsV),
    ),
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

export const releaseCellCount = (spec: ReleaseSpec): number =>
  spec.mechanism === 'kng-joint' ? spec.kng.m : kngGroupCount(spec.kng);

export const releaseTask = defineTask<ReleaseSpec, ReleaseCell, ReleaseScratch>({
  cellCount: releaseCellCount,
  setup: () => ({}),
  cell: releaseCell,
});
