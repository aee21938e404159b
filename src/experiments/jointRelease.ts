import {
  DEFAULT_DOMAIN,
  DEFAULT_KNG_JOINT,
  prepareKngJoint,
  releaseKngJointChain,
  chainFrom,
  reparametrise,
  type KngJointCalibration,
  type KngJointContext,
  type KngJointSettings,
} from '../privacy/kngJoint';
import type { KngGroup } from '../privacy/kng';
import { Rng } from '../sampling/rng';
import { effectiveSampleSize, lnMeanAndMedian } from '../sampling/stats';
import { defineTask } from '../workers/defineTask';
import {
  jointReleaseCellCount,
  jointSettingsFromBudget,
  type JointReleaseSpec,
  type JointSettingsInput,
} from './jointSettings';
import { preparedRegression } from './preparedData';
import { mse, type DataSource, type PreparedRegression } from './regressionSetup';

export { lnMeanAndMedian, jointReleaseCellCount, jointSettingsFromBudget };
export type { JointReleaseSpec, JointSettingsInput };

/*
 * Releases of the joint clipped KNG mechanism (docs/kng-joint.md) for the lab and the CLI: each cell is one
 * independent chain from the public start, i.e. one publishable pair; cells beyond the first are further draws,
 * for studying the mechanism (publishing k of them costs k·ε).
 */

/** How the covariates enter: in their own units, by which range, and whether that range is public. */
export interface JointCovariates {
  raw: Float64Array;
  range: readonly [number, number];
  /** False when the range was taken from the data (no public range given): the release is then not private. */
  rangeIsPublic: boolean;
}

export function jointCovariates(
  reg: PreparedRegression,
  source: DataSource,
  given?: readonly [number, number],
) {
  const generated = 'covariates' in reg.data ? reg.data.covariates : undefined;
  let raw: Float64Array;
  if (generated) raw = generated.raw;
  else if (source.kind === 'imported' && source.xRange) {
    const [lo, hi] = source.xRange;
    raw = Float64Array.from(reg.xs, (x) => lo + x * (hi - lo));
  } else raw = Float64Array.from(reg.xs);
  const range = given ?? generated?.publicRange;
  if (range) return { raw, range, rangeIsPublic: true };
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of raw) [lo, hi] = [Math.min(lo, x), Math.max(hi, x)];
  return { raw, range: [lo, hi] as const, rangeIsPublic: false };
}

/** The settings with the space's defaults and the covariate range in force. */
export function resolveJointSettings(
  reg: PreparedRegression,
  input: JointSettingsInput,
  cov: JointCovariates,
) {
  const kind = reg.M.family?.kind ?? 'sphere';
  const defaults = DEFAULT_DOMAIN[kind] ?? DEFAULT_DOMAIN.sphere;
  return {
    ...DEFAULT_KNG_JOINT,
    ...input,
    clip: input.clip ?? defaults.clip,
    xRange: cov.range,
  } satisfies KngJointSettings;
}

/**
 * The random stream of a kng-joint release, in the lab's views (release.ts), its start check and `cli release`:
 * one seed, the same pairs everywhere.
 */
export const JOINT_RELEASE_STREAM = 0x1b7;

export interface JointReleaseCell {
  chain: number;
  manifold: string;
  /** The released pair at the middle of the public range (t = 0; unit = the range's width). */
  pMid: Float64Array;
  vMid: Float64Array;
  /** The same geodesic in the lab's parametrisation (x ∈ [0, 1] over the data's covariates), for views and MSE. */
  p: Float64Array;
  v: Float64Array;
  mse: number;
  lnNonPrivateMse: number;
  potential: number;
  acceptanceRate: number;
  /** The chain started at the non-private fit (diagnostic only). */
  fromFit: { potential: number; mse: number } | null;
  calibration: KngJointCalibration;
  isPrivate: boolean;
  notes: string[];
  pHat: Float64Array;
  vHat: Float64Array;
}

/** Per worker: the data's fit and the release's preparation, computed once for all chains of a job. */
export interface JointScratch {
  reg?: PreparedRegression;
  group?: JointGroupContext;
}

/** Lab parametrisation x ↦ public t = a + b·x (x the data's rescaled covariate). */
function labToPublic(cov: JointCovariates): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const x of cov.raw) [min, max] = [Math.min(min, x), Math.max(max, x)];
  const [lo, hi] = cov.range;
  return [(min - (lo + hi) / 2) / (hi - lo), (max - min) / (hi - lo)];
}

export function jointReleaseCell(
  spec: JointReleaseSpec,
  chain: number,
  scratch: JointScratch,
): JointReleaseCell {
  const reg = (scratch.reg ??= preparedRegression(spec.source));
  const g = (scratch.group ??= prepareJointGroups(reg, spec.source, spec.joint));
  const rng = Rng.fromKey(spec.seed, JOINT_RELEASE_STREAM);
  const r = releaseKngJointChain(g.ctx, rng, chain);
  const [a, b] = g.toPublic;
  const lab = reparametrise(reg.M, r.p, r.v, a, b);
  let fromFit: JointReleaseCell['fromFit'] = null;
  if (spec.fromFit) {
    // the fit at the middle of the public range: x = −a/b in the lab's parametrisation
    const mid = reparametrise(reg.M, reg.pHat, reg.vHat, -a / b, 1 / b);
    const start = new Float64Array(2 * reg.M.ambientDim);
    start.set(mid.p);
    start.set(mid.v, reg.M.ambientDim);
    const f = chainFrom(g.ctx, start, rng, chain);
    const fl = reparametrise(reg.M, f.p, f.v, a, b);
    fromFit = { potential: f.potential, mse: mse(reg, fl.p, fl.v) };
  }
  return {
    chain,
    manifold: reg.M.name,
    pMid: r.p,
    vMid: r.v,
    p: lab.p,
    v: lab.v,
    mse: mse(reg, lab.p, lab.v),
    lnNonPrivateMse: reg.lnNonPrivateMse,
    potential: r.potential,
    acceptanceRate: r.acceptanceRate,
    fromFit,
    calibration: g.ctx.calibration,
    isPrivate: g.isPrivate,
    notes: g.notes,
    pHat: reg.pHat,
    vHat: reg.vHat,
  };
}

export const jointReleaseTask = defineTask<JointReleaseSpec, JointReleaseCell, JointScratch>({
  cellCount: jointReleaseCellCount,
  setup: () => ({}),
  cell: jointReleaseCell,
});

/** Everything a kng-joint group needs that does not depend on the random stream (cached per budget). */
export interface JointGroupContext {
  reg: PreparedRegression;
  cov: JointCovariates;
  ctx: KngJointContext;
  isPrivate: boolean;
  privacyLabel: string;
  notes: string[];
  /** The lab's parametrisation x ↦ public t = a + b·x. */
  toPublic: [number, number];
}

/** Everything the chains of a kng-joint release share, with the notes that state its privacy in plain words. */
export function prepareJointGroups(
  reg: PreparedRegression,
  source: DataSource,
  input: JointSettingsInput,
): JointGroupContext {
  const cov = jointCovariates(reg, source, input.xRange);
  const ctx = prepareKngJoint(reg.M, cov.raw, reg.ys, resolveJointSettings(reg, input, cov));
  const eps = ctx.calibration.epsilon;
  const isPrivate = cov.rangeIsPublic;
  const notes = [
    ...(isPrivate
      ? [
          `Private for any data: each pair is ε-DP for the exact target at its total ε, given public n, clip ` +
            `c = ${ctx.settings.clip} and covariate range [${cov.range[0]}, ${cov.range[1]}]; the sampler's δ is not certified.`,
        ]
      : [
          `No public covariate range was given, so the data's own range [${cov.range[0]}, ${cov.range[1]}] is used: ` +
            'this release is not private. Give the range the covariates are known to lie in.',
        ]),
    ...(ctx.clamped > 0
      ? [
          `${ctx.clamped} covariate${ctx.clamped === 1 ? '' : 's'} lay outside the public range and ` +
            `${ctx.clamped === 1 ? 'was' : 'were'} clamped to it`,
        ]
      : []),
  ];
  return {
    reg,
    cov,
    ctx,
    isPrivate,
    privacyLabel: isPrivate ? `private for any data (ε = ${eps.toPrecision(3)})` : 'not private',
    notes,
    toPublic: labToPublic(cov),
  };
}

/**
 * Group `group` of a kng-joint release: one chain, one pair, in the lab's parametrisation. Its one joint chain is
 * reported as the group's footpoint chain (there is no separate shooting-vector chain).
 */
export function releaseJointGroup(g: JointGroupContext, rng: Rng, group: number, traceEvery = 0): KngGroup {
  const r = releaseKngJointChain(g.ctx, rng, group, traceEvery);
  const [a, b] = g.toPublic;
  const lab = reparametrise(g.reg.M, r.p, r.v, a, b);
  const diagnostics = {
    acceptanceRate: r.acceptanceRate,
    burnInAcceptanceRate: r.acceptanceRate,
    step: r.step,
    // over the frozen stage's part of the trace
    effectiveSampleSize:
      r.trace.length >= 16 ? effectiveSampleSize(r.trace.subarray(r.trace.length >> 1)) : NaN,
    trace: r.trace,
  };
  return {
    footpoints: [lab.p],
    shootingVectors: [[lab.v]],
    footpointChains: [diagnostics],
    shootingChains: [],
    escapedShootingChains: 0,
    stuckChains: r.acceptanceRate === 0 ? 1 : 0,
  };
}
