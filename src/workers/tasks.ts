/**
 * The task registry: every kind of job the worker pool can run.
 *
 * A task splits a job into `cellCount(params)` independent cells; cell `i` is computed by
 * `cell(params, i, scratch)` and must depend on `(params, i)` only — derive any random stream from a seed in
 * `params` and the cell index (see `src/sampling/rng.ts`), never from worker identity, timing or earlier cells.
 * That is what makes results identical whatever the number of workers and however cells are chunked.
 *
 * `setup(params)` (optional) runs once per worker per job, before its first cell of that job, and returns a
 * scratch object handed to every cell that worker computes (preallocated typed arrays, parsed data, …). Cells
 * may overwrite scratch buffers but must not carry information from one cell to the next through them.
 *
 * Params and results cross the worker boundary by structured clone: plain objects, arrays, numbers, strings,
 * typed arrays — no functions or class instances (they arrive as plain objects).
 *
 * HOW TO ADD A TASK (a one-line change here):
 *   1. next to your experiment, e.g. `src/experiments/sweep.ts`, write
 *        export const sweepTask = defineTask<SweepParams, SweepCell>({ cellCount: (p) => …, cell: (p, i) => … });
 *   2. import it below and add one line to `TASKS`:  `sweep: sweepTask,`
 *   `pool.run('sweep', params)` is then typed by `SweepParams` and resolves to `SweepCell[]`. The same registry
 *   is loaded by the main thread (to count cells) and by every worker (to compute them); keep task modules free
 *   of DOM and Node-only imports so they load in both a browser Web Worker and a Node worker thread.
 */

import { auditPairTask, auditTask } from '../audit/audit';
import { dataTask } from '../experiments/dataTask';
import { frechetSensitivityTask, frechetTask } from '../experiments/frechet';
import { histogramTask } from '../experiments/histograms';
import { linregTask } from '../experiments/linreg';
import { parsePointsTask, parseTask } from '../experiments/parseTask';
import { releaseTask } from '../experiments/release';
import { sensitivityTask } from '../experiments/sensitivityCheck';
import { sweepTask } from '../experiments/sweep';

import { defineTask, type TaskDef } from './defineTask';

export { defineTask, type TaskDef };

// ------------------------------------------------------------------------------------------------------
// Small tasks used by the pool's own tests (cheap to keep: a few lines in the worker bundle).
// ------------------------------------------------------------------------------------------------------

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

/** The registry. Add a task with one line: `name: nameTask,`. */
export const TASKS = {
  data: dataTask,
  parse: parseTask,
  parsePoints: parsePointsTask,
  sweep: sweepTask,
  frechet: frechetTask,
  frechetSensitivity: frechetSensitivityTask,
  sensitivity: sensitivityTask,
  histograms: histogramTask,
  release: releaseTask,
  linreg: linregTask,
  audit: auditTask,
  auditPair: auditPairTask,
  square: squareTask,
  busy: busyTask,
  fail: failTask,
  crash: crashTask,
  scratch: scratchTask,
} as const;

/** Loose shape of a task as seen by code that does not know its types (the worker runtime, the pool). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTaskDef = TaskDef<any, any, any>;

export type TaskRegistry = typeof TASKS;
export type TaskName = keyof TaskRegistry & string;
/** Params type of task `K`. */
export type TaskParams<K extends TaskName> = Parameters<TaskRegistry[K]['cellCount']>[0];
/** Result type of one cell of task `K`. */
export type TaskResult<K extends TaskName> = ReturnType<TaskRegistry[K]['cell']>;

// Compile-time check that every registry entry is a TaskDef.
const _registryCheck: Record<TaskName, AnyTaskDef> = TASKS;
void _registryCheck;
