/**
 * The loop over the data of the SPD(2) affine KNG kernel (src/privacy/kernels/spd.ts) in AssemblyScript, two
 * data points per f64x2 vector; the caller does the per-call 2×2 algebra and passes its results. Per point
 * the JavaScript loop calls Math.exp once and Math.atanh or Math.log where its series does not do (most of
 * its time); here exp and log are inlined polynomials on both lanes (kernelMath.ts), the other branches are
 * lane selects, and the logarithms are skipped for pairs where the series does (nearly all in the chains).
 * `npm run build:wasm` compiles it into src/privacy/kernels/wasm/kernels.generated.ts.
 *
 * Memory from `base`: arrays of N f64 (N = n rounded up to even) at base + index·8N, the indices below; a
 * padding point repeats the last one with weight 0. The exponents xᵢ(μ₁ − μ₀)/2 must stay within 700 (the
 * caller checks; the JavaScript loop handles the rest).
 *
 * As in sphereKernel.ts, the per-point work is split into two loops (exponentials, then logarithms) with the
 * intermediates in memory, and constants and per-call values are read from memory: ~20% faster here.
 */

import { ATANH, add, at, estrin8, exp2x, laneSum, log2x, mul as mul2, sub } from './kernelMath';
import { beginSteps, currentStep, endSteps, metropolis } from './chain';
import { jsExp, jsHypot, jsLog, jsPow, normal, uniform } from './rng';
export { rngWord, setRngState, zigguratTables } from './rng';

const X = 0, // covariates
  Y = 1, // responses (y₀₀, (y₀₁ + y₁₀)/2, y₁₁): three arrays
  LN_DET_Y = 4,
  WEIGHT = 5, // 1, or 0 for the padding point
  SCRATCH = 6, // six arrays, per call
  ARRAYS = 12;

/** First 16-byte-aligned address after the static data: where the caller puts the arrays. */
export function dataStart(): usize {
  return (__heap_base + 15) & ~15;
}

/** Number of f64 arrays of the layout (the caller reserves ARRAYS·8N bytes). */
export function arrayCount(): i32 {
  return ARRAYS;
}

const C = memory.data<f64>([0, 0.5, 1, 1.0 / 6, 0.1, 1e-4]);
const ZERO = 0,
  HALF = 1,
  ONE = 2,
  SIXTH = 3,
  SERIES_Z = 4, // atanh(z)/z by its series below this z (z¹⁶/17 < 1e-17), by logarithms above
  SERIES_T = 5; // sinh t / t by its series below this t

/**
 * Per-call values, written by the caller before each call at callValues(): the linear forms k₀₀ (a, b, c),
 * k₁₁ (…), k₀₁ (…) of Bᵀ y B, then μ₀, the half-gap (μ₁ − μ₀)/2, tr W and ln det p. In memory rather than
 * arguments: the loop reads each with one load-and-splat (kernelMath.ts).
 */
const CALL = memory.data(8 * 13, 16);
const MU0 = 9,
  HALF_GAP = 10,
  TR_W = 11,
  LN_DET_P = 12;

export function callValues(): usize {
  return CALL;
}

/**
 * ‖(s₀₀, s₁₁, s₀₁)‖ / n of the JavaScript loop for the values at callValues(); footpoint selects the d_p
 * (cosh) or d_v (sinh t / t) Jacobi factor. Non-finite sums give +Infinity, as in JavaScript.
 */
export function gradNorm(base: usize, N: i32, n: f64, footpoint: bool): f64 {
  const stride = <usize>N << 3;
  const xs = base + X * stride,
    y = base + Y * stride,
    lnDetY = base + LN_DET_Y * stride,
    weights = base + WEIGHT * stride;
  const tmp = base + SCRATCH * stride; // m, h, c₀₁, ½ ln det C, w, w·f per point
  // Two loops, the exponentials then the logarithms: each point's work is one long chain of dependent
  // operations, and short loops let the CPU overlap more points (as in sphereKernel.ts).
  for (let j: usize = 0; j < stride; j += 16) {
    const x = v128.load(xs + j);
    const y0 = v128.load(y + j),
      y1 = v128.load(y + stride + j),
      y2 = v128.load(y + 2 * stride + j);
    // C = e^{−xμ₀} C′ with C′ = diag(1, e^{−t}) (Bᵀ y B) diag(1, e^{−t}), t = x(μ₁ − μ₀)/2 ≥ 0: the loop works
    // with C′ (one exponential per point; the scale only shifts ½ ln det C, which comes exactly from the dets)
    const t = mul2(x, at(CALL, HALF_GAP));
    const eh = exp2x(f64x2.neg(t));
    const c00 = add(add(mul2(at(CALL, 0), y0), mul2(at(CALL, 1), y1)), mul2(at(CALL, 2), y2));
    const c11 = mul2(add(add(mul2(at(CALL, 3), y0), mul2(at(CALL, 4), y1)), mul2(at(CALL, 5), y2)), mul2(eh, eh));
    const c01 = mul2(add(add(mul2(at(CALL, 6), y0), mul2(at(CALL, 7), y1)), mul2(at(CALL, 8), y2)), eh);
    // Jacobi factor of the off-diagonal entry, and the point's weight
    let f: v128, w: v128;
    const weight = v128.load(weights + j);
    if (footpoint) {
      f = mul2(at(C, HALF), add(eh, f64x2.div(at(C, ONE), eh))); // cosh t
      w = weight;
    } else {
      const sinhOverT = f64x2.div(mul2(at(C, HALF), sub(f64x2.div(at(C, ONE), eh), eh)), t);
      f = v128.bitselect(add(at(C, ONE), mul2(mul2(t, t), at(C, SIXTH))), sinhOverT, f64x2.lt(t, at(C, SERIES_T)));
      w = mul2(x, weight);
    }
    v128.store(tmp + j, mul2(at(C, HALF), add(c00, c11)));
    v128.store(tmp + stride + j, mul2(at(C, HALF), sub(c00, c11)));
    v128.store(tmp + 2 * stride + j, c01);
    v128.store(tmp + 3 * stride + j, mul2(at(C, HALF), sub(sub(v128.load(lnDetY + j), at(CALL, LN_DET_P)), mul2(x, at(CALL, TR_W)))));
    v128.store(tmp + 4 * stride + j, w);
    v128.store(tmp + 5 * stride + j, mul2(w, f));
  }
  let s00 = at(C, ZERO),
    s11 = at(C, ZERO),
    s01 = at(C, ZERO);
  for (let j: usize = 0; j < stride; j += 16) {
    const m = v128.load(tmp + j),
      h = v128.load(tmp + stride + j),
      c01 = v128.load(tmp + 2 * stride + j),
      halfLnDet = v128.load(tmp + 3 * stride + j);
    // coef = atanh(z)/r for C′ (z and (C − mI)/r do not depend on the scale): its series below z = 0.1 (nearly
    // every point in the chains), else ½ ln((1 + z)/(1 − z)) up to ½, then ln(m + r) − ½ ln det C (exact ln det:
    // no cancellation in 1 − z for an ill-conditioned C) with ln(m + r) of C = ln(m′ + r′) − xμ₀; the
    // logarithms only for pairs with such a point (a branch taken rarely)
    const r = f64x2.sqrt(add(mul2(h, h), mul2(c01, c01)));
    const invM = f64x2.div(at(C, ONE), m);
    const z = mul2(r, invM);
    const z2 = mul2(z, z),
      z4 = mul2(z2, z2);
    let coef = mul2(estrin8(ATANH, z2, z4, mul2(z4, z4)), invM); // Σ z²ⁱ/(2i + 1), i < 8
    const far = f64x2.ge(z, at(C, SERIES_Z));
    if (v128.any_true(far)) {
      const moderate = f64x2.lt(z, at(C, HALF));
      const logArg = v128.bitselect(f64x2.div(add(at(C, ONE), z), sub(at(C, ONE), z)), add(m, r), moderate);
      const ln = log2x(logArg);
      const large = sub(sub(ln, mul2(v128.load(xs + j), at(CALL, MU0))), halfLnDet);
      const viaLog = f64x2.div(v128.bitselect(mul2(at(C, HALF), ln), large, moderate), r);
      coef = v128.bitselect(viaLog, coef, far);
    }
    const w = v128.load(tmp + 4 * stride + j);
    const ch = mul2(coef, h);
    s00 = add(s00, mul2(w, add(halfLnDet, ch)));
    s11 = add(s11, mul2(w, sub(halfLnDet, ch)));
    s01 = add(s01, mul2(mul2(v128.load(tmp + 5 * stride + j), coef), c01)); // ((w·f)·coef)·c₀₁: the JavaScript order, so
    // that 0·∞ (an underflowed C far out) gives NaN in both
  }
  const a = laneSum(s00),
    b = laneSum(s11),
    c = laneSum(s01);
  const norm = Math.sqrt(a * a + b * b + 2 * c * c) / n;
  return isFinite(norm) ? norm : Infinity;
}

/** e^x and ln y of the kernels' two-lane versions, lane 0 (for the tests). */
export function expLane(x: f64): f64 {
  return f64x2.extract_lane(exp2x(f64x2.splat(x)), 0);
}
export function logLane(y: f64): f64 {
  return f64x2.extract_lane(log2x(f64x2.splat(y)), 0);
}

// ---- whole chains: runChain's loop (src/sampling/mh.ts) over kngTargets.ts's two targets, in one call ----
// Each piece below is its JavaScript original's operations in that file's order (named at each), so that the
// chains are the same to the last digit (src/privacy/kernels/wasm/fusedChains.test.ts).

@external('env', 'gradNormInJavaScript')
declare function gradNormInJavaScript(p0: f64, p1: f64, p2: f64, p3: f64, v0: f64, v1: f64, v2: f64, v3: f64, footpoint: bool): f64;

/**
 * Written by the caller: U(z), step, accepted counts (read back after runSteps); the state z, the footpoint p̃
 * of a shooting chain, p̂^½, p̂^-½ and v̂ (2×2, row-major), then the exponent limit and the condition bound.
 */
const CHAIN = memory.data(8 * 26, 16);
const STATE = 4,
  FOOT = 8,
  HAT_SQRT = 12,
  HAT_ISQRT = 16,
  VHAT = 20,
  EXPONENT_LIMIT = 24,
  CONDITION_MAX = 25;

export function chainScalars(): usize {
  return CHAIN;
}

@inline function chain(i: i32): f64 {
  return load<f64>(CHAIN + (<usize>i << 3));
}

/** src/geometry/linalg/eig2.ts det2Sym: a·c − b² with exact products. */
function det2Sym(a: f64, b: f64, c: f64): f64 {
  const SPLITTER: f64 = 134217729;
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
  return isFinite(d) ? d : p - q;
}

// proposals.ts spd2Geometry: R = p^½ and S = p^-½ as (x₀₀, x₀₁, x₁₁), of the p last factored
let R0: f64 = 0, R1: f64 = 0, R2: f64 = 0, S0: f64 = 0, S1: f64 = 0, S2: f64 = 0;
/** spd2Geometry's factor; false unless p is SPD. */
function factorGeometry(p0: f64, p1: f64, p2: f64, p3: f64): bool {
  const a = p0,
    b = 0.5 * (p1 + p2),
    c = p3;
  const scale = Math.max(Math.max(a, Math.abs(b)), c);
  const rescale = scale > 1e150 || scale < 1e-150;
  const det = rescale ? det2Sym(a / scale, b / scale, c / scale) : det2Sym(a, b, c);
  if (!(a > 0 && det > 0 && scale < Infinity)) return false;
  const s = rescale ? scale * Math.sqrt(det) : Math.sqrt(det);
  const t = Math.sqrt(a + c + 2 * s);
  R0 = (a + s) / t;
  R1 = b / t;
  R2 = (c + s) / t;
  S0 = (c + s) / (t * s);
  S1 = -b / (t * s);
  S2 = (a + s) / (t * s);
  return true;
}

// spd2Geometry's sandwich X H X of symmetric X = (x0, x1, x2), H = (h0, h1, h2), as a full 2×2
let O0: f64 = 0, O1: f64 = 0, O3: f64 = 0;
function sandwich(x0: f64, x1: f64, x2: f64, h0: f64, h1: f64, h2: f64): void {
  const t00 = x0 * h0 + x1 * h1,
    t01 = x0 * h1 + x1 * h2,
    t10 = x1 * h0 + x2 * h1,
    t11 = x1 * h1 + x2 * h2;
  O0 = t00 * x0 + t01 * x1;
  O1 = t00 * x1 + t01 * x2;
  O3 = t10 * x1 + t11 * x2;
}

/** spd2Geometry's tangentBall at the p last factored (R): the ball vector into O0, O1 (= O2), O3. */
function tangentBall(r: f64): void {
  const g0 = normal(),
    g1 = normal(),
    g2 = Math.SQRT1_2 * normal();
  const len = Math.sqrt(g0 * g0 + g1 * g1 + 2 * g2 * g2);
  const k = (r * jsPow(uniform(), 1.0 / 3)) / len;
  sandwich(R0, R1, R2, k * g0, k * g2, k * g1);
}

// the src/privacy/kernels/spd.ts kernel's state: p^½, p^-½ (row-major 2×2), ln det p, and v at p
let P0: f64 = 0, P1: f64 = 0, P2: f64 = 0, P3: f64 = 0, I0: f64 = 0, I1: f64 = 0, I2: f64 = 0, I3: f64 = 0;
let lnDetP: f64 = 0;
let V0: f64 = 0, V1: f64 = 0, V2: f64 = 0, V3: f64 = 0;

/** The kernel's factor (no rescaling, ln det p): false unless p is SPD. */
function factorKernel(p0: f64, p1: f64, p2: f64, p3: f64): bool {
  const a = p0,
    b = 0.5 * (p1 + p2),
    c = p3;
  const det = det2Sym(a, b, c);
  if (!(a > 0 && det > 0 && det < Infinity && c < Infinity)) return false;
  const s = Math.sqrt(det);
  const t = Math.sqrt(a + c + 2 * s);
  const it = 1 / t,
    its = it / s;
  P0 = (a + s) * it;
  P1 = P2 = b * it;
  P3 = (c + s) * it;
  I0 = (c + s) * its;
  I1 = I2 = -b * its;
  I3 = (a + s) * its;
  lnDetP = jsLog(det);
  return true;
}

/** The kernel's gradNorm for p (factored) and v: the 2×2 algebra, then the loop (or JavaScript's beyond its range). */
function kernelGradNorm(base: usize, N: i32, n: f64, footpoint: bool, p0: f64, p1: f64, p2: f64, p3: f64): f64 {
  const a = I0,
    b = I1,
    c = I3;
  const v0 = V0,
    v1 = 0.5 * (V1 + V2),
    v3 = V3;
  const t00 = a * v0 + b * v1,
    t01 = a * v1 + b * v3,
    t10 = b * v0 + c * v1,
    t11 = b * v1 + c * v3;
  const w0 = t00 * a + t01 * b,
    w1 = t00 * b + t01 * c,
    w3 = t10 * b + t11 * c;
  const m = 0.5 * (w0 + w3),
    d = 0.5 * (w0 - w3);
  const r = Math.sqrt(d * d + w1 * w1);
  const mu0 = m - r,
    mu1 = m + r;
  let cs: f64 = 1,
    sn: f64 = 0;
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
  const B00 = a * u0 + b * u2,
    B01 = a * u1 + b * u3,
    B10 = b * u0 + c * u2,
    B11 = b * u1 + c * u3;
  const halfGap = 0.5 * (mu1 - mu0);
  if (!(halfGap <= chain(EXPONENT_LIMIT))) return gradNormInJavaScript(p0, p1, p2, p3, V0, V1, V2, V3, footpoint);
  store<f64>(CALL, B00 * B00);
  store<f64>(CALL, 2 * B00 * B10, 8);
  store<f64>(CALL, B10 * B10, 16);
  store<f64>(CALL, B01 * B01, 24);
  store<f64>(CALL, 2 * B01 * B11, 32);
  store<f64>(CALL, B11 * B11, 40);
  store<f64>(CALL, B00 * B01, 48);
  store<f64>(CALL, B00 * B11 + B10 * B01, 56);
  store<f64>(CALL, B10 * B11, 64);
  store<f64>(CALL, mu0, 72);
  store<f64>(CALL, halfGap, 80);
  store<f64>(CALL, trW, 88);
  store<f64>(CALL, lnDetP, 96);
  return gradNorm(base, N, n, footpoint);
}

// 2×2 products of the kernel's transport, x·y into M0…M3 (row-major)
let M0: f64 = 0, M1: f64 = 0, M2: f64 = 0, M3: f64 = 0;
function mul(x0: f64, x1: f64, x2: f64, x3: f64, y0: f64, y1: f64, y2: f64, y3: f64): void {
  M0 = x0 * y0 + x1 * y2;
  M1 = x0 * y1 + x1 * y3;
  M2 = x2 * y0 + x3 * y2;
  M3 = x2 * y1 + x3 * y3;
}

/** The kernel's footpointGradNorm(p): v̂ carried from p̂ to p (Γw = E w Eᵀ), then gradNorm. */
function footpointPotential(base: usize, N: i32, n: f64, p0: f64, p1: f64, p2: f64, p3: f64): f64 {
  const h0 = chain(HAT_ISQRT),
    h1 = chain(HAT_ISQRT + 1),
    h2 = chain(HAT_ISQRT + 2),
    h3 = chain(HAT_ISQRT + 3);
  mul(h0, h1, h2, h3, p0, p1, p2, p3);
  mul(M0, M1, M2, M3, h0, h1, h2, h3);
  const sym = 0.5 * (M1 + M2);
  if (!factorKernel(M0, sym, sym, M3)) return Infinity;
  mul(chain(HAT_SQRT), chain(HAT_SQRT + 1), chain(HAT_SQRT + 2), chain(HAT_SQRT + 3), P0, P1, P2, P3);
  mul(M0, M1, M2, M3, h0, h1, h2, h3);
  const e0 = M0,
    e1 = M1,
    e2 = M2,
    e3 = M3;
  mul(e0, e1, e2, e3, chain(VHAT), chain(VHAT + 1), chain(VHAT + 2), chain(VHAT + 3));
  mul(M0, M1, M2, M3, e0, e2, e1, e3);
  V0 = M0;
  V1 = M1;
  V2 = M2;
  V3 = M3;
  if (!factorKernel(p0, p1, p2, p3)) return Infinity;
  return kernelGradNorm(base, N, n, true, p0, p1, p2, p3);
}

/** src/geometry/spd/affine.ts wellConditioned for k = 2 (symEig2's eigenvalues, values only). */
function wellConditioned(p0: f64, p1: f64, p2: f64, p3: f64): bool {
  let b = 0.5 * (p1 + p2);
  let a = p0,
    c = p3;
  const s = Math.max(Math.max(Math.abs(a), Math.abs(b)), Math.abs(c));
  const rescale = (s > 1e150 || s < 1e-150) && s > 0 && s < Infinity;
  if (rescale) {
    a = a / s;
    b = b / s;
    c = c / s;
  }
  const m = 0.5 * (a + c);
  const r = jsHypot(0.5 * (a - c), b);
  let hi: f64, lo: f64;
  if (m >= 0) {
    hi = m + r;
    lo = hi == 0 ? 0 : det2Sym(a, b, c) / hi;
  } else {
    lo = m - r;
    hi = det2Sym(a, b, c) / lo;
  }
  if (lo > hi) lo = hi;
  if (rescale) {
    lo *= s;
    hi *= s;
  }
  return lo > 0 && hi <= chain(CONDITION_MAX) * lo;
}

/**
 * Steps from + 1 … to of runChain's loop (the Kendall kernel's runSteps says how), for SPD(2) with the affine
 * metric: the footpoint chain walks p by Exp of a tangent-ball draw, inside the well-conditioned domain, with
 * the potential ‖∇_p E(p, Γv̂)‖/σ; the shooting chain walks v at p̃ inside ‖v‖_p̃ ≤ vRadius.
 */
export function runSteps(base: usize, N: i32, n: f64, footpoint: bool, from: i32, to: i32, burnIn: i32, adaptTarget: f64, sigma: f64, vRadius: f64): void {
  beginSteps(CHAIN);
  let z0 = chain(STATE),
    z1 = chain(STATE + 1),
    z2 = chain(STATE + 2),
    z3 = chain(STATE + 3);
  const f0 = chain(FOOT),
    f1 = chain(FOOT + 1),
    f2 = chain(FOOT + 2),
    f3 = chain(FOOT + 3);
  // a shooting chain's footpoint p̃ stays: its geometry factors (R, S) and the kernel's (p̃^±½, ln det p̃) once,
  // which nothing in its steps overwrites
  let footSpd = false;
  if (!footpoint) {
    factorGeometry(f0, f1, f2, f3);
    footSpd = factorKernel(f0, f1, f2, f3);
  }
  for (let t = from + 1; t <= to; t++) {
    let uNew: f64 = Infinity,
      q0: f64 = NaN,
      q1: f64 = NaN,
      q2: f64 = NaN,
      q3: f64 = NaN;
    if (footpoint) {
      // footpointTarget: Exp_z of a ball vector (NaN where the geometry refuses), then the potential
      if (factorGeometry(z0, z1, z2, z3)) {
        const r0 = R0, r1 = R1, r2 = R2, s0 = S0, s1 = S1, s2 = S2;
        tangentBall(currentStep());
        const n0 = O0,
          n1 = O1,
          n3 = O3;
        if (isFinite(n0 + n1 + n1 + n3)) {
          sandwich(s0, s1, s2, n0, 0.5 * (n1 + n1), n3);
          const w0 = O0,
            w1 = O1,
            w2 = O3;
          const m = 0.5 * (w0 + w2),
            d = 0.5 * (w0 - w2);
          const r = Math.sqrt(d * d + w1 * w1);
          const hi = jsExp(m + r),
            lo = jsExp(m - r);
          if (lo > 0 && hi < Infinity) {
            const ch = 0.5 * (hi + lo);
            const sh = r < 1e-4 ? jsExp(m) * (1 + (r * r) / 6) : (0.5 * (hi - lo)) / r;
            sandwich(r0, r1, r2, ch + sh * d, sh * w1, ch - sh * d);
            q0 = O0;
            q1 = q2 = O1;
            q3 = O3;
          }
        }
      }
      if (!isNaN(q0) && wellConditioned(q0, q1, q2, q3)) uNew = footpointPotential(base, N, n, q0, q1, q2, q3) / sigma;
    } else {
      // shootingTarget: v plus a ball vector at p̃; +∞ outside ‖v‖_p̃ ≤ vRadius (p̃ factored before the loop)
      tangentBall(currentStep());
      q0 = z0 + O0;
      q1 = z1 + O1;
      q2 = z2 + O1;
      q3 = z3 + O3;
      sandwich(S0, S1, S2, q0, 0.5 * (q1 + q2), q3);
      const norm = Math.sqrt(O0 * O0 + 2 * O1 * O1 + O3 * O3);
      if (!(norm > vRadius) && footSpd) {
        V0 = q0;
        V1 = q1;
        V2 = q2;
        V3 = q3;
        uNew = kernelGradNorm(base, N, n, false, f0, f1, f2, f3) / sigma;
      }
    }
    if (metropolis(uNew, t, burnIn, adaptTarget)) {
      z0 = q0;
      z1 = q1;
      z2 = q2;
      z3 = q3;
    }
  }
  endSteps(CHAIN);
  store<f64>(CHAIN + (STATE << 3), z0);
  store<f64>(CHAIN + (STATE << 3), z1, 8);
  store<f64>(CHAIN + (STATE << 3), z2, 16);
  store<f64>(CHAIN + (STATE << 3), z3, 24);
}
