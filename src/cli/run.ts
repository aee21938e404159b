/** Runs a registered worker task on the Node pool, or on this thread with --workers 1. */
import { createNodePool } from '../workers/node';
import { TASKS, type TaskName, type TaskParams, type TaskResult } from '../workers/tasks';

export type ProgressFn = (done: number, total: number) => void;

/** Runs tasks one after another on one set of workers. */
export type RunTask = <K extends TaskName>(
  task: K,
  params: TaskParams<K>,
  onProgress: ProgressFn,
) => Promise<TaskResult<K>[]>;

function runOnThisThread<K extends TaskName>(
  task: K,
  params: TaskParams<K>,
  onProgress: ProgressFn,
): TaskResult<K>[] {
  // Same cells, same numbers as the pool (cells depend on (params, index) only).
  const def = TASKS[task] as unknown as {
    cellCount(p: unknown): number;
    setup?(p: unknown): unknown;
    cell(p: unknown, i: number, s: unknown): unknown;
  };
  const total = def.cellCount(params);
  const scratch = def.setup?.(params);
  const out: unknown[] = [];
  for (let i = 0; i < total; i++) {
    out.push(def.cell(params, i, scratch));
    onProgress(i + 1, total);
  }
  return out as TaskResult<K>[];
}

/**
 * Gives `body` a way to run tasks on `workers` workers that stay up between its tasks, so that a command of
 * several stages (the advisor's two sweeps) starts its workers once and each worker keeps what it prepared (the
 * data, their fit) from one stage to the next.
 */
export async function withTaskRunner<T>(workers: number, body: (run: RunTask) => Promise<T>): Promise<T> {
  if (workers <= 1)
    return body(async (task, params, onProgress) => runOnThisThread(task, params, onProgress));
  const pool = createNodePool(workers);
  try {
    return await body((task, params, onProgress) => pool.run(task, params, { onProgress }).promise);
  } finally {
    pool.terminate();
  }
}

/** Runs one task on `workers` workers. */
export function runTask<K extends TaskName>(
  task: K,
  params: TaskParams<K>,
  workers: number,
  onProgress: ProgressFn,
): Promise<TaskResult<K>[]> {
  return withTaskRunner(workers, (run) => run(task, params, onProgress));
}
