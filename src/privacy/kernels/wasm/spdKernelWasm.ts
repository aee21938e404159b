import type { Covariates } from '../../../regression/geodesicRegression';
import { WELL_CONDITIONED_MAX } from '../../../geometry/spd';
import type { FusedChains } from '../types';
import { kernelInstance, pairedPointsInstance, wasmChains, type PairedPointsChainExports } from './instance';

export interface SpdKernelExports extends PairedPointsChainExports {
  dataStart(): number;
  arrayCount(): number;
  callValues(): number;
  gradNorm(base: number, N: number, n: number, footpoint: number): number;
  expLane(x: number): number;
  logLane(y: number): number;
}

/** The JavaScript kernel's ‖∇‖/n at p for v at p (d_p or d_v), for exponents beyond the loop's range. */
export type SpdGradNormInJavaScript = (...pvAndFootpoint: number[]) => number;

/**
 * The WebAssembly (SIMD) build of the SPD(2) loop over the data (source: wasm/assembly/spdKernel.ts), for
 * responses stored as (y₀₀, (y₀₁ + y₁₀)/2, y₁₁) with ln det y, or null without WebAssembly. Before each
 * `run`, write the per-call values into `call`: k₀₀ (a, b, c), k₁₁ (…), k₀₁ (…), μ₀, the half-gap, tr W,
 * ln det p (names as in src/privacy/kernels/spd.ts). Callers keep |xᵢμ₀| and xᵢ·half-gap within 700.
 */
export function wasmSpdLoop(
  xs: Covariates,
  ys: readonly Float64Array[],
  gradNormInJavaScript: SpdGradNormInJavaScript,
): {
  call: Float64Array;
  run: (footpoint: boolean) => number;
  chains(fit: {
    hatSqrt: Float64Array;
    hatIsqrt: Float64Array;
    vHat: Float64Array;
    exponentLimit: number;
  }): FusedChains;
} | null {
  const n = ys.length;
  const instance = pairedPointsInstance<SpdKernelExports>(
    'spd',
    n,
    (i, weight) => {
      const y = ys[i];
      const b = 0.5 * (y[1] + y[2]);
      // x, y₀₀, (y₀₁ + y₁₀)/2, y₁₁, ln det y, weight (then the kernel's per-call arrays)
      return [xs[i], y[0], b, y[3], Math.log(y[0] * y[3] - b * b), weight];
    },
    { gradNormInJavaScript },
  );
  if (!instance) return null;
  const { exports, base, N } = instance;
  return {
    call: new Float64Array(exports.memory.buffer, exports.callValues(), 13),
    run: (footpoint) => exports.gradNorm(base, N, n, footpoint ? 1 : 0),
    chains({ hatSqrt, hatIsqrt, vHat, exponentLimit }) {
      // runSteps' block (CHAIN in spdKernel.ts): 4 scalars, z, p̃, p̂^½, p̂^-½, v̂, the exponent limit, the condition bound
      const block = new Float64Array(exports.memory.buffer, exports.chainScalars(), 26);
      block.set(hatSqrt, 12);
      block.set(hatIsqrt, 16);
      block.set(vHat, 20);
      block[24] = exponentLimit;
      block[25] = WELL_CONDITIONED_MAX;
      return wasmChains(
        exports,
        block.subarray(4, 8),
        block.subarray(8, 12),
        (footpoint, sigma, vRadius) => (from, to, burnIn, adaptTarget) =>
          exports.runSteps(base, N, n, footpoint, from, to, burnIn, adaptTarget, sigma, vRadius),
      );
    },
  };
}

/** The loop's e^x and ln y (lane 0 of its two-lane versions), for the tests; null without WebAssembly. */
export function wasmSpdMath(): Pick<SpdKernelExports, 'expLane' | 'logLane'> | null {
  return kernelInstance<SpdKernelExports>('spd', () => 0, { gradNormInJavaScript: () => NaN });
}
