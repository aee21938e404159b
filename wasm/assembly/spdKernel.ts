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

import { ATANH, add, at, estrin8, exp2x, laneSum, log2x, mul, sub } from './kernelMath';

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
    const t = mul(x, at(CALL, HALF_GAP));
    const eh = exp2x(f64x2.neg(t));
    const c00 = add(add(mul(at(CALL, 0), y0), mul(at(CALL, 1), y1)), mul(at(CALL, 2), y2));
    const c11 = mul(add(add(mul(at(CALL, 3), y0), mul(at(CALL, 4), y1)), mul(at(CALL, 5), y2)), mul(eh, eh));
    const c01 = mul(add(add(mul(at(CALL, 6), y0), mul(at(CALL, 7), y1)), mul(at(CALL, 8), y2)), eh);
    // Jacobi factor of the off-diagonal entry, and the point's weight
    let f: v128, w: v128;
    const weight = v128.load(weights + j);
    if (footpoint) {
      f = mul(at(C, HALF), add(eh, f64x2.div(at(C, ONE), eh))); // cosh t
      w = weight;
    } else {
      const sinhOverT = f64x2.div(mul(at(C, HALF), sub(f64x2.div(at(C, ONE), eh), eh)), t);
      f = v128.bitselect(add(at(C, ONE), mul(mul(t, t), at(C, SIXTH))), sinhOverT, f64x2.lt(t, at(C, SERIES_T)));
      w = mul(x, weight);
    }
    v128.store(tmp + j, mul(at(C, HALF), add(c00, c11)));
    v128.store(tmp + stride + j, mul(at(C, HALF), sub(c00, c11)));
    v128.store(tmp + 2 * stride + j, c01);
    v128.store(tmp + 3 * stride + j, mul(at(C, HALF), sub(sub(v128.load(lnDetY + j), at(CALL, LN_DET_P)), mul(x, at(CALL, TR_W)))));
    v128.store(tmp + 4 * stride + j, w);
    v128.store(tmp + 5 * stride + j, mul(w, f));
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
    const r = f64x2.sqrt(add(mul(h, h), mul(c01, c01)));
    const invM = f64x2.div(at(C, ONE), m);
    const z = mul(r, invM);
    const z2 = mul(z, z),
      z4 = mul(z2, z2);
    let coef = mul(estrin8(ATANH, z2, z4, mul(z4, z4)), invM); // Σ z²ⁱ/(2i + 1), i < 8
    const far = f64x2.ge(z, at(C, SERIES_Z));
    if (v128.any_true(far)) {
      const moderate = f64x2.lt(z, at(C, HALF));
      const logArg = v128.bitselect(f64x2.div(add(at(C, ONE), z), sub(at(C, ONE), z)), add(m, r), moderate);
      const ln = log2x(logArg);
      const large = sub(sub(ln, mul(v128.load(xs + j), at(CALL, MU0))), halfLnDet);
      const viaLog = f64x2.div(v128.bitselect(mul(at(C, HALF), ln), large, moderate), r);
      coef = v128.bitselect(viaLog, coef, far);
    }
    const w = v128.load(tmp + 4 * stride + j);
    const ch = mul(coef, h);
    s00 = add(s00, mul(w, add(halfLnDet, ch)));
    s11 = add(s11, mul(w, sub(halfLnDet, ch)));
    s01 = add(s01, mul(mul(v128.load(tmp + 5 * stride + j), coef), c01)); // ((w·f)·coef)·c₀₁: the JavaScript order, so
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
