/**
 * KNG release of geodesic-regression parameters (paper 000; docs/kng.md): first the footpoint p̃ ∝
 * exp(−‖∇_p E(p, Γv̂)‖/σ_p) by Riemannian random-walk Metropolis–Hastings, then shooting vectors
 * ṽ ∈ T_{p̃} ∝ exp(−‖∇_v E(p̃, v)‖/σ_v). Total budget ε_p + ε_v by sequential composition.
 *
 * This module draws the chains; the settings are in `kngSettings.ts`, the noise scales and privacy labels in
 * `kngCalibration.ts`, the two target densities in `kngTargets.ts` (all re-exported here).
 */
import type { Manifold } from '../geometry/types';
import { runChain, type ChainResult, type RandomWalkTarget } from '../sampling/mh';
import type { Rng } from '../sampling/rng';
import { effectiveSampleSize } from '../sampling/stats';
import { gradientNormKernel, type GradientNormKernel } from './kernels';
import { perDataSet } from './kernels/perDataSet';
import { calibrateKng, type KngCalibration, type RegressionInput } from './kngCalibration';
import type { KngSettings } from './kngSettings';
import { footpointTarget, shootingTarget } from './kngTargets';

export * from './kngSettings';
export * from './kngCalibration';
export * from './kngTargets';

export interface ChainDiagnostics {
  acceptanceRate: number;
  burnInAcceptanceRate: number;
  step: number;
  effectiveSampleSize: number;
  trace: Float64Array;
}

export interface KngRelease {
  calibration: KngCalibration;
  footpoints: Float64Array[];
  /** shootingVectors[i][j] ∈ T_{footpoints[i]}. */
  shootingVectors: Float64Array[][];
  footpointChains: ChainDiagnostics[];
  shootingChains: ChainDiagnostics[];
  /** Shooting-vector chains whose final state left the region where the target has mass (plane domain). */
  escapedShootingChains: number;
  /** Chains that never accepted a move: their draw is their start, i.e. the NON-private estimate. */
  stuckChains: number;
}

function diagnostics(chain: ChainResult): ChainDiagnostics {
  const t = chain.trace;
  return {
    acceptanceRate: chain.acceptanceRate,
    burnInAcceptanceRate: chain.burnInAcceptanceRate,
    step: chain.step,
    effectiveSampleSize: t.length >= 8 ? effectiveSampleSize(t.subarray(t.length >> 1)) : NaN,
    trace: t,
  };
}

/** The starting shooting vector at p̃: v̂ carried from p̂, pulled inside the ball domain if needed. */
function startingShootingVector(
  M: Manifold,
  pHat: Float64Array,
  vHat: Float64Array,
  pTilde: Float64Array,
  r: number,
) {
  let v: Float64Array;
  try {
    v = M.projectTangent(pTilde, M.transport(pHat, pTilde, vHat));
  } catch {
    v = new Float64Array(M.ambientDim);
  }
  const len = M.norm(pTilde, v);
  if (len > 0.999 * r) for (let i = 0; i < v.length; i++) v[i] *= (0.999 * r) / len;
  return v;
}

/** Everything a release needs that does not depend on the random stream. */
export interface KngContext {
  input: RegressionInput;
  settings: KngSettings;
  calibration: KngCalibration;
  kernel: GradientNormKernel;
  footpoint: RandomWalkTarget;
}

export function prepareKng(input: RegressionInput, settings: KngSettings): KngContext {
  const calibration = calibrateKng(input, settings);
  // one per data set and fit, at every budget (kernels/perDataSet.ts)
  const kernel = perDataSet(input.ys, 'gradient norms', input.M, [input.xs, input.pHat, input.vHat], () =>
    gradientNormKernel(input.M, input.xs, input.ys, input.pHat, input.vHat),
  );
  return {
    input,
    settings,
    calibration,
    kernel,
    footpoint: footpointTarget(input.M, kernel, calibration.sigmaP),
  };
}

/**
 * Largest useful footpoint step: the injectivity radius, or on negatively curved spaces (where it is infinite)
 * the geodesic length 2(τ_m + τ) the sensitivity bound assumes; unbounded on flat spaces.
 */
function footpointStepCap(M: Manifold, cal: KngCalibration): number {
  if (Number.isFinite(M.injectivityRadius)) return M.injectivityRadius;
  return M.curvatureBounds[0] < 0 ? 2 * (cal.tauM + cal.tau) : Infinity;
}

/**
 * Chain options; the proposal radius is stepScale·σ, capped at `maxStep` (the injectivity radius for
 * footpoints, the ball radius for shooting vectors): a larger step only proposes points the chain rejects
 * or that wrap around, and at small ε it left the chains stuck at their start (acceptance 0).
 */
function chainOptions(s: KngSettings, stepScale: number, sigma: number, draws: number, maxStep: number) {
  return {
    burnIn: s.burnIn,
    draws,
    step: Math.min(stepScale * sigma, maxStep),
    adaptTarget: s.adaptTarget,
    traceEvery: s.traceEvery ?? 0,
  };
}

/**
 * One group of draws and its chains. Independent scheme: group i is footpoint chain i (final state) and the m
 * shooting chains at it. Consecutive scheme (paper App. A): the only group, one footpoint chain whose m states
 * after burn-in are the footpoints, with one shooting chain per footpoint giving m successive states.
 * Streams are keyed by (0, i) for footpoint chains and (1, i, j) for shooting chains, so a group is the same
 * wherever and in whatever order it is computed.
 */
export interface KngGroup {
  footpoints: Float64Array[];
  shootingVectors: Float64Array[][];
  footpointChains: ChainDiagnostics[];
  shootingChains: ChainDiagnostics[];
  escapedShootingChains: number;
  stuckChains: number;
}

/** A chain that never moved releases its starting point: the non-private estimate. */
function isStuck(c: ChainResult): boolean {
  return c.steps > 0 && c.acceptanceRate === 0 && c.burnInAcceptanceRate === 0;
}

/** Number of groups of a release (cells of a sweep point). */
export function kngGroupCount(s: KngSettings): number {
  return s.scheme === 'independent' ? s.m : 1;
}

/** The footpoint chain of group `group` (stream (0, group)): m states after burn-in (consecutive) or 1. */
function footpointChain(ctx: KngContext, rng: Rng, group: number): ChainResult {
  const s = ctx.settings;
  const cal = ctx.calibration;
  return runChain(
    ctx.footpoint,
    ctx.input.pHat,
    rng.split(0, group),
    chainOptions(
      s,
      s.stepScaleP,
      cal.sigmaP,
      s.scheme === 'independent' ? 1 : s.m,
      footpointStepCap(ctx.input.M, cal),
    ),
  );
}

/** The first footpoint of group `group` alone (the same draw `releaseKngGroup` makes, without the shooting chains). */
export function releaseKngFootpoint(ctx: KngContext, rng: Rng, group: number): Float64Array {
  const c = footpointChain(ctx, rng, group);
  return ctx.settings.scheme === 'independent' ? c.draws[c.draws.length - 1] : c.draws[0];
}

export function releaseKngGroup(ctx: KngContext, rng: Rng, group: number): KngGroup {
  const { M, pHat, vHat } = ctx.input;
  const s = ctx.settings;
  const cal = ctx.calibration;
  const independent = s.scheme === 'independent';
  const perChain = independent ? 1 : s.m;
  const lastOrAll = (c: ChainResult) => (independent ? [c.draws[c.draws.length - 1]] : c.draws);
  const pChain = footpointChain(ctx, rng, group);
  const footpoints = lastOrAll(pChain);
  const shootingChains: ChainResult[] = [];
  let escaped = 0;
  // Far beyond where a proper target has its mass: a chain out there has wandered off an improper target.
  const escapeRadius = Number.isFinite(M.injectivityRadius) ? 2 * M.injectivityRadius : Infinity;
  const shootingVectors = footpoints.map((pTilde, k) => {
    const i = independent ? group : k;
    const target = shootingTarget(M, ctx.kernel, pTilde, cal.sigmaV, cal.vRadius);
    const v0 = startingShootingVector(M, pHat, vHat, pTilde, cal.vRadius);
    if (!Number.isFinite(target.potential(v0))) {
      // Say why instead of letting the chain refuse its start.
      throw new RangeError(
        `the shooting-vector density cannot be evaluated at the drawn footpoint (its gradient norm is not finite ` +
          `there): the footpoint chain (σ_p = ${cal.sigmaP.toPrecision(3)}) went where the geometry of ${M.name} ` +
          'cannot be computed; use a larger ε_p or public bounds τ, τ_m',
      );
    }
    const opts = chainOptions(s, s.stepScaleV, cal.sigmaV, perChain, cal.vRadius);
    const chains = Array.from({ length: independent ? s.m : 1 }, (_, j) =>
      runChain(target, v0, rng.split(1, i, j), opts),
    );
    shootingChains.push(...chains);
    const vs = chains.flatMap(lastOrAll);
    for (const v of vs) if (M.norm(pTilde, v) > escapeRadius) escaped++;
    return vs;
  });
  return {
    footpoints,
    shootingVectors,
    footpointChains: [diagnostics(pChain)],
    shootingChains: shootingChains.map(diagnostics),
    escapedShootingChains: escaped,
    stuckChains: [pChain, ...shootingChains].filter(isStuck).length,
  };
}

/** The full sequential release: m footpoints and m shooting vectors at each. */
export function releaseKng(input: RegressionInput, s: KngSettings, rng: Rng): KngRelease {
  const ctx = prepareKng(input, s);
  const groups = Array.from({ length: kngGroupCount(s) }, (_, g) => releaseKngGroup(ctx, rng, g));
  return {
    calibration: ctx.calibration,
    footpoints: groups.flatMap((g) => g.footpoints),
    shootingVectors: groups.flatMap((g) => g.shootingVectors),
    footpointChains: groups.flatMap((g) => g.footpointChains),
    shootingChains: groups.flatMap((g) => g.shootingChains),
    escapedShootingChains: groups.reduce((a, g) => a + g.escapedShootingChains, 0),
    stuckChains: groups.reduce((a, g) => a + g.stuckChains, 0),
  };
}
