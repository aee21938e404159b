/**
 * Polynomial coefficients and helpers shared by the AssemblyScript kernels: the same fits as
 * src/privacy/kernelMath.ts (read it for what they approximate and how accurately). Tables live in memory
 * because V8 loads a constant from memory in one instruction (and splats it in the same one for vectors),
 * where a constant in the code costs two or three inside loops.
 */

// Lowest degree first.
export const SIN = memory.data<f64>([
  0.9999999999999993, -0.16666666666665098, 0.00833333333323856, -0.0001984126981614557, 2.755731573291499e-6,
  -2.5051834972679474e-8, 1.604688903657779e-10, -7.360475399315779e-13,
]);
export const COS = memory.data<f64>([
  1, -0.49999999999999983, 0.041666666666664395, -0.0013888888888787803, 2.4801587279582307e-5, -2.755731656702825e-7,
  2.0876569868662244e-9, -1.1463094446251763e-11, 4.6108659235176526e-14,
]);
export const ATAN = memory.data<f64>([
  0.9999999999999998, -0.3333333333331813, 0.19999999997507284, -0.14285714101440633, 0.1111110362042291,
  -0.09090723756615139, 0.07689359574326111, -0.06635725586800012, 0.056673928446431994, -0.04293580241318795,
  0.020528949560875982,
]);

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
@inline function lin(c: usize, i: usize, z: v128): v128 {
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
