import type { Covariates } from '../regression/geodesicRegression';
import { kNormLaplace } from '../sampling/distributions';
import type { Rng } from '../sampling/rng';

/**
 * Exact KNG for linear regression in R^d (the flat case of geodesic regression; docs/euclidean.md).
 * The gradients are linear in the parameter, so the KNG densities are ℓ₂ K-norm (Laplace-type) laws:
 *   footpoint (v = v̂ fixed): ‖∇_p E‖ = ‖p − p̂‖            → p̃ = p̂ + radius·direction, radius ~ Gamma(d, 1/σ_p);
 *   slope given p̃:           ‖∇_v E‖ = m₂‖v − β*(p̃)‖      → radius ~ Gamma(d, m₂/σ_v),
 * with m₂ = mean xᵢ² and β*(p̃) = Σ xᵢ(yᵢ − p̃) / (n m₂).
 */
export function exactFootpoint(pHat: Float64Array, sigmaP: number, rng: Rng): Float64Array {
  const noise = kNormLaplace(rng, pHat.length, sigmaP);
  return pHat.map((x, i) => x + noise[i]);
}

/** β*(p̃): the slope minimising E(p̃, ·), and m₂. */
export function conditionalSlope(
  xs: Covariates,
  ys: readonly Float64Array[],
  pTilde: Float64Array,
): { beta: Float64Array; m2: number } {
  const n = ys.length;
  const d = pTilde.length;
  let m2 = 0;
  const beta = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    m2 += xs[i] * xs[i];
    for (let j = 0; j < d; j++) beta[j] += xs[i] * (ys[i][j] - pTilde[j]);
  }
  if (!(m2 > 0)) throw new RangeError('exact KNG slope: all covariates are zero');
  for (let j = 0; j < d; j++) beta[j] /= m2;
  return { beta, m2: m2 / n };
}

export function exactShootingVector(
  xs: Covariates,
  ys: readonly Float64Array[],
  pTilde: Float64Array,
  sigmaV: number,
  rng: Rng,
): Float64Array {
  const { beta, m2 } = conditionalSlope(xs, ys, pTilde);
  const noise = kNormLaplace(rng, beta.length, sigmaV / m2);
  return beta.map((b, i) => b + noise[i]);
}
