import {
  KENDALL_KERNEL_WASM_BASE64,
  SPD_KERNEL_WASM_BASE64,
  SPHERE_KERNEL_WASM_BASE64,
} from './kernels.generated';

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
 * A fresh instance of a kernel module whose memory holds `bytes(dataStart)` bytes from its `dataStart()`,
 * or null where WebAssembly SIMD is unavailable.
 */
export function kernelInstance<E extends { memory: WebAssembly.Memory; dataStart(): number }>(
  kernel: keyof typeof SOURCES,
  bytes: (exports: E) => number,
): E | null {
  const module = compile(kernel);
  if (!module) return null;
  const exports = new WebAssembly.Instance(module, {}).exports as unknown as E;
  const { memory } = exports;
  const end = exports.dataStart() + bytes(exports);
  if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65536));
  return exports;
}
