/**
 * The Kendall shape-space KNG gradient-norm kernel of src/privacy/kendallKernel.ts in AssemblyScript: the same
 * formulas (read that file's comments first), with each landmark's complex coordinate (re, im) in one f64x2
 * vector, so the two passes over the landmarks per data point — four complex inner products, then the sum
 * Σ (coefficient)·yᵢ — take half the instructions, with no bounds checks. The per-point scalar part is as in
 * JavaScript. `npm run build:wasm` compiles it into src/privacy/wasm/kernels.generated.ts.
 *
 * Memory from `base`: arrays of f64 at offsetOf(array, n, k2); the caller fills X, COS_FIXED, SIN_FIXED, Y
 * and I_Y once (iy = (−im, re) per landmark) and P, U (= v) before each call.
 */

import { add, laneSum, mul, thetaOverSinAcute } from './kernelMath';

const X = 0, // covariates (n)
  COS_FIXED = 1, // cos(xᵢ|v̂|) (n)
  SIN_FIXED = 2, // sin(xᵢ|v̂|) (n)
  Y = 3, // responses (n·2k)
  I_Y = 4, // i·yᵢ (n·2k)
  P = 5, // footpoint p (2k)
  P_SWAP = 6, // (Im, −Re) of p per landmark, so that Σ lanes(p_swap·y) = Im⟨p, y⟩ (2k)
  U = 7, // v on input, then û = v/|v| (2k)
  U_SWAP = 8, // as P_SWAP for û (2k)
  G = 9, // the vector sum (2k)
  END = 10;

/** Byte offset from base of an array of the layout, for n points of 2k reals (every array 16-byte aligned). */
export function offsetOf(array: i32, n: i32, k2: i32): usize {
  const perPoint: usize = (<usize>n + 1) & ~1; // n rounded up to even
  let offset: usize = 0;
  for (let a = 0; a < array; a++) offset += a <= SIN_FIXED ? perPoint : a <= I_Y ? <usize>n * k2 : <usize>k2;
  return offset << 3;
}

/** Bytes of the whole layout. */
export function layoutBytes(n: i32, k2: i32): usize {
  return offsetOf(END, n, k2);
}

/** First 16-byte-aligned address after the static data: where the caller puts the arrays. */
export function dataStart(): usize {
  return (__heap_base + 15) & ~15;
}

/**
 * ‖Σᵢ adjointᵢ Log(qᵢ, yᵢ)‖ / n at footpoint P and shooting vector U: the d_p adjoint with the fixed table
 * (footpoint = true: |v| = |v̂|) or the d_v adjoint; +Infinity at the cut locus (orthogonal shapes).
 */
export function gradNorm(base: usize, n: i32, k2: i32, footpoint: bool): f64 {
  const xs = base + offsetOf(X, n, k2),
    cosFixed = base + offsetOf(COS_FIXED, n, k2),
    sinFixed = base + offsetOf(SIN_FIXED, n, k2),
    ys = base + offsetOf(Y, n, k2),
    iys = base + offsetOf(I_Y, n, k2),
    p = base + offsetOf(P, n, k2),
    pSwap = base + offsetOf(P_SWAP, n, k2),
    u = base + offsetOf(U, n, k2),
    uSwap = base + offsetOf(U_SWAP, n, k2),
    g = base + offsetOf(G, n, k2);
  const bytes = <usize>k2 << 3;
  let L2 = 0.0;
  for (let j: usize = 0; j < bytes; j += 8) L2 += load<f64>(u + j) * load<f64>(u + j);
  const L = Math.sqrt(L2);
  const inv = L > 0 ? 1 / L : 0;
  const zero = f64x2.splat(0);
  for (let j: usize = 0; j < bytes; j += 16) {
    const ur = load<f64>(u + j) * inv,
      ui = load<f64>(u + j + 8) * inv;
    v128.store(u + j, f64x2(ur, ui));
    v128.store(uSwap + j, f64x2(ui, -ur));
    v128.store(pSwap + j, f64x2(load<f64>(p + j + 8), -load<f64>(p + j)));
    v128.store(g + j, zero);
  }
  let cp = 0.0,
    cip = 0.0,
    cu = 0.0,
    ciu = 0.0;
  for (let i = 0; i < n; i++) {
    const x = load<f64>(xs + (<usize>i << 3));
    let c: f64, s: f64, f1: f64, f4: f64, weight: f64;
    if (footpoint) {
      c = load<f64>(cosFixed + (<usize>i << 3));
      s = load<f64>(sinFixed + (<usize>i << 3));
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
    // P = ⟨p, y⟩, U = ⟨û, y⟩: four real sums, one landmark per vector
    const y = ys + <usize>i * bytes,
      iy = iys + <usize>i * bytes;
    let accP = zero,
      accPi = zero,
      accU = zero,
      accUi = zero;
    for (let j: usize = 0; j < bytes; j += 16) {
      const yj = v128.load(y + j);
      accP = add(accP, mul(v128.load(p + j), yj));
      accPi = add(accPi, mul(v128.load(pSwap + j), yj));
      accU = add(accU, mul(v128.load(u + j), yj));
      accUi = add(accUi, mul(v128.load(uSwap + j), yj));
    }
    const pr = laneSum(accP),
      pi = laneSum(accPi),
      ur = laneSum(accU),
      ui = laneSum(accUi);
    const ar = c * pr + s * ur,
      ai = c * pi + s * ui;
    const absA = Math.sqrt(ar * ar + ai * ai);
    if (absA < 1e-12) return Infinity; // orthogonal shapes: cut locus
    const phr = ar / absA,
      phi = ai / absA;
    const f = thetaOverSinAcute(Math.max(0, (1 - absA) * (1 + absA)), absA);
    // ⟨w, t⟩ = f·phase·(−s conj P + c conj U)
    const zr = -s * pr + c * ur,
      zi = s * pi - c * ui;
    const alpha = f * (phr * zr - phi * zi);
    const beta = f * (phr * zi + phi * zr);
    // weight·f₁·f·phase·yᵢ = kr yᵢ + ki (i yᵢ) into the vector sum; the rest into the four coefficients
    const kr = f64x2.splat(weight * f1 * f * phr),
      ki = f64x2.splat(weight * f1 * f * phi);
    for (let j: usize = 0; j < bytes; j += 16) {
      v128.store(g + j, add(v128.load(g + j), add(mul(kr, v128.load(y + j)), mul(ki, v128.load(iy + j)))));
    }
    cp += weight * (f1 * alpha * s - f1 * f * absA * c);
    cip += weight * f1 * beta * s;
    cu += weight * (alpha - f1 * alpha * c - f1 * f * absA * s);
    ciu += weight * (f4 * beta - f1 * beta * c);
  }
  // g + cp p + cip (i p) + cu û + ciu (i û), with i p = −p_swap and i û = −û_swap
  const CP = f64x2.splat(cp),
    CIP = f64x2.splat(cip),
    CU = f64x2.splat(cu),
    CIU = f64x2.splat(ciu);
  let norm2 = zero;
  for (let j: usize = 0; j < bytes; j += 16) {
    const e = f64x2.sub(
      add(add(v128.load(g + j), mul(CP, v128.load(p + j))), mul(CU, v128.load(u + j))),
      add(mul(CIP, v128.load(pSwap + j)), mul(CIU, v128.load(uSwap + j))),
    );
    norm2 = add(norm2, mul(e, e));
  }
  return Math.sqrt(laneSum(norm2)) / n;
}
