import { pairedPointsInstance } from './instance';

interface JointSpdExports {
  memory: WebAssembly.Memory;
  dataStart(): number;
  arrayCount(): number;
  frame(): number;
  outputs(): number;
  evaluate(base: number, N: number, n: number): void;
}

/** Values per record: t, Y₀₀, (Y₀₁ + Y₁₀)/2, Y₁₁, log det Y, √det Y. */
export const RECORD_LENGTH = 6;
/**
 * The per-call values of the frame (wasm/assembly/jointSpdKernel.ts): nine linear forms, δ, μ̄, log det P,
 * 1/√det P, 1/δ.
 */
export const JOINT_SPD_FRAME_LENGTH = 14;
/** Then, per kernel, the clip and ½clip². */
const CLIP = 14,
  HALF_CLIP_SQ = 15;

/**
 * The WebAssembly (SIMD) build of the clipped joint loop on affine SPD(2) (source:
 * wasm/assembly/jointSpdKernel.ts) over the records of spdJointKernel.ts (RECORD_LENGTH values each: t, Y₀₀,
 * (Y₀₁ + Y₁₀)/2, Y₁₁, log det Y, √det Y), or null without WebAssembly. Callers write the per-call values into `frame`
 * (JOINT_SPD_FRAME_LENGTH of them, in the order of spdJointKernel.ts's frame) and call `run`, which writes E_c,
 * ‖∇_p E_c‖ and ‖∇_v E_c‖ into out; they keep max |tᵢ|·|δ| ≤ 700 (the exponential's range) and decide
 * non-finite results themselves.
 */
export function wasmJointSpd(
  records: Float64Array,
  clip: number,
): { frame: Float64Array; run: (out: Float64Array) => void } | null {
  const n = records.length / RECORD_LENGTH;
  const instance = pairedPointsInstance<JointSpdExports>('jointSpd', n, (i, weight) => [
    ...records.subarray(RECORD_LENGTH * i, RECORD_LENGTH * (i + 1)),
    weight,
  ]);
  if (!instance) return null;
  const { exports, base, N } = instance;
  const values = new Float64Array(exports.memory.buffer, exports.frame(), HALF_CLIP_SQ + 1);
  values[CLIP] = clip;
  values[HALF_CLIP_SQ] = 0.5 * clip * clip;
  const results = new Float64Array(exports.memory.buffer, exports.outputs(), 3);
  return {
    frame: values.subarray(0, JOINT_SPD_FRAME_LENGTH),
    run(out) {
      exports.evaluate(base, N, n);
      out[0] = results[0];
      out[1] = results[1];
      out[2] = results[2];
    },
  };
}
