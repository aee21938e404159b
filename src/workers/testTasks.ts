/**
 * Small tasks for the tests of the pools and the job runner: the pool's worker threads (testWorker.node.ts) run
 * `POOL_TEST_TASKS`, the app runner's inline workers (app/compute/testRunner.ts) the lab's registry with `square`
 * added. `fail` (the lab's fault injection) is in the lab's registry too (tasks.ts says why); this module lets
 * cellCounts.ts and tasks.ts both name it without one loading the other.
 */
import { defineTask } from './defineTask';

/** Cell i is `values[i]²`. */
export const squareTask = defineTask<{ values: number[] }, number>({
  cellCount: (p) => p.values.length,
  cell: (p, i) => p.values[i] ** 2,
});

/**
 * Busy-waits `ms` milliseconds per cell then returns the cell index (for cancellation tests); counts the cells
 * it starts in `started[0]` when given a shared buffer, so a test can see how far a worker went.
 */
export const busyTask = defineTask<{ ms: number; count: number; started?: SharedArrayBuffer }, number>({
  cellCount: (p) => p.count,
  cell: (p, i) => {
    if (p.started) Atomics.add(new Int32Array(p.started), 0, 1);
    const end = performance.now() + p.ms;
    while (performance.now() < end) {
      // spin
    }
    return i;
  },
});

/** Throws on cell `failAt` (for error propagation tests); other cells return their index. */
export const failTask = defineTask<{ count: number; failAt: number }, number>({
  cellCount: (p) => p.count,
  cell: (p, i) => {
    if (i === p.failAt) throw new RangeError(`deliberate failure at cell ${i}`);
    return i;
  },
});

/**
 * Kills its worker on cell `crashAt` (Node: `process.exit`, which ends only the worker thread; browsers have
 * no equivalent that the page would notice, so there it throws instead). For worker-death tests.
 */
export const crashTask = defineTask<{ count: number; crashAt: number }, number>({
  cellCount: (p) => p.count,
  cell: (p, i) => {
    if (i === p.crashAt) {
      const proc = (globalThis as { process?: { exit(code?: number): never } }).process;
      if (proc) proc.exit(3);
      throw new Error(`crash task: cannot kill a browser worker (cell ${i})`);
    }
    return i;
  },
});

/** Uses `setup` to allocate a per-worker buffer; cell i returns the sum of `scale · (i + k)` for k < `len`. */
export const scratchTask = defineTask<{ count: number; len: number; scale: number }, number, Float64Array>({
  cellCount: (p) => p.count,
  setup: (p) => new Float64Array(p.len),
  cell: (p, i, buf) => {
    let s = 0;
    for (let k = 0; k < buf.length; k++) {
      buf[k] = p.scale * (i + k);
      s += buf[k];
    }
    return s;
  },
});

/** The registry of the pool's tests: what their worker threads run (testWorker.node.ts). */
export const POOL_TEST_TASKS = {
  square: squareTask,
  busy: busyTask,
  fail: failTask,
  crash: crashTask,
  scratch: scratchTask,
} as const;
