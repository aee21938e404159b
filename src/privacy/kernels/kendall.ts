import type { Covariates } from '../../regression/geodesicRegression';
import type { GradientNormKernel } from './types';
import { thetaOverSin } from './kernelMath';
import { wasmKendallKernel } from './wasm/kendallKernelWasm';

/**
 * The KNG gradient norms of geodesic regression on Kendall's planar shape space as two complex
 * matrix–vector products with the n × k data matrix Y per call (z = x + iy per landmark,
 * ⟨z,w⟩ = Σ zⱼ conj(wⱼ); docs/geometry.md).
 *
 * Per point. With L = |v|, û = v/L, and for a point with covariate x: c, s = cos, sin(xL), prediction
 * q = c p + s û, unit velocity t = −s p + c û. Everything about the residual follows from two complex numbers,
 * P = ⟨p, y⟩ and U = ⟨û, y⟩: A = ⟨q, y⟩ = cP + sU aligns y (y* = (A/|A|) y), cos θ = |A|, the residual is
 * w = f (y* − |A| q) with f = θ/sin θ, and ⟨w, t⟩ = f (A/|A|)(c conj U − s conj P) gives its components
 * α = Re, β = Im along t and it. Carried back along γ and scaled by the Jacobi factors (1 along û, f₄ along iû,
 * f₁ on the rest — docs/geometry.md: f₁ = cos xL, f₄ = cos 2xL for d_p; sin xL/(xL), sin 2xL/(2xL) for d_v),
 * the adjoint is α û + f₄ β iû + f₁ (w − α t − β it). Expanding w and t, with point weight ω (1 for d_p, x
 * for d_v), the sum over the points is
 *   ∇ = Σᵢ wᵢ yᵢ + (c_p + i c_ip) p + (c_u + i c_iu) û,   wᵢ = ω f₁ f A/|A|,
 * with real sums c_p = Σ ω f₁ (α s − f|A| c), c_ip = Σ ω f₁ β s, c_u = Σ ω α − ω f₁ (α c + f|A| s),
 * c_iu = Σ ω f₄ β − ω f₁ β c.
 *
 * Mat-vec form. So a call needs the numbers Pᵢ = ⟨p, yᵢ⟩ and Uᵢ = ⟨û, yᵢ⟩ for all i — each a complex
 * mat-vec Y conj(z) — and the vector Σ wᵢ yᵢ = Yᵀw, a second one; the rest is O(n + k). The chains save
 * the other inner products:
 *  - shooting chain (p fixed, v moves): Pᵢ depends on p only, so it is kept until p changes; a step is
 *    one mat-vec for Uᵢ and one for Yᵀw.
 *  - footpoint chain (p moves, v = Γv̂ is v̂ carried from p̂): the transport (src/geometry/kendall/) is
 *    Γv̂ = ā v̂ − ā κ p̂ − κ p with a = ⟨p̂, p⟩/|⟨p̂, p⟩| and κ = ā ⟨v̂, p⟩/(1 + |⟨p̂, p⟩|), linear in v̂, p̂
 *    and p, so ⟨Γv̂, yᵢ⟩ = ā ⟨v̂, yᵢ⟩ − ā κ ⟨p̂, yᵢ⟩ − κ Pᵢ from the fixed ⟨v̂, yᵢ⟩, ⟨p̂, yᵢ⟩; a step is one
 *    mat-vec for Pᵢ and one for Yᵀw (and |Γv̂| = |v̂|, so cos, sin(xᵢL) come from a fixed table).
 * The gradient itself is assembled as a vector (not through the Gram matrix of the yᵢ, which costs as much at
 * n ≈ k and loses the small norms near the fit to cancellation).
 *
 * The same algorithm runs in WebAssembly with SIMD (wasm/assembly/kendallKernel.ts: four rows per mat-vec
 * pass, the per-point part two points per vector), wherever WebAssembly does; this JavaScript loop otherwise.
 * There the kernel also runs whole chains (`chains`): runChain's loop with kngTargets.ts's proposals,
 * potentials and the same random stream, in one call per chain instead of a few calls per step between
 * JavaScript and WebAssembly (wasm/fusedChains.test.ts ties them bit for bit).
 */
export function kendallGradientKernel(
  xs: Covariates,
  ys: readonly Float64Array[],
  pHat: Float64Array,
  vHat: Float64Array,
  options: { wasm?: boolean } = {},
): GradientNormKernel {
  const n = ys.length;
  const k2 = pHat.length; // 2k reals
  const X = Float64Array.from(xs);
  const Y = new Float64Array(n * k2);
  ys.forEach((y, i) => Y.set(y, i * k2));

  /** ⟨z, yᵢ⟩ for every point into out as (re, im) pairs: the mat-vec Y conj(z). */
  function innerProducts(z: Float64Array, out: Float64Array): Float64Array {
    for (let i = 0; i < n; i++) {
      const off = i * k2;
      let re = 0,
        im = 0;
      for (let j = 0; j < k2; j += 2) {
        const yr = Y[off + j],
          yi = Y[off + j + 1];
        re += z[j] * yr + z[j + 1] * yi;
        im += z[j + 1] * yr - z[j] * yi;
      }
      out[2 * i] = re;
      out[2 * i + 1] = im;
    }
    return out;
  }

  let vHatNorm2 = 0;
  for (let j = 0; j < k2; j++) vHatNorm2 += vHat[j] * vHat[j];
  const vHatNorm = Math.sqrt(vHatNorm2);
  const cosFixed = X.map((x) => Math.cos(x * vHatNorm));
  const sinFixed = X.map((x) => Math.sin(x * vHatNorm));
  const pHatY = innerProducts(pHat, new Float64Array(2 * n));
  const vHatY = innerProducts(vHat, new Float64Array(2 * n));
  const pY = new Float64Array(2 * n); // Pᵢ for the p in pCached
  const pCached = new Float64Array(k2).fill(NaN);
  const uY = new Float64Array(2 * n);
  const u = new Float64Array(k2);
  const w = new Float64Array(2 * n);
  const g = new Float64Array(k2);

  /** Pᵢ = ⟨p, yᵢ⟩, recomputed only when p differs from the last one. */
  function setFootpoint(p: Float64Array) {
    for (let j = 0; j < k2; j++) {
      if (p[j] !== pCached[j]) {
        pCached.set(p);
        innerProducts(p, pY);
        return;
      }
    }
  }

  /** ‖∇‖/n from pY, uY and û in `u`: d_p adjoint (footpoint, fixed trig table, ω = 1) or d_v (ω = x). */
  function gradNorm(p: Float64Array, L: number, footpoint: boolean): number {
    let cp = 0,
      cip = 0,
      cu = 0,
      ciu = 0;
    for (let i = 0; i < n; i++) {
      const x = X[i];
      // ω, ω f₁, ω f₄ as `wt`, `w1`, `w4`; for d_v, x·sin(xL)/(xL) = sin(xL)/L
      let c: number, s: number, wt: number, w1: number, w4: number;
      if (footpoint) {
        c = cosFixed[i];
        s = sinFixed[i];
        wt = 1;
        w1 = c;
        w4 = c * c - s * s; // cos 2xL
      } else {
        c = Math.cos(x * L);
        s = Math.sin(x * L);
        wt = x;
        w1 = L > 0 ? s / L : x;
        w4 = w1 * c; // x sin(2xL)/(2xL)
      }
      const pr = pY[2 * i],
        pi = pY[2 * i + 1],
        ur = uY[2 * i],
        ui = uY[2 * i + 1];
      const ar = c * pr + s * ur,
        ai = c * pi + s * ui;
      const absA = Math.sqrt(ar * ar + ai * ai);
      if (absA < 1e-12) return Infinity; // orthogonal shapes: cut locus
      const f = thetaOverSin(Math.max(0, (1 - absA) * (1 + absA)), absA);
      const fr = (f * ar) / absA,
        fi = (f * ai) / absA; // f·phase
      // α + iβ = f·phase·(c conj U − s conj P)
      const zr = c * ur - s * pr,
        zi = s * pi - c * ui;
      const alpha = fr * zr - fi * zi;
      const beta = fr * zi + fi * zr;
      w[2 * i] = w1 * fr;
      w[2 * i + 1] = w1 * fi;
      const fa = f * absA;
      cp += w1 * (alpha * s - fa * c);
      cip += w1 * beta * s;
      cu += wt * alpha - w1 * (alpha * c + fa * s);
      ciu += w4 * beta - w1 * beta * c;
    }
    // Σ wᵢ yᵢ: the mat-vec Yᵀw (complex)
    g.fill(0);
    for (let i = 0; i < n; i++) {
      const off = i * k2;
      const kr = w[2 * i],
        ki = w[2 * i + 1];
      for (let j = 0; j < k2; j += 2) {
        const yr = Y[off + j],
          yi = Y[off + j + 1];
        g[j] += kr * yr - ki * yi;
        g[j + 1] += kr * yi + ki * yr;
      }
    }
    // + (cp + i cip) p + (cu + i ciu) û; i·(a + ib) = −b + ia
    let norm2 = 0;
    for (let j = 0; j < k2; j += 2) {
      const re = g[j] + cp * p[j] - cip * p[j + 1] + cu * u[j] - ciu * u[j + 1];
      const im = g[j + 1] + cp * p[j + 1] + cip * p[j] + cu * u[j + 1] + ciu * u[j];
      norm2 += re * re + im * im;
    }
    return Math.sqrt(norm2) / n;
  }

  function footpointGradNorm(p: Float64Array): number {
    setFootpoint(p);
    // a₀ = ⟨p̂, p⟩, d = ⟨v̂, p⟩
    let ar = 0,
      ai = 0,
      dr = 0,
      di = 0;
    for (let j = 0; j < k2; j += 2) {
      ar += pHat[j] * p[j] + pHat[j + 1] * p[j + 1];
      ai += pHat[j + 1] * p[j] - pHat[j] * p[j + 1];
      dr += vHat[j] * p[j] + vHat[j + 1] * p[j + 1];
      di += vHat[j + 1] * p[j] - vHat[j] * p[j + 1];
    }
    const m = Math.sqrt(ar * ar + ai * ai);
    if (m < 1e-12) return Infinity; // p at the cut locus of p̂: transport undefined
    const cr = ar / m,
      ci = -ai / m; // ā
    const kr = (cr * dr - ci * di) / (1 + m),
      ki = (cr * di + ci * dr) / (1 + m); // κ
    // Γv̂ = c₁ v̂ + c₂ p̂ + c₃ p with c₁ = ā, c₂ = −ā κ, c₃ = −κ
    const c2r = -(cr * kr - ci * ki),
      c2i = -(cr * ki + ci * kr);
    let L2 = 0;
    for (let j = 0; j < k2; j += 2) {
      const re =
        cr * vHat[j] - ci * vHat[j + 1] + c2r * pHat[j] - c2i * pHat[j + 1] - kr * p[j] + ki * p[j + 1];
      const im =
        cr * vHat[j + 1] + ci * vHat[j] + c2r * pHat[j + 1] + c2i * pHat[j] - kr * p[j + 1] - ki * p[j];
      u[j] = re;
      u[j + 1] = im;
      L2 += re * re + im * im;
    }
    const L = Math.sqrt(L2);
    const inv = L > 0 ? 1 / L : 0;
    for (let j = 0; j < k2; j++) u[j] *= inv;
    // Uᵢ = (c₁⟨v̂, yᵢ⟩ + c₂⟨p̂, yᵢ⟩ + c₃Pᵢ)/L
    for (let i = 0; i < 2 * n; i += 2) {
      const re =
        cr * vHatY[i] - ci * vHatY[i + 1] + c2r * pHatY[i] - c2i * pHatY[i + 1] - kr * pY[i] + ki * pY[i + 1];
      const im =
        cr * vHatY[i + 1] + ci * vHatY[i] + c2r * pHatY[i + 1] + c2i * pHatY[i] - kr * pY[i + 1] - ki * pY[i];
      uY[i] = re * inv;
      uY[i + 1] = im * inv;
    }
    return gradNorm(p, L, true);
  }

  function shootingGradNorm(p: Float64Array, v: Float64Array): number {
    setFootpoint(p);
    let L2 = 0;
    for (let j = 0; j < k2; j++) L2 += v[j] * v[j];
    const L = Math.sqrt(L2);
    const inv = L > 0 ? 1 / L : 0;
    for (let j = 0; j < k2; j++) u[j] = v[j] * inv;
    innerProducts(u, uY);
    return gradNorm(p, L, false);
  }

  const wasm =
    options.wasm === false
      ? null
      : wasmKendallKernel(xs, ys, pHat, vHat, { pHatY, vHatY, cosFixed, sinFixed });
  return wasm
    ? {
        implementation: 'WebAssembly SIMD',
        footpointGradNorm: wasm.footpoint,
        shootingGradNorm: wasm.shooting,
        chains: wasm.chains,
      }
    : { implementation: 'JavaScript', footpointGradNorm, shootingGradNorm };
}
