/** Scalar helpers shared by the fused gradient kernels (their inner loops call these per data point). */

/**
 * θ/sin θ of a residual on a sphere-like space from sin θ = sn and cos θ = dot: a series in sn² for small
 * residuals (the common case, and twice as fast as atan2), atan2 otherwise. Returns −1 at the cut locus
 * (antipodal points), where the residual is undefined.
 */
export function thetaOverSin(sn: number, dot: number): number {
  if (dot > 0 && sn < 0.1) {
    // asin(s)/s = Σ (2k)! / (4^k (k!)² (2k+1)) s^{2k}; truncation error < 2e-13 relative for s < 0.1
    const z = sn * sn;
    return (
      1 + z * (1 / 6 + z * (3 / 40 + z * (5 / 112 + z * (35 / 1152 + z * (63 / 2816 + z * (231 / 13312))))))
    );
  }
  if (sn < 1e-12 && dot < 0) return -1;
  return Math.atan2(sn, dot) / sn;
}

/** sin(t)/t with its series near 0. */
export function sinc(t: number): number {
  return Math.abs(t) < 1e-4 ? 1 - (t * t) / 6 : Math.sin(t) / t;
}
