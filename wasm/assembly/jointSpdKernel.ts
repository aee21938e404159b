/**
 * The clipped joint kernel on SPD(2) with the affine-invariant metric of src/privacy/kngJoint/spdJointKernel.ts
 * (read its header first: the frame, the algebra and the names are the same) in AssemblyScript: E_c, ‖∇_p E_c‖
 * and ‖∇_v E_c‖ in one pass over the data, two records per f64x2 vector. The caller does the per-call 2×2
 * algebra (the eigen-decompositions of P and V′, the frame W) and writes its results into frame(); each lane
 * runs the JavaScript loop's steps for its record, with the branches as lane selects. Where that loop calls Math:
 * - e^h is kernelMath.ts's exp2x, which holds for |h| ≤ 700: the caller keeps max |tᵢ|·|δ| within that and runs
 *   the JavaScript loop beyond.
 * - β = atanh(x), x = r̂/m̂, is 2 atanh y with y = tanh(β/2) = r̂/(m̂ + s), s = √det M̂ (= √(λ̂₀λ̂₁), from the exact
 *   determinants: √det Y / √det P). Up to y = ⅓ (x = 0.6, β = ln 2) the series of atanh(y)/y to y³⁰ is exact to
 *   rounding, so residuals of ordinary size need no logarithm; above, β = log(m̂ + r̂) − ½ log det M̂ as in the
 *   JavaScript loop, by log2x, only for pairs with such a record.
 * - t·sinh h/h is sinh h/δ (1/δ comes per call), by the Taylor series of sinh h/h (times t) where h² < 1e-6.
 *
 * A record makes the results NaN, for the caller to hand to the JavaScript loop (which decides them), where
 * r̂ ≥ (1 − 2⁻⁴⁰) m̂ — M̂ not positive definite (the JavaScript loop fails where r̂ ≥ m̂) or so nearly singular
 * (condition number above 2·10¹², β > 14) that rounding could decide that differently in the two loops — and
 * where m̂ lies outside [1e-140, 1e140], where the squares in r̂ may overflow or lose digits to underflow.
 *
 * The records go in blocks of BLOCK_PAIRS pairs through two loops (up to κ and β, then the clip and the sums)
 * rather than one: a record's work is one long chain of dependent operations, and shorter loops let the CPU
 * overlap more pairs' chains (4%, measured), while a block's intermediates stay in L1.
 *
 * Memory from `base` (16-byte aligned), N = n rounded up to even: arrays of N f64 at base + index·8N — t, Y₀₀,
 * (Y₀₁ + Y₁₀)/2, Y₁₁, log det Y, √det Y, weight (1, or 0 for the padding record, which repeats the last one:
 * finite wherever that one is, and adding nothing).
 */

import { add, at, estrin8, exp2x, laneSum, log2x, mul, sub } from './kernelMath';

const T = 0,
  Y00 = 1,
  Y01 = 2,
  Y11 = 3,
  LOG_DET_Y = 4,
  SQRT_DET_Y = 5,
  WEIGHT = 6,
  ARRAYS = 7;

/** First 16-byte-aligned address after the static data: where the caller puts the arrays. */
export function dataStart(): usize {
  return (__heap_base + 15) & ~15;
}

/** Number of f64 arrays of the layout (the caller reserves ARRAYS·8N bytes). */
export function arrayCount(): i32 {
  return ARRAYS;
}

const ZERO = memory.data<f64>([0]),
  HALF = memory.data<f64>([0.5]),
  ONE = memory.data<f64>([1]),
  TWO = memory.data<f64>([2]),
  SIXTH = memory.data<f64>([1.0 / 6]),
  ONE_120TH = memory.data<f64>([1.0 / 120]),
  NAN = memory.data<f64>([NaN]),
  // the records the loops decide (header): r̂ < (1 − 2⁻⁴⁰) m̂ and m̂ within these scales
  DEFINITE_MARGIN = memory.data<f64>([1 - 2 ** -40]),
  SMALLEST_SCALE = memory.data<f64>([1e-140]),
  LARGEST_SCALE = memory.data<f64>([1e140]),
  // atanh(y)/y by its series below this y (truncation y³²/33 < 2e-17), by a logarithm above
  SERIES_Y = memory.data<f64>([1.0 / 3]),
  // sinh h / h by its Taylor series below this h² (jacobi.ts's shootingFactor)
  SERIES_H_SQ = memory.data<f64>([1e-6]);

/**
 * Per call, written by the caller (the names of spdJointKernel.ts): the linear forms in (Y₀₀, (Y₀₁ + Y₁₀)/2, Y₁₁)
 * of Ỹ₀₀ (a₀, b₀, c₀), Ỹ₁₁ (a₁, b₁, c₁) and Ỹ₀₁ (a×, b×, c×), then δ = (μ₀ − μ₁)/2, μ̄, log det P, 1/√det P and
 * 1/δ; per kernel, the clip and ½clip². In memory rather than arguments: the loops read each with one
 * load-and-splat.
 */
const FRAME = memory.data(8 * 16, 16);
const A0 = 0,
  B0 = 1,
  C0 = 2,
  A1 = 3,
  B1 = 4,
  C1 = 5,
  AX = 6,
  BX = 7,
  CX = 8,
  DELTA = 9,
  MU_BAR = 10,
  LOG_DET_P = 11,
  INV_SQRT_DET_P = 12,
  INV_DELTA = 13,
  CLIP = 14,
  HALF_CLIP_SQ = 15;

/** 1/(2i + 1), i < 16: atanh(y)/y = Σ y²ⁱ/(2i + 1). */
const ATANH_SERIES = memory.data<f64>([
  1, 1.0 / 3, 1.0 / 5, 1.0 / 7, 1.0 / 9, 1.0 / 11, 1.0 / 13, 1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23,
  1.0 / 25, 1.0 / 27, 1.0 / 29, 1.0 / 31,
]);

export function frame(): usize {
  return FRAME;
}

const OUT = memory.data(24, 8);

/** Where `evaluate` writes E_c, ‖∇_p E_c‖, ‖∇_v E_c‖. */
export function outputs(): usize {
  return OUT;
}

/** a·Y₀₀ + b·Y₀₁ + c·Y₁₁ for the form whose a is at FRAME[form]. */
@inline function linearForm(form: i32, ya: v128, yb: v128, yc: v128): v128 {
  return add(add(mul(at(FRAME, form), ya), mul(at(FRAME, form + 1), yb)), mul(at(FRAME, form + 2), yc));
}

/** Pairs of records per block, and per pair of a block the values the first loop passes to the second. */
const BLOCK_PAIRS = 16;
const KAPPA = 0,
  BETA = 1,
  HALF_DIFF = 2,
  OFF_DIAG = 3,
  COSH = 4,
  T_SINHC = 5,
  PASSED = 6;
const SCRATCH = memory.data(BLOCK_PAIRS * PASSED * 16, 16);

/** E_c, ‖∇_p E_c‖, ‖∇_v E_c‖ into outputs() for the values in frame(). */
export function evaluate(base: usize, N: i32, n: f64): void {
  const stride = <usize>N << 3;
  const ts = base + T * stride,
    y00 = base + Y00 * stride,
    y01 = base + Y01 * stride,
    y11 = base + Y11 * stride,
    logDetY = base + LOG_DET_Y * stride,
    sqrtDetY = base + SQRT_DET_Y * stride,
    weights = base + WEIGHT * stride;
  let e = at(ZERO),
    gp00 = e,
    gp11 = e,
    gp01 = e,
    gv00 = e,
    gv11 = e,
    gv01 = e;
  const blockBytes: usize = BLOCK_PAIRS * 16;
  for (let j0: usize = 0; j0 < stride; j0 += blockBytes) {
    const end = min(j0 + blockBytes, stride);
    for (let j = j0, sp = SCRATCH; j < end; j += 16, sp += PASSED * 16) {
      const t = v128.load(ts + j),
        ya = v128.load(y00 + j),
        yb = v128.load(y01 + j),
        yc = v128.load(y11 + j);
      const h = mul(t, at(FRAME, DELTA));
      const eh = exp2x(h),
        ehInv = f64x2.div(at(ONE), eh);
      const m00 = mul(linearForm(A0, ya, yb, yc), ehInv),
        m11 = mul(linearForm(A1, ya, yb, yc), eh),
        m01 = linearForm(AX, ya, yb, yc);
      const mid = mul(at(HALF), add(m00, m11)),
        half = mul(at(HALF), sub(m00, m11));
      const r = f64x2.sqrt(add(mul(half, half), mul(m01, m01)));
      // the records this loop decides (header): M̂ positive definite by a margin that rounding cannot close, m̂
      // where the squares in r̂ neither overflow nor lose digits to underflow; β is NaN for the others
      const decided = v128.and(
        f64x2.lt(r, mul(mid, at(DEFINITE_MARGIN))),
        v128.and(f64x2.ge(mid, at(SMALLEST_SCALE)), f64x2.le(mid, at(LARGEST_SCALE))),
      );
      // β = 2 atanh y with y = tanh(β/2) = r̂/(m̂ + s), s = √det M̂ = √det Y/√det P (header); κ = β/r̂
      const sqrtDet = mul(v128.load(sqrtDetY + j), at(FRAME, INV_SQRT_DET_P));
      const invSum = f64x2.div(at(ONE), add(mid, sqrtDet));
      const y = mul(r, invSum);
      const z = mul(y, y),
        z2 = mul(z, z),
        z4 = mul(z2, z2),
        z8 = mul(z4, z4);
      const series = add(estrin8(ATANH_SERIES, z, z2, z4), mul(z8, estrin8(ATANH_SERIES + 64, z, z2, z4)));
      let kappa = mul(at(TWO), mul(series, invSum));
      let beta = mul(kappa, r);
      const far = f64x2.ge(y, at(SERIES_Y));
      if (v128.any_true(far)) {
        // log λ̂₁ − ½ log det M̂, as the JavaScript loop takes it there
        const halfLogDet = mul(at(HALF), sub(v128.load(logDetY + j), at(FRAME, LOG_DET_P)));
        const betaFar = sub(log2x(add(mid, r)), halfLogDet);
        beta = v128.bitselect(betaFar, beta, far);
        kappa = v128.bitselect(f64x2.div(betaFar, r), kappa, far);
      }
      // t·sinh h/h = sinh h/δ, by the Taylor series of sinh h/h (times t) where h is small
      const hSq = mul(h, h);
      const tSinhc = v128.bitselect(
        mul(t, add(at(ONE), add(mul(hSq, at(SIXTH)), mul(mul(hSq, hSq), at(ONE_120TH))))),
        mul(mul(at(HALF), sub(eh, ehInv)), at(FRAME, INV_DELTA)),
        f64x2.lt(hSq, at(SERIES_H_SQ)),
      );
      v128.store(sp, kappa, KAPPA * 16);
      v128.store(sp, v128.bitselect(beta, at(NAN), decided), BETA * 16);
      v128.store(sp, half, HALF_DIFF * 16);
      v128.store(sp, m01, OFF_DIAG * 16);
      v128.store(sp, mul(at(HALF), add(eh, ehInv)), COSH * 16);
      v128.store(sp, tSinhc, T_SINHC * 16);
    }
    for (let j = j0, sp = SCRATCH; j < end; j += 16, sp += PASSED * 16) {
      const t = v128.load(ts + j),
        wt = v128.load(weights + j);
      const kappa = v128.load(sp, KAPPA * 16),
        beta = v128.load(sp, BETA * 16);
      const halfLogDet = mul(at(HALF), sub(v128.load(logDetY + j), at(FRAME, LOG_DET_P))); // ½ log det M̂
      const alpha = sub(halfLogDet, mul(t, at(FRAME, MU_BAR)));
      const d = f64x2.sqrt(mul(at(TWO), add(mul(alpha, alpha), mul(beta, beta))));
      const inside = f64x2.le(d, at(FRAME, CLIP));
      const rho = v128.bitselect(mul(at(HALF), mul(d, d)), sub(mul(at(FRAME, CLIP), d), at(FRAME, HALF_CLIP_SQ)), inside);
      e = add(e, mul(rho, wt));
      // f times the weight (clip/d where the clip binds)
      const fw = mul(v128.bitselect(at(ONE), f64x2.div(at(FRAME, CLIP), d), inside), wt);
      const kHalf = mul(kappa, v128.load(sp, HALF_DIFF * 16));
      const diag0 = mul(fw, add(alpha, kHalf)),
        diag1 = mul(fw, sub(alpha, kHalf)),
        off = mul(mul(fw, kappa), v128.load(sp, OFF_DIAG * 16));
      gp00 = add(gp00, diag0);
      gp11 = add(gp11, diag1);
      gp01 = add(gp01, mul(v128.load(sp, COSH * 16), off));
      gv00 = add(gv00, mul(t, diag0));
      gv11 = add(gv11, mul(t, diag1));
      gv01 = add(gv01, mul(v128.load(sp, T_SINHC * 16), off));
    }
  }
  const p00 = laneSum(gp00),
    p11 = laneSum(gp11),
    p01 = laneSum(gp01),
    v00 = laneSum(gv00),
    v11 = laneSum(gv11),
    v01 = laneSum(gv01);
  store<f64>(OUT, laneSum(e) / n);
  store<f64>(OUT, Math.sqrt(p00 * p00 + p11 * p11 + 2 * p01 * p01) / n, 8);
  store<f64>(OUT, Math.sqrt(v00 * v00 + v11 * v11 + 2 * v01 * v01) / n, 16);
}
