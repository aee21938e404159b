import type { JobHandle, WorkerPool } from '../../src/workers/pool';
import type { TaskName, TaskParams, TaskResult } from '../../src/workers/tasks';
import { frameBatcher } from './frameBatcher';
import { pacedDelivery } from './pacing';

/** The cells of a job so far: `cells[i]` once cell i has arrived; `done` of `total` have. */
export interface CellStream<R> {
  cells: (R | undefined)[];
  done: number;
  total: number;
}

/**
 * Runs `task` on `pool` and collects its cells as they arrive; `onFrame(stream)` runs at most once per
 * animation frame after new cells (the caller decides whether they are still wanted and writes the store).
 * Returns the pool's job: its promise resolves with all cells. (Under the test-only `?pace=` flag the cells
 * reach the stream as the test lets them through, and the promise after the last one: see pacing.ts.)
 */
export function streamCells<K extends TaskName>(
  pool: WorkerPool,
  task: K,
  spec: TaskParams<K>,
  onFrame: (stream: CellStream<TaskResult<K>>) => void,
): JobHandle<TaskResult<K>[]> {
  const stream: CellStream<TaskResult<K>> = { cells: [], done: 0, total: 0 };
  const flush = frameBatcher(() => onFrame(stream));
  let done = 0;
  const paced = pacedDelivery(task, (i: number, cell: TaskResult<K>, total: number) => {
    stream.cells[i] = cell;
    stream.done = ++done;
    stream.total = total;
    stream.cells.length = total;
    flush();
  });
  let latest: { i: number; cell: TaskResult<K> } | null = null;
  const job = pool.run(task, spec, {
    onCell: (i, cell) => {
      latest = { i, cell };
    },
    onProgress: (_done, total) => {
      if (latest) paced.deliver(latest.i, latest.cell, total);
      latest = null;
    },
  });
  return { promise: paced.settled(job.promise), cancel: job.cancel };
}
