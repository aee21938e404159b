import { pairedPointsInstance } from './instance';

interface JointSphereExports {
  memory: WebAssembly.Memory;
  dataStart(): number;
  arrayCount(): number;
  outputs(): number;
  evaluate(base: number, N: number, n: number, clip: number, ...pv: number[]): void;
}

/**
 * The WebAssembly (SIMD) build of the clipped joint loop on S² (source: wasm/assembly/jointSphereKernel.ts), or
 * null without WebAssembly. Callers keep the angles |tᵢ|·|v| ≤ π/2 (the polynomials' range).
 */
export function wasmJointSphere(
  ts: Float64Array,
  ys: readonly Float64Array[],
  clip: number,
): ((p: Float64Array, v: Float64Array, out: Float64Array) => void) | null {
  const n = ys.length;
  const instance = pairedPointsInstance<JointSphereExports>('jointSphere', n, (i, weight) => [
    ts[i],
    ys[i][0],
    ys[i][1],
    ys[i][2],
    weight,
  ]);
  if (!instance) return null;
  const { exports, base, N } = instance;
  const results = new Float64Array(exports.memory.buffer, exports.outputs(), 3);
  return (p, v, out) => {
    exports.evaluate(base, N, n, clip, p[0], p[1], p[2], v[0], v[1], v[2]);
    out[0] = results[0];
    out[1] = results[1];
    out[2] = results[2];
  };
}
