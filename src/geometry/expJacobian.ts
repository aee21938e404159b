/**
 * The Jacobian of the exponential map, J_p(a) = |det d(Exp_p)_a| in orthonormal bases of T_p and T_{Exp_p(a)}:
 * the density of the Riemannian volume pulled back to T_p by Exp_p, dvol(Exp_p(a)) = J_p(a) da.
 *
 * On a locally symmetric space the Jacobi fields along γ(t) = Exp_p(t a) split along the parallel eigenvectors of
 * R(·, â)â (â = a/|a|, eigen-curvature K), and d(Exp_p)_a scales each component orthogonal to a by
 * sn_K(r)/r, r = |a| (sn_K(r) = sin(√K r)/√K, sinh(√−K r)/√−K, or r). So J is the product of those factors:
 *   S^d (K = 1, d − 1 directions):                       (sin r / r)^{d−1}
 *   Kendall shape space CP^m, m = k − 2 (K = 4 on iâ, K = 1 on 2m − 2):   (sin r / r)^{2m−2} · sin 2r / 2r
 *   SPD(2), affine metric (K = −(λ₁ − λ₂)²/4r² on the off-diagonal direction of the whitened a, 0 on the rest):
 *                                                        sinh(δ/2)/(δ/2), δ = λ₁ − λ₂ the eigenvalue gap of
 *                                                        P^-½ a P^-½, δ² = 2|a|² − tr(P⁻¹a)²
 *   flat spaces (R^d, SPD with the log-Euclidean metric): 1.
 * Inside the injectivity radius every factor is positive; beyond it the formulas go on but Exp_p is no longer
 * one-to-one, so a density pushed through Exp_p must stop there.
 */
import type { Manifold } from './types';

const sinc = (x: number) => (Math.abs(x) < 1e-4 ? 1 - (x * x) / 6 + (x * x * x * x) / 120 : Math.sin(x) / x);
const sinhc = (x: number) =>
  Math.abs(x) < 1e-4 ? 1 + (x * x) / 6 + (x * x * x * x) / 120 : Math.sinh(x) / x;

/** ln J_p(a) as a function of the tangent vector a at p, for the spaces with a closed form; null elsewhere. */
export function expLogJacobian(M: Manifold): ((p: Float64Array, a: Float64Array) => number) | null {
  const family = M.family;
  if (!family) return null;
  if (family.kind === 'euclidean' || (family.kind === 'spd' && family.metric === 'logEuclidean'))
    return () => 0;
  if (family.kind === 'sphere') {
    const d = M.dim;
    return (p, a) => (d - 1) * Math.log(sinc(M.norm(p, a)));
  }
  if (family.kind === 'kendall') {
    const m = family.landmarks - 2; // shape space of k planar landmarks = CP^{k−2}
    return (p, a) => {
      const r = M.norm(p, a);
      return (2 * m - 2) * Math.log(sinc(r)) + Math.log(sinc(2 * r));
    };
  }
  if (family.kind === 'spd' && family.k === 2) {
    return (p, a) => {
      const det = p[0] * p[3] - p[1] * p[2];
      // tr(P⁻¹a) with P⁻¹ = adj(P)/det
      const trace = (p[3] * a[0] - p[1] * a[2] - p[2] * a[1] + p[0] * a[3]) / det;
      const gap = Math.sqrt(Math.max(0, 2 * M.inner(p, a, a) - trace * trace));
      return Math.log(sinhc(gap / 2));
    };
  }
  return null;
}

/** Volume of the Euclidean d-ball of radius R: π^{d/2} R^d / Γ(d/2 + 1). */
export function logBallVolume(d: number, radius: number): number {
  return (d / 2) * Math.log(Math.PI) + d * Math.log(radius) - logGammaHalfInteger(d / 2 + 1);
}

/** ln Γ(x) for x a positive multiple of ½ (exact recursions from Γ(1) = 1, Γ(½) = √π). */
export function logGammaHalfInteger(x: number): number {
  let s = 0;
  let y = x;
  while (y > 1.25) {
    y -= 1;
    s += Math.log(y);
  }
  if (Math.abs(y - 0.5) < 1e-12) return s + 0.5 * Math.log(Math.PI);
  if (Math.abs(y - 1) < 1e-12) return s;
  throw new RangeError(`logGammaHalfInteger: ${x} is not a positive multiple of ½`);
}
