import { kernelInstance } from './instance';

interface JointKendallExports {
  memory: WebAssembly.Memory;
  dataStart(): number;
  offsetOf(array: number, N: number, k2: number): number;
  layoutBytes(N: number, k2: number): number;
  outputs(): number;
  evaluate(base: number, N: number, k2: number, n: number, clip: number, len: number): void;
}

// Array indices of the layout (wasm/assembly/jointKendallKernel.ts).
const T = 0,
  Y_NORM_SQ = 1,
  INV_Y_NORM = 2,
  WEIGHT = 3,
  P_IN = 4,
  V_IN = 5,
  Y = 12;

/**
 * The WebAssembly (SIMD) build of the clipped joint loop on Kendall's shape space with k2/2 landmarks (source:
 * wasm/assembly/jointKendallKernel.ts), or null without WebAssembly. The returned function writes E_c,
 * ‖∇_p E_c‖ and ‖∇_v E_c‖ into out for a preshape p and a finite horizontal v of length len = |v|; callers check
 * those and keep the angles |tᵢ|·len ≤ π/2 (the polynomials' range).
 */
export function wasmJointKendall(
  k2: number,
  ts: Float64Array,
  ys: readonly Float64Array[],
  clip: number,
): ((p: Float64Array, v: Float64Array, len: number, out: Float64Array) => void) | null {
  const n = ys.length;
  const N = n + (n & 1); // two records per vector; the padding record repeats the last one with weight 0
  const exports = kernelInstance<JointKendallExports>('jointKendall', (e) => e.layoutBytes(N, k2));
  if (!exports) return null;
  const base = exports.dataStart();
  const view = (array: number, length: number) =>
    new Float64Array(exports.memory.buffer, base + exports.offsetOf(array, N, k2), length);
  const t = view(T, N),
    yNormSq = view(Y_NORM_SQ, N),
    invYNorm = view(INV_Y_NORM, N),
    weight = view(WEIGHT, N),
    y = view(Y, N * k2);
  for (let r = 0; r < N; r++) {
    const i = Math.min(r, n - 1);
    const yi = ys[i];
    // |y|² summed as the JavaScript kernel sums it
    let ss = 0;
    for (let j = 0; j < k2; j += 2) ss += yi[j] * yi[j] + yi[j + 1] * yi[j + 1];
    t[r] = ts[i];
    yNormSq[r] = ss;
    invYNorm[r] = 1 / Math.sqrt(ss);
    weight[r] = r < n ? 1 : 0;
    // pairs of records interleaved by coordinate: record 2b + (r & 1)'s coordinate j at (b·k2 + j)·2 + (r & 1)
    const at = (r >> 1) * 2 * k2 + (r & 1);
    for (let j = 0; j < k2; j++) y[at + 2 * j] = yi[j];
  }
  const pIn = view(P_IN, k2),
    vIn = view(V_IN, k2);
  const results = new Float64Array(exports.memory.buffer, exports.outputs(), 3);
  return (p, v, len, out) => {
    pIn.set(p);
    vIn.set(v);
    exports.evaluate(base, N, k2, n, clip, len);
    out[0] = results[0];
    out[1] = results[1];
    out[2] = results[2];
  };
}
