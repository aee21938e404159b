import type { Covariates } from '../../../regression/geodesicRegression';
import type { FusedChains } from '../types';
import { pairedPointsInstance, wasmChains, type PairedPointsChainExports } from './instance';

/** The WebAssembly (SIMD) build of the S² gradient-norm loop (source: wasm/assembly/sphereKernel.ts). */
export type SphereGradNorm = (
  p0: number,
  p1: number,
  p2: number,
  v0: number,
  v1: number,
  v2: number,
) => number;

interface SphereKernelExports extends PairedPointsChainExports {
  dataStart(): number;
  arrayCount(): number;
  footpointGradNorm: (base: number, N: number, n: number, ...pv: number[]) => number;
  shootingGradNorm: (base: number, N: number, n: number, ...pv: number[]) => number;
}

/**
 * The footpoint and shooting loops over (xs, ys), with the footpoint table for |v̂| = vHatNorm, or null
 * without WebAssembly. Callers must keep the shooting angles xᵢ|v| in [0, π]. `chains` runs whole chains of
 * kngTargets.ts's targets (runSteps in wasm/assembly/sphereKernel.ts) for the fit (p̂, v̂) and the covariates'
 * range; their shooting vectors whose angles leave [0, π] go to `shootingOutsideRange` (the JavaScript kernel's loop).
 */
export function wasmSphereGradNorms(
  xs: Covariates,
  ys: readonly Float64Array[],
  vHatNorm: number,
  shootingOutsideRange: SphereGradNorm,
): {
  footpoint: SphereGradNorm;
  shooting: SphereGradNorm;
  chains(pHat: Float64Array, vHat: Float64Array, xMin: number, xMax: number): FusedChains;
} | null {
  const n = ys.length;
  // the layout: wasm/assembly/sphereKernel.ts
  const instance = pairedPointsInstance<SphereKernelExports>(
    'sphere',
    n,
    (i, weight) => {
      const [x, y] = [xs[i], ys[i]];
      const c = Math.cos(x * vHatNorm);
      // x, y (3 arrays), weight, then the footpoint table: cos, sin, along = weight, across = weight·cos (the
      // per-call arrays after these are left to the kernel)
      return [x, y[0], y[1], y[2], weight, c, Math.sin(x * vHatNorm), weight, weight * c];
    },
    { shootingOutsideRange },
  );
  if (!instance) return null;
  const { exports, base, N } = instance;
  const { footpointGradNorm, shootingGradNorm } = exports;
  return {
    footpoint: (p0, p1, p2, v0, v1, v2) => footpointGradNorm(base, N, n, p0, p1, p2, v0, v1, v2),
    shooting: (p0, p1, p2, v0, v1, v2) => shootingGradNorm(base, N, n, p0, p1, p2, v0, v1, v2),
    chains(pHat, vHat, xMin, xMax) {
      // the layout of runSteps' block (CHAIN in sphereKernel.ts): 4 scalars, z, p̃, p̂, v̂, then min and max xᵢ
      const block = new Float64Array(exports.memory.buffer, exports.chainScalars(), 18);
      block.set(pHat, 10);
      block.set(vHat, 13);
      block[16] = xMin;
      block[17] = xMax;
      return wasmChains(
        exports,
        block.subarray(4, 7),
        block.subarray(7, 10),
        (footpoint, sigma, vRadius) => (from, to, burnIn, adaptTarget) =>
          exports.runSteps(base, N, n, footpoint, from, to, burnIn, adaptTarget, sigma, vRadius),
      );
    },
  };
}
