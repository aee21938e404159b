import type { JobHandle, WorkerPool } from '../../src/workers/pool';
import type { TaskName, TaskParams, TaskResult } from '../../src/workers/tasks';
import { frameBatcher } from './frameBatcher';

/** The cells of a job so far: `cells[i]` once cell i has arrived; `done` of `total` have. */
export interface CellStream<R> {
  cells: (R | undefined)[];
  done: number;
  total: number;
}

/**
 * Runs `task` on `pool` and collects its cells as they arrive; `onFrame(stream)` runs at most once per
 * animation frame after new cells (the caller decides whether they are still wanted and writes the store).
 * Returns the pool's job: its promise resolves with all cells.
 */
export function streamCells<K extends TaskName>(
  pool: WorkerPool,
  task: K,
  spec: TaskParams<K>,
  onFrame: (stream: CellStream<TaskResult<K>>) => void,
): JobHandle<TaskResult<K>[]> {
  const stream: CellStream<TaskResult<K>> = { cells: [], done: 0, total: 0 };
  const flush = frameBatcher(() => onFrame(stream));
  return pool.run(task, spec, {
    onCell: (i, cell) => {
      stream.cells[i] = cell;
    },
    onProgress: (done, total) => {
      stream.done = done;
      stream.total = total;
      stream.cells.length = total;
      flush();
    },
  });
}
