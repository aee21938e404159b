import type { Covariates } from '../regression/geodesicRegression';
import type { GradientNormKernel } from './gradientKernel';
import { thetaOverSin } from './kernelMath';

/**
 * The KNG gradient norms of geodesic regression on S², fused into one allocation-free loop per call: the
 * same mathematics as the generic kernel (Exp, Log, the Jacobi adjoints; SPEC §2–3), specialised so the
 * samplers' inner loop costs a handful of flops and one atan2 per data point.
 *
 * For a point with covariate x, L = x|v|, û = v/|v|: the prediction is c p + s û and γ'(L) = −s p + c û
 * (c = cos L, s = sin L). With residual w = Log(prediction, y) and a = ⟨w, γ'(L)⟩, transporting w back
 * along γ gives a û + (w − a γ'), so
 *   d_pExp† w = a û + cos L (w − a γ'),   d_vExp† w = a û + (sin L / L)(w − a γ').
 */
export function sphereGradientKernel(
  xs: Covariates,
  ys: readonly Float64Array[],
  pHat: Float64Array,
  vHat: Float64Array,
): GradientNormKernel {
  const n = ys.length;
  const X = Float64Array.from(xs);
  const Y = new Float64Array(3 * n);
  ys.forEach((y, i) => Y.set(y, 3 * i));
  // In the footpoint chain v is v̂ carried to p, so |v| = |v̂| and every cos(xᵢ|v|), sin(xᵢ|v|) is fixed.
  const vHatNorm = Math.hypot(vHat[0], vHat[1], vHat[2]);
  const cosFixed = X.map((x) => Math.cos(x * vHatNorm));
  const sinFixed = X.map((x) => Math.sin(x * vHatNorm));

  /**
   * ‖Σ weightᵢ adjointᵢ‖ / n for the footpoint (d_p adjoint: factor cos L off v, weight 1, trig from the
   * fixed tables) or the shooting vector (d_v adjoint: factor sin L / L, weight xᵢ, per-point cos/sin).
   * One loop with a loop-invariant flag: V8 predicts the branch, and there is one copy of the geometry.
   */
  function gradNorm(
    p0: number,
    p1: number,
    p2: number,
    v0: number,
    v1: number,
    v2: number,
    footpoint: boolean,
  ) {
    const L = Math.sqrt(v0 * v0 + v1 * v1 + v2 * v2);
    const inv = L > 0 ? 1 / L : 0;
    const u0 = v0 * inv,
      u1 = v1 * inv,
      u2 = v2 * inv;
    let g0 = 0,
      g1 = 0,
      g2 = 0;
    for (let i = 0; i < n; i++) {
      let c: number, s: number, perp: number, weight: number;
      if (footpoint) {
        c = cosFixed[i];
        s = sinFixed[i];
        perp = c;
        weight = 1;
      } else {
        weight = X[i];
        const Li = weight * L;
        c = Math.cos(Li);
        s = Math.sin(Li);
        perp = Li < 1e-4 ? 1 - (Li * Li) / 6 : s / Li;
      }
      // prediction q = γ(xᵢ) and velocity t = γ'(xᵢ)/|v|
      const q0 = c * p0 + s * u0,
        q1 = c * p1 + s * u1,
        q2 = c * p2 + s * u2;
      const t0 = c * u0 - s * p0,
        t1 = c * u1 - s * p1,
        t2 = c * u2 - s * p2;
      // residual w = Log(q, y) = θ/sinθ (y − ⟨q,y⟩q)
      const j = 3 * i;
      const y0 = Y[j],
        y1 = Y[j + 1],
        y2 = Y[j + 2];
      const dot = q0 * y0 + q1 * y1 + q2 * y2;
      const r0 = y0 - dot * q0,
        r1 = y1 - dot * q1,
        r2 = y2 - dot * q2;
      const f = thetaOverSin(Math.sqrt(r0 * r0 + r1 * r1 + r2 * r2), dot);
      if (f < 0) return Infinity;
      const w0 = f * r0,
        w1 = f * r1,
        w2 = f * r2;
      const a = w0 * t0 + w1 * t1 + w2 * t2;
      g0 += weight * (a * u0 + perp * (w0 - a * t0));
      g1 += weight * (a * u1 + perp * (w1 - a * t1));
      g2 += weight * (a * u2 + perp * (w2 - a * t2));
    }
    return Math.sqrt(g0 * g0 + g1 * g1 + g2 * g2) / n;
  }

  const h0 = pHat[0],
    h1 = pHat[1],
    h2 = pHat[2];
  return {
    footpointGradNorm(p) {
      // v̂ transported from p̂ to p: w − ⟨p,w⟩/(1+⟨p̂,p⟩) (p̂ + p)
      const cpp = h0 * p[0] + h1 * p[1] + h2 * p[2];
      if (1 + cpp < 1e-12) return Infinity; // p antipodal to p̂: transport undefined
      const k = (p[0] * vHat[0] + p[1] * vHat[1] + p[2] * vHat[2]) / (1 + cpp);
      return gradNorm(
        p[0],
        p[1],
        p[2],
        vHat[0] - k * (h0 + p[0]),
        vHat[1] - k * (h1 + p[1]),
        vHat[2] - k * (h2 + p[2]),
        true,
      );
    },
    shootingGradNorm: (p, v) => gradNorm(p[0], p[1], p[2], v[0], v[1], v[2], false),
  };
}
