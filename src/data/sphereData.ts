import { sphere } from '../geometry/sphere';
import { rescaleCovariates } from '../regression/covariates';
import { Rng } from '../sampling/rng';
import type { RegressionData } from './types';

export interface SphereDataOptions {
  n: number;
  /** Variance δ of the ambient Gaussian noise before normalising (docs/experiments.md: 0.001, 0.01, 0.1). */
  noiseVariance: number;
  seed: number;
}

/**
 * Paper 000 §4.1 (docs/experiments.md): random q₀ ∈ S², random ζ ∈ T_{q₀} (N(0, I₃) projected), tᵢ ~ U[0,1],
 * yᵢ = normalise(Exp(q₀, tᵢ ζ) + N(0, δ I₃)); covariates rescaled to [0, 1].
 */
export function sphereData({ n, noiseVariance, seed }: SphereDataOptions): RegressionData & {
  truth: { p: Float64Array; v: Float64Array };
} {
  const M = sphere();
  const rng = Rng.fromKey(seed, 0x5e);
  const q0 = M.projectPoint(Float64Array.of(rng.normal(), rng.normal(), rng.normal()));
  const zeta = M.projectTangent(q0, Float64Array.of(rng.normal(), rng.normal(), rng.normal()));
  const sd = Math.sqrt(noiseVariance);
  const t = Float64Array.from({ length: n }, () => rng.uniform());
  const ys = Array.from(t, (ti) => {
    const y = M.exp(
      q0,
      zeta.map((z) => ti * z),
    );
    for (let j = 0; j < 3; j++) y[j] += sd * rng.normal();
    return M.projectPoint(y);
  });
  const { xs, scale } = rescaleCovariates(t);
  // The true geodesic re-expressed in the rescaled covariate: x = (t − min)/(max − min).
  const span = scale.max - scale.min;
  const p = M.exp(
    q0,
    zeta.map((z) => scale.min * z),
  );
  const v = M.transport(
    q0,
    p,
    zeta.map((z) => span * z),
  );
  return {
    xs,
    ys,
    xRange: [0, 1],
    covariates: { raw: t, publicRange: [0, 1] },
    xLabel: 't',
    description: `Synthetic: ${n} points scattered (noise variance ${noiseVariance}) around a random great-circle arc.`,
    truth: { p, v },
  };
}
