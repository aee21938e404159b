import { frechetMean } from '../geometry/mean';
import { WELL_CONDITIONED_MAX } from '../geometry/spd';
import { GeometryError, type Manifold } from '../geometry/types';
import type { Covariates } from '../regression/geodesicRegression';
import { runChain, type ChainResult, type RandomWalkTarget } from '../sampling/mh';
import type { Rng } from '../sampling/rng';
import { effectiveSampleSize } from '../sampling/stats';
import { fusedGeometry, gradientNormKernel, type FusedGeometry, type GradientNormKernel } from './kernels';
import { kngSensitivity, kngSigma, type SigmaRule } from './sensitivity';

/**
 * KNG release of geodesic-regression parameters (paper 000; docs/kng.md): first the footpoint p̃ ∝
 * exp(−‖∇_p E(p, Γv̂)‖/σ_p) by Riemannian random-walk Metropolis–Hastings, then shooting vectors
 * ṽ ∈ T_{p̃} ∝ exp(−‖∇_v E(p̃, v)‖/σ_v). Total budget ε_p + ε_v by sequential composition.
 */
export interface KngSettings {
  epsP: number;
  epsV: number;
  sigmaRule: SigmaRule;
  /** Residual bound: 'data' = the fit's largest residual (as in the paper; not private) or a public number. */
  tau: 'data' | number;
  /** Radius of a ball holding the responses (negative curvature only): 'data' (not private) or public. */
  tauM: 'data' | number;
  /** Shooting-vector domain: the proper ball (default) or the paper's unrestricted tangent plane. */
  vDomain: 'ball' | 'plane';
  /** Public radius of the ball domain; default: injectivity radius, or 2(τ_m + τ) where that is infinite. */
  vRadius?: number;
  burnIn: number;
  /** 'independent': each draw is the final state of its own chain; 'consecutive': the paper's App. A scheme. */
  scheme: 'independent' | 'consecutive';
  /** Number of footpoints, and of shooting vectors per footpoint. */
  m: number;
  /** Proposal radius η = stepScale·σ. */
  stepScaleP: number;
  stepScaleV: number;
  /** Adapt the step during burn-in toward this acceptance rate. */
  adaptTarget?: number;
  /** Record the potential every this many steps (0: no trace). */
  traceEvery?: number;
}

export const DEFAULT_KNG_SETTINGS: KngSettings = {
  epsP: 1,
  epsV: 1,
  sigmaRule: 'paper',
  tau: 'data',
  tauM: 'data',
  vDomain: 'ball',
  burnIn: 1000,
  scheme: 'independent',
  m: 10,
  stepScaleP: 5,
  stepScaleV: 15,
  traceEvery: 0,
};

/** The acceptance rate the lab's adaptive step (and the CLI's --adaptive) steers each chain toward in burn-in. */
export const KNG_ADAPT_TARGET = 0.3;

/**
 * The sampler as paper 000 plausibly ran it (our reading of its App. A and Fig. 3): one chain per parameter
 * started at the non-private estimate, consecutive draws, a short burn-in and small steps — the chains barely
 * leave the start. The lab's default (independent chains, burn-in 1000, steps 5σ_p and 15σ_v) mixes.
 */
export const PAPER_SAMPLER = {
  scheme: 'consecutive',
  burnIn: 100,
  stepScaleP: 0.2,
  stepScaleV: 0.2,
} as const satisfies Partial<KngSettings>;

export type KngSampler = 'mixed' | 'paper';

/** The settings with the paper's sampler (`paper`) or as they are (`mixed`). */
export function withSampler(s: KngSettings, sampler: KngSampler): KngSettings {
  return sampler === 'paper' ? { ...s, ...PAPER_SAMPLER } : s;
}

export interface KngCalibration {
  tau: number;
  tauM: number;
  deltaP: number;
  deltaV: number;
  sigmaP: number;
  sigmaV: number;
  /** Radius of the shooting-vector ball (Infinity for the plane). */
  vRadius: number;
  /**
   * False when τ or τ_m (where used) were computed from the private data: the release then leaks. True means
   * the bounds are public — the shooting vectors are then ε_v-private, but the footpoint may still leak (see
   * `privacyLabel`).
   */
  isPrivate: boolean;
  /** What the lab's badge says: the measured verdict in a few words (not just "private"). */
  privacyLabel: string;
  notes: string[];
  /** Set when the untruncated footpoint target would not normalise (its draws then sit at the domain's edge). */
  footpointImproper: ImproperFootpoint | null;
}

/**
 * The footpoint target exp(−‖∇_p E‖/σ_p) on a space whose ball volumes grow like e^{h d} (SPD(2) affine:
 * h = 1/√2): the gradient norm grows like the distance d to the data (in curvature ≤ 0 d_pExp never shrinks a
 * vector, and far from the data all residuals point the same way), so the target normalises for σ_p·h < 1 and
 * not beyond a little more (as 004's Riemannian Laplace on affine SPD). The chain is held to the manifold's
 * well-conditioned points (`wellConditioned`, a public domain like the shooting vector's ball): without it,
 * it drifted to matrices of condition 1e40 whose predictions cannot be compared with the data.
 */
export interface ImproperFootpoint {
  /** The smallest ε_p with σ_p·h < 1 at this Δ_p and σ rule. */
  minEpsP: number;
  /** Why, without this release's numbers (one note serves a sweep's many budgets). */
  reason: string;
  /** The note for this release: the reason with σ_p, ε_p and the way out. */
  message: string;
}

function improperFootpoint(M: Manifold, epsP: number, sigmaP: number): ImproperFootpoint | null {
  const h = M.volumeGrowthRate;
  if (!(h > 0) || sigmaP * h < 1) return null;
  const minEpsP = epsP * sigmaP * h;
  const reason =
    `the footpoint density exp(−‖∇_p E‖/σ_p) would not normalise on ${M.name} (it needs σ_p < ${(1 / h).toPrecision(3)}: ` +
    `ball volumes grow like exp(${h.toPrecision(3)}·d), the gradient norm like the distance d to the data), so the ` +
    `chain is held to matrices of condition number ≤ ${WELL_CONDITIONED_MAX.toExponential().replace('+', '')} and its draws lie far ` +
    'from the data, near that edge';
  const message =
    `At ε_p = ${epsP} (σ_p = ${sigmaP.toPrecision(3)}) ${reason}. ` +
    `For footpoints near the data raise ε_p above ${minEpsP.toPrecision(2)}, or lower the public τ or τ_m.`;
  return { minEpsP, reason, message };
}

/**
 * The footpoint's target exp(−‖∇_p E(p, Γv̂; D)‖/σ_p) conditions on the NON-private v̂(D), which moves when one
 * record changes; the sensitivity 2τ/n covers a changed record with v held fixed, not that shift. Measured
 * (src/audit/claims.test.ts): on R¹ with public τ and σ = 2Δ/ε the footpoint's exact privacy loss is 1.18 ε_p
 * (audit lower bound 1.12 ε_p at N = 4000); on S² the audit found nothing measurable at N = 400.
 */
export const FOOTPOINT_LEAK_LABEL = 'private shooting vector; footpoint release measured to leak beyond ε_p';
export const FOOTPOINT_LEAK_NOTE =
  'The footpoint is drawn given the non-private slope v̂(D), which moves when one record changes; the ' +
  'bound 2τ/n does not cover that shift. Measured on R¹ with public τ and σ = 2Δ/ε: the footpoint release ' +
  'loses 1.18 ε_p (audit lower bound 1.12 ε_p), so it does not meet its ε_p; the shooting vectors, drawn ' +
  'given the released footpoint, do meet ε_v.';
export const NOT_PRIVATE_LABEL = 'not private';

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

export interface RegressionInput {
  M: Manifold;
  xs: Covariates;
  ys: readonly Float64Array[];
  /** The non-private fit. */
  pHat: Float64Array;
  vHat: Float64Array;
  /** Its largest residual norm (the data-driven τ). */
  maxResidual: number;
}

/** Data-driven τ_m: the radius of the smallest ball around the Fréchet mean holding all responses. */
export function dataRadius(M: Manifold, ys: readonly Float64Array[]): number {
  const m0 = frechetMean(M, ys);
  let r = 0;
  for (const y of ys) r = Math.max(r, M.dist(m0, y));
  return r;
}

export function calibrateKng(input: RegressionInput, s: KngSettings): KngCalibration {
  const { M, ys } = input;
  const n = ys.length;
  const kappaLower = M.curvatureBounds[0];
  const notes: string[] = [];
  let isPrivate = true;
  let tau: number;
  if (s.tau === 'data') {
    tau = input.maxResidual;
    isPrivate = false;
    notes.push(
      'τ is the largest residual of the private data (as in the paper): this release is not private.',
    );
  } else {
    tau = s.tau;
    if (tau < M.injectivityRadius && Number.isFinite(M.injectivityRadius) && M.curvatureBounds[1] > 0) {
      notes.push(
        `The public τ = ${tau} is below the diameter, so it is an assumption about the data, not a guarantee.`,
      );
    }
  }
  let tauM = 0;
  if (kappaLower < 0) {
    if (s.tauM === 'data') {
      tauM = dataRadius(M, ys);
      isPrivate = false;
      notes.push('τ_m is the radius of the private data: this release is not private.');
    } else tauM = s.tauM;
  }
  const { deltaP, deltaV } = kngSensitivity(kappaLower, n, tau, tauM);
  const sigmaP = kngSigma(deltaP, s.epsP, s.sigmaRule);
  const sigmaV = kngSigma(deltaV, s.epsV, s.sigmaRule);
  if (!(sigmaP > 0 && sigmaV > 0)) {
    // A zero noise scale would release the non-private fit; the chains could not even start (0/0 potentials).
    throw new RangeError(
      tau === 0
        ? `τ = 0 ${s.tau === 'data' ? '(the data lie exactly on a geodesic, so their largest residual is 0)' : 'was given'}: ` +
            'the KNG noise scale would be 0 and the release would be the non-private fit; set a public τ > 0'
        : `the KNG noise scale underflows to 0 (σ_p = ${sigmaP}, σ_v = ${sigmaV} at ε_p = ${s.epsP}, ` +
            `ε_v = ${s.epsV}, τ = ${tau}); use a smaller ε or a larger τ`,
    );
  }
  let vRadius = Infinity;
  if (s.vDomain === 'ball') {
    vRadius = s.vRadius ?? (Number.isFinite(M.injectivityRadius) ? M.injectivityRadius : 2 * (tauM + tau));
    if (M.curvatureBounds[0] === 0 && M.curvatureBounds[1] === 0 && s.vRadius === undefined)
      vRadius = Infinity;
  }
  if (s.sigmaRule === 'paper') {
    notes.push('σ = Δ/ε as in the paper; KNG theory needs σ = 2Δ/ε when the normaliser depends on the data.');
  }
  if (s.vDomain === 'plane') {
    notes.push(
      'Shooting vectors range over the whole tangent plane (as in the paper): that target can be improper.',
    );
  }
  if (isPrivate) notes.push(FOOTPOINT_LEAK_NOTE);
  const privacyLabel = isPrivate ? FOOTPOINT_LEAK_LABEL : NOT_PRIVATE_LABEL;
  const footpointImproper = improperFootpoint(M, s.epsP, sigmaP);
  if (footpointImproper) notes.push(footpointImproper.message);
  return {
    tau,
    tauM,
    deltaP,
    deltaV,
    sigmaP,
    sigmaV,
    vRadius,
    isPrivate,
    privacyLabel,
    notes,
    footpointImproper,
  };
}

/** Writes into `out` a vector uniform in the ball of radius r of T_p M (in the metric at p). */
export function uniformTangentBall(
  M: Manifold,
  p: Float64Array,
  r: number,
  rng: Rng,
  out: Float64Array,
): Float64Array {
  M.randomTangent(p, rng, out);
  const len = M.norm(p, out);
  const k = (r * Math.pow(rng.uniform(), 1 / M.dim)) / len;
  for (let i = 0; i < out.length; i++) out[i] *= k;
  return out;
}

/**
 * The footpoint target. Proposals and norms go through the fused geometry of M where there is one
 * (proposals.ts: the same steps as the Manifold's operations, without their per-call overhead); pass
 * `geometry: null` for the Manifold's own (the reference the tests compare with). With the fused geometry, a
 * kernel that runs whole chains (GradientNormKernel.chains) runs this target's steps: the same numbers.
 */
export function footpointTarget(
  M: Manifold,
  kernel: GradientNormKernel,
  sigmaP: number,
  geometry: FusedGeometry | null = fusedGeometry(M),
): RandomWalkTarget {
  const nu = new Float64Array(M.ambientDim);
  return {
    size: M.ambientDim,
    runSteps: geometry ? kernel.chains?.footpoint(sigmaP, M.dim) : undefined,
    // NaN marks a proposal Exp could not represent (e.g. an SPD matrix beyond floating point), and the domain
    // ends where points are too ill-conditioned to compare with the data (ImproperFootpoint): rejected.
    potential: (p) =>
      Number.isNaN(p[0]) || (M.wellConditioned && !M.wellConditioned(p))
        ? Infinity
        : kernel.footpointGradNorm(p) / sigmaP,
    propose: (p, step, rng, out) => {
      try {
        if (geometry) geometry.exp(p, geometry.tangentBall(p, step, rng, nu), out);
        else M.exp(p, uniformTangentBall(M, p, step, rng, nu), out);
      } catch (e) {
        // a start the geometry refuses (e.g. a fit beyond floating point on SPD) proposes nothing acceptable
        if (!(e instanceof GeometryError)) throw e;
        out.fill(NaN);
      }
    },
  };
}

export function shootingTarget(
  M: Manifold,
  kernel: GradientNormKernel,
  pTilde: Float64Array,
  sigmaV: number,
  vRadius: number,
  geometry: FusedGeometry | null = fusedGeometry(M),
): RandomWalkTarget {
  const nu = new Float64Array(M.ambientDim);
  const norm = geometry ?? M;
  return {
    size: M.ambientDim,
    runSteps: geometry ? kernel.chains?.shooting(pTilde, sigmaV, vRadius, M.dim) : undefined,
    potential: (v) =>
      norm.norm(pTilde, v) > vRadius ? Infinity : kernel.shootingGradNorm(pTilde, v) / sigmaV,
    propose: (v, step, rng, out) => {
      if (geometry) geometry.tangentBall(pTilde, step, rng, nu);
      else uniformTangentBall(M, pTilde, step, rng, nu);
      for (let i = 0; i < out.length; i++) out[i] = v[i] + nu[i];
    },
  };
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
  const kernel = gradientNormKernel(input.M, input.xs, input.ys, input.pHat, input.vHat);
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
