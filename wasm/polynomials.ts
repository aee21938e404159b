/**
 * The one table of the polynomial coefficients the fused kernels evaluate, in JavaScript
 * (src/privacy/kernels/kernelMath.ts) and in AssemblyScript (wasm/assembly/kernelMath.ts): least-squares fits
 * on Chebyshev nodes, lowest degree first. `npm run build:wasm` (wasm/build.ts) writes both languages' copies
 * from here; a unit test fails when they are stale. kernelMath.test.ts checks the fits against Math.*.
 */
export const POLYNOMIALS = {
  /** sin r / r in z = r² for |r| ≤ π/2 (sin absolute error < 4e-16). */
  SIN: [
    0.9999999999999993, -0.16666666666665098, 0.00833333333323856, -0.0001984126981614557,
    2.755731573291499e-6, -2.5051834972679474e-8, 1.604688903657779e-10, -7.360475399315779e-13,
  ],
  /** cos r in z = r² for |r| ≤ π/2 (absolute error < 4e-16). */
  COS: [
    1, -0.49999999999999983, 0.041666666666664395, -0.0013888888888787803, 2.4801587279582307e-5,
    -2.755731656702825e-7, 2.0876569868662244e-9, -1.1463094446251763e-11, 4.6108659235176526e-14,
  ],
  /** atan(a)/a in z = a² for 0 ≤ a ≤ tan(π/8) (atan error < 3e-16). */
  ATAN: [
    0.9999999999999998, -0.3333333333331813, 0.19999999997507284, -0.14285714101440633, 0.1111110362042291,
    -0.09090723756615139, 0.07689359574326111, -0.06635725586800012, 0.056673928446431994,
    -0.04293580241318795, 0.020528949560875982,
  ],
} as const;
