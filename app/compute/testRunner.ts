/**
 * For tests: a job runner whose workers run on this thread (the real worker runtime and the lab's task registry
 * with the test task `square`, messages passed in later macrotasks as a port would), and whose progress is
 * reported after every cell.
 */
import { CELL_COUNTS } from '../../src/workers/cellCounts';
import type { FromWorker, WorkerLike } from '../../src/workers/protocol';
import { createWorkerRuntime } from '../../src/workers/runtime';
import { TASKS } from '../../src/workers/tasks';
import { squareTask } from '../../src/workers/testTasks';
import type { PoolName } from './pools';
import { createRunner, type JobStep, type RunnerOptions } from './runner';

/** The lab's tasks and `square`, whose cell i is `values[i]²`, with their cell counts. */
const TEST_TASKS = { ...TASKS, square: squareTask };
const TEST_CELL_COUNTS = { ...CELL_COUNTS, square: squareTask.cellCount };

/**
 * A step of the test task `square`. The jobs that run it are typed as the lab's `release` jobs (the runner and
 * the driver never look into cells), so a test names it where the lab names its tasks.
 */
export const squareStep = (values: number[]) =>
  ({ task: 'square', params: { values } }) as unknown as JobStep<'release'>;

export const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A worker on this thread. */
export function inlineWorker(): WorkerLike {
  let deliver: ((m: FromWorker) => void) | null = null;
  let dead = false;
  const handle = createWorkerRuntime(
    (m) => setTimeout(() => !dead && deliver?.(m)),
    () => tick(),
    TEST_TASKS,
  );
  return {
    listen(onMessage) {
      deliver = onMessage;
      setTimeout(() => !dead && onMessage({ type: 'ready' }));
    },
    postMessage: (m) => setTimeout(() => !dead && handle(m)),
    terminate: () => void (dead = true),
  };
}

/** A runner of inline workers on 4 cores; `created` lists the pool of every worker it created. */
export function testRunner(overrides: Partial<RunnerOptions> = {}) {
  const created: PoolName[] = [];
  const runner = createRunner({
    createWorker: (name) => {
      created.push(name);
      return inlineWorker();
    },
    cores: () => 4,
    batch: (flush) => flush,
    // the runner and its pools count `square`'s cells too (the lab's own tasks never name it)
    cellCounts: TEST_CELL_COUNTS,
    ...overrides,
  });
  return { runner, created };
}
