/**
 * Polynomial coefficients and helpers shared by the AssemblyScript kernels: the same fits as
 * src/privacy/kernels/kernelMath.ts (read it for what they approximate and how accurately). Tables live in memory
 * because V8 loads a constant from memory in one instruction (and splats it in the same one for vectors),
 * where a constant in the code costs two or three inside loops.
 */

// The coefficients (lowest degree first) come from wasm/polynomials.ts, the table the JavaScript kernels use too.
import { ATAN, COS, SIN } from './polynomials.generated';
export { ATAN, COS, SIN };

// ---- two lanes (f64x2) ----

@inline export function mul(a: v128, b: v128): v128 {
  return f64x2.mul(a, b);
}
@inline export function add(a: v128, b: v128): v128 {
  return f64x2.add(a, b);
}
@inline export function sub(a: v128, b: v128): v128 {
  return f64x2.sub(a, b);
}
@inline export function laneSum(v: v128): f64 {
  return f64x2.extract_lane(v, 0) + f64x2.extract_lane(v, 1);
}
/** The i-th f64 of a table in memory, in both lanes. */
@inline export function at(table: usize, i: usize = 0): v128 {
  return v128.load64_splat(table + (i << 3));
}
/** c[i] + c[i+1] z */
@inline export function lin(c: usize, i: usize, z: v128): v128 {
  return add(at(c, i), mul(z, at(c, i + 1)));
}
/** Σ c[i] zⁱ, i < 8, by Estrin's scheme (short dependency chains). */
@inline export function estrin8(c: usize, z: v128, z2: v128, z4: v128): v128 {
  return add(add(lin(c, 0, z), mul(z2, lin(c, 2, z))), mul(z4, add(lin(c, 4, z), mul(z2, lin(c, 6, z)))));
}
/** atan(a)/a in z = a² for 0 ≤ a ≤ tan(π/8). */
@inline export function atanOverArg(z: v128): v128 {
  const z2 = mul(z, z),
    z4 = mul(z2, z2),
    z8 = mul(z4, z4);
  return add(estrin8(ATAN, z, z2, z4), mul(z8, add(lin(ATAN, 8, z), mul(z2, at(ATAN, 10)))));
}

// ---- one lane ----

@inline function c1(table: usize, i: usize): f64 {
  return load<f64>(table + (i << 3));
}

/** atan(a)/a in z = a² for 0 ≤ a ≤ tan(π/8). */
@inline function atanOverArgScalar(z: f64): f64 {
  const z2 = z * z,
    z4 = z2 * z2,
    z8 = z4 * z4;
  return (
    c1(ATAN, 0) +
    z * c1(ATAN, 1) +
    z2 * (c1(ATAN, 2) + z * c1(ATAN, 3)) +
    z4 * (c1(ATAN, 4) + z * c1(ATAN, 5) + z2 * (c1(ATAN, 6) + z * c1(ATAN, 7))) +
    z8 * (c1(ATAN, 8) + z * c1(ATAN, 9) + z2 * c1(ATAN, 10))
  );
}

/** θ/sin θ from sin²θ and cos θ = dot ≥ 0: kernelMath.ts thetaOverSin (the kernels using it have dot ≥ 0). */
@inline export function thetaOverSinAcute(sinSq: f64, dot: f64): f64 {
  if (sinSq < 0.01) {
    const z = sinSq,
      z2 = z * z,
      z4 = z2 * z2;
    return 1 + z / 6 + z2 * (3.0 / 40 + z * (5.0 / 112)) + z4 * (35.0 / 1152 + z * (63.0 / 2816) + z2 * (231.0 / 13312));
  }
  const c = Math.sqrt(0.5 * (1 + dot));
  const inv = 1 / (c * (1 + c));
  return 2 * atanOverArgScalar(0.25 * sinSq * inv * inv) * inv;
}

// ---- exp and log on two lanes ----

const LN2_HI: f64 = 6.93147180369123816490e-1, // ln 2 with its low 21 bits zero: k·LN2_HI is exact for |k| < 2²¹
  LN2_LO: f64 = 1.90821492927058770002e-10;
/** 1/i!, i = 0…13 */
const EXP = memory.data<f64>([
  1, 1, 0.5, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720, 1.0 / 5040, 1.0 / 40320, 1.0 / 362880, 1.0 / 3628800,
  1.0 / 39916800, 1.0 / 479001600, 1.0 / 6227020800,
]);
/** 1/(2i + 1), i = 0…11 */
export const ATANH = memory.data<f64>([
  1, 1.0 / 3, 1.0 / 5, 1.0 / 7, 1.0 / 9, 1.0 / 11, 1.0 / 13, 1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23,
]);
const EXP_CONSTANTS = memory.data<f64>([
  1 / Math.LN2,
  LN2_HI,
  LN2_LO,
  Math.SQRT2,
  0.5,
  4503599627370496.0, // 2⁵²
  2.2250738585072014e-308, // smallest normal
  1.7976931348623157e308, // largest finite
  NaN,
]);

/**
 * e^x for |x| ≤ 700 (callers check; relative error < 1e-15, kernelMath tests): x = k ln 2 + r, |r| ≤ ln2/2,
 * e^r by its Taylor polynomial of degree 13 (truncation < 5e-18), 2^k written into the exponent bits.
 */
@inline export function exp2x(x: v128): v128 {
  const k = f64x2.nearest(mul(x, at(EXP_CONSTANTS, 0)));
  const r = sub(sub(x, mul(k, at(EXP_CONSTANTS, 1))), mul(k, at(EXP_CONSTANTS, 2)));
  const r2 = mul(r, r),
    r4 = mul(r2, r2),
    r8 = mul(r4, r4);
  const p = add(estrin8(EXP, r, r2, r4), mul(r8, add(add(lin(EXP, 8, r), mul(r2, lin(EXP, 10, r))), mul(r4, lin(EXP, 12, r)))));
  const bits = i64x2.shl(i64x2.add(i64x2.extend_low_i32x4_s(i32x4.trunc_sat_f64x2_s_zero(k)), i64x2.splat(1023)), 52);
  return mul(p, bits);
}

/**
 * ln y for positive normal y (relative error < 1e-15 away from y = 1, absolute < 3e-16 near it): y = 2^e m
 * with m ∈ [√½, √2), ln m = 2 atanh(s), s = (m − 1)/(m + 1) ∈ ±0.172, by its series to s²³. NaN for any
 * other y (0, negative, subnormal, infinite or NaN), so that a kernel's result is not finite there, as
 * with Math.log's −∞, NaN or +∞ (the bits alone would give a finite number).
 */
@inline export function log2x(y: v128): v128 {
  const bits = y;
  // exponent and mantissa from the bits; e as f64 by the 2⁵² trick (wasm has no i64 → f64 lane conversion)
  const biased = sub(v128.or(i64x2.shr_u(bits, 52), i64x2.splat(0x4330000000000000)), at(EXP_CONSTANTS, 5));
  let m = v128.or(v128.and(bits, i64x2.splat(0x000fffffffffffff)), i64x2.splat(0x3ff0000000000000));
  const big = f64x2.gt(m, at(EXP_CONSTANTS, 3));
  m = v128.bitselect(mul(m, at(EXP_CONSTANTS, 4)), m, big);
  const e = add(sub(biased, f64x2.splat(1023)), v128.and(big, f64x2.splat(1)));
  const s = f64x2.div(sub(m, f64x2.splat(1)), add(m, f64x2.splat(1)));
  const z = mul(s, s),
    z2 = mul(z, z),
    z4 = mul(z2, z2),
    z8 = mul(z4, z4);
  const series = add(estrin8(ATANH, z, z2, z4), mul(z8, add(lin(ATANH, 8, z), mul(z2, lin(ATANH, 10, z)))));
  const ln = add(mul(e, at(EXP_CONSTANTS, 1)), add(mul(e, at(EXP_CONSTANTS, 2)), mul(add(s, s), series)));
  const normal = v128.and(f64x2.ge(y, at(EXP_CONSTANTS, 6)), f64x2.le(y, at(EXP_CONSTANTS, 7)));
  return v128.bitselect(ln, at(EXP_CONSTANTS, 8), normal);
}
