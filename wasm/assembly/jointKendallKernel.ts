/**
 * The clipped joint kernel on Kendall's planar shape space of src/privacy/kngJoint/kendallJointKernel.ts (read
 * its header first: the algebra, the names and the special cases are the same) in AssemblyScript: E_c, ‖∇_p E_c‖
 * and ‖∇_v E_c‖ in one pass over the data, two records per f64x2 vector. Each lane runs the JavaScript loop's
 * steps for its record — P = ⟨p, y⟩ and U = ⟨û, y⟩ over the landmarks, the per-record scalars, the multiples of
 * y added into the gradient sums — so that each splat of p and û serves two records and the scalar part (cos,
 * sin, θ, the clip) runs branch-free for both at once.
 *
 * The records go in blocks of BLOCK_PAIRS pairs through three short loops (inner products, scalars, multiples
 * of y) rather than one long one: the scalar part is a long chain of square roots, a division and polynomials,
 * and a loop of scalars alone lets the CPU overlap several pairs' chains (7% at 8 landmarks, measured), while a
 * block's responses stay in L1 between the first loop and the third.
 *
 * The angles x = t|v| must satisfy |x| ≤ π/2, where cos and sin are the kernels' polynomials (the caller
 * checks, and runs the JavaScript loop beyond). θ ∈ [0, π/2] always (cos θ = m/|y| ≥ 0), so θ comes from the
 * atan polynomial in the half-angle form of kernelMath.ts: with ĉ = m/|y|, ŝ = sin θ/|y|, h = cos(θ/2) =
 * √((1 + ĉ)/2), D = h(1 + h) and b = tan(θ/4) = ŝ/(2D) ≤ tan(π/8), θ = 4 atan b = 2 ŝ P(b²)/D; so r = θ|y| =
 * 2 sin θ P(b²)/D and r/sin θ = 2 P(b²)/D, well conditioned down to θ = 0 (where it is 1, as f is in the
 * JavaScript kernel there).
 *
 * Memory from `base` (16-byte aligned), at offsetOf(array, N, k2), N = n rounded up to even: per record (N f64
 * each) t, |y|², 1/|y| and the weight (1, or 0 for the padding record, which repeats the last one: finite
 * wherever that one is, and adding nothing); p and v (k2 each, written by the caller before each call); the
 * working vectors PU and G; then the responses, a pair of records at a time, interleaved by coordinate: record
 * 2b + r's coordinate j at Y + ((b·k2 + j)·2 + r)·8, so that one load gives a coordinate of both records.
 */

import { COS, SIN, add, at, atanOverArg, estrin8, laneSum, mul, sub } from './kernelMath';

// Per-record arrays (N f64 each).
const T = 0,
  Y_NORM_SQ = 1,
  INV_Y_NORM = 2,
  WEIGHT = 3,
  // Vectors (k2 f64 each).
  P_IN = 4, // p, written by the caller
  V_IN = 5, // v, written by the caller
  PU = 6, // two vectors: per landmark px, py, ûx, ûy (one splat-load each in the landmark loops)
  G = 8, // four vectors: per landmark the sums for ∇_p (re, im) and ∇_v (re, im), a lane per record of a pair
  Y = 12, // N·k2: the responses, in pairs (see above)
  END = 13;
const RECORD_ARRAYS = 4;

/** Byte offset from base of an array of the layout, for N (even) records of k2 reals. */
export function offsetOf(array: i32, N: i32, k2: i32): usize {
  if (array <= RECORD_ARRAYS) return (<usize>array * N) << 3;
  if (array <= Y) return (<usize>RECORD_ARRAYS * N + <usize>(array - RECORD_ARRAYS) * k2) << 3;
  return (<usize>RECORD_ARRAYS * N + <usize>(Y - RECORD_ARRAYS) * k2 + <usize>(array - Y) * N * k2) << 3;
}

/** Bytes of the whole layout. */
export function layoutBytes(N: i32, k2: i32): usize {
  return offsetOf(END, N, k2);
}

/** First 16-byte-aligned address after the static data: where the caller puts the arrays. */
export function dataStart(): usize {
  return (__heap_base + 15) & ~15;
}

/** Pairs of records per block (16 records: 13 kB of responses at 50 landmarks). */
const BLOCK_PAIRS = 8;
/** Per pair of a block: P and U (re, im) after the first loop, the multiples of y after the second. */
const SCRATCH = memory.data(BLOCK_PAIRS * 64, 16);

const ZERO = memory.data<f64>([0]),
  QUARTER = memory.data<f64>([0.25]),
  HALF = memory.data<f64>([0.5]),
  ONE = memory.data<f64>([1]),
  TWO = memory.data<f64>([2]),
  // the JavaScript kernel's thresholds: the cut locus (m below it) and the small-θ pass (sin²θ below it)
  CUT_LOCUS = memory.data<f64>([1e-12]),
  SMALL_SIN_SQ = memory.data<f64>([1e-4]),
  // a floor for m and sin θ in a product of three factors ≤ 2: keeps it normal, its reciprocal finite
  TINY = memory.data<f64>([1e-100]);

/** Per call: |v|, the clip and ½clip² (splat-loaded in the loops), and the three results. */
const LENGTH = memory.data(8, 8),
  CLIP = memory.data(8, 8),
  HALF_CLIP_SQ = memory.data(8, 8),
  OUT = memory.data(24, 8);
/**
 * E_c and the coefficients of p, ip, û, iû in Σ d_p† wᵢ (C_P…) and in Σ tᵢ d_v† wᵢ (V_P…; none along iû), a lane
 * per record of a pair.
 */
const SUMS = memory.data(8 * 16, 16);
const E = 0,
  C_P = 1,
  C_IP = 2,
  C_U = 3,
  C_IU = 4,
  V_P = 5,
  V_IP = 6,
  V_U = 7;

/** Where `evaluate` writes E_c, ‖∇_p E_c‖, ‖∇_v E_c‖. */
export function outputs(): usize {
  return OUT;
}

/**
 * E_c, ‖∇_p E_c‖, ‖∇_v E_c‖ into outputs() for the p and v in P_IN and V_IN, with len = |v| (computed by the
 * caller, which has checked that p is a preshape, that v is finite and that max |tᵢ|·len ≤ π/2).
 */
export function evaluate(base: usize, N: i32, k2: i32, n: f64, clip: f64, len: f64): void {
  const bytes = <usize>k2 << 3; // of one vector; PU takes 2·bytes, G 4·bytes, a pair of records in Y 2·bytes
  const p = base + offsetOf(P_IN, N, k2),
    v = base + offsetOf(V_IN, N, k2),
    pu = base + offsetOf(PU, N, k2),
    g = base + offsetOf(G, N, k2);
  const inv = len > 0 ? 1 / len : 0;
  for (let j: usize = 0; j < bytes; j += 16) {
    store<f64>(pu + 2 * j, load<f64>(p + j));
    store<f64>(pu + 2 * j, load<f64>(p + j, 8), 8);
    store<f64>(pu + 2 * j, load<f64>(v + j) * inv, 16);
    store<f64>(pu + 2 * j, load<f64>(v + j, 8) * inv, 24);
  }
  memory.fill(g, 0, 4 * bytes);
  memory.fill(SUMS, 0, 8 * 16);
  store<f64>(LENGTH, len);
  store<f64>(CLIP, clip);
  store<f64>(HALF_CLIP_SQ, 0.5 * clip * clip);

  const stride = <usize>N << 3;
  const blockBytes: usize = BLOCK_PAIRS * 16; // of the block in a per-record array
  let y = base + offsetOf(Y, N, k2);
  for (let j: usize = 0; j < stride; j += blockBytes) {
    const pairs = <i32>(min(blockBytes, stride - j) >> 4);
    innerProducts(y, pairs, pu, bytes);
    scalars(base, N, k2, j, pairs, y, pu);
    addMultiples(y, pairs, g, bytes);
    y += <usize>pairs * 2 * bytes;
  }

  // the multiples of the yᵢ plus the coefficients times p, ip, û, iû, with i(x + iy) = −y + ix
  const cP = total(C_P),
    cIP = total(C_IP),
    cU = total(C_U),
    cIU = total(C_IU),
    vP = total(V_P),
    vIP = total(V_IP),
    vU = total(V_U);
  let gp2: f64 = 0,
    gv2: f64 = 0;
  for (let l: usize = 0, o: usize = 0; l < 2 * bytes; l += 32, o += 64) {
    const px = load<f64>(pu + l),
      py = load<f64>(pu + l, 8),
      ux = load<f64>(pu + l, 16),
      uy = load<f64>(pu + l, 24);
    const gpx = laneSum(v128.load(g + o)) + cP * px - cIP * py + cU * ux - cIU * uy,
      gpy = laneSum(v128.load(g + o, 16)) + cP * py + cIP * px + cU * uy + cIU * ux;
    const gvx = laneSum(v128.load(g + o, 32)) + vP * px - vIP * py + vU * ux,
      gvy = laneSum(v128.load(g + o, 48)) + vP * py + vIP * px + vU * uy;
    gp2 += gpx * gpx + gpy * gpy;
    gv2 += gvx * gvx + gvy * gvy;
  }
  store<f64>(OUT, total(E) / n);
  store<f64>(OUT, Math.sqrt(gp2) / n, 8);
  store<f64>(OUT, Math.sqrt(gv2) / n, 16);
}

/** The address of a sum of SUMS (two lanes). */
@inline function sumAt(sum: i32): usize {
  return SUMS + (<usize>sum << 4);
}

/** A sum of SUMS over both lanes. */
@inline function total(sum: i32): f64 {
  return laneSum(v128.load(sumAt(sum)));
}

/** P = ⟨p, y⟩ and U = ⟨û, y⟩ (re, im) of `pairs` pairs of records from y into SCRATCH. */
function innerProducts(y: usize, pairs: i32, pu: usize, bytes: usize): void {
  const puEnd = pu + 2 * bytes;
  for (let sp = SCRATCH; sp < SCRATCH + (<usize>pairs << 6); sp += 64) {
    let pr = at(ZERO),
      pi = pr,
      ur = pr,
      ui = pr;
    for (let l = pu; l < puEnd; l += 32) {
      const yx = v128.load(y),
        yy = v128.load(y, 16);
      const px = at(l, 0),
        py = at(l, 1),
        ux = at(l, 2),
        uy = at(l, 3);
      pr = add(pr, add(mul(px, yx), mul(py, yy)));
      pi = add(pi, sub(mul(py, yx), mul(px, yy)));
      ur = add(ur, add(mul(ux, yx), mul(uy, yy)));
      ui = add(ui, sub(mul(uy, yx), mul(ux, yy)));
      y += 32;
    }
    v128.store(sp, pr);
    v128.store(sp, pi, 16);
    v128.store(sp, ur, 32);
    v128.store(sp, ui, 48);
  }
}

/**
 * The per-record part of the block from byte j of the per-record arrays (its responses at y): the energy and the
 * seven coefficients into SUMS, and in place of P and U in SCRATCH the multiples c·fφ and (sin x/|v|)·fφ of y.
 */
function scalars(base: usize, N: i32, k2: i32, j: usize, pairs: i32, y: usize, pu: usize): void {
  const puEnd = pu + (<usize>k2 << 4);
  const tt = base + offsetOf(T, N, k2) + j,
    yNormSq = base + offsetOf(Y_NORM_SQ, N, k2) + j,
    invYNorm = base + offsetOf(INV_Y_NORM, N, k2) + j,
    weight = base + offsetOf(WEIGHT, N, k2) + j;
  let e = v128.load(sumAt(E)),
    cP = v128.load(sumAt(C_P)),
    cIP = v128.load(sumAt(C_IP)),
    cU = v128.load(sumAt(C_U)),
    cIU = v128.load(sumAt(C_IU)),
    vP = v128.load(sumAt(V_P)),
    vIP = v128.load(sumAt(V_IP)),
    vU = v128.load(sumAt(V_U));
  for (let i: usize = 0, sp = SCRATCH; i < (<usize>pairs << 4); i += 16, sp += 64) {
    const pr = v128.load(sp),
      pi = v128.load(sp, 16),
      ur = v128.load(sp, 32),
      ui = v128.load(sp, 48);
    const t = v128.load(tt + i),
      wt = v128.load(weight + i),
      invNorm = v128.load(invYNorm + i);
    // c = cos x, s = sin x = x·sinc x, and t·sin x/x = t·sinc x (t at v = 0)
    const x = mul(t, at(LENGTH));
    const z = mul(x, x),
      z2 = mul(z, z),
      z4 = mul(z2, z2);
    const c = add(estrin8(COS, z, z2, z4), mul(mul(z4, z4), at(COS, 8)));
    const sinc = estrin8(SIN, z, z2, z4);
    const s = mul(x, sinc),
      w1 = mul(t, sinc);
    // A = ⟨q, y⟩ = cP + sU, m = |A|
    const ar = add(mul(c, pr), mul(s, ur)),
      ai = add(mul(c, pi), mul(s, ui));
    const m2 = add(mul(ar, ar), mul(ai, ai));
    const m = f64x2.sqrt(m2);
    const cut = f64x2.lt(m, at(CUT_LOCUS));
    let sinSq = sub(v128.load(yNormSq + i), m2);
    const small = v128.andnot(f64x2.lt(sinSq, at(SMALL_SIN_SQ)), cut);
    if (v128.any_true(small)) {
      // |y* − m q|² term by term where |y|² − m² has lost the digits (for both lanes, kept where small)
      const invM = f64x2.div(at(ONE), m);
      const phr = mul(ar, invM),
        phi = mul(ai, invM); // φ
      let sum = at(ZERO);
      let yl = y + (i >> 4) * (<usize>k2 << 4);
      for (let l = pu; l < puEnd; l += 32) {
        const yx = v128.load(yl),
          yy = v128.load(yl, 16);
        const dx = sub(sub(mul(phr, yx), mul(phi, yy)), mul(m, add(mul(c, at(l, 0)), mul(s, at(l, 2))))),
          dy = sub(add(mul(phr, yy), mul(phi, yx)), mul(m, add(mul(c, at(l, 1)), mul(s, at(l, 3)))));
        sum = add(sum, add(mul(dx, dx), mul(dy, dy)));
        yl += 32;
      }
      sinSq = v128.bitselect(sum, sinSq, small);
    }
    sinSq = f64x2.pmax(sinSq, at(ZERO));
    const sinTheta = f64x2.sqrt(sinSq);
    // 1/D, 1/(m D) and 1/(m sin θ) from one division R = 1/(m D sin θ), with m and sin θ floored at TINY: at the
    // cut locus (m → 0) and at θ = 0 only the quotients without the floored factor are used
    const h = f64x2.sqrt(mul(at(HALF), add(at(ONE), mul(m, invNorm))));
    const D = mul(h, add(at(ONE), h));
    const mFloor = f64x2.pmax(m, at(TINY)),
      sinFloor = f64x2.pmax(sinTheta, at(TINY));
    const R = f64x2.div(at(ONE), mul(mul(mFloor, D), sinFloor));
    const invD = mul(R, mul(mFloor, sinFloor));
    // r = θ|y| = 2 sin θ P(b²)/D, b² = ¼ sin²θ/(|y|² D²) (header)
    const twoP = mul(at(TWO), atanOverArg(mul(mul(at(QUARTER), mul(sinSq, mul(invNorm, invNorm))), mul(invD, invD))));
    const r = mul(mul(twoP, invD), sinTheta);
    // the energy counts r, and θ = r/|y| at the cut locus (as the JavaScript kernel does there)
    const d = v128.bitselect(mul(r, invNorm), r, cut);
    const inside = f64x2.le(d, at(CLIP));
    const rho = v128.bitselect(mul(at(HALF), mul(d, d)), sub(mul(at(CLIP), d), at(HALF_CLIP_SQ)), inside);
    e = add(e, mul(rho, wt));
    // f/m, f = min(r, clip)/sin θ (r/sin θ = 2P/D), times the weight; 0 at the cut locus: the record pulls with 0
    const fOverM = mul(v128.andnot(v128.bitselect(mul(twoP, mul(R, sinFloor)), mul(at(CLIP), mul(R, D)), inside), cut), wt);
    const fr = mul(fOverM, ar),
      fi = mul(fOverM, ai); // f φ
    const fm = mul(fOverM, m2);
    const br = sub(mul(c, ur), mul(s, pr)),
      bi = sub(mul(s, pi), mul(c, ui)); // conj(cU − sP)
    const alpha = sub(mul(fr, br), mul(fi, bi)),
      beta = add(mul(fr, bi), mul(fi, br));
    const sc = mul(s, c),
      ss = mul(s, s);
    cP = add(cP, sub(mul(alpha, sc), mul(fm, mul(c, c))));
    cIP = add(cIP, mul(beta, sc));
    cU = add(cU, sub(mul(alpha, ss), mul(fm, sc)));
    cIU = sub(cIU, mul(beta, ss));
    vP = add(vP, mul(w1, sub(mul(alpha, s), mul(fm, c))));
    vIP = add(vIP, mul(w1, mul(beta, s)));
    vU = add(vU, sub(mul(t, alpha), mul(w1, add(mul(fm, s), mul(alpha, c)))));
    v128.store(sp, mul(c, fr));
    v128.store(sp, mul(c, fi), 16);
    v128.store(sp, mul(w1, fr), 32);
    v128.store(sp, mul(w1, fi), 48);
  }
  v128.store(sumAt(E), e);
  v128.store(sumAt(C_P), cP);
  v128.store(sumAt(C_IP), cIP);
  v128.store(sumAt(C_U), cU);
  v128.store(sumAt(C_IU), cIU);
  v128.store(sumAt(V_P), vP);
  v128.store(sumAt(V_IP), vIP);
  v128.store(sumAt(V_U), vU);
}

/** G += the multiples of y in SCRATCH times the responses, for `pairs` pairs from y. */
function addMultiples(y: usize, pairs: i32, g: usize, bytes: usize): void {
  const gEnd = g + 4 * bytes;
  for (let sp = SCRATCH; sp < SCRATCH + (<usize>pairs << 6); sp += 64) {
    const wpr = v128.load(sp),
      wpi = v128.load(sp, 16),
      wvr = v128.load(sp, 32),
      wvi = v128.load(sp, 48);
    for (let l = g; l < gEnd; l += 64) {
      const yx = v128.load(y),
        yy = v128.load(y, 16);
      v128.store(l, add(v128.load(l), sub(mul(wpr, yx), mul(wpi, yy))));
      v128.store(l, add(v128.load(l, 16), add(mul(wpr, yy), mul(wpi, yx))), 16);
      v128.store(l, add(v128.load(l, 32), sub(mul(wvr, yx), mul(wvi, yy))), 32);
      v128.store(l, add(v128.load(l, 48), add(mul(wvr, yy), mul(wvi, yx))), 48);
      y += 32;
    }
  }
}
