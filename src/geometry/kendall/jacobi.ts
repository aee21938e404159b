/**
 * The Jacobi structure of Kendall's shape space along a geodesic from p with initial velocity v (horizontal
 * vectors of length n = 2k), as `jacobiAdjoints` (../jacobi.ts) takes it.
 */
import type { JacobiFactor } from '../jacobi';

export function kendallJacobi(n: number) {
  // γ(t) = cos(tL) p + sin(tL) û, e = γ(L), g = γ'(L)/L = −sin L p + cos L û. Back along γ itself:
  // g ↦ û, ig ↦ iû, the rest of the horizontal space at e (⊥ e, ie, g, ig) is parallel and stays put.
  const transportBackAlongGeodesic = (
    p: Float64Array,
    v: Float64Array,
    w: Float64Array,
    out: Float64Array,
  ): Float64Array => {
    let L2 = 0;
    for (let i = 0; i < n; i++) L2 += v[i] * v[i];
    if (L2 === 0) {
      out.set(w);
      return out;
    }
    const L = Math.sqrt(L2);
    const cL = Math.cos(L);
    const sL = Math.sin(L);
    const iL = 1 / L;
    let al = 0; // ⟨w, g⟩
    let be = 0; // ⟨w, ig⟩
    let b1 = 0; // ⟨w, e⟩  (zero for a tangent vector; dropped)
    let b2 = 0; // ⟨w, ie⟩ (likewise)
    for (let j = 0; j < n; j += 2) {
      const ux = v[j] * iL,
        uy = v[j + 1] * iL;
      const gx = -sL * p[j] + cL * ux,
        gy = -sL * p[j + 1] + cL * uy;
      const ex = cL * p[j] + sL * ux,
        ey = cL * p[j + 1] + sL * uy;
      const wx = w[j],
        wy = w[j + 1];
      al += wx * gx + wy * gy;
      be += wy * gx - wx * gy;
      b1 += wx * ex + wy * ey;
      b2 += wy * ex - wx * ey;
    }
    for (let j = 0; j < n; j += 2) {
      const ux = v[j] * iL,
        uy = v[j + 1] * iL;
      const gx = -sL * p[j] + cL * ux,
        gy = -sL * p[j + 1] + cL * uy;
      const ex = cL * p[j] + sL * ux,
        ey = cL * p[j + 1] + sL * uy;
      const wx = w[j],
        wy = w[j + 1];
      // w − α g − β ig − b1 e − b2 ie + α û + β iû, with i(x, y) = (−y, x)
      out[j] = wx - al * gx + be * gy - b1 * ex + b2 * ey + al * ux - be * uy;
      out[j + 1] = wy - al * gy - be * gx - b1 * ey - b2 * ex + al * uy + be * ux;
    }
    return out;
  };

  // Jacobi operator R(·, v)v on the horizontal space at p: 0 along v, 4|v|² along iv, |v|² on the rest.
  const scaleBySpectrum = (
    _p: Float64Array,
    v: Float64Array,
    u: Float64Array,
    factor: JacobiFactor,
    out: Float64Array,
  ): Float64Array => {
    let L2 = 0;
    let uv = 0; // ⟨u, v⟩
    let uiv = 0; // ⟨u, iv⟩
    for (let j = 0; j < n; j += 2) {
      const vx = v[j],
        vy = v[j + 1];
      L2 += vx * vx + vy * vy;
      uv += u[j] * vx + u[j + 1] * vy;
      uiv += u[j + 1] * vx - u[j] * vy;
    }
    const al = L2 === 0 ? 0 : uv / L2;
    const be = L2 === 0 ? 0 : uiv / L2;
    const f1 = factor(L2); // K = 1
    const f4 = factor(4 * L2); // K = 4 (the complex line through v)
    for (let j = 0; j < n; j += 2) {
      const vx = v[j],
        vy = v[j + 1];
      const rx = u[j] - al * vx + be * vy; // u − α v − β iv,  iv = (−vy, vx)
      const ry = u[j + 1] - al * vy - be * vx;
      out[j] = al * vx - f4 * be * vy + f1 * rx;
      out[j + 1] = al * vy + f4 * be * vx + f1 * ry;
    }
    return out;
  };

  return { transportBackAlongGeodesic, scaleBySpectrum };
}
