/**
 * The joint clipped KNG release of geodesic regression: ε-DP for the exact target whatever the data, given
 * public n, clip c, covariate range and domain (docs/kng-joint.md). One release is one pair (p̃, ṽ) drawn from
 *   f(p, v) ∝ exp(−E_c/σ_E − ‖∇_p E_c‖/σ_p − ‖∇_v E_c‖/σ_v)
 * with p the geodesic's point at the middle of the public covariate range.
 */
import type { Manifold } from '../../geometry/types';
import { fitGeodesicRegression } from '../../regression/geodesicRegression';
import type { Rng } from '../../sampling/rng';
import {
  calibrateKngJoint,
  centredCovariates,
  responsesInBall,
  WALK_SAMPLER,
  type KngJointCalibration,
  type KngJointSettings,
} from './calibration';
import { perDataSet } from '../kernels/perDataSet';
import { genericJointKernel, sphereJointKernel, type JointKernel } from './jointKernel';
import { kendallJointKernel } from './kendallJointKernel';
import { lawAtBudget, linearise } from './linearisedProposal';
import { jointSamplerInForce } from './samplerInForce';
import { spdJointKernel } from './spdJointKernel';
import { publicStart, runJointChain, type JointChainResult, type JointContext } from './sampler';

export * from './calibration';
export { genericJointKernel, huber, sphereJointKernel, type JointKernel } from './jointKernel';
export { kendallJointKernel } from './kendallJointKernel';
export { spdJointKernel } from './spdJointKernel';
export {
  lawAtBudget,
  linearise,
  linearisedLaw,
  linearisedProposal,
  type JointLinearisation,
  type LinearisedLaw,
} from './linearisedProposal';
export {
  jointSamplerInForce,
  jointSamplerInWords,
  samplerFields,
  type JointSamplerFields,
} from './samplerInForce';
export {
  jointPotential,
  publicStart,
  rejectionDraws,
  runJointChain,
  type JointChainResult,
  type JointContext,
} from './sampler';

/** The fastest kernel for M: fused on S², on affine SPD(2) and on Kendall shape space, generic elsewhere. */
export function jointKernel(
  M: Manifold,
  ts: Float64Array,
  ys: readonly Float64Array[],
  clip: number,
): JointKernel {
  const family = M.family;
  if (family?.kind === 'sphere') return sphereJointKernel(ts, ys, clip);
  if (family?.kind === 'spd' && family.k === 2 && family.metric === 'affine')
    return spdJointKernel(ts, ys, clip);
  if (family?.kind === 'kendall') return kendallJointKernel(family.landmarks, ts, ys, clip);
  return genericJointKernel(M, ts, ys, clip);
}

export interface KngJointContext extends JointContext {
  /** Centred covariates tᵢ ∈ [−½, ½], and how many were clamped into the public range. */
  ts: Float64Array;
  clamped: number;
  /** SPD: responses pulled onto the public response ball. */
  responsesClamped: number;
}

export function prepareKngJoint(
  M: Manifold,
  xs: ArrayLike<number>,
  ys: readonly Float64Array[],
  settings: KngJointSettings,
): KngJointContext {
  if (xs.length !== ys.length)
    throw new RangeError(`kng-joint: ${xs.length} covariates but ${ys.length} responses`);
  const calibration: KngJointCalibration = calibrateKngJoint(M, ys.length, settings);
  const { ts, clamped } = centredCovariates(xs, settings.xRange);
  const inBall = responsesInBall(M, ys, calibration.yRadius);
  // 'mixture': the target linearised at the non-private fit (in the centred parametrisation, p at t = 0). It only
  // shapes the proposal; the target, and so the privacy argument, is the same.
  // the sampler in force: the settings' own, the walk above MIXTURE_MAX_DIMENSION, the mixture's steps scaled
  // at extreme splits (all public)
  const sampler = jointSamplerInForce(settings, M.dim);
  const mixture = sampler.proposal === 'mixture';
  // made once per data set, then the same one at every budget (lawAtBudget rescales it)
  const linearisation = mixture
    ? perDataSet(
        ys,
        ['linearisation', settings.clip, ...settings.xRange, calibration.pRadius, calibration.yRadius].join(
          ' ',
        ),
        M,
        [xs],
        () =>
          linearise(
            M,
            ts,
            inBall.ys,
            settings.clip,
            calibration.pRadius,
            fitGeodesicRegression(M, ts, inBall.ys),
          ),
      )
    : null;
  const linearised = linearisation && lawAtBudget(linearisation, calibration);
  // where there is none (a space above MIXTURE_MAX_DIMENSION, no closed-form Jacobian of Exp, a singular A) the
  // mixture's short chain would not reach the target: the walk with its own steps instead
  const inForce = mixture && !linearised ? { ...settings, ...WALK_SAMPLER } : sampler;
  return {
    M,
    kernel: perDataSet(
      ys,
      ['kernel', settings.clip, ...settings.xRange, calibration.yRadius].join(' '),
      M,
      [xs],
      () => jointKernel(M, ts, inBall.ys, settings.clip),
    ),
    calibration,
    settings: inForce,
    linearised,
    ts,
    clamped,
    responsesClamped: inBall.clamped,
  };
}

/** Chain `i` of a release (stream (2, i)), from the public start; U recorded every `traceEvery` steps at β = 1. */
export function releaseKngJointChain(
  ctx: KngJointContext,
  rng: Rng,
  i: number,
  traceEvery = 0,
): JointChainResult {
  const r = rng.split(2, i);
  return runJointChain(ctx, (k) => publicStart(ctx.M, r.split(0, k)), r.split(1), traceEvery);
}

/**
 * Chains started at a given point (e.g. the non-private fit) on streams (3, i): the diagnostic compares their
 * draws with the release's chains from the public start. Never part of a release.
 */
export function chainFrom(ctx: KngJointContext, start: Float64Array, rng: Rng, i: number): JointChainResult {
  return runJointChain(ctx, () => start, rng.split(3, i));
}

/**
 * A geodesic given at the middle of the public range (t = 0, unit = the range's width) re-expressed at another
 * parametrisation x = (t − a)/b, i.e. t = a + b·x: the point at t = a and the velocity b·Γv. Post-processing.
 */
export function reparametrise(
  M: Manifold,
  p: Float64Array,
  v: Float64Array,
  a: number,
  b: number,
): { p: Float64Array; v: Float64Array } {
  const q = M.exp(
    p,
    v.map((x) => a * x),
  );
  return {
    p: q,
    v: M.transport(
      p,
      q,
      v.map((x) => b * x),
    ),
  };
}
