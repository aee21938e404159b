/**
 * Scalar helpers shared by the fused gradient kernels (their inner loops call these once or twice per data
 * point). V8 does not inline Math.sin, Math.cos or Math.atan2 — each is a call into fdlibm with general range
 * reduction, 10–25 ns — while the kernels only need them on short, known ranges. There, the polynomials below
 * (least-squares fits on Chebyshev nodes, max error ≤ 1e-16 before rounding) are branch-free, inlined, and
 * several times cheaper; kernelMath.test.ts checks them against Math.* on dense grids.
 */

const HALF_PI = Math.PI / 2;

/** sin r for |r| ≤ π/2 (absolute error < 4e-16). Estrin's scheme: short dependency chains. */
function sinNearZero(r: number): number {
  const z = r * r,
    z2 = z * z,
    z4 = z2 * z2;
  return (
    r *
    (0.9999999999999993 +
      z * -0.16666666666665098 +
      z2 * (0.00833333333323856 + z * -0.0001984126981614557) +
      z4 *
        (2.755731573291499e-6 +
          z * -2.5051834972679474e-8 +
          z2 * (1.604688903657779e-10 + z * -7.360475399315779e-13)))
  );
}

/** cos r for |r| ≤ π/2 (absolute error < 4e-16). */
function cosNearZero(r: number): number {
  const z = r * r,
    z2 = z * z,
    z4 = z2 * z2;
  return (
    1 +
    z * -0.49999999999999983 +
    z2 * (0.041666666666664395 + z * -0.0013888888888787803) +
    z4 *
      (2.4801587279582307e-5 +
        z * -2.755731656702825e-7 +
        z2 * (2.0876569868662244e-9 + z * -1.1463094446251763e-11) +
        z4 * 4.6108659235176526e-14)
  );
}

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

/** atan(a)/a as a polynomial in z = a², for 0 ≤ a ≤ tan(π/8) (atan error < 3e-16). */
function atanOverArg(z: number): number {
  const z2 = z * z,
    z4 = z2 * z2,
    z8 = z4 * z4;
  return (
    0.9999999999999998 +
    z * -0.3333333333331813 +
    z2 * (0.19999999997507284 + z * -0.14285714101440633) +
    z4 *
      (0.1111110362042291 +
        z * -0.09090723756615139 +
        z2 * (0.07689359574326111 + z * -0.06635725586800012)) +
    z8 * (0.056673928446431994 + z * -0.04293580241318795 + z2 * 0.020528949560875982)
  );
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
