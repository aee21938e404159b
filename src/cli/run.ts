/** Runs a registered worker task on the Node pool, or on this thread with --workers 1. */
import { createNodePool } from '../workers/node';
import { TASKS, type TaskName, type TaskParams, type TaskResult } from '../workers/tasks';

export type ProgressFn = (done: number, total: number) => void;

export async function runTask<K extends TaskName>(
  task: K,
  params: TaskParams<K>,
  workers: number,
  onProgress: ProgressFn,
): Promise<TaskResult<K>[]> {
  if (workers <= 1) {
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
  const pool = createNodePool(workers);
  try {
    return await pool.run(task, params, { onProgress }).promise;
  } finally {
    pool.terminate();
  }
}
