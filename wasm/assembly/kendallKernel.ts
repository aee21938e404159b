/**
 * The Kendall shape-space KNG gradient-norm kernel of src/privacy/kernels/kendall.ts in AssemblyScript: the same
 * mat-vec form (read that file's header first). A step is two complex mat-vecs with the n × k data matrix Y,
 * each landmark's (re, im) in one f64x2 vector — Y conj(z) for the inner products ⟨z, yᵢ⟩ (z = p or û) and
 * Σ wᵢ yᵢ for the gradient — with four rows per pass so that each load of z (or of the sums) serves four
 * data points; the per-point scalar part runs two points per vector, branch-free (θ/sin θ by the atan form,
 * the shooting chain's sin and cos by the polynomials of kernelMath.ts). The footpoint chain gets ⟨Γv̂, yᵢ⟩
 * as a combination of ⟨v̂, yᵢ⟩, ⟨p̂, yᵢ⟩ (fixed) and ⟨p, yᵢ⟩ (its mat-vec); the shooting chain keeps
 * ⟨p, yᵢ⟩ while p stays the same. `npm run build:wasm` compiles it into src/privacy/kernels/wasm/kernels.generated.ts.
 *
 * Memory from `base`: arrays of f64 at offsetOf(array, N, k2), N = n rounded up to a multiple of 4 (padding
 * points repeat the last one with weight 0, so they are finite wherever it is and add nothing). The caller
 * fills the fixed arrays once and P_IN (and V_IN for the shooting chain) before each call.
 *
 * Blocked data (the mat-vecs are bound by instruction count, not by memory: V8 spends an address computation
 * per load of a row at a run-time offset and spills registers when a loop is unrolled): Y holds the rows in
 * blocks of four, interleaved by landmark — block b, landmark l, row 4b + r at Y + (b·k + l)·64 + r·16 — and
 * z is read as (z, z_swap) pairs per landmark (P_PAIR, U_PAIR), so that each load is one pointer plus a
 * constant. Every sum adds the same terms in the same order as with rows one after the other, so the numbers
 * are the same bit for bit (wasmKernels.test.ts ties them to the JavaScript loop).
 */

import { COS, SIN, add, at, atanOverArg, estrin8, laneSum, mul, sub } from './kernelMath';
import { beginSteps, currentStep, endSteps, metropolis } from './chain';
import { fillNormals, jsCos, jsPow, jsSin, uniform } from './rng';
export { fillNormals, rngWord, setRngState, zigguratTables } from './rng';

// Per-point arrays (N f64 each).
const X = 0,
  WEIGHT = 1, // 1, or 0 for padding
  PHAT_Y = 2, // ⟨p̂, yᵢ⟩: re, im
  VHAT_Y = 4, // ⟨v̂, yᵢ⟩: re, im
  FOOT = 6, // footpoint table (|v| = |v̂|): cos xᵢL, sin xᵢL, weight, weight·f₁, weight·f₄ — filled by the caller
  SHOOT = 11, // the same five for the current |v|, filled per call
  P_Y = 16, // ⟨p, yᵢ⟩: re, im (cached for the p in P)
  U_Y = 18, // ⟨û, yᵢ⟩: re, im
  W = 20, // the gradient's weight wᵢ on yᵢ: re, im
  // Vectors (k2 f64 each).
  P_IN = 22, // p, written by the caller
  P = 23, // the p of P_Y
  P_PAIR = 24, // two vectors: per landmark p and p_swap = (Im, −Re), so that Σ lanes(p_swap ⊙ y) = Im⟨p, y⟩
  V_IN = 26, // v (shooting chain), written by the caller
  U = 27, // û
  U_PAIR = 28, // two vectors: û and û_swap per landmark
  PHAT = 30,
  VHAT = 31,
  SUM_RE = 32, // Σ Re(wᵢ) yᵢ
  SUM_IM = 33, // Σ Im(wᵢ) yᵢ
  Z = 34, // runSteps: the chain's state (p or v)
  NU = 35, // runSteps: the tangent-ball draw
  Y = 36, // the data, N rows of k2 in blocks of four rows (see above), for the inner products
  Y_ROWS = 37, // the same, row after row, for the gradient's sum
  END = 38;
const PER_POINT = 22;

/** Byte offset from base of an array of the layout, for N (multiple of 4) points of k2 reals. */
export function offsetOf(array: i32, N: i32, k2: i32): usize {
  if (array <= PER_POINT) return (<usize>array * N) << 3;
  if (array <= Y) return (<usize>PER_POINT * N + <usize>(array - PER_POINT) * k2) << 3;
  return (<usize>PER_POINT * N + <usize>(Y - PER_POINT) * k2 + <usize>(array - Y) * N * k2) << 3; // after the data
}

/** Bytes of the whole layout. */
export function layoutBytes(N: i32, k2: i32): usize {
  return offsetOf(END, N, k2);
}

/** First 16-byte-aligned address after the static data: where the caller puts the arrays. */
export function dataStart(): usize {
  return (__heap_base + 15) & ~15;
}

const C = memory.data<f64>([0, 0.25, 0.5, 1, 2, -1, Math.PI / 2, 1e-12]);
const ZERO = 0,
  QUARTER = 1,
  HALF = 2,
  ONE = 3,
  TWO = 4,
  CONJ = 5, // (−1) for the i·z lane flip
  HALF_PI = 6,
  CUT_LOCUS = 7; // |⟨q, y⟩| below this: orthogonal shapes (as in src/geometry/kendall/)

/** |v| of the current shooting vector, in memory for one load-and-splat in the table loop. */
const CALL = memory.data(8, 8);

/** pair = (z, z_swap) per landmark, z_swap = (Im, −Re). */
function pairInto(z: usize, pair: usize, bytes: usize): void {
  for (let j: usize = 0; j < bytes; j += 16) {
    v128.store(pair + (j << 1), v128.load(z + j));
    v128.store(pair + (j << 1), f64x2(load<f64>(z + j, 8), -load<f64>(z + j)), 16);
  }
}

/** z_swap of landmark j (byte offset of z) from a pair array. */
@inline function swapAt(pair: usize, j: usize): v128 {
  return v128.load(pair + (j << 1), 16);
}

/**
 * ⟨z, yᵢ⟩ for every point, as (re, im) per-point arrays: Y conj(z), a block of four rows at a time, from z's
 * pair array — the one mat-vec both chains share.
 */
function innerProducts(ys: usize, N: i32, bytes: usize, pair: usize, outRe: usize, outIm: usize): void {
  let q = ys;
  const end = pair + (bytes << 1);
  for (let i = 0; i < N; i += 4) {
    let r0 = f64x2.splat(0),
      r1 = r0,
      r2 = r0,
      r3 = r0,
      m0 = r0,
      m1 = r0,
      m2 = r0,
      m3 = r0;
    for (let z = pair; z < end; z += 32) {
      const a = v128.load(z),
        b = v128.load(z, 16);
      const t0 = v128.load(q),
        t1 = v128.load(q, 16),
        t2 = v128.load(q, 32),
        t3 = v128.load(q, 48);
      q += 64;
      r0 = add(r0, mul(a, t0));
      m0 = add(m0, mul(b, t0));
      r1 = add(r1, mul(a, t1));
      m1 = add(m1, mul(b, t1));
      r2 = add(r2, mul(a, t2));
      m2 = add(m2, mul(b, t2));
      r3 = add(r3, mul(a, t3));
      m3 = add(m3, mul(b, t3));
    }
    const o = <usize>i << 3;
    v128.store(outRe + o, f64x2(laneSum(r0), laneSum(r1)));
    v128.store(outRe + o + 16, f64x2(laneSum(r2), laneSum(r3)));
    v128.store(outIm + o, f64x2(laneSum(m0), laneSum(m1)));
    v128.store(outIm + o + 16, f64x2(laneSum(m2), laneSum(m3)));
  }
}

/** p from P_IN into P, its swap, and ⟨p, yᵢ⟩ — unless P already holds that p. */
function updateFootpoint(base: usize, N: i32, k2: i32, always: bool): void {
  const bytes = <usize>k2 << 3;
  const pIn = base + offsetOf(P_IN, N, k2),
    p = base + offsetOf(P, N, k2);
  if (!always) {
    let same = true;
    for (let j: usize = 0; j < bytes; j += 16) {
      if (!i64x2.all_true(f64x2.eq(v128.load(pIn + j), v128.load(p + j)))) {
        same = false;
        break;
      }
    }
    if (same) return;
  }
  memory.copy(p, pIn, bytes);
  const pPair = base + offsetOf(P_PAIR, N, k2);
  pairInto(p, pPair, bytes);
  innerProducts(base + offsetOf(Y, N, k2), N, bytes, pPair, base + offsetOf(P_Y, N, k2), base + offsetOf(P_Y + 1, N, k2));
}

/**
 * ‖Σᵢ adjointᵢ Log(qᵢ, yᵢ)‖ / n from P_Y, U_Y, û and a table (cos, sin, weight, weight·f₁, weight·f₄); +Infinity
 * if a point is orthogonal to its prediction (cut locus).
 */
function gradNormFromTable(base: usize, N: i32, k2: i32, n: f64, table: usize): f64 {
  if (perPoint(base, N, k2, table) == Infinity) return Infinity;
  gather(base, N, k2);
  return assembledNorm(base, N, k2, n);
}

/** The sums c_p, c_ip, c_u, c_iu of the JavaScript kernel (written by perPoint). */
const SUMS = memory.data(32, 16);

/**
 * The per-point part: the weights wᵢ into W and the four sums into SUMS; +Infinity if a point is orthogonal
 * to its prediction (cut locus), else 0.
 */
function perPoint(base: usize, N: i32, k2: i32, table: usize): f64 {
  const stride = <usize>N << 3;
  const pr = base + offsetOf(P_Y, N, k2),
    ur = base + offsetOf(U_Y, N, k2),
    w = base + offsetOf(W, N, k2);
  // Per point (two per vector): A = c P + s U = ⟨q, y⟩, phase A/|A|, f = θ/sin θ (cos θ = |A| ≥ 0),
  // α + iβ = f·phase·(c conj U − s conj P) = ⟨w, t⟩, and wᵢ = weight·f₁·f·phase. Two loops (f/|A| and |A|
  // stored in W in between): the first is one long chain of square roots, a division and a polynomial per
  // point, and a short loop lets the CPU overlap many points' chains (as in sphereKernel.ts).
  let minAbs = at(C, ONE);
  for (let j: usize = 0; j < stride; j += 16) {
    const c = v128.load(table + j),
      s = v128.load(table + stride + j);
    const ar = add(mul(c, v128.load(pr + j)), mul(s, v128.load(ur + j))),
      ai = add(mul(c, v128.load(pr + stride + j)), mul(s, v128.load(ur + stride + j)));
    const absA = f64x2.sqrt(add(mul(ar, ar), mul(ai, ai)));
    minAbs = f64x2.pmin(minAbs, absA);
    const sinSq = f64x2.pmax(at(C, ZERO), mul(sub(at(C, ONE), absA), add(at(C, ONE), absA)));
    // θ/sin θ = 2 P(b²)/(h(1 + h)), h = cos(θ/2), b = tan(θ/4) (kernelMath.ts; θ ≤ π/2 here);
    // with D = h(1 + h) and one division R = 1/(D²|A|): b² = ¼ sin²θ/D² = ¼ sin²θ R|A|, f/|A| = 2 P(b²) R D
    const h = f64x2.sqrt(mul(at(C, HALF), add(at(C, ONE), absA)));
    const D = mul(h, add(at(C, ONE), h));
    const R = f64x2.div(at(C, ONE), mul(mul(D, D), absA));
    v128.store(w + j, mul(mul(at(C, TWO), atanOverArg(mul(mul(at(C, QUARTER), sinSq), mul(R, absA)))), mul(R, D)));
    v128.store(w + stride + j, absA);
  }
  let cp = at(C, ZERO),
    cip = cp,
    cu = cp,
    ciu = cp;
  for (let j: usize = 0; j < stride; j += 16) {
    const c = v128.load(table + j),
      s = v128.load(table + stride + j),
      wt = v128.load(table + 2 * stride + j),
      w1 = v128.load(table + 3 * stride + j),
      w4 = v128.load(table + 4 * stride + j);
    const Pr = v128.load(pr + j),
      Pi = v128.load(pr + stride + j),
      Ur = v128.load(ur + j),
      Ui = v128.load(ur + stride + j);
    const fOverAbs = v128.load(w + j),
      absA = v128.load(w + stride + j);
    const fr = mul(fOverAbs, add(mul(c, Pr), mul(s, Ur))),
      fi = mul(fOverAbs, add(mul(c, Pi), mul(s, Ui)));
    const zr = sub(mul(c, Ur), mul(s, Pr)),
      zi = sub(mul(s, Pi), mul(c, Ui));
    const alpha = sub(mul(fr, zr), mul(fi, zi)),
      beta = add(mul(fr, zi), mul(fi, zr));
    v128.store(w + j, mul(w1, fr));
    v128.store(w + stride + j, mul(w1, fi));
    const fa = mul(fOverAbs, mul(absA, absA)); // f·|A|
    cp = add(cp, mul(w1, sub(mul(alpha, s), mul(fa, c))));
    cip = add(cip, mul(w1, mul(beta, s)));
    cu = add(cu, sub(mul(wt, alpha), mul(w1, add(mul(alpha, c), mul(fa, s)))));
    ciu = add(ciu, sub(mul(w4, beta), mul(w1, mul(beta, c))));
  }
  if (f64x2.extract_lane(minAbs, 0) < load<f64>(C + (CUT_LOCUS << 3)) || f64x2.extract_lane(minAbs, 1) < load<f64>(C + (CUT_LOCUS << 3)))
    return Infinity;
  store<f64>(SUMS, laneSum(cp));
  store<f64>(SUMS, laneSum(cip), 8);
  store<f64>(SUMS, laneSum(cu), 16);
  store<f64>(SUMS, laneSum(ciu), 24);
  return 0;
}

/**
 * Σ wᵢ yᵢ as SUM_RE = Σ Re(wᵢ) yᵢ and SUM_IM = Σ Im(wᵢ) yᵢ: four landmarks at a time down all the rows, so that
 * the eight sums stay in registers (the rows are read with a stride, from the row-major copy of the data: the blocked one costs this loop more than it
 * saves).
 */
function gather(base: usize, N: i32, k2: i32): void {
  const stride = <usize>N << 3;
  const wr = base + offsetOf(W, N, k2),
    wi = wr + stride;
  const bytes = <usize>k2 << 3;
  const ys = base + offsetOf(Y_ROWS, N, k2),
    sumRe = base + offsetOf(SUM_RE, N, k2),
    sumIm = base + offsetOf(SUM_IM, N, k2);
  const end = ys + <usize>N * bytes;
  let j: usize = 0;
  for (; j + 64 <= bytes; j += 64) {
    let r0 = at(C, ZERO),
      r1 = r0,
      r2 = r0,
      r3 = r0,
      m0 = r0,
      m1 = r0,
      m2 = r0,
      m3 = r0;
    let o: usize = 0;
    for (let y = ys + j; y < end; y += bytes) {
      const a = v128.load64_splat(wr + o),
        b = v128.load64_splat(wi + o);
      const t0 = v128.load(y),
        t1 = v128.load(y, 16),
        t2 = v128.load(y, 32),
        t3 = v128.load(y, 48);
      r0 = add(r0, mul(a, t0));
      m0 = add(m0, mul(b, t0));
      r1 = add(r1, mul(a, t1));
      m1 = add(m1, mul(b, t1));
      r2 = add(r2, mul(a, t2));
      m2 = add(m2, mul(b, t2));
      r3 = add(r3, mul(a, t3));
      m3 = add(m3, mul(b, t3));
      o += 8;
    }
    v128.store(sumRe + j, r0);
    v128.store(sumRe + j, r1, 16);
    v128.store(sumRe + j, r2, 32);
    v128.store(sumRe + j, r3, 48);
    v128.store(sumIm + j, m0);
    v128.store(sumIm + j, m1, 16);
    v128.store(sumIm + j, m2, 32);
    v128.store(sumIm + j, m3, 48);
  }
  for (; j < bytes; j += 16) {
    let r0 = at(C, ZERO),
      m0 = r0;
    let o: usize = 0;
    for (let y = ys + j; y < end; y += bytes) {
      const t0 = v128.load(y);
      r0 = add(r0, mul(v128.load64_splat(wr + o), t0));
      m0 = add(m0, mul(v128.load64_splat(wi + o), t0));
      o += 8;
    }
    v128.store(sumRe + j, r0);
    v128.store(sumIm + j, m0);
  }
}

/** The norm of g = Σ wᵢ yᵢ + (cp + i cip) p + (cu + i ciu) û, divided by n. */
function assembledNorm(base: usize, N: i32, k2: i32, n: f64): f64 {
  // i·z = −z_swap, so (a + ib) z = a z − b z_swap
  const bytes = <usize>k2 << 3;
  const sumRe = base + offsetOf(SUM_RE, N, k2),
    sumIm = base + offsetOf(SUM_IM, N, k2);
  const p = base + offsetOf(P, N, k2),
    pPair = base + offsetOf(P_PAIR, N, k2),
    u = base + offsetOf(U, N, k2),
    uPair = base + offsetOf(U_PAIR, N, k2);
  const CP = at(SUMS, 0),
    CIP = at(SUMS, 1),
    CU = at(SUMS, 2),
    CIU = at(SUMS, 3);
  let norm2 = at(C, ZERO);
  for (let j: usize = 0; j < bytes; j += 16) {
    const e = sub(
      add(add(v128.load(sumRe + j), mul(CP, v128.load(p + j))), mul(CU, v128.load(u + j))),
      add(add(mul(CIP, swapAt(pPair, j)), mul(CIU, swapAt(uPair, j))), f64x2(load<f64>(sumIm + j, 8), -load<f64>(sumIm + j))),
    );
    norm2 = add(norm2, mul(e, e));
  }
  return Math.sqrt(laneSum(norm2)) / n;
}

/**
 * ‖∇_p E(p, Γv̂)‖ at p = P_IN (v̂ carried from p̂ to p). Γv̂ = ā v̂ − ā κ p̂ − κ p with a = ⟨p̂, p⟩/|⟨p̂, p⟩| and
 * κ = ā⟨v̂, p⟩/(1 + |⟨p̂, p⟩|) (src/geometry/kendall/ transport), so ⟨Γv̂, yᵢ⟩ combines the fixed ⟨v̂, yᵢ⟩,
 * ⟨p̂, yᵢ⟩ with ⟨p, yᵢ⟩. +Infinity at the cut locus of p̂.
 */
export function footpointGradNorm(base: usize, N: i32, k2: i32, n: f64): f64 {
  updateFootpoint(base, N, k2, true);
  const bytes = <usize>k2 << 3;
  const p = base + offsetOf(P, N, k2),
    pHat = base + offsetOf(PHAT, N, k2),
    vHat = base + offsetOf(VHAT, N, k2),
    pPair = base + offsetOf(P_PAIR, N, k2);
  // ⟨p̂, p⟩ and ⟨v̂, p⟩: Re = Σ lanes(z ⊙ p), Im⟨z, p⟩ = −Im⟨p, z⟩ = −Σ lanes(p_swap ⊙ z)
  let hr = at(C, ZERO),
    hi = hr,
    vr = hr,
    vi = hr;
  for (let j: usize = 0; j < bytes; j += 16) {
    const pj = v128.load(p + j),
      sj = swapAt(pPair, j),
      a = v128.load(pHat + j),
      b = v128.load(vHat + j);
    hr = add(hr, mul(a, pj));
    hi = sub(hi, mul(sj, a));
    vr = add(vr, mul(b, pj));
    vi = sub(vi, mul(sj, b));
  }
  const ar = laneSum(hr),
    ai = laneSum(hi);
  const m = Math.sqrt(ar * ar + ai * ai);
  if (m < load<f64>(C + (CUT_LOCUS << 3))) return Infinity; // p at the cut locus of p̂: transport undefined
  const cr = ar / m,
    ci = -ai / m; // ā
  const dr = laneSum(vr),
    di = laneSum(vi); // ⟨v̂, p⟩
  const kr = (cr * dr - ci * di) / (1 + m),
    ki = (cr * di + ci * dr) / (1 + m); // κ
  // coefficients of v̂, p̂, p: ā, −ā κ, −κ
  const c1r = cr,
    c1i = ci,
    c2r = -(cr * kr - ci * ki),
    c2i = -(cr * ki + ci * kr),
    c3r = -kr,
    c3i = -ki;
  // v = Γv̂ and |v|; (a + ib) z = a z − b z_swap, z_swap = (Im, −Re)
  const u = base + offsetOf(U, N, k2),
    uPair = base + offsetOf(U_PAIR, N, k2);
  const A1 = f64x2.splat(c1r),
    B1 = f64x2.splat(c1i),
    A2 = f64x2.splat(c2r),
    B2 = f64x2.splat(c2i),
    A3 = f64x2.splat(c3r),
    B3 = f64x2.splat(c3i);
  let L2 = at(C, ZERO);
  for (let j: usize = 0; j < bytes; j += 16) {
    const vh = v128.load(vHat + j),
      ph = v128.load(pHat + j),
      pj = v128.load(p + j);
    const vhs = f64x2(load<f64>(vHat + j, 8), -load<f64>(vHat + j)),
      phs = f64x2(load<f64>(pHat + j, 8), -load<f64>(pHat + j));
    const v = sub(
      add(add(mul(A1, vh), mul(A2, ph)), mul(A3, pj)),
      add(add(mul(B1, vhs), mul(B2, phs)), mul(B3, swapAt(pPair, j))),
    );
    v128.store(u + j, v);
    L2 = add(L2, mul(v, v));
  }
  const L = Math.sqrt(laneSum(L2));
  const inv = L > 0 ? 1 / L : 0;
  const INV = f64x2.splat(inv);
  for (let j: usize = 0; j < bytes; j += 16) v128.store(u + j, mul(INV, v128.load(u + j)));
  pairInto(u, uPair, bytes);
  // ⟨û, yᵢ⟩ = (c₁⟨v̂, yᵢ⟩ + c₂⟨p̂, yᵢ⟩ + c₃⟨p, yᵢ⟩)/|v|
  const stride = <usize>N << 3;
  const vy = base + offsetOf(VHAT_Y, N, k2),
    hy = base + offsetOf(PHAT_Y, N, k2),
    py = base + offsetOf(P_Y, N, k2),
    uy = base + offsetOf(U_Y, N, k2);
  const a1 = f64x2.splat(c1r * inv),
    b1 = f64x2.splat(c1i * inv),
    a2 = f64x2.splat(c2r * inv),
    b2 = f64x2.splat(c2i * inv),
    a3 = f64x2.splat(c3r * inv),
    b3 = f64x2.splat(c3i * inv);
  for (let j: usize = 0; j < stride; j += 16) {
    const xr = v128.load(vy + j),
      xi = v128.load(vy + stride + j),
      yr = v128.load(hy + j),
      yi = v128.load(hy + stride + j),
      zr = v128.load(py + j),
      zi = v128.load(py + stride + j);
    v128.store(uy + j, sub(add(add(mul(a1, xr), mul(a2, yr)), mul(a3, zr)), add(add(mul(b1, xi), mul(b2, yi)), mul(b3, zi))));
    v128.store(uy + stride + j, add(add(add(mul(a1, xi), mul(a2, yi)), mul(a3, zi)), add(add(mul(b1, xr), mul(b2, yr)), mul(b3, zr))));
  }
  return gradNormFromTable(base, N, k2, n, base + offsetOf(FOOT, N, k2));
}

/**
 * ‖∇_v E(p, v)‖ at p = P_IN, v = V_IN: ⟨p, yᵢ⟩ only when p changed, ⟨û, yᵢ⟩ by one mat-vec, the table of
 * cos, sin xᵢ|v| (xAbsMax = maxᵢ |xᵢ|), then the sum.
 */
export function shootingGradNorm(base: usize, N: i32, k2: i32, n: f64, xAbsMax: f64): f64 {
  updateFootpoint(base, N, k2, false);
  const bytes = <usize>k2 << 3;
  const vIn = base + offsetOf(V_IN, N, k2),
    u = base + offsetOf(U, N, k2),
    uPair = base + offsetOf(U_PAIR, N, k2);
  let L2 = at(C, ZERO);
  for (let j: usize = 0; j < bytes; j += 16) {
    const v = v128.load(vIn + j);
    L2 = add(L2, mul(v, v));
  }
  const L = Math.sqrt(laneSum(L2));
  const inv = L > 0 ? 1 / L : 0;
  const INV = f64x2.splat(inv);
  for (let j: usize = 0; j < bytes; j += 16) v128.store(u + j, mul(INV, v128.load(vIn + j)));
  pairInto(u, uPair, bytes);
  innerProducts(base + offsetOf(Y, N, k2), N, bytes, uPair, base + offsetOf(U_Y, N, k2), base + offsetOf(U_Y + 1, N, k2));

  // table: cos, sin xL, weight·x, weight·x·sin(xL)/(xL) (weight·x at L = 0) and that times cos xL (weight·x·
  // sin(2xL)/(2xL)); by the polynomials in xL (relatively accurate sin(xL)/(xL), also for tiny xL) where
  // |x|L ≤ π/2 — always in the ball domain |v| ≤ π/2 with covariates in [−1, 1] — by Math elsewhere
  const stride = <usize>N << 3;
  const x = base + offsetOf(X, N, k2),
    weight = base + offsetOf(WEIGHT, N, k2),
    t = base + offsetOf(SHOOT, N, k2);
  store<f64>(CALL, L);
  if (xAbsMax * L <= Math.PI / 2) {
    for (let j: usize = 0; j < stride; j += 16) {
      const xj = v128.load(x + j);
      const r = mul(xj, at(CALL));
      const z = mul(r, r),
        z2 = mul(z, z),
        z4 = mul(z2, z2);
      const c = add(estrin8(COS, z, z2, z4), mul(mul(z4, z4), at(COS, 8)));
      const sinc = estrin8(SIN, z, z2, z4);
      const wx = mul(xj, v128.load(weight + j));
      const w1 = mul(wx, sinc);
      v128.store(t + j, c);
      v128.store(t + stride + j, mul(r, sinc));
      v128.store(t + 2 * stride + j, wx);
      v128.store(t + 3 * stride + j, w1);
      v128.store(t + 4 * stride + j, mul(w1, c));
    }
  } else {
    for (let j: usize = 0; j < stride; j += 8) {
      const xj = load<f64>(x + j),
        wx = xj * load<f64>(weight + j);
      const c = Math.cos(xj * L),
        s = Math.sin(xj * L);
      const w1 = xj != 0 ? (s / (xj * L)) * wx : wx; // here L > 0
      store<f64>(t + j, c);
      store<f64>(t + stride + j, s);
      store<f64>(t + 2 * stride + j, wx);
      store<f64>(t + 3 * stride + j, w1);
      store<f64>(t + 4 * stride + j, w1 * c);
    }
  }
  return gradNormFromTable(base, N, k2, n, t);
}


/**
 * The two mat-vecs of a step and nothing else, `times` times: ⟨û, yᵢ⟩ for every point (innerProducts) and
 * Σ wᵢ yᵢ (gather), on whatever U_PAIR and W hold. For `npm run bench`: the floor under a step's cost.
 */
export function matVecs(base: usize, N: i32, k2: i32, times: i32): void {
  const bytes = <usize>k2 << 3;
  const ys = base + offsetOf(Y, N, k2),
    uPair = base + offsetOf(U_PAIR, N, k2),
    uy = base + offsetOf(U_Y, N, k2),
    uyIm = base + offsetOf(U_Y + 1, N, k2);
  for (let t = 0; t < times; t++) {
    innerProducts(ys, N, bytes, uPair, uy, uyIm);
    gather(base, N, k2);
  }
}

// ---- whole chains: runChain's loop (src/sampling/mh.ts) over kngTargets.ts's two targets, in one call ----

/** The chain's scalars, written by the caller before runSteps and read after: U(z), step, accepted counts. */
const CHAIN = memory.data(32, 16);

export function chainScalars(): usize {
  return CHAIN;
}

/**
 * kendallGeometry().tangentBall (src/privacy/kernels/proposals.ts) into NU: k2 normals, centred, the components
 * along p and ip removed, scaled to radius r·U^(1/dim). Scalar, in that file's order, for the same numbers.
 */
function tangentBall(p: usize, r: f64, dim: f64, nu: usize, k2: i32): void {
  const bytes = <usize>k2 << 3;
  fillNormals(nu, k2);
  let mx: f64 = 0,
    my: f64 = 0;
  for (let j: usize = 0; j < bytes; j += 16) {
    mx += load<f64>(nu + j);
    my += load<f64>(nu + j, 8);
  }
  const k = <f64>(k2 >> 1);
  mx /= k;
  my /= k;
  let d1: f64 = 0, // ⟨z̄, p⟩
    d2: f64 = 0; // ⟨z̄, ip⟩
  for (let j: usize = 0; j < bytes; j += 16) {
    const zx = load<f64>(nu + j) - mx,
      zy = load<f64>(nu + j, 8) - my;
    store<f64>(nu + j, zx);
    store<f64>(nu + j, zy, 8);
    const px = load<f64>(p + j),
      py = load<f64>(p + j, 8);
    d1 += zx * px + zy * py;
    d2 += zy * px - zx * py;
  }
  let s: f64 = 0;
  for (let j: usize = 0; j < bytes; j += 16) {
    const px = load<f64>(p + j),
      py = load<f64>(p + j, 8);
    const x = load<f64>(nu + j) - (d1 * px - d2 * py),
      y = load<f64>(nu + j, 8) - (d1 * py + d2 * px);
    store<f64>(nu + j, x);
    store<f64>(nu + j, y, 8);
    s += x * x + y * y;
  }
  const c = (r * jsPow(uniform(), 1 / dim)) / Math.sqrt(s);
  for (let j: usize = 0; j < bytes; j += 8) store<f64>(nu + j, load<f64>(nu + j) * c);
}

function norm(v: usize, k2: i32): f64 {
  let s: f64 = 0;
  for (let j: usize = 0; j < (<usize>k2 << 3); j += 8) {
    const x = load<f64>(v + j);
    s += x * x;
  }
  return Math.sqrt(s);
}

/** kendallGeometry().exp: Exp_p(ν) = cos|ν| p + (sin|ν|/|ν|) ν, renormalised, into out; NaN if not representable. */
function expInto(p: usize, nu: usize, out: usize, k2: i32): void {
  const bytes = <usize>k2 << 3;
  const L = norm(nu, k2);
  const c = jsCos(L);
  const s = L < 1e-4 ? 1 - (L * L) / 6 + (L * L * L * L) / 120 : jsSin(L) / L;
  let r2: f64 = 0;
  for (let j: usize = 0; j < bytes; j += 8) {
    const x = c * load<f64>(p + j) + s * load<f64>(nu + j);
    store<f64>(out + j, x);
    r2 += x * x;
  }
  if (!(r2 > 0 && r2 < Infinity)) {
    for (let j: usize = 0; j < bytes; j += 8) store<f64>(out + j, NaN);
    return;
  }
  const inv = 1 / Math.sqrt(r2);
  for (let j: usize = 0; j < bytes; j += 8) store<f64>(out + j, load<f64>(out + j) * inv);
}

/**
 * Steps from + 1 … to of runChain's loop from the state in Z and CHAIN, with the generator state set by
 * setRngState: a proposal, its potential, the Metropolis–Hastings test and (for t ≤ burnIn, unless adaptTarget
 * is NaN) the Robbins–Monro step adaptation, each exactly as there. The footpoint chain (footpoint = true)
 * walks p with kngTargets.ts's footpointTarget: Exp of a tangent-ball draw at p, potential ‖∇_p E(p, Γv̂)‖/σ.
 * The shooting chain walks v at the footpoint in P_IN with shootingTarget: v plus a tangent-ball draw at the
 * footpoint, potential ‖∇_v E‖/σ inside the ball |v| ≤ vRadius, +∞ outside.
 */
export function runSteps(
  base: usize,
  N: i32,
  k2: i32,
  n: f64,
  xAbsMax: f64,
  footpoint: bool,
  from: i32,
  to: i32,
  burnIn: i32,
  adaptTarget: f64,
  sigma: f64,
  vRadius: f64,
  dim: f64,
): void {
  const bytes = <usize>k2 << 3;
  const z = base + offsetOf(Z, N, k2),
    nu = base + offsetOf(NU, N, k2),
    pIn = base + offsetOf(P_IN, N, k2),
    proposal = footpoint ? pIn : base + offsetOf(V_IN, N, k2);
  beginSteps(CHAIN);
  for (let t = from + 1; t <= to; t++) {
    let uNew: f64;
    if (footpoint) {
      tangentBall(z, currentStep(), dim, nu, k2);
      expInto(z, nu, proposal, k2);
      uNew = isNaN(load<f64>(proposal)) ? Infinity : footpointGradNorm(base, N, k2, n) / sigma;
    } else {
      tangentBall(pIn, currentStep(), dim, nu, k2);
      for (let j: usize = 0; j < bytes; j += 8) store<f64>(proposal + j, load<f64>(z + j) + load<f64>(nu + j));
      uNew = norm(proposal, k2) > vRadius ? Infinity : shootingGradNorm(base, N, k2, n, xAbsMax) / sigma;
    }
    if (metropolis(uNew, t, burnIn, adaptTarget)) memory.copy(z, proposal, bytes);
  }
  endSteps(CHAIN);
}
