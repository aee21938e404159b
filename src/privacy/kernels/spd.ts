import { det2Sym } from '../../geometry/linalg';
import type { Covariates } from '../../regression/geodesicRegression';
import type { GradientNormKernel } from './types';
import { wasmSpdLoop } from './wasm/spdKernelWasm';

/**
 * The KNG gradient norms of geodesic regression on SPD(2) with the affine-invariant metric, fused into one
 * allocation-free loop over the data (the generic kernel needs several 2×2 eigendecompositions per point).
 *
 * Whiten at p and diagonalise W = p^-½ v p^-½ = U diag(μ) Uᵀ; let B = p^-½ U and Dᵢ = diag(e^{xᵢμ}). The
 * prediction is qᵢ = A Dᵢ Aᵀ with A = p^½ U (so qᵢ = FFᵀ, F = A Dᵢ^½), and the residual Log(qᵢ, yᵢ), carried
 * back to p along the geodesic, whitened and written in the U basis, is simply
 *     logm(C),   C = Dᵢ^-½ (Bᵀ yᵢ B) Dᵢ^-½   (symmetric, with the eigenvalues of qᵢ⁻¹yᵢ),
 * because BᵀA = I. The Jacobi scaling (docs/geometry.md) leaves its diagonal alone and multiplies its
 * off-diagonal entry by cosh(t) (d_p) or sinh(t)/t (d_v), t = xᵢ(μ₂ − μ₁)/2; the norm at p of the summed
 * adjoints is the Frobenius norm of the summed matrices in this basis. For 2×2, logm(C) = ½ln det C·I +
 * (atanh(z)/r)(C − mI) with m = tr C/2, r the half-gap of the eigenvalues and z = r/m — no eigenvectors
 * needed, and ln det C comes exactly from ln det yᵢ − ln det p − xᵢ tr W.
 *
 * One exponential per point: C = e^{−xᵢμ₀} C′ and only C′ = diag(1, e^{−tᵢ}) (Bᵀ yᵢ B) diag(1, e^{−tᵢ}) is formed
 * (logm(C) − ½ ln det C·I does not depend on the scale). The loop over the data also exists in WebAssembly
 * with SIMD (wasm/assembly/spdKernel.ts, with its own exp and log), which runs wherever WebAssembly does and
 * the exponents xᵢ(μ₁ − μ₀)/2 stay within 700; this one otherwise. There the kernel also runs whole chains
 * (`chains`: spdKernel.ts runSteps ports this file's 2×2 algebra, proposals.ts's SPD(2) geometry and the
 * domain check, calling back here beyond the exponent range), the same numbers as runChain's loop.
 */
export function spd2GradientKernel(
  xs: Covariates,
  ys: readonly Float64Array[],
  pHat: Float64Array,
  vHat: Float64Array,
  options: { wasm?: boolean } = {},
): GradientNormKernel {
  const n = ys.length;
  const X = Float64Array.from(xs);
  const Y = new Float64Array(3 * n);
  const lnDetY = new Float64Array(n);
  ys.forEach((y, i) => {
    const b = 0.5 * (y[1] + y[2]);
    Y[3 * i] = y[0];
    Y[3 * i + 1] = b;
    Y[3 * i + 2] = y[3];
    lnDetY[i] = Math.log(y[0] * y[3] - b * b);
  });
  const wasm =
    options.wasm === false
      ? null
      : wasmSpdLoop(xs, ys, (p0, p1, p2, p3, v0, v1, v2, v3, footpoint) => {
          factor(Float64Array.of(p0, p1, p2, p3));
          v.set([v0, v1, v2, v3]);
          return gradNorm(footpoint === 1);
        });
  // the WebAssembly exponential needs xᵢ(μ₁ − μ₀)/2 ≤ 700
  const exponentLimit = 700 / X.reduce((a, x) => Math.max(a, Math.abs(x)), 1e-300);
  const sqrtP = new Float64Array(4);
  const isqrtP = new Float64Array(4);
  const v = new Float64Array(4);
  let lnDetP = 0;

  /**
   * p^½, p^-½ and ln det p in closed form (no eigenvectors): with s = √det p and t = √(tr p + 2s),
   * p^½ = (p + sI)/t (its square is p by Cayley–Hamilton) and p^-½ = adj(p + sI)/(t s); false unless p is SPD.
   */
  function factor(p: Float64Array): boolean {
    const a = p[0],
      b = 0.5 * (p[1] + p[2]),
      c = p[3];
    const det = det2Sym(a, b, c);
    if (!(a > 0 && det > 0 && det < Infinity && c < Infinity)) return false;
    const s = Math.sqrt(det);
    const t = Math.sqrt(a + c + 2 * s);
    const it = 1 / t,
      its = it / s;
    sqrtP[0] = (a + s) * it;
    sqrtP[1] = sqrtP[2] = b * it;
    sqrtP[3] = (c + s) * it;
    isqrtP[0] = (c + s) * its;
    isqrtP[1] = isqrtP[2] = -b * its;
    isqrtP[3] = (a + s) * its;
    lnDetP = Math.log(det);
    return true;
  }

  /** ‖Σ weightᵢ adjointᵢ‖_p / n with v (already at p) in `v`; `footpoint` picks d_p (cosh) or d_v (sinh t / t). */
  function gradNorm(footpoint: boolean): number {
    // W = p^-½ v p^-½ and its eigendecomposition
    const a = isqrtP[0],
      b = isqrtP[1],
      c = isqrtP[3];
    const v0 = v[0],
      v1 = 0.5 * (v[1] + v[2]),
      v3 = v[3];
    // (p^-½ v) then (… p^-½)
    const t00 = a * v0 + b * v1,
      t01 = a * v1 + b * v3,
      t10 = b * v0 + c * v1,
      t11 = b * v1 + c * v3;
    const w0 = t00 * a + t01 * b,
      w1 = t00 * b + t01 * c,
      w3 = t10 * b + t11 * c;
    // W = U diag(μ₀, μ₁) Uᵀ in closed form: μ = m ∓ r, U = [(−sin θ, cos θ), (cos θ, sin θ)] with 2θ the angle of
    // (w₀₀ − w₁₁, 2w₀₁), cos θ and sin θ by half-angle formulas (no trigonometric calls; a column's sign is free)
    const m = 0.5 * (w0 + w3),
      d = 0.5 * (w0 - w3);
    const r = Math.sqrt(d * d + w1 * w1);
    const mu0 = m - r,
      mu1 = m + r;
    let cs = 1,
      sn = 0;
    if (r > 0) {
      if (d >= 0) {
        cs = Math.sqrt((r + d) / (2 * r));
        sn = w1 / (2 * r * cs);
      } else {
        sn = Math.sqrt((r - d) / (2 * r));
        cs = w1 / (2 * r * sn);
      }
    }
    const trW = mu0 + mu1;
    const u0 = -sn,
      u1 = cs,
      u2 = cs,
      u3 = sn;
    // B = p^-½ U; columns k = 0, 1
    const B00 = a * u0 + b * u2,
      B01 = a * u1 + b * u3,
      B10 = b * u0 + c * u2,
      B11 = b * u1 + c * u3;
    // (Bᵀ y B) as linear forms in (y00, y01, y11)
    const k00a = B00 * B00,
      k00b = 2 * B00 * B10,
      k00c = B10 * B10;
    const k11a = B01 * B01,
      k11b = 2 * B01 * B11,
      k11c = B11 * B11;
    const k01a = B00 * B01,
      k01b = B00 * B11 + B10 * B01,
      k01c = B10 * B11;
    const halfGap = 0.5 * (mu1 - mu0);
    if (wasm && halfGap <= exponentLimit) {
      const c = wasm.call; // the values' order: wasm/assembly/spdKernel.ts
      c[0] = k00a;
      c[1] = k00b;
      c[2] = k00c;
      c[3] = k11a;
      c[4] = k11b;
      c[5] = k11c;
      c[6] = k01a;
      c[7] = k01b;
      c[8] = k01c;
      c[9] = mu0;
      c[10] = halfGap;
      c[11] = trW;
      c[12] = lnDetP;
      return wasm.run(footpoint);
    }
    let s00 = 0,
      s11 = 0,
      s01 = 0;
    for (let i = 0; i < n; i++) {
      const x = X[i];
      const j = 3 * i;
      const y0 = Y[j],
        y1 = Y[j + 1],
        y2 = Y[j + 2];
      // C = e^{−xμ₀} C′ with C′ = diag(1, e^{−t}) (Bᵀ y B) diag(1, e^{−t}), t = x(μ₁ − μ₀)/2 ≥ 0: z and
      // (C − mI)·atanh(z)/r do not depend on the scale, and ½ ln det C comes exactly from the determinants
      const t = x * halfGap;
      const eh = Math.exp(-t); // e^{−x(μ₁−μ₀)/2}
      const c00 = k00a * y0 + k00b * y1 + k00c * y2;
      const c11 = (k11a * y0 + k11b * y1 + k11c * y2) * eh * eh;
      const c01 = (k01a * y0 + k01b * y1 + k01c * y2) * eh;
      const m = 0.5 * (c00 + c11);
      const h = 0.5 * (c00 - c11);
      const r = Math.sqrt(h * h + c01 * c01);
      const z = r / m;
      const halfLnDet = 0.5 * (lnDetY[i] - lnDetP - x * trW);
      // atanh(z)/r: its series for small z; for z near 1 (an ill-conditioned Cᵢ, where 1 − z cancels and
      // Math.atanh overflows), atanh z = ½ ln(λ_max/λ_min) = ln(m + r) − ½ ln det Cᵢ, with the exact ln det
      // (and ln(m + r) of C = that of C′ − xμ₀).
      let coef: number;
      if (z < 1e-3) {
        const z2 = z * z;
        coef = (1 + z2 * (1 / 3 + z2 * (1 / 5 + z2 / 7))) / m;
      } else if (z < 0.5) {
        coef = Math.atanh(z) / r;
      } else {
        coef = (Math.log(m + r) - x * mu0 - halfLnDet) / r;
      }
      // Jacobi factor for the off-diagonal component
      let f: number;
      if (footpoint)
        f = 0.5 * (eh + 1 / eh); // cosh t
      else f = t < 1e-4 ? 1 + (t * t) / 6 : (0.5 * (1 / eh - eh)) / t; // sinh t / t
      const w = footpoint ? 1 : x;
      s00 += w * (halfLnDet + coef * h);
      s11 += w * (halfLnDet - coef * h);
      s01 += w * f * coef * c01;
    }
    const norm = Math.sqrt(s00 * s00 + s11 * s11 + 2 * s01 * s01) / n;
    return Number.isFinite(norm) ? norm : Infinity;
  }

  // Footpoint chain: v̂ carried from p̂ to p, Γw = E w Eᵀ with E = p̂^½ (p̂^-½ p p̂^-½)^½ p̂^-½.
  if (!factor(pHat))
    throw new RangeError('spd2GradientKernel: the fitted footpoint is not positive definite');
  const hatSqrt = Float64Array.from(sqrtP);
  const hatIsqrt = Float64Array.from(isqrtP);
  const mul = (x: Float64Array, y: Float64Array, out: Float64Array) => {
    const o0 = x[0] * y[0] + x[1] * y[2],
      o1 = x[0] * y[1] + x[1] * y[3],
      o2 = x[2] * y[0] + x[3] * y[2],
      o3 = x[2] * y[1] + x[3] * y[3];
    out[0] = o0;
    out[1] = o1;
    out[2] = o2;
    out[3] = o3;
    return out;
  };
  const E = new Float64Array(4);
  const tmp = new Float64Array(4);
  const Et = new Float64Array(4);
  return {
    implementation: wasm ? 'WebAssembly SIMD' : 'JavaScript',
    footpointGradNorm(p) {
      // (p̂^-½ p p̂^-½)^½ in closed form
      mul(mul(hatIsqrt, p, tmp), hatIsqrt, tmp);
      tmp[1] = tmp[2] = 0.5 * (tmp[1] + tmp[2]);
      if (!factor(tmp)) return Infinity;
      mul(mul(hatSqrt, sqrtP, E), hatIsqrt, E);
      Et[0] = E[0];
      Et[1] = E[2];
      Et[2] = E[1];
      Et[3] = E[3];
      mul(mul(E, vHat, v), Et, v);
      if (!factor(p)) return Infinity;
      return gradNorm(true);
    },
    shootingGradNorm(p, vAtP) {
      if (!factor(p)) return Infinity;
      v.set(vAtP);
      return gradNorm(false);
    },
    chains: wasm?.chains({ hatSqrt, hatIsqrt, vHat, exponentLimit }),
  };
}
