import { spd, type SpdMetric } from '../geometry/spd';
import { rescaleCovariates } from '../regression/covariates';
import { Rng } from '../sampling/rng';
import type { RegressionData } from './types';

export interface SpdDataOptions {
  n: number;
  /** Standard deviation of the tangent Gaussian noise, in the metric at the clean point (000 App. F: 0.01). */
  noiseSd?: number;
  seed: number;
  /** Riemannian metric of SPD(2) used for the geodesic and the noise (000 App. F: affine-invariant). */
  metric?: SpdMetric;
  /**
   * Spread of the random end points: P = Exp(I, s·A), Q = Exp(I, s·B) with A, B standard Gaussian in T_I
   * (so log-eigenvalues of P are of order ±s). Default 0.5: eigenvalues mostly within e^{±1}.
   */
  spread?: number;
}

/**
 * SPD(2) data of paper 000, appendix F (docs/experiments.md). Random end points P = Exp(I, s·A), Q = Exp(I,
 * s·B), where A, B are independent draws of the standard Gaussian of T_I SPD(2) (identity covariance in the
 * metric at I, i.e. the tangent space of symmetric matrices with ⟨u,w⟩ = tr(uw)) and s = `spread` (0.5); v =
 * Log(P, Q); tᵢ ~ U[0,1]; clean yᵢ = Exp(P, tᵢ v), observed yᵢ = Exp(clean, ξᵢ) with ξᵢ a tangent Gaussian of
 * standard deviation noiseSd in the metric at the clean point. Covariates are rescaled to [0, 1] (min 0, max
 * 1) and the true geodesic is re-expressed in the rescaled covariate. Matrices are 2×2 row-major
 * [a, b, b, c].
 */
export function spdData({
  n,
  noiseSd = 0.01,
  seed,
  metric = 'affine',
  spread = 0.5,
}: SpdDataOptions): RegressionData & { truth: { p: Float64Array; v: Float64Array } } {
  if (!Number.isInteger(n) || n < 2) throw new RangeError(`spdData: n must be an integer ≥ 2, got ${n}`);
  if (!(noiseSd >= 0) || !Number.isFinite(noiseSd)) {
    throw new RangeError(`spdData: noiseSd must be a finite number ≥ 0, got ${noiseSd}`);
  }
  if (!(spread > 0) || !Number.isFinite(spread)) {
    throw new RangeError(`spdData: spread must be a finite positive number, got ${spread}`);
  }
  const M = spd(2, metric);
  const rng = Rng.fromKey(seed, 0x5d);
  const I = M.basePoint();
  const P = M.exp(
    I,
    M.randomTangent(I, rng).map((a) => spread * a),
  );
  const Q = M.exp(
    I,
    M.randomTangent(I, rng).map((b) => spread * b),
  );
  const v0 = M.log(P, Q);
  const t = Float64Array.from({ length: n }, () => rng.uniform());
  const xi = new Float64Array(M.ambientDim);
  const ys = Array.from(t, (ti) => {
    const clean = M.exp(
      P,
      v0.map((z) => ti * z),
    );
    M.randomTangent(clean, rng, xi);
    for (let j = 0; j < xi.length; j++) xi[j] *= noiseSd;
    return M.exp(clean, xi);
  });
  const { xs, scale } = rescaleCovariates(t);
  // The true geodesic re-expressed in the rescaled covariate: x = (t − min)/(max − min).
  const span = scale.max - scale.min;
  const p = M.exp(
    P,
    v0.map((z) => scale.min * z),
  );
  const v = M.transport(
    P,
    p,
    v0.map((z) => span * z),
  );
  return {
    xs,
    ys,
    xRange: [0, 1],
    covariates: { raw: t, publicRange: [0, 1] },
    xLabel: 'x',
    description:
      `Synthetic: ${n} SPD(2) matrices (${metric === 'affine' ? 'affine-invariant' : 'log-Euclidean'} metric) ` +
      `scattered (tangent noise sd ${noiseSd}) around the geodesic between two random matrices.`,
    truth: { p, v },
  };
}
