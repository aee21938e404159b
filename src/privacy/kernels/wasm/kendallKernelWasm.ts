import type { Covariates } from '../../../regression/geodesicRegression';
import type { FusedChains } from '../types';
import { kernelInstance, wasmChains, type WasmChainExports } from './instance';

interface KendallKernelExports extends WasmChainExports {
  dataStart(): number;
  offsetOf(array: number, N: number, k2: number): number;
  layoutBytes(N: number, k2: number): number;
  footpointGradNorm(base: number, N: number, k2: number, n: number): number;
  shootingGradNorm(base: number, N: number, k2: number, n: number, xAbsMax: number): number;
  matVecs(base: number, N: number, k2: number, times: number): void;
  runSteps(
    base: number,
    N: number,
    k2: number,
    n: number,
    xAbsMax: number,
    footpoint: boolean,
    from: number,
    to: number,
    burnIn: number,
    adaptTarget: number,
    sigma: number,
    vRadius: number,
    dim: number,
  ): void;
}

// Array indices of the layout (wasm/assembly/kendallKernel.ts).
const X = 0,
  WEIGHT = 1,
  PHAT_Y = 2,
  VHAT_Y = 4,
  FOOT = 6,
  P_IN = 22,
  V_IN = 26,
  PHAT = 30,
  VHAT = 31,
  Z = 34,
  Y = 36,
  Y_ROWS = 37;

/**
 * The WebAssembly (SIMD) build of the Kendall kernel (source: wasm/assembly/kendallKernel.ts) over (xs, ys) of
 * 2k reals each, for the fit (p̂, v̂), given the fixed per-point values the JavaScript kernel prepares
 * (⟨p̂, yᵢ⟩, ⟨v̂, yᵢ⟩ as (re, im) pairs, cos and sin of xᵢ|v̂|); null without WebAssembly.
 */
export function wasmKendallKernel(
  xs: Covariates,
  ys: readonly Float64Array[],
  pHat: Float64Array,
  vHat: Float64Array,
  fixed: { pHatY: Float64Array; vHatY: Float64Array; cosFixed: Float64Array; sinFixed: Float64Array },
): {
  footpoint(p: Float64Array): number;
  shooting(p: Float64Array, v: Float64Array): number;
  chains: FusedChains;
  /** The step's two mat-vecs alone, `times` times (the bench's floor under a step). */
  matVecs(times: number): void;
} | null {
  const n = ys.length;
  const k2 = pHat.length;
  const N = (n + 3) & ~3; // four rows per pass; padding points repeat the last one with weight 0
  const exports = kernelInstance<KendallKernelExports>('kendall', (e) => e.layoutBytes(N, k2));
  if (!exports) return null;
  const base = exports.dataStart();
  const view = (array: number, length: number) =>
    new Float64Array(exports.memory.buffer, base + exports.offsetOf(array, N, k2), length);
  const perPoint = (array: number, value: (i: number, weight: number) => number) => {
    const a = view(array, N);
    for (let r = 0; r < N; r++) a[r] = value(Math.min(r, n - 1), r < n ? 1 : 0);
  };
  let xAbsMax = 0;
  for (let i = 0; i < n; i++) xAbsMax = Math.max(xAbsMax, Math.abs(xs[i]));
  perPoint(X, (i) => xs[i]);
  perPoint(WEIGHT, (_, weight) => weight);
  perPoint(PHAT_Y, (i) => fixed.pHatY[2 * i]);
  perPoint(PHAT_Y + 1, (i) => fixed.pHatY[2 * i + 1]);
  perPoint(VHAT_Y, (i) => fixed.vHatY[2 * i]);
  perPoint(VHAT_Y + 1, (i) => fixed.vHatY[2 * i + 1]);
  // footpoint table: cos, sin, weight, weight·f₁ = weight·cos, weight·f₄ = weight·cos 2xL
  const [c, s] = [fixed.cosFixed, fixed.sinFixed];
  perPoint(FOOT, (i) => c[i]);
  perPoint(FOOT + 1, (i) => s[i]);
  perPoint(FOOT + 2, (_, weight) => weight);
  perPoint(FOOT + 3, (i, weight) => weight * c[i]);
  perPoint(FOOT + 4, (i, weight) => weight * (c[i] * c[i] - s[i] * s[i]));
  view(PHAT, k2).set(pHat);
  view(VHAT, k2).set(vHat);
  const rows = view(Y_ROWS, N * k2);
  for (let r = 0; r < N; r++) rows.set(ys[Math.min(r, n - 1)], r * k2);
  // and in blocks of four, interleaved by landmark: row 4b + r's landmark l at ((b·k + l)·4 + r)·2
  const y = view(Y, N * k2);
  for (let row = 0; row < N; row++) {
    const data = ys[Math.min(row, n - 1)];
    const at = (row >> 2) * 4 * k2 + (row & 3) * 2;
    for (let l = 0; l < k2; l += 2) {
      y[at + 4 * l] = data[l];
      y[at + 4 * l + 1] = data[l + 1];
    }
  }
  const pIn = view(P_IN, k2);
  const vIn = view(V_IN, k2);
  const { footpointGradNorm, shootingGradNorm } = exports;
  return {
    footpoint(p) {
      pIn.set(p);
      return footpointGradNorm(base, N, k2, n);
    },
    shooting(p, v) {
      pIn.set(p);
      vIn.set(v);
      return shootingGradNorm(base, N, k2, n, xAbsMax);
    },
    matVecs: (times) => exports.matVecs(base, N, k2, times),
    chains: wasmChains(
      exports,
      view(Z, k2),
      pIn,
      (footpoint, sigma, vRadius, dim) => (from, to, burnIn, adaptTarget) =>
        exports.runSteps(
          base,
          N,
          k2,
          n,
          xAbsMax,
          footpoint,
          from,
          to,
          burnIn,
          adaptTarget,
          sigma,
          vRadius,
          dim,
        ),
    ),
  };
}
