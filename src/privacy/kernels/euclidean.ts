import type { Covariates } from '../../regression/geodesicRegression';
import type { GradientNormKernel } from './types';

/**
 * The KNG gradient norms of linear regression in R^d (geodesic regression on a flat space) from the data's
 * moments, O(d) per call instead of O(nd): with residuals rᵢ = yᵢ − p − xᵢv,
 *   ∇_p E = −(1/n) Σ rᵢ      = −(ȳ − p − x̄ v),
 *   ∇_v E = −(1/n) Σ xᵢ rᵢ   = −(C − c v + x̄ (ȳ − p − x̄ v)),
 * where C = (1/n) Σ (xᵢ − x̄)(yᵢ − ȳ) and c = (1/n) Σ (xᵢ − x̄)². Centring keeps the sums as accurate as the
 * per-point ones: the only cancellation left, ȳ − p, is the one every residual has.
 */
export function euclideanGradientKernel(
  xs: Covariates,
  ys: readonly Float64Array[],
  vHat: Float64Array,
): GradientNormKernel {
  const n = ys.length;
  const d = vHat.length;
  let xMean = 0;
  for (let i = 0; i < n; i++) xMean += xs[i] / n;
  const yMean = new Float64Array(d);
  for (const y of ys) for (let j = 0; j < d; j++) yMean[j] += y[j] / n;
  const cov = new Float64Array(d);
  let xVar = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - xMean;
    xVar += (dx * dx) / n;
    for (let j = 0; j < d; j++) cov[j] += (dx * (ys[i][j] - yMean[j])) / n;
  }
  return {
    implementation: 'JavaScript (moments)',
    footpointGradNorm(p) {
      // v̂ carried to p is v̂ itself (parallel transport is the identity)
      let s = 0;
      for (let j = 0; j < d; j++) {
        const g = yMean[j] - p[j] - xMean * vHat[j];
        s += g * g;
      }
      return Math.sqrt(s);
    },
    shootingGradNorm(p, v) {
      let s = 0;
      for (let j = 0; j < d; j++) {
        const g = cov[j] - xVar * v[j] + xMean * (yMean[j] - p[j] - xMean * v[j]);
        s += g * g;
      }
      return Math.sqrt(s);
    },
  };
}
