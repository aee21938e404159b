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
 * HOW TO ADD A TASK (a line here and a line in cellCounts.ts):
 *   1. next to your experiment, e.g. `src/experiments/sweep.ts`, write (with `defineTask` from defineTask.ts,
 *      which imports nothing, never from this registry, which imports the experiments)
 *        export const sweepCellCount = (p: SweepParams) => …;
 *        export const sweepTask = defineTask<SweepParams, SweepCell>({ cellCount: sweepCellCount, cell: (p, i) => … });
 *   2. import it below and add one line to `TASKS`:  `sweep: sweepTask,`
 *   3. add `sweep: sweepCellCount,` to `CELL_COUNTS` in cellCounts.ts (the type and a test insist).
 *   `pool.run('sweep', params)` is then typed by `SweepParams` and resolves to `SweepCell[]`. Every worker loads
 *   this registry (to compute cells); the pool on the main thread loads only cellCounts.ts (to count them), so
 *   that the lab's page does not load the samplers and their WebAssembly. Keep task modules free of DOM and
 *   Node-only imports so they load in both a browser Web Worker and a Node worker thread.
 */

import { auditPairTask, auditTask } from '../audit/audit';
import { advicePrivacyTask } from '../experiments/advicePrivacy';
import { dataTask } from '../experiments/dataTask';
import { frechetTask } from '../experiments/frechet';
import { frechetSensitivityTask } from '../experiments/frechetSensitivity';
import { histogramTask } from '../experiments/histograms';
import { linregTask } from '../experiments/linreg';
import { parsePointsTask, parseTask } from '../experiments/parseTask';
import { releaseTask } from '../experiments/release';
import { jointReleaseTask } from '../experiments/jointRelease';
import { sizesTask } from '../experiments/sizes';
import { sensitivityTask } from '../experiments/sensitivityCheck';
import { sweepTask } from '../experiments/sweep';

import type { AnyTaskDef, ParamsOf, ResultOf } from './defineTask';
import { failTask } from './testTasks';

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
  jointRelease: jointReleaseTask,
  sizes: sizesTask,
  linreg: linregTask,
  audit: auditTask,
  auditPair: auditPairTask,
  advicePrivacy: advicePrivacyTask,

  // Not a computation: the lab's fault injection (`?faults=1`, app/compute/faults.ts, e2e/faults.spec.ts) turns a
  // chunk of real work into a `fail` job (testTasks.ts), so the browser workers need it in production.
  fail: failTask,
} as const;

export type TaskRegistry = typeof TASKS;
export type TaskName = keyof TaskRegistry & string;
/** Params type of task `K`. */
export type TaskParams<K extends TaskName> = ParamsOf<TaskRegistry, K>;
/** Result type of one cell of task `K`. */
export type TaskResult<K extends TaskName> = ResultOf<TaskRegistry, K>;

// Compile-time check that every registry entry is a TaskDef.
const _registryCheck: Record<TaskName, AnyTaskDef> = TASKS;
void _registryCheck;
