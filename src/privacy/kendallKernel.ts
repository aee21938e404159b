import { kendall } from '../geometry/kendall';
import type { Covariates } from '../regression/geodesicRegression';
import type { GradientNormKernel } from './gradientKernel';
import { thetaOverSin } from './kernelMath';
import { wasmKendallGradNorm } from './wasm/kendallKernelWasm';

/**
 * The KNG gradient norms of geodesic regression on Kendall's planar shape space, fused into one pass over the
 * data in complex arithmetic (z = x + iy per landmark, ⟨z,w⟩ = Σ zⱼ conj(wⱼ); SPEC §2).
 *
 * With L = |v|, û = v/L, and for a point with covariate x: c, s = cos, sin(xL), prediction q = c p + s û,
 * unit velocity t = −s p + c û. Everything about the residual follows from two complex numbers,
 * P = ⟨p, y⟩ and U = ⟨û, y⟩: a = ⟨q, y⟩ = cP + sU aligns y (y* = (a/|a|) y), sin θ = √(1 − |a|²), the residual
 * is w = (θ/sinθ)(y* − |a| q), and ⟨w, t⟩ = (θ/sinθ)(a/|a|)(−s·conj P + c·conj U) gives its components
 * α = Re, β = Im along t and it. Carried back along γ and scaled by the Jacobi factors (1 along û, f₄ along iû,
 * f₁ on the rest — SPEC §2), the adjoint is α û + f₄ β iû + f₁ (w − α t − β it); expanding w leaves one
 * vector sum Σ (coefficient)·yᵢ plus four scalar coefficients on p, ip, û, iû.
 *
 * The same loop also exists in WebAssembly with SIMD (wasm/assembly/kendallKernel.ts, one landmark per vector),
 * which runs wherever WebAssembly does; this JavaScript loop otherwise.
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
  const M = kendall(k2 / 2);
  const X = Float64Array.from(xs);
  const Y = new Float64Array(n * k2);
  ys.forEach((y, i) => Y.set(y, i * k2));
  const vHatNorm = M.norm(pHat, vHat);
  const cosFixed = X.map((x) => Math.cos(x * vHatNorm));
  const sinFixed = X.map((x) => Math.sin(x * vHatNorm));
  const vAtP = new Float64Array(k2);
  const u = new Float64Array(k2);
  const g = new Float64Array(k2);

  function gradNorm(p: Float64Array, v: Float64Array, footpoint: boolean): number {
    let L2 = 0;
    for (let j = 0; j < k2; j++) L2 += v[j] * v[j];
    const L = Math.sqrt(L2);
    const inv = L > 0 ? 1 / L : 0;
    for (let j = 0; j < k2; j++) u[j] = v[j] * inv;
    g.fill(0);
    let cp = 0,
      cip = 0,
      cu = 0,
      ciu = 0;
    for (let i = 0; i < n; i++) {
      const x = X[i];
      let c: number, s: number, f1: number, f4: number, weight: number;
      if (footpoint) {
        c = cosFixed[i];
        s = sinFixed[i];
        f1 = c;
        f4 = c * c - s * s; // cos 2xL
        weight = 1;
      } else {
        const Lx = x * L;
        c = Math.cos(Lx);
        s = Math.sin(Lx);
        f1 = Lx < 1e-4 ? 1 - (Lx * Lx) / 6 : s / Lx; // sin(xL)/(xL)
        f4 = f1 * c; // sin(2xL)/(2xL)
        weight = x;
      }
      // P = ⟨p, y⟩, U = ⟨û, y⟩
      const off = i * k2;
      let pr = 0,
        pi = 0,
        ur = 0,
        ui = 0;
      for (let j = 0; j < k2; j += 2) {
        const yr = Y[off + j],
          yi = Y[off + j + 1];
        pr += p[j] * yr + p[j + 1] * yi;
        pi += p[j + 1] * yr - p[j] * yi;
        ur += u[j] * yr + u[j + 1] * yi;
        ui += u[j + 1] * yr - u[j] * yi;
      }
      const ar = c * pr + s * ur,
        ai = c * pi + s * ui;
      const absA = Math.sqrt(ar * ar + ai * ai);
      if (absA < 1e-12) return Infinity; // orthogonal shapes: cut locus
      const phr = ar / absA,
        phi = ai / absA;
      const f = thetaOverSin(Math.max(0, (1 - absA) * (1 + absA)), absA);
      // ⟨w, t⟩ = f·phase·(−s conj P + c conj U)
      const zr = -s * pr + c * ur,
        zi = s * pi - c * ui;
      const alpha = f * (phr * zr - phi * zi);
      const beta = f * (phr * zi + phi * zr);
      // weight·f₁·f·phase·yᵢ goes into the vector sum; the rest into the four coefficients
      const kr = weight * f1 * f * phr,
        ki = weight * f1 * f * phi;
      for (let j = 0; j < k2; j += 2) {
        const yr = Y[off + j],
          yi = Y[off + j + 1];
        g[j] += kr * yr - ki * yi;
        g[j + 1] += kr * yi + ki * yr;
      }
      cp += weight * (f1 * alpha * s - f1 * f * absA * c);
      cip += weight * f1 * beta * s;
      cu += weight * (alpha - f1 * alpha * c - f1 * f * absA * s);
      ciu += weight * (f4 * beta - f1 * beta * c);
    }
    // g + cp p + cip (i p) + cu û + ciu (i û); i·(a + ib) = −b + ia
    let norm2 = 0;
    for (let j = 0; j < k2; j += 2) {
      const re = g[j] + cp * p[j] - cip * p[j + 1] + cu * u[j] - ciu * u[j + 1];
      const im = g[j + 1] + cp * p[j + 1] + cip * p[j] + cu * u[j + 1] + ciu * u[j];
      norm2 += re * re + im * im;
    }
    return Math.sqrt(norm2) / n;
  }

  const wasm = options.wasm === false ? null : wasmKendallGradNorm(xs, ys, k2, vHatNorm);
  const loop = wasm ?? gradNorm;
  return {
    implementation: wasm ? 'WebAssembly SIMD' : 'JavaScript',
    footpointGradNorm(p) {
      try {
        M.transport(pHat, p, vHat, vAtP);
      } catch {
        return Infinity; // p at the cut locus of p̂
      }
      return loop(p, vAtP, true);
    },
    shootingGradNorm: (p, v) => loop(p, v, false),
  };
}
