import type { Covariates } from '../../regression/geodesicRegression';
import { kernelInstance } from './instance';

interface KendallKernelExports {
  memory: WebAssembly.Memory;
  dataStart(): number;
  offsetOf(array: number, n: number, k2: number): number;
  layoutBytes(n: number, k2: number): number;
  gradNorm(base: number, n: number, k2: number, footpoint: number): number;
}

// Array indices of the layout (wasm/assembly/kendallKernel.ts).
const X = 0,
  COS_FIXED = 1,
  SIN_FIXED = 2,
  Y = 3,
  I_Y = 4,
  P = 5,
  U = 7;

/**
 * The WebAssembly (SIMD) build of the Kendall gradient-norm loop (source: wasm/assembly/kendallKernel.ts) over
 * (xs, ys) of 2k reals each, with the footpoint table for |v̂| = vHatNorm: a function of (p, v, footpoint)
 * like the JavaScript loop, or null without WebAssembly.
 */
export function wasmKendallGradNorm(
  xs: Covariates,
  ys: readonly Float64Array[],
  k2: number,
  vHatNorm: number,
): ((p: Float64Array, v: Float64Array, footpoint: boolean) => number) | null {
  const n = ys.length;
  const exports = kernelInstance<KendallKernelExports>('kendall', (e) => e.layoutBytes(n, k2));
  if (!exports) return null;
  const base = exports.dataStart();
  const view = (array: number, length: number) =>
    new Float64Array(exports.memory.buffer, base + exports.offsetOf(array, n, k2), length);
  const [x, cosFixed, sinFixed] = [X, COS_FIXED, SIN_FIXED].map((a) => view(a, n));
  const y = view(Y, n * k2);
  const iy = view(I_Y, n * k2);
  for (let i = 0; i < n; i++) {
    x[i] = xs[i];
    cosFixed[i] = Math.cos(xs[i] * vHatNorm);
    sinFixed[i] = Math.sin(xs[i] * vHatNorm);
    y.set(ys[i], i * k2);
    for (let j = 0; j < k2; j += 2) {
      iy[i * k2 + j] = -ys[i][j + 1]; // i·(a + ib) = −b + ia
      iy[i * k2 + j + 1] = ys[i][j];
    }
  }
  const p = view(P, k2);
  const u = view(U, k2);
  return (pIn, vIn, footpoint) => {
    p.set(pIn);
    u.set(vIn);
    return exports.gradNorm(base, n, k2, footpoint ? 1 : 0);
  };
}
