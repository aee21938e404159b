import type { Manifold } from '../geometry/types';
import { GeometryError } from '../geometry/types';
import { euclideanGradientKernel } from './euclideanKernel';
import { kendallGradientKernel } from './kendallKernel';
import { spd2GradientKernel } from './spdKernel';
import { sphereGradientKernel } from './sphereKernel';
import { accumulateGradient, RegressionWorkspace, type Covariates } from '../regression/geodesicRegression';

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
}

/** The generic kernel, over any manifold through its interface (the reference for the fused kernels). */
export function genericGradientNormKernel(
  M: Manifold,
  xs: Covariates,
  ys: readonly Float64Array[],
  pHat: Float64Array,
  vHat: Float64Array,
): GradientNormKernel {
  const ws = new RegressionWorkspace(M.ambientDim);
  const grad = new Float64Array(M.ambientDim);
  const vAtP = new Float64Array(M.ambientDim);
  const guarded = (f: () => number): number => {
    try {
      return f();
    } catch (e) {
      if (e instanceof GeometryError) return Infinity;
      throw e;
    }
  };
  return {
    implementation: 'JavaScript (generic)',
    footpointGradNorm: (p) =>
      guarded(() => {
        M.transport(pHat, p, vHat, vAtP);
        accumulateGradient(M, xs, ys, p, vAtP, ws, grad, null);
        return M.norm(p, grad);
      }),
    shootingGradNorm: (p, v) =>
      guarded(() => {
        accumulateGradient(M, xs, ys, p, v, ws, null, grad);
        return M.norm(p, grad);
      }),
  };
}

/**
 * The fastest kernel for M: a fused one where it exists (S², affine SPD(2), Kendall), closed form from the
 * moments on R^d, else the generic one.
 */
export function gradientNormKernel(
  M: Manifold,
  xs: Covariates,
  ys: readonly Float64Array[],
  pHat: Float64Array,
  vHat: Float64Array,
): GradientNormKernel {
  if (M.name === 'sphere') return sphereGradientKernel(xs, ys, pHat, vHat);
  if (M.name === 'spd(2, affine)') return spd2GradientKernel(xs, ys, pHat, vHat);
  if (M.name.startsWith('kendall(')) return kendallGradientKernel(xs, ys, pHat, vHat);
  if (M.name.startsWith('euclidean(')) return euclideanGradientKernel(xs, ys, vHat);
  return genericGradientNormKernel(M, xs, ys, pHat, vHat);
}
