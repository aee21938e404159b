/**
 * Scalar helpers shared by the fused gradient kernels (their inner loops call these once or twice per data
 * point). V8 does not inline Math.sin, Math.cos or Math.atan2 — each is a call into fdlibm with general range
 * reduction, 10–25 ns — while the kernels only need them on short, known ranges. There, the polynomials below
 * (least-squares fits on Chebyshev nodes, max error ≤ 1e-16 before rounding; their coefficients are in
 * wasm/polynomials.ts, written into polynomials.generated.ts by `npm run build:wasm`) are branch-free, inlined, and
 * several times cheaper; kernelMath.test.ts checks them against Math.* on dense grids.
 */

import { atanOverArg, cosNearZero, sinNearZero } from './polynomials.generated';

const HALF_PI = Math.PI / 2;

/**
 * cos t for t ∈ [0, π] by the polynomial (t − π/2 ∈ [−π/2, π/2], cos t = −sin(t − π/2)); Math.cos elsewhere.
 * The kernels' angles xᵢ|v| lie in [0, π] (covariates rescaled to [0, 1], |v| below the injectivity radius), so
 * the fallback branch is never taken there and is perfectly predicted.
 */
export function cosOnHalfTurn(t: number): number {
  const r = t - HALF_PI;
  return r >= -HALF_PI && r <= HALF_PI ? -sinNearZero(r) : Math.cos(t);
}

/** sin t for t ∈ [0, π] by the polynomial (sin t = cos(t − π/2)); Math.sin elsewhere. */
export function sinOnHalfTurn(t: number): number {
  const r = t - HALF_PI;
  return r >= -HALF_PI && r <= HALF_PI ? cosNearZero(r) : Math.sin(t);
}

/**
 * θ/sin θ of a residual on a sphere-like space from sin²θ = sinSq and cos θ = dot (taking sin² spares the
 * common case a square root). Small residuals (the common case) use the series of asin(s)/s in s². Others
 * use θ = 4 atan(b) with b = tan(θ/4) = sin θ / (2 c (1 + c)), c = cos(θ/2) = √((1 + dot)/2) ≤ tan(π/8)
 * for θ ≤ π/2; past π/2 the same for π − θ, with √((1 − dot)/2), so that nothing cancels near the cut locus.
 * Returns −1 at the cut locus (antipodal points), where the residual is undefined.
 */
export function thetaOverSin(sinSq: number, dot: number): number {
  if (dot > 0 && sinSq < 0.01) {
    // asin(s)/s = Σ (2k)! / (4^k (k!)² (2k+1)) s^{2k}; truncation error < 2e-13 relative for s < 0.1
    const z = sinSq,
      z2 = z * z,
      z4 = z2 * z2;
    return (
      1 + z / 6 + z2 * (3 / 40 + z * (5 / 112)) + z4 * (35 / 1152 + z * (63 / 2816) + z2 * (231 / 13312))
    );
  }
  if (dot >= 0) {
    // θ/sin θ = 4 b P(b²)/sin θ = 2 P(b²)/(c (1 + c))
    const c = Math.sqrt(0.5 * (1 + dot));
    const inv = 1 / (c * (1 + c));
    return 2 * atanOverArg(0.25 * sinSq * inv * inv) * inv;
  }
  if (sinSq < 1e-24) return -1;
  const s = Math.sqrt(0.5 * (1 - dot)); // cos((π − θ)/2)
  const inv = 1 / (s * (1 + s));
  return Math.PI / Math.sqrt(sinSq) - 2 * atanOverArg(0.25 * sinSq * inv * inv) * inv;
}

/** sin(t)/t with its series near 0. */
export function sinc(t: number): number {
  return Math.abs(t) < 1e-4 ? 1 - (t * t) / 6 : Math.sin(t) / t;
}
