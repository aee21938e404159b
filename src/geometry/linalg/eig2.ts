/** Closed forms for symmetric 2×2 matrices: an exact determinant and the eigendecomposition. */
import { createSymEig, type SymEig } from './types';

const SPLITTER = 134217729; // 2^27 + 1 (Veltkamp splitting)

/** a·c − b², with the products formed exactly (Dekker) so that cancellation does not lose relative accuracy. */
export function det2Sym(a: number, b: number, c: number): number {
  const p = a * c;
  const q = b * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * c;
  const ch = t - (t - c);
  const cl = c - ch;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  const ep = ah * ch - p + ah * cl + al * ch + al * cl;
  const eq = bh * bh - q + 2 * bh * bl + bl * bl;
  const d = p - q + (ep - eq);
  return Number.isFinite(d) ? d : p - q; // splitting overflows beyond ~1e300: fall back to the plain formula
}

/**
 * Closed-form eigendecomposition of a symmetric 2×2 matrix (the off-diagonal is taken as (A₀₁ + A₁₀)/2).
 * The eigenvalue of larger magnitude is m ± r, the other det/that (no cancellation); the rotation angle is
 * ½·atan2(2b, a − c). `valuesOnly` leaves out.vectors alone (the trigonometric calls are most of the cost).
 */
export function symEig2(A: Float64Array, out: SymEig = createSymEig(2), valuesOnly = false): SymEig {
  const b = 0.5 * (A[1] + A[2]);
  // Beyond 1e150 (below 1e-150) b² and a·c overflow (underflow): decompose A/s, then scale the eigenvalues back.
  const s = Math.max(Math.abs(A[0]), Math.abs(b), Math.abs(A[3]));
  if ((s > 1e150 || s < 1e-150) && s > 0 && s < Infinity) {
    symEig2Entries(A[0] / s, b / s, A[3] / s, out, valuesOnly);
    out.values[0] *= s;
    out.values[1] *= s;
    return out;
  }
  return symEig2Entries(A[0], b, A[3], out, valuesOnly);
}

function symEig2Entries(a: number, b: number, c: number, out: SymEig, valuesOnly: boolean): SymEig {
  const m = 0.5 * (a + c);
  const r = Math.hypot(0.5 * (a - c), b);
  let hi: number;
  let lo: number;
  if (m >= 0) {
    hi = m + r;
    lo = hi === 0 ? 0 : det2Sym(a, b, c) / hi;
  } else {
    lo = m - r;
    hi = det2Sym(a, b, c) / lo;
  }
  if (lo > hi) lo = hi; // only possible by rounding when r ≈ 0
  out.values[0] = lo;
  out.values[1] = hi;
  if (valuesOnly) return out;
  const theta = 0.5 * Math.atan2(b, 0.5 * (a - c));
  const cs = Math.cos(theta);
  const sn = Math.sin(theta);
  // column 0 = (−sin θ, cos θ) for lo, column 1 = (cos θ, sin θ) for hi
  out.vectors[0] = -sn;
  out.vectors[1] = cs;
  out.vectors[2] = cs;
  out.vectors[3] = sn;
  return out;
}
