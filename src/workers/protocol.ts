/**
 * The message protocol between a `WorkerPool` (main thread) and its workers. Hand-written rather than comlink:
 * comlink is request/response RPC, while this protocol streams many results per request (one per cell), needs a
 * cancel message that overtakes a running request, and must turn a dead worker into a rejected job — comlink
 * leaves calls pending forever when the worker behind them dies. The protocol is four message kinds each way
 * and adds no dependency.
 *
 * Job ids increase strictly within a pool; a worker belongs to one pool, so "cancel job j" also covers every
 * earlier job.
 */

/** Pool → worker. */
export type ToWorker =
  | {
      type: 'chunk';
      jobId: number;
      /** First cell (inclusive). */
      from: number;
      /** Last cell (exclusive). */
      to: number;
      /** Task and params, sent with the first chunk of a job a worker receives (once per worker per job). */
      job?: { task: string; params: unknown };
    }
  | { type: 'cancel'; jobId: number };

/** Worker → pool. */
export type FromWorker =
  /** Sent once when the worker has loaded and is listening. */
  | { type: 'ready' }
  | { type: 'cell'; jobId: number; index: number; result: unknown }
  /** The chunk is finished (or was abandoned after a cancel); the worker is idle. */
  | { type: 'chunkDone'; jobId: number }
  /**
   * A cell (or the job's setup, `index` = -1) threw; the rest of the chunk is abandoned and the worker is idle.
   */
  | { type: 'error'; jobId: number; index: number; name: string; message: string; stack?: string };

/**
 * What the pool needs from a worker, whatever runs it (Web Worker, worker_threads, or a fake in tests).
 * Adapters: `browser.ts`, `node.ts`.
 */
export interface WorkerLike {
  postMessage(message: ToWorker): void;
  /**
   * Called once by the pool right after creation. `onDeath` must be called when the worker stops for any reason
   * other than `terminate()` (crash, exit, failed load, undeliverable message); calling it more than once, or
   * after `terminate()`, is harmless.
   */
  listen(onMessage: (message: FromWorker) => void, onDeath: (error: Error) => void): void;
  terminate(): void;
  /** Optional (Node): keep the process alive while the worker has work in flight, and not while it is idle. */
  setBusy?(busy: boolean): void;
}
