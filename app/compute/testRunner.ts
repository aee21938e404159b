/**
 * For tests: a job runner whose workers run on this thread (the real worker runtime and task registry,
 * messages passed in later macrotasks as a port would), and whose progress is reported after every cell.
 */
import type { FromWorker, WorkerLike } from '../../src/workers/protocol';
import { createWorkerRuntime } from '../../src/workers/runtime';
import type { PoolName } from './pools';
import { createRunner, type RunnerOptions } from './runner';

export const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A worker on this thread. */
export function inlineWorker(): WorkerLike {
  let deliver: ((m: FromWorker) => void) | null = null;
  let dead = false;
  const handle = createWorkerRuntime(
    (m) => setTimeout(() => !dead && deliver?.(m)),
    () => tick(),
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
    ...overrides,
  });
  return { runner, created };
}
