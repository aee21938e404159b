import type { ManifoldFamily } from '../../geometry/types';
import type { Covariates } from '../../regression/geodesicRegression';
import type { StepRunner } from '../../sampling/mh';
import type { Rng } from '../../sampling/rng';

/*
 * The types every sampler kernel shares, in a module of their own: the kernels, their table (index.ts) and
 * the KNG targets (kngTargets.ts) all import from here, and this imports no kernel, so no import runs in a
 * circle.
 */

/**
 * The two gradient norms that define the KNG densities of geodesic regression, over fixed data, without
 * allocating:
 *   footpoint: ‖∇_p E(p, Γ_{p̂→p} v̂)‖  (v̂ carried to each candidate footpoint),
 *   shooting:  ‖∇_v E(p, v)‖.
 * Candidates where a log or transport is undefined (cut locus) get +Infinity: a null set of the target.
 */
export interface GradientNormKernel {
  footpointGradNorm(p: Float64Array): number;
  shootingGradNorm(p: Float64Array, v: Float64Array): number;
  /** Which implementation runs, for the diagnostics (e.g. "WebAssembly SIMD"). */
  readonly implementation: string;
  /**
   * Optional: whole chains of kngTargets.ts's two targets (with the manifold's fused geometry) in one call
   * each, the same numbers as runChain's JavaScript loop over them — for kernels whose step is short enough that the
   * loop, the proposal and the calls between JavaScript and WebAssembly are a large part of it.
   */
  readonly chains?: FusedChains;
}

/** Step runners (runChain's loop) for the footpoint and the shooting-vector targets of kngTargets.ts. */
export interface FusedChains {
  /** footpointTarget(M, kernel, σ_p) on a manifold of dimension dim. */
  footpoint(sigmaP: number, dim: number): StepRunner;
  /** shootingTarget(M, kernel, p̃, σ_v, vRadius) on a manifold of dimension dim. */
  shooting(pTilde: Float64Array, sigmaV: number, vRadius: number, dim: number): StepRunner;
}

/**
 * The geometry a KNG random walk needs per step — a vector uniform in a tangent ball, the metric norm, and Exp —
 * fused for the spaces where the generic Manifold calls are a large part of a step once the gradient kernel is
 * fast: SPD(2) with the affine metric (2×2 eigendecompositions and matrix products per call), Kendall shape
 * space (validation passes, a rescaled norm) and S² (argument checks, a quarter of its step). The same mathematics and the same random draws in the same order
 * as kngTargets.ts's generic path with the Manifold's operations (randomTangent, norm, exp), so the chains
 * are the same up to rounding; kernels.test.ts ties each to that path.
 */
export interface FusedGeometry {
  /** Writes into `out` a vector uniform in the ball of radius r of T_p (the generic uniformTangentBall). */
  tangentBall(p: Float64Array, r: number, rng: Rng, out: Float64Array): Float64Array;
  /** Exp_p(ν) of a ball vector ν into `out`; NaN-filled where Exp is not representable (the generic rule). */
  exp(p: Float64Array, nu: Float64Array, out: Float64Array): void;
  norm(p: Float64Array, v: Float64Array): number;
  /** Γ_{p→q} w into `out` (the generic transport), NaN-filled where q is not a point; where fused. */
  transport?(p: Float64Array, q: Float64Array, w: Float64Array, out: Float64Array): void;
  /** d(basePoint, p) (the generic dist), NaN where p is not a point; where fused. */
  distFromBase?(p: Float64Array): number;
}

/** A fused gradient-norm kernel for one manifold of a family (the data fixed, the fit p̂, v̂ given). */
export type KernelFactory<F extends ManifoldFamily = ManifoldFamily> = (
  family: F,
  xs: Covariates,
  ys: readonly Float64Array[],
  pHat: Float64Array,
  vHat: Float64Array,
) => GradientNormKernel | null;

/**
 * The sampler's part of a manifold kind's description: its fused gradient-norm kernel and fused proposal
 * geometry, each null for the members of the family it does not cover (then the chains use the generic
 * Manifold path).
 */
export interface SamplerKernels<F extends ManifoldFamily = ManifoldFamily> {
  gradientKernel: KernelFactory<F>;
  fusedGeometry: (family: F) => FusedGeometry | null;
}
