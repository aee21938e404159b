/**
 * Worker pool on browser Web Workers. No Node imports here, so Vite's browser build never pulls Node modules;
 * Vite bundles `worker.ts` (and the task registry it imports) as a separate ES-module worker chunk because of
 * the literal `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })` below.
 */
import type { FromWorker, ToWorker, WorkerLike } from './protocol.ts';
import { WorkerPool } from './pool.ts';

/** One Web Worker behind the pool's `WorkerLike` interface. */
export function createBrowserWorker(): WorkerLike {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), {
    type: 'module',
    name: 'dp-lab-worker',
  });
  let dead = false;
  return {
    postMessage: (message: ToWorker) => worker.postMessage(message),
    listen(onMessage, onDeath) {
      const die = (error: Error) => {
        if (dead) return;
        dead = true;
        onDeath(error);
      };
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        if (!dead) onMessage(event.data);
      };
      // Fires when the script fails to load or an error escapes the runtime (task errors are caught and posted
      // as messages, so this means the worker is in an unknown state): treat it as dead and replace it.
      worker.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        die(new Error(event.message || 'worker failed to load or crashed'));
      };
      worker.onmessageerror = () => die(new Error('a message from the worker could not be deserialised'));
    },
    terminate() {
      dead = true;
      worker.terminate();
    },
  };
}

/** A pool of `size` Web Workers (default: one per logical core, `navigator.hardwareConcurrency`). */
export function createBrowserPool(size: number = navigator.hardwareConcurrency || 2): WorkerPool {
  return new WorkerPool({ size, createWorker: createBrowserWorker });
}
