import type { Covariates } from '../../regression/geodesicRegression';
import { SPHERE_KERNEL_WASM_BASE64 } from './kernels.generated';

/**
 * The WebAssembly (SIMD) build of the S² gradient-norm loop (source: wasm/assembly/sphereKernel.ts). One
 * instance per kernel, holding that kernel's data in its own memory, so any number of kernels coexist and
 * are freed with them. Compiled once per thread, synchronously: the module is a few kB, which browsers
 * allow on any thread.
 */
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

let compiled: WebAssembly.Module | null | undefined;

/** The compiled module, or null where WebAssembly SIMD is unavailable (the JavaScript kernel then runs). */
function sphereKernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      const text = atob(SPHERE_KERNEL_WASM_BASE64);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      compiled = new WebAssembly.Module(bytes);
    } catch {
      compiled = null;
    }
  }
  return compiled;
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
  const module = sphereKernelModule();
  if (!module) return null;
  const exports = new WebAssembly.Instance(module, {}).exports as unknown as SphereKernelExports;
  const n = ys.length;
  const N = n + (n & 1);
  const base = exports.dataStart();
  const bytes = base + exports.arrayCount() * 8 * N; // the layout: wasm/assembly/sphereKernel.ts
  const { memory } = exports;
  if (bytes > memory.buffer.byteLength) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / 65536));
  const data = new Float64Array(memory.buffer, base, 9 * N);
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
