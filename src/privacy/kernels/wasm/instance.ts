import {
  JOINT_KENDALL_KERNEL_WASM_BASE64,
  JOINT_SPD_KERNEL_WASM_BASE64,
  JOINT_SPHERE_KERNEL_WASM_BASE64,
  KENDALL_KERNEL_WASM_BASE64,
  SPD_KERNEL_WASM_BASE64,
  SPHERE_KERNEL_WASM_BASE64,
} from './kernels.generated';
import type { StepRunner } from '../../../sampling/mh';
import type { FusedChains } from '../types';
import { zigguratTables, type Rng } from '../../../sampling/rng';
import { power } from '../../../sampling/power';

/**
 * The WebAssembly (SIMD) kernels built from wasm/assembly/. Each module is compiled once per thread,
 * synchronously (they are a few kB, which browsers allow on any thread), and instantiated once per kernel:
 * an instance holds its kernel's data in its own memory, so any number of kernels coexist and are freed
 * with them.
 */
const SOURCES = {
  sphere: SPHERE_KERNEL_WASM_BASE64,
  kendall: KENDALL_KERNEL_WASM_BASE64,
  spd: SPD_KERNEL_WASM_BASE64,
  jointSphere: JOINT_SPHERE_KERNEL_WASM_BASE64,
  jointKendall: JOINT_KENDALL_KERNEL_WASM_BASE64,
  jointSpd: JOINT_SPD_KERNEL_WASM_BASE64,
};

/**
 * The JavaScript paths' own functions for kernels that must compute exactly what those paths compute
 * (wasm/assembly/rng.ts): Math's, and the project's `power` where Math.pow would differ from engine to engine.
 */
const MATH_IMPORTS = {
  exp: Math.exp,
  log: Math.log,
  pow: power,
  cos: Math.cos,
  sin: Math.sin,
  hypot: Math.hypot,
};

const compiled = new Map<keyof typeof SOURCES, WebAssembly.Module | null>();

function compile(kernel: keyof typeof SOURCES): WebAssembly.Module | null {
  if (!compiled.has(kernel)) {
    try {
      const text = atob(SOURCES[kernel]);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      compiled.set(kernel, new WebAssembly.Module(bytes));
    } catch {
      compiled.set(kernel, null); // no WebAssembly SIMD here: the JavaScript kernel runs instead
    }
  }
  return compiled.get(kernel)!;
}

/**
 * A fresh instance of a kernel module whose memory holds `bytes(exports)` bytes from its `dataStart()` (and
 * `imports` besides Math's, for a module that calls back into JavaScript), or null where WebAssembly SIMD is
 * unavailable or the memory cannot be had (the JavaScript kernel runs then).
 */
export function kernelInstance<E extends { memory: WebAssembly.Memory; dataStart(): number }>(
  kernel: keyof typeof SOURCES,
  bytes: (exports: E) => number,
  imports: Record<string, (...args: number[]) => number> = {},
): E | null {
  const module = compile(kernel);
  if (!module) return null;
  try {
    const env = { ...MATH_IMPORTS, ...imports };
    const exports = new WebAssembly.Instance(module, { env }).exports as unknown as E;
    const { memory } = exports;
    const end = exports.dataStart() + bytes(exports);
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65536));
    return exports;
  } catch (e) {
    if (e instanceof RangeError || e instanceof WebAssembly.RuntimeError) return null; // out of memory
    throw e;
  }
}

/**
 * An instance of a kernel that takes points in pairs (two per f64x2 vector), with its data as arrays of N f64
 * at dataStart() + index·8N, N = n rounded up to even: `row(point, weight)` gives point `point`'s value in
 * each array, in array order. The padding point repeats the last one with weight 0, so it is finite wherever
 * that one is and adds nothing.
 */
export function pairedPointsInstance<
  E extends { memory: WebAssembly.Memory; dataStart(): number; arrayCount(): number },
>(
  kernel: keyof typeof SOURCES,
  n: number,
  row: (point: number, weight: number) => readonly number[],
  imports: Record<string, (...args: number[]) => number> = {},
): { exports: E; base: number; N: number } | null {
  const N = n + (n & 1);
  const exports = kernelInstance<E>(kernel, (e) => e.arrayCount() * 8 * N, imports);
  if (!exports) return null;
  const base = exports.dataStart();
  const data = new Float64Array(exports.memory.buffer, base, exports.arrayCount() * N);
  for (let i = 0; i < N; i++) {
    row(Math.min(i, n - 1), i < n ? 1 : 0).forEach((value, array) => (data[array * N + i] = value));
  }
  return { exports, base, N };
}

/**
 * The generator of wasm/assembly/rng.ts in an instance: its Ziggurat tables filled from src/sampling/rng.ts
 * (once, here), and the state moved between it and a JavaScript Rng around each call.
 */
export function wasmRng(exports: Omit<WasmChainExports, 'chainScalars'>): {
  load(rng: Rng): void;
  store(rng: Rng): void;
} {
  const tables = zigguratTables();
  new Float64Array(exports.memory.buffer, exports.zigguratTables(), tables.length).set(tables);
  return {
    load(rng) {
      const s = rng.stateWords();
      exports.setRngState(s[0], s[1], s[2], s[3]);
    },
    store(rng) {
      const s = rng.stateWords();
      for (let i = 0; i < 4; i++) s[i] = exports.rngWord(i);
    },
  };
}

/** What a module whose kernel runs whole chains exports for them (wasm/assembly/rng.ts, chain.ts). */
export interface WasmChainExports {
  memory: WebAssembly.Memory;
  chainScalars(): number;
  setRngState(w0: number, w1: number, w2: number, w3: number): void;
  rngWord(i: number): number;
  zigguratTables(): number;
}

/** The runSteps of the modules whose data are pairs of points (sphereKernel.ts, spdKernel.ts). */
export interface PairedPointsChainExports extends WasmChainExports {
  runSteps(
    base: number,
    N: number,
    n: number,
    footpoint: boolean,
    from: number,
    to: number,
    burnIn: number,
    adaptTarget: number,
    sigma: number,
    vRadius: number,
  ): void;
}

/** A call of a module's runSteps for steps from + 1 … to (adaptTarget NaN: no adaptation). */
type RunSteps = (from: number, to: number, burnIn: number, adaptTarget: number) => void;

/**
 * FusedChains over a module's runSteps: `runSteps(footpoint, σ, vRadius, dim)` binds its call for one target. Around
 * each call the chain's state goes into `z`, its scalars into the module's chain block (U, step, the two accepted
 * counts) and the generator's state into the module, and all of it back after; a shooting chain's footpoint goes
 * into `foot` first.
 */
export function wasmChains(
  exports: WasmChainExports,
  z: Float64Array,
  foot: Float64Array,
  runSteps: (footpoint: boolean, sigma: number, vRadius: number, dim: number) => RunSteps,
): FusedChains {
  const rng = wasmRng(exports);
  const scalars = new Float64Array(exports.memory.buffer, exports.chainScalars(), 4);
  const steps =
    (run: RunSteps): StepRunner =>
    (state, from, to, stream, burnIn, adaptTarget) => {
      z.set(state.z);
      scalars[0] = state.u;
      scalars[1] = state.step;
      scalars[2] = state.acceptedBurnIn;
      scalars[3] = state.acceptedAfter;
      rng.load(stream);
      run(from, to, burnIn, adaptTarget ?? NaN);
      rng.store(stream);
      state.z.set(z);
      state.u = scalars[0];
      state.step = scalars[1];
      state.acceptedBurnIn = scalars[2];
      state.acceptedAfter = scalars[3];
    };
  return {
    footpoint: (sigmaP, dim) => steps(runSteps(true, sigmaP, NaN, dim)),
    shooting(pTilde, sigmaV, vRadius, dim) {
      const run = runSteps(false, sigmaV, vRadius, dim);
      return steps((...args) => {
        foot.set(pTilde);
        run(...args);
      });
    },
  };
}
