import type { Covariates } from '../../regression/geodesicRegression';
import { kernelInstance } from './instance';

/** The WebAssembly (SIMD) build of the S² gradient-norm loop (source: wasm/assembly/sphereKernel.ts). */
export type SphereGradNorm = (
  p0: number,
  p1: number,
  p2: number,
  v0: number,
  v1: number,
  v2: number,
) => number;

interface SphereKernelExports {
  memory: WebAssembly.Memory;
  dataStart(): number;
  arrayCount(): number;
  footpointGradNorm: (base: number, N: number, n: number, ...pv: number[]) => number;
  shootingGradNorm: (base: number, N: number, n: number, ...pv: number[]) => number;
}

/**
 * The footpoint and shooting loops over (xs, ys), with the footpoint table for |v̂| = vHatNorm, or null
 * without WebAssembly. Callers must keep the shooting angles xᵢ|v| in [0, π].
 */
export function wasmSphereGradNorms(
  xs: Covariates,
  ys: readonly Float64Array[],
  vHatNorm: number,
): { footpoint: SphereGradNorm; shooting: SphereGradNorm } | null {
  const n = ys.length;
  const N = n + (n & 1);
  // the layout: wasm/assembly/sphereKernel.ts
  const exports = kernelInstance<SphereKernelExports>('sphere', (e) => e.arrayCount() * 8 * N);
  if (!exports) return null;
  const base = exports.dataStart();
  const data = new Float64Array(exports.memory.buffer, base, 9 * N);
  for (let i = 0; i < N; i++) {
    const k = Math.min(i, n - 1); // the padding point repeats the last one, with weight 0
    const x = xs[k];
    const y = ys[k];
    const weight = i < n ? 1 : 0;
    const c = Math.cos(x * vHatNorm);
    // x, y (3 arrays), weight, then the footpoint table: cos, sin, along = weight, across = weight·cos
    [x, y[0], y[1], y[2], weight, c, Math.sin(x * vHatNorm), weight, weight * c].forEach(
      (value, array) => (data[array * N + i] = value),
    );
  }
  const { footpointGradNorm, shootingGradNorm } = exports;
  return {
    footpoint: (p0, p1, p2, v0, v1, v2) => footpointGradNorm(base, N, n, p0, p1, p2, v0, v1, v2),
    shooting: (p0, p1, p2, v0, v1, v2) => shootingGradNorm(base, N, n, p0, p1, p2, v0, v1, v2),
  };
}
