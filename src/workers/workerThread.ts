/**
 * The inside of a Node worker thread: the worker runtime on the thread's parent port. The entries
 * (`worker.node.ts`, the lab's; `testWorker.node.ts`, the pool's tests') choose the registry it runs.
 */
import { parentPort } from 'node:worker_threads';
import type { Registry } from './defineTask.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { createWorkerRuntime } from './runtime.ts';

/** Serves the tasks of `tasks` (default: the lab's registry) to the pool that started this thread. */
export function serveWorkerThread(tasks?: Registry): void {
  const port = parentPort;
  if (!port) throw new Error('a worker entry must run in a worker thread');

  // setImmediate runs after the poll phase, i.e. after pending messages (a cancel) have been dispatched.
  const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  const handle = createWorkerRuntime(
    (message: FromWorker) => port.postMessage(message),
    yieldToEventLoop,
    tasks,
  );
  port.on('message', (message: ToWorker) => handle(message));
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}
