import type { Manifold } from '../../geometry/types';
import { GeometryError } from '../../geometry/types';
import {
  accumulateGradient,
  RegressionWorkspace,
  type Covariates,
} from '../../regression/geodesicRegression';
import type { GradientNormKernel } from './types';

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
