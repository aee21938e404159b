import type { Covariates } from '../../../regression/geodesicRegression';
import { kernelInstance, pairedPointsInstance } from './instance';

export interface SpdKernelExports {
  memory: WebAssembly.Memory;
  dataStart(): number;
  arrayCount(): number;
  callValues(): number;
  gradNorm(base: number, N: number, n: number, footpoint: number): number;
  expLane(x: number): number;
  logLane(y: number): number;
}

/**
 * The WebAssembly (SIMD) build of the SPD(2) loop over the data (source: wasm/assembly/spdKernel.ts), for
 * responses stored as (y₀₀, (y₀₁ + y₁₀)/2, y₁₁) with ln det y, or null without WebAssembly. Before each
 * `run`, write the per-call values into `call`: k₀₀ (a, b, c), k₁₁ (…), k₀₁ (…), μ₀, the half-gap, tr W,
 * ln det p (names as in src/privacy/kernels/spd.ts). Callers keep |xᵢμ₀| and xᵢ·half-gap within 700.
 */
export function wasmSpdLoop(
  xs: Covariates,
  ys: readonly Float64Array[],
): { call: Float64Array; run: (footpoint: boolean) => number } | null {
  const n = ys.length;
  const instance = pairedPointsInstance<SpdKernelExports>('spd', n, (i, weight) => {
    const y = ys[i];
    const b = 0.5 * (y[1] + y[2]);
    // x, y₀₀, (y₀₁ + y₁₀)/2, y₁₁, ln det y, weight (then the kernel's per-call arrays)
    return [xs[i], y[0], b, y[3], Math.log(y[0] * y[3] - b * b), weight];
  });
  if (!instance) return null;
  const { exports, base, N } = instance;
  return {
    call: new Float64Array(exports.memory.buffer, exports.callValues(), 13),
    run: (footpoint) => exports.gradNorm(base, N, n, footpoint ? 1 : 0),
  };
}

/** The loop's e^x and ln y (lane 0 of its two-lane versions), for the tests; null without WebAssembly. */
export function wasmSpdMath(): Pick<SpdKernelExports, 'expLane' | 'logLane'> | null {
  return kernelInstance<SpdKernelExports>('spd', () => 0);
}
