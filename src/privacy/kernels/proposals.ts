import type { FusedGeometry } from './types';
import { det2Sym } from '../../geometry/linalg';
import { GeometryError } from '../../geometry/types';
import { norm2 } from '../../geometry/vec';
import { power } from '../../sampling/power';

/**
 * S²: the operations of src/geometry/sphere.ts (randomTangent, norm, exp) in the same floating-point order,
 * without their argument checks — bit for bit the same proposals (proposals.test.ts), so the sphere's numbers
 * do not change.
 */
export function sphereGeometry(): FusedGeometry {
  const sinc = (t: number) =>
    Math.abs(t) < 1e-4 ? 1 - (t * t) / 6 + (t * t * t * t) / 120 : Math.sin(t) / t;
  return {
    tangentBall(p, r, rng, out) {
      const z0 = rng.normal(),
        z1 = rng.normal(),
        z2 = rng.normal();
      const c = p[0] * z0 + p[1] * z1 + p[2] * z2;
      out[0] = z0 - c * p[0];
      out[1] = z1 - c * p[1];
      out[2] = z2 - c * p[2];
      const k = (r * power(rng.uniform(), 1 / 2)) / norm2(out);
      out[0] *= k;
      out[1] *= k;
      out[2] *= k;
      return out;
    },
    exp(p, v, out) {
      const L = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
      const c = Math.cos(L);
      const s = sinc(L);
      const x = c * p[0] + s * v[0],
        y = c * p[1] + s * v[1],
        z = c * p[2] + s * v[2];
      const r = Math.sqrt(x * x + y * y + z * z);
      if (!(r > 0 && r < Infinity)) {
        out.fill(NaN); // not representable, as the generic exp refuses it
        return;
      }
      out[0] = x / r;
      out[1] = y / r;
      out[2] = z / r;
    },
    norm: (_p, v) => norm2(v),
  };
}

/**
 * SPD(2), affine metric: with R = p^½, S = p^-½ (closed form: s = √det p, t = √(tr p + 2s), R = (p + sI)/t,
 * S = adj(p + sI)/(ts)), randomTangent is R G R for a standard Gaussian G of Sym(2) and ‖R G R‖_p = ‖G‖_F, so a
 * ball vector is c·R G R; Exp_p(ν) = R expm(S ν S) R, and expm of a symmetric 2×2 W with mean eigenvalue m and
 * half-gap r is (e^{m+r} + e^{m−r})/2·I + e^m (sinh r / r)(W − mI).
 */
export function spd2Geometry(): FusedGeometry {
  const R = new Float64Array(3); // (r00, r01, r11)
  const S = new Float64Array(3);
  const W = new Float64Array(4);
  let cached: Float64Array | null = null;
  const key = new Float64Array(4).fill(NaN);
  /** R and S of p (cached for the last p); false unless p is SPD. */
  const factor = (p: Float64Array): boolean => {
    if (p === cached && p[0] === key[0] && p[1] === key[1] && p[2] === key[2] && p[3] === key[3]) return true;
    const a = p[0],
      b = 0.5 * (p[1] + p[2]),
      c = p[3];
    // det with exact products, on p/scale beyond 1e±150 (as symEig2, the generic path's SPD test): the plain
    // a·c − b² cancels to ≤ 0 on SPD matrices of condition ≳ 1e16, which the footpoint chain reaches at small
    // ε (eigenvalues e^±20) and spd(2) accepts
    const scale = Math.max(a, Math.abs(b), c);
    const rescale = scale > 1e150 || scale < 1e-150;
    const det = rescale ? det2Sym(a / scale, b / scale, c / scale) : det2Sym(a, b, c);
    if (!(a > 0 && det > 0 && scale < Infinity)) return false;
    const s = rescale ? scale * Math.sqrt(det) : Math.sqrt(det);
    const t = Math.sqrt(a + c + 2 * s);
    R[0] = (a + s) / t;
    R[1] = b / t;
    R[2] = (c + s) / t;
    S[0] = (c + s) / (t * s);
    S[1] = -b / (t * s);
    S[2] = (a + s) / (t * s);
    cached = p;
    key.set(p);
    return true;
  };
  /** out = X H X for symmetric X (3 numbers) and H (3 numbers), as a full 2×2. */
  const sandwich = (X: Float64Array, h0: number, h1: number, h2: number, out: Float64Array) => {
    const t00 = X[0] * h0 + X[1] * h1,
      t01 = X[0] * h1 + X[1] * h2,
      t10 = X[1] * h0 + X[2] * h1,
      t11 = X[1] * h1 + X[2] * h2;
    out[0] = t00 * X[0] + t01 * X[1];
    out[1] = out[2] = t00 * X[1] + t01 * X[2];
    out[3] = t10 * X[1] + t11 * X[2];
    return out;
  };
  const notSpd = () => new GeometryError('spd(2, affine): the point is not symmetric positive definite');
  return {
    tangentBall(p, r, rng, out) {
      if (!factor(p)) throw notSpd();
      // the generic order: the Gaussian in vecd coordinates (diagonal, then √2·off-diagonal), then the radius
      const g0 = rng.normal(),
        g1 = rng.normal(),
        g2 = Math.SQRT1_2 * rng.normal();
      const len = Math.sqrt(g0 * g0 + g1 * g1 + 2 * g2 * g2);
      const k = (r * power(rng.uniform(), 1 / 3)) / len;
      return sandwich(R, k * g0, k * g2, k * g1, out);
    },
    exp(p, nu, out) {
      if (!factor(p) || !Number.isFinite(nu[0] + nu[1] + nu[2] + nu[3])) {
        out.fill(NaN);
        return;
      }
      const W = sandwich(S, nu[0], 0.5 * (nu[1] + nu[2]), nu[3], out);
      const w0 = W[0],
        w1 = W[1],
        w2 = W[3];
      const m = 0.5 * (w0 + w2),
        d = 0.5 * (w0 - w2);
      const r = Math.sqrt(d * d + w1 * w1);
      const hi = Math.exp(m + r),
        lo = Math.exp(m - r);
      if (!(lo > 0 && hi < Infinity)) {
        out.fill(NaN); // not representable, as the generic exp refuses it
        return;
      }
      const ch = 0.5 * (hi + lo);
      const sh = r < 1e-4 ? Math.exp(m) * (1 + (r * r) / 6) : (0.5 * (hi - lo)) / r; // e^m sinh(r)/r
      const e0 = ch + sh * d,
        e1 = sh * w1,
        e2 = ch - sh * d;
      sandwich(R, e0, e1, e2, out);
    },
    norm(p, v) {
      if (!factor(p)) throw notSpd();
      sandwich(S, v[0], 0.5 * (v[1] + v[2]), v[3], W);
      return Math.sqrt(W[0] * W[0] + 2 * W[1] * W[1] + W[3] * W[3]);
    },
    // Γ_{p→q} w = E w Eᵀ with E = R M^½ S, M = S q S (the generic transport's factorisation); M^½ in the
    // closed form of R above
    transport(p, q, w, out) {
      if (!factor(p)) {
        out.fill(NaN);
        return;
      }
      sandwich(S, q[0], 0.5 * (q[1] + q[2]), q[3], W);
      const m0 = W[0],
        m1 = W[1],
        m2 = W[3];
      const det = det2Sym(m0, m1, m2);
      if (!(m0 > 0 && det > 0 && m0 + m2 < Infinity)) {
        out.fill(NaN);
        return;
      }
      const s = Math.sqrt(det);
      const t = Math.sqrt(m0 + m2 + 2 * s);
      const h0 = (m0 + s) / t,
        h1 = m1 / t,
        h2 = (m2 + s) / t;
      // R H, then (R H) S
      const a00 = R[0] * h0 + R[1] * h1,
        a01 = R[0] * h1 + R[1] * h2,
        a10 = R[1] * h0 + R[2] * h1,
        a11 = R[1] * h1 + R[2] * h2;
      const e00 = a00 * S[0] + a01 * S[1],
        e01 = a00 * S[1] + a01 * S[2],
        e10 = a10 * S[0] + a11 * S[1],
        e11 = a10 * S[1] + a11 * S[2];
      const w0 = w[0],
        w1 = 0.5 * (w[1] + w[2]),
        w2 = w[3];
      // E w, then (E w) Eᵀ
      const b00 = e00 * w0 + e01 * w1,
        b01 = e00 * w1 + e01 * w2,
        b10 = e10 * w0 + e11 * w1,
        b11 = e10 * w1 + e11 * w2;
      out[0] = b00 * e00 + b01 * e01;
      out[1] = out[2] = b00 * e10 + b01 * e11;
      out[3] = b10 * e10 + b11 * e11;
    },
    // d(I, p) = |log λ(p)|: the eigenvalues in closed form, the small one as det/large (no cancellation)
    distFromBase(p) {
      const a = p[0],
        b = 0.5 * (p[1] + p[2]),
        c = p[3];
      const scale = Math.max(a, Math.abs(b), c);
      if (!(scale > 0 && scale < Infinity)) return NaN;
      const a1 = a / scale,
        b1 = b / scale,
        c1 = c / scale;
      const det = det2Sym(a1, b1, c1);
      const hi = 0.5 * (a1 + c1) + Math.hypot(0.5 * (a1 - c1), b1);
      const lo = det / hi;
      if (!(lo > 0)) return NaN;
      const logScale = Math.log(scale);
      return Math.hypot(Math.log(hi) + logScale, Math.log(lo) + logScale);
    },
  };
}

/**
 * Kendall shape space (preshapes of k2/2 landmarks, the Frobenius metric): randomTangent is the horizontal
 * projection of a standard Gaussian (centre, then remove the components along p and ip), Exp_p(ν) =
 * cos|ν| p + (sin|ν|/|ν|) ν renormalised — src/geometry/kendall/ without its validation passes.
 */
export function kendallGeometry(k2: number, dim: number): FusedGeometry {
  const k = k2 / 2;
  const norm = (v: Float64Array) => {
    let s = 0;
    for (let i = 0; i < k2; i++) s += v[i] * v[i];
    return Math.sqrt(s);
  };
  return {
    tangentBall(p, r, rng, out) {
      rng.normals(out, 0, k2); // (x, y) of each landmark in turn, as randomTangent draws them
      let mx = 0,
        my = 0;
      for (let j = 0; j < k2; j += 2) {
        mx += out[j];
        my += out[j + 1];
      }
      mx /= k;
      my /= k;
      let d1 = 0, // ⟨z̄, p⟩
        d2 = 0; // ⟨z̄, ip⟩
      for (let j = 0; j < k2; j += 2) {
        const zx = (out[j] -= mx),
          zy = (out[j + 1] -= my);
        d1 += zx * p[j] + zy * p[j + 1];
        d2 += zy * p[j] - zx * p[j + 1];
      }
      let s = 0;
      for (let j = 0; j < k2; j += 2) {
        const x = (out[j] -= d1 * p[j] - d2 * p[j + 1]),
          y = (out[j + 1] -= d1 * p[j + 1] + d2 * p[j]);
        s += x * x + y * y;
      }
      const c = (r * power(rng.uniform(), 1 / dim)) / Math.sqrt(s);
      for (let i = 0; i < k2; i++) out[i] *= c;
      return out;
    },
    exp(p, nu, out) {
      const L = norm(nu);
      const c = Math.cos(L);
      const s = L < 1e-4 ? 1 - (L * L) / 6 + (L * L * L * L) / 120 : Math.sin(L) / L;
      let r2 = 0;
      for (let i = 0; i < k2; i++) {
        const x = c * p[i] + s * nu[i];
        out[i] = x;
        r2 += x * x;
      }
      if (!(r2 > 0 && r2 < Infinity)) {
        out.fill(NaN);
        return;
      }
      const inv = 1 / Math.sqrt(r2);
      for (let i = 0; i < k2; i++) out[i] *= inv;
    },
    norm: (_p, v) => norm(v),
  };
}
