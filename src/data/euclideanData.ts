import { rescaleCovariates } from '../regression/covariates';
import { Rng } from '../sampling/rng';
import type { RegressionData } from './types';

export interface EuclideanDataOptions {
  n: number;
  /** Dimension of the response. */
  d?: number;
  /** Standard deviation of the isotropic Gaussian noise on each coordinate. */
  noiseSd: number;
  seed: number;
}

/**
 * Linear model in R^d (geodesic regression on a flat space, docs/euclidean.md): intercept a ~ N(0, I_d),
 * slope b ~ N(0, I_d), tᵢ ~ U[0,1], yᵢ = a + tᵢ b + N(0, σ² I_d). Covariates are rescaled to [0, 1] (min 0,
 * max 1) and the truth re-expressed accordingly: p = a + min·b, v = (max − min)·b.
 */
export function euclideanData({
  n,
  d = 1,
  noiseSd,
  seed,
}: EuclideanDataOptions): RegressionData & { truth: { p: Float64Array; v: Float64Array } } {
  if (!Number.isInteger(n) || n < 2)
    throw new RangeError(`euclideanData: n must be an integer ≥ 2, got ${n}`);
  if (!Number.isInteger(d) || d < 1)
    throw new RangeError(`euclideanData: d must be a positive integer, got ${d}`);
  if (!(noiseSd >= 0) || !Number.isFinite(noiseSd)) {
    throw new RangeError(`euclideanData: noiseSd must be a finite number ≥ 0, got ${noiseSd}`);
  }
  const rng = Rng.fromKey(seed, 0xe1);
  const a = Float64Array.from({ length: d }, () => rng.normal());
  const b = Float64Array.from({ length: d }, () => rng.normal());
  const t = Float64Array.from({ length: n }, () => rng.uniform());
  const ys = Array.from(t, (ti) => Float64Array.from(a, (aj, j) => aj + ti * b[j] + noiseSd * rng.normal()));
  const { xs, scale } = rescaleCovariates(t);
  const span = scale.max - scale.min;
  return {
    xs,
    ys,
    xRange: [0, 1],
    xLabel: 'x',
    description: `Synthetic: ${n} points in R^${d} around a random line (Gaussian noise sd ${noiseSd} per coordinate).`,
    truth: {
      p: Float64Array.from(a, (aj, j) => aj + scale.min * b[j]),
      v: b.map((bj) => span * bj),
    },
  };
}
