/**
 * Worker pool on Node worker_threads, for the command line (`tsx`), benchmarks and Vitest. No DOM code here.
 *
 * The worker entry is TypeScript, so each thread starts from the bootstrap `worker.node.mjs`, which registers
 * tsx's loader in that thread and then imports `worker.node.ts`. This works the same when the caller runs under
 * `tsx` (CLI, bench) or Vitest, whatever the current directory. (Passing `execArgv: ['--import', 'tsx']` is not
 * enough on Node 20: the loader is not applied to the worker's own entry file.) Starting a thread costs about
 * 0.5–1 s (loading tsx and transpiling); create one pool and reuse it.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerLike } from './protocol.ts';
import { WorkerPool } from './pool.ts';

const bootstrap = new URL('./worker.node.mjs', import.meta.url);

/**
 * One worker thread behind the pool's `WorkerLike` interface, running the TypeScript entry `entry` (default:
 * the lab's workers, `worker.node.ts`; the pool's tests pass theirs).
 */
export function createNodeWorker(entry?: URL): WorkerLike {
  const worker = new Worker(bootstrap, entry ? { workerData: { entry: entry.href } } : undefined);
  let dead = false;
  return {
    postMessage: (message: ToWorker) => worker.postMessage(message),
    listen(onMessage, onDeath) {
      const die = (error: Error) => {
        if (dead) return;
        dead = true;
        onDeath(error);
      };
      worker.on('message', (message: FromWorker) => {
        if (!dead) onMessage(message);
      });
      worker.on('error', (error: Error) => die(error));
      worker.on('messageerror', (error: Error) => die(error));
      worker.on('exit', (code: number) => die(new Error(`worker thread exited with code ${code}`)));
    },
    terminate() {
      dead = true;
      void worker.terminate();
    },
    // An idle worker does not keep the process alive, so a CLI that forgets `terminate()` still exits.
    setBusy: (busy: boolean) => (busy ? worker.ref() : worker.unref()),
  };
}

/** A pool of `size` worker threads (default: one per core, `os.availableParallelism()`). */
export function createNodePool(size: number = availableParallelism()): WorkerPool {
  return new WorkerPool({ size, createWorker: createNodeWorker });
}
