/**
 * A pool of workers running jobs made of independent cells (see `tasks.ts`), in the browser (Web Workers,
 * `browser.ts`) and under Node (worker_threads, `node.ts`) alike.
 *
 * - Scheduling is dynamic: an idle worker receives the next contiguous chunk of not-yet-assigned cells; results
 *   are stored by cell index, so the resolved array — like each cell — does not depend on the number of workers
 *   or on the chunk size.
 * - Results stream: `onCell(index, result)` then `onProgress(done, total)` fire once per cell, as cells arrive
 *   (in completion order, not index order).
 * - One job at a time: `run` on a busy pool supersedes the running job, which rejects with `CancelledError`, as
 *   does `cancel()`. From the moment of cancellation no callback of the old job fires and its promise never
 *   resolves; messages of the old job still in flight are dropped by job id. Workers busy with the old job are not
 *   killed: they abandon their chunk at the next cell boundary (cooperative, see `runtime.ts`) and then take
 *   chunks of the new job. A cell that runs for seconds thus delays the new job on that worker; keep cells short
 *   (≲ 100 ms) — it also makes progress smoother.
 * - A cell that throws rejects the job with `TaskError` (naming task and cell); the pool stays usable.
 * - A worker that dies (exit, crash, failed load) rejects the job it was working on with `WorkerCrashedError`
 *   and is replaced by a fresh worker; the pool stays usable.
 */
import type { FromWorker, WorkerLike } from './protocol.ts';
import { CELL_COUNTS } from './cellCounts.ts';
import type { CellCounts, ParamsOf, Registry, ResultOf } from './defineTask.ts';
import type { TaskRegistry } from './tasks.ts';

export type { WorkerLike } from './protocol.ts';

/** Rejection reason of a job that was cancelled, superseded by a newer job, or whose pool was terminated. */
export class CancelledError extends Error {
  constructor(message = 'job cancelled') {
    super(message);
    this.name = 'CancelledError';
  }
}

/** Rejection reason of a job one of whose cells (or whose per-worker setup, `cell` = -1) threw. */
export class TaskError extends Error {
  constructor(
    readonly task: string,
    readonly cell: number,
    /** `name` of the error thrown in the worker (e.g. `RangeError`). */
    readonly remoteName: string,
    readonly remoteMessage: string,
    readonly remoteStack?: string,
  ) {
    super(
      `task "${task}" failed ${cell >= 0 ? `on cell ${cell}` : 'in setup'}: ${remoteName}: ${remoteMessage}`,
    );
    this.name = 'TaskError';
  }
}

/** Rejection reason of a job whose worker died while working on it. */
export class WorkerCrashedError extends Error {
  constructor(
    readonly task: string,
    readonly cells: readonly [from: number, to: number],
    cause: Error,
  ) {
    super(`worker died while running task "${task}" (cells ${cells[0]}–${cells[1] - 1}): ${cause.message}`, {
      cause,
    });
    this.name = 'WorkerCrashedError';
  }
}

/** Options of a pool whose workers run the tasks of registry `T` (default: the lab's, tasks.ts). */
export interface PoolOptions<T extends Registry = TaskRegistry> {
  /** Number of workers (default 1; the `createNodePool` / `createBrowserPool` helpers default to one per core). */
  size?: number;
  createWorker: () => WorkerLike;
  /**
   * The cell count of every task the workers run (default: the lab's, cellCounts.ts). Workers that run
   * another registry (the pool's own tests) come with its counts.
   */
  cellCounts?: CellCounts<T>;
}

export interface RunOptions<R> {
  /** Called once per cell as its result arrives (completion order). */
  onCell?(index: number, result: R): void;
  /** Called once per cell, after `onCell`, with the number of cells done so far (1, 2, …, total). */
  onProgress?(done: number, total: number): void;
  /** Cells per chunk; default ≈ total / (8 · workers), at least 1. Does not change results. */
  chunkSize?: number;
}

export interface JobHandle<T> {
  /** Resolves with all cell results in cell order; rejects with CancelledError, TaskError, WorkerCrashedError. */
  promise: Promise<T>;
  /** Cancels the job if it is still running (no effect otherwise). */
  cancel(): void;
}

interface Job {
  id: number;
  task: string;
  params: unknown;
  total: number;
  chunkSize: number;
  next: number;
  done: number;
  results: unknown[];
  received: Uint8Array;
  settled: boolean;
  onCell?: (index: number, result: unknown) => void;
  onProgress?: (done: number, total: number) => void;
  resolve(results: unknown[]): void;
  reject(error: Error): void;
  markHandled(): void;
}

interface Slot {
  worker: WorkerLike | null;
  /** The worker has posted `ready` at least once (so respawning it is not a hot loop on a broken script). */
  loaded: boolean;
  /** Id of the job whose task and params this worker holds. */
  knownJob: number;
  /** Chunk in flight (the worker is busy until it reports `chunkDone` or `error`). */
  chunk: { jobId: number; from: number; to: number } | null;
}

export class WorkerPool<T extends Registry = TaskRegistry> {
  readonly size: number;
  private readonly createWorker: () => WorkerLike;
  private readonly cellCounts: CellCounts<T>;
  private readonly slots: Slot[] = [];
  private job: Job | null = null;
  private nextJobId = 1;
  private terminated = false;

  constructor(opts: PoolOptions<T>) {
    const size = opts.size ?? 1;
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`pool size must be a positive integer: ${size}`);
    this.size = size;
    this.createWorker = opts.createWorker;
    this.cellCounts = opts.cellCounts ?? (CELL_COUNTS as unknown as CellCounts<T>);
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: null, loaded: false, knownJob: 0, chunk: null };
      this.slots.push(slot);
      this.spawn(slot);
    }
  }

  /**
   * Runs task `task` over all its cells, superseding (cancelling) any job still running on this pool.
   */
  run<K extends keyof T & string>(
    task: K,
    params: ParamsOf<T, K>,
    options: RunOptions<ResultOf<T, K>> = {},
  ): JobHandle<ResultOf<T, K>[]> {
    this.cancelCurrent(new CancelledError('job superseded by a newer job'));
    let resolve!: (results: unknown[]) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<unknown[]>((res, rej) => {
      resolve = res;
      reject = rej;
    }) as Promise<ResultOf<T, K>[]>;
    const id = this.nextJobId++;
    const handle: JobHandle<ResultOf<T, K>[]> = {
      promise,
      cancel: () => {
        if (this.job?.id === id) this.cancelCurrent(new CancelledError());
      },
    };
    // A cancellation is an expected outcome: mark the promise handled before rejecting it with CancelledError
    // so that an un-awaited superseded job does not surface as an unhandled rejection.
    const markHandled = () => promise.catch(() => undefined);

    if (this.terminated) {
      markHandled();
      reject(new CancelledError('pool terminated'));
      return handle;
    }
    let total: number;
    let chunkSize: number;
    try {
      const cellCount = Object.prototype.hasOwnProperty.call(this.cellCounts, task)
        ? (this.cellCounts[task] as (p: unknown) => number)
        : undefined;
      if (!cellCount) throw new Error(`unknown task "${task}"`);
      total = cellCount(params);
      if (!Number.isInteger(total) || total < 0)
        throw new RangeError(`task "${task}": bad cell count ${total}`);
      chunkSize = options.chunkSize ?? Math.max(1, Math.ceil(total / (8 * this.size)));
      if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError(`bad chunk size ${chunkSize}`);
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return handle;
    }
    const onCell = options.onCell as ((index: number, result: unknown) => void) | undefined;
    const job: Job = {
      id,
      task,
      params,
      total,
      chunkSize,
      next: 0,
      done: 0,
      results: new Array<unknown>(total),
      received: new Uint8Array(total),
      settled: false,
      onCell,
      onProgress: options.onProgress,
      resolve,
      reject,
      markHandled,
    };
    if (total === 0) {
      resolve([]);
      return handle;
    }
    this.job = job;
    this.dispatch();
    return handle;
  }

  /** Cancels the running job (if any) and stops all workers. Later `run` calls reject with CancelledError. */
  terminate(): void {
    if (this.terminated) return;
    this.cancelCurrent(new CancelledError('pool terminated'));
    this.terminated = true;
    for (const slot of this.slots) {
      const w = slot.worker;
      slot.worker = null;
      slot.chunk = null;
      w?.terminate();
    }
  }

  // ----------------------------------------------------------------------------------------------------

  private spawn(slot: Slot): WorkerLike {
    const worker = this.createWorker();
    slot.worker = worker;
    slot.knownJob = 0;
    slot.chunk = null;
    worker.listen(
      (message) => this.onMessage(slot, worker, message),
      (error) => this.onDeath(slot, worker, error),
    );
    worker.setBusy?.(false);
    return worker;
  }

  /** Settles the current job, if any, and tells workers still busy with it to abandon their chunk. */
  private settle(job: Job, error: Error | null): void {
    if (job.settled) return;
    job.settled = true;
    if (this.job === job) this.job = null;
    if (error) {
      for (const slot of this.slots) {
        if (slot.chunk?.jobId === job.id) slot.worker?.postMessage({ type: 'cancel', jobId: job.id });
      }
      if (error instanceof CancelledError) job.markHandled();
      job.reject(error);
    } else {
      job.resolve(job.results);
    }
  }

  private cancelCurrent(error: CancelledError): void {
    if (this.job) this.settle(this.job, error);
  }

  /** Hands the next chunks of the current job to idle workers. */
  private dispatch(): void {
    const job = this.job;
    if (!job || job.settled || this.terminated) return;
    for (const slot of this.slots) {
      if (job.next >= job.total) return;
      if (slot.chunk) continue;
      let worker = slot.worker;
      if (!worker) {
        try {
          worker = this.spawn(slot);
        } catch (e) {
          this.settle(job, e instanceof Error ? e : new Error(String(e)));
          return;
        }
      }
      const from = job.next;
      const to = Math.min(job.total, from + job.chunkSize);
      job.next = to;
      slot.chunk = { jobId: job.id, from, to };
      const first = slot.knownJob !== job.id;
      slot.knownJob = job.id;
      worker.setBusy?.(true);
      try {
        worker.postMessage({
          type: 'chunk',
          jobId: job.id,
          from,
          to,
          ...(first ? { job: { task: job.task, params: job.params } } : {}),
        });
      } catch (e) {
        // params that structured clone cannot copy
        slot.chunk = null;
        slot.knownJob = 0;
        worker.setBusy?.(false);
        this.settle(job, e instanceof Error ? e : new Error(String(e)));
        return;
      }
    }
  }

  private release(slot: Slot): void {
    slot.chunk = null;
    slot.worker?.setBusy?.(false);
    this.dispatch();
  }

  private onMessage(slot: Slot, worker: WorkerLike, message: FromWorker): void {
    if (slot.worker !== worker) return; // a replaced worker
    switch (message.type) {
      case 'ready':
        slot.loaded = true;
        return;
      case 'cell':
        this.deliver(message.jobId, message.index, message.result);
        return;
      case 'chunkDone':
        if (slot.chunk?.jobId === message.jobId) this.release(slot);
        return;
      case 'error': {
        const job = this.job;
        if (job && job.id === message.jobId) {
          this.settle(
            job,
            new TaskError(job.task, message.index, message.name, message.message, message.stack),
          );
        }
        if (slot.chunk?.jobId === message.jobId) this.release(slot);
        return;
      }
    }
  }

  private deliver(jobId: number, index: number, result: unknown): void {
    const job = this.job;
    if (!job || job.id !== jobId || job.settled) return; // stale
    if (!(index >= 0 && index < job.total) || job.received[index]) return;
    job.received[index] = 1;
    job.results[index] = result;
    job.done++;
    try {
      job.onCell?.(index, result);
      if (job.settled) return; // the callback cancelled or superseded the job
      job.onProgress?.(job.done, job.total);
    } catch (e) {
      this.settle(job, e instanceof Error ? e : new Error(String(e)));
      return;
    }
    if (job.done === job.total) this.settle(job, null);
  }

  private onDeath(slot: Slot, worker: WorkerLike, error: Error): void {
    if (slot.worker !== worker) return; // already replaced, or terminated by the pool
    const chunk = slot.chunk;
    const wasLoaded = slot.loaded;
    slot.worker = null;
    slot.chunk = null;
    slot.knownJob = 0;
    slot.loaded = false;
    worker.terminate();
    const job = this.job;
    if (job && chunk && chunk.jobId === job.id) {
      this.settle(job, new WorkerCrashedError(job.task, [chunk.from, chunk.to], error));
    }
    if (this.terminated) return;
    // Respawn now if the worker had loaded (it crashed at run time); if it never loaded, respawn lazily at the
    // next dispatch so a broken worker script fails jobs instead of looping.
    if (wasLoaded) {
      try {
        this.spawn(slot);
      } catch {
        slot.worker = null;
      }
    }
    this.dispatch();
  }
}
