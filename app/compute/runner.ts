/**
 * The lab's one job runner. Every computation the lab starts — the release and sweep, the Fréchet jobs, the
 * linear-regression comparison, the analyses, Fig. 5's budget geodesics, the advisor, the audit, file parsing —
 * is a pure job spec (a list of worker task steps) handed to `run`, which
 * - runs it on a pool of the one registry (pools.ts: one size formula; `?faults=1` wraps every worker the
 *   registry creates, so injected faults reach every job),
 * - streams its cells and reports progress at most once per animation frame (frameBatcher; under the test-only
 *   `?pace=` the cells pass the pacing gate first),
 * - keeps one job per lane: a new job in a lane cancels the previous one, whose callbacks never fire again,
 * - checks staleness: progress is reported only while `current()` holds, and a job that finishes for settings
 *   that have changed goes to `onStale` (default: dropped), never to `onDone`.
 * What a job's cells become in the store is the job driver's part (driveJob.ts).
 */
import { createBrowserWorker } from '../../src/workers/browser';
import { CancelledError, WorkerPool, type JobHandle, type WorkerLike } from '../../src/workers/pool';
import { CELL_COUNTS } from '../../src/workers/cellCounts';
import type { CellCounts } from '../../src/workers/defineTask';
import type { TaskName, TaskParams, TaskRegistry, TaskResult } from '../../src/workers/tasks';
import { errorText } from '../errors';
import { withFaults } from './faults';
import { frameBatcher } from './frameBatcher';
import { pacedDelivery } from './pacing';
import { poolSize, type PoolName } from './pools';

/** One worker task over all its cells. */
export interface JobStep<K extends TaskName = TaskName> {
  task: K;
  params: TaskParams<K>;
}

export const step = <K extends TaskName>(task: K, params: TaskParams<K>): JobStep<K> => ({ task, params });

/** The cells of a job so far: `cells[i]` once cell i has arrived; `done` of `total` have. */
export interface Progress<C> {
  cells: (C | undefined)[];
  done: number;
  total: number;
}

export interface Job<K extends TaskName> {
  pool: PoolName;
  /** Run one after the other; their cells form one list (step 1's cells after step 0's). */
  steps: readonly JobStep<K>[];
  /** Whether the lab still asks for this job (its settings have not changed). Default: always. */
  current?: () => boolean;
  /** Once at the start (nothing done yet), then at most once per frame after new cells, while current. */
  onProgress?(progress: Progress<TaskResult<K>>): void;
  /** All cells, when the job finished and is still current. */
  onDone(cells: TaskResult<K>[]): void;
  /** All cells, when the job finished for settings that changed meanwhile (they must not be shown as current). */
  onStale?(cells: TaskResult<K>[]): void;
  /** The job failed (a bad spec, a cell that threw, a worker that died): the message says why. */
  onError(message: string): void;
}

/** How a job ended: cancelled covers superseded by a newer job on its lane or its pool. */
export type Outcome = 'done' | 'stale' | 'error' | 'cancelled';

export interface RunHandle {
  /** Cancels the job if it is still running: no callback of it fires afterwards. */
  cancel(): void;
  /** Settles when the job has ended (never rejects). */
  ended: Promise<Outcome>;
}

export interface RunnerOptions {
  createWorker(pool: PoolName): WorkerLike;
  /** Logical cores (sizes the pools). */
  cores(): number;
  /** Wraps a flush so that calls coalesce (default: once per animation frame). */
  batch?(flush: () => void): () => void;
  /** Each task's number of cells, checking its spec (default: the lab's tasks, cellCounts.ts; tests add theirs). */
  cellCounts?: CellCounts<TaskRegistry>;
}

export interface Runner {
  run<K extends TaskName>(lane: string, job: Job<K>): RunHandle;
  /** Cancels the job of `lane`; returns whether one was running. */
  cancel(lane: string): boolean;
  /** Whether any job is running (`except`: in any lane but that one). */
  busy(except?: string): boolean;
  /** The registry's pool `name` (created on first use). */
  pool(name: PoolName): WorkerPool;
  /** The pools created so far. */
  pools(): PoolName[];
  /** Cancels every job and ends every worker; the runner can be used again (pools are recreated). */
  terminate(): void;
}

export function createRunner(options: RunnerOptions): Runner {
  const pools = new Map<PoolName, WorkerPool>();
  const lanes = new Map<string, () => void>();
  const batch = options.batch ?? frameBatcher;
  const cellCounts = options.cellCounts ?? CELL_COUNTS;

  function pool(name: PoolName): WorkerPool {
    let p = pools.get(name);
    if (!p) {
      p = new WorkerPool<TaskRegistry>({
        size: poolSize(name, options.cores()),
        createWorker: () => options.createWorker(name),
        cellCounts,
      });
      pools.set(name, p);
    }
    return p;
  }

  function cancel(lane: string): boolean {
    const stop = lanes.get(lane);
    stop?.();
    return stop !== undefined;
  }

  function run<K extends TaskName>(lane: string, job: Job<K>): RunHandle {
    cancel(lane);
    type C = TaskResult<K>;
    let live = true;
    let handle: JobHandle<C[]> | null = null;
    let resolveEnded!: (outcome: Outcome) => void;
    const ended = new Promise<Outcome>((resolve) => (resolveEnded = resolve));
    const finish = (outcome: Outcome) => {
      live = false;
      if (lanes.get(lane) === stop) lanes.delete(lane);
      resolveEnded(outcome);
    };
    const stop = () => {
      if (!live) return;
      handle?.cancel();
      finish('cancelled');
    };
    lanes.set(lane, stop);
    const current = job.current ?? (() => true);

    let counts: number[];
    try {
      // checks each step's spec: a bad one fails here, with its message, before any work
      counts = job.steps.map((s) => (cellCounts[s.task] as (p: unknown) => number)(s.params));
    } catch (e) {
      finish('error');
      job.onError(errorText(e));
      return { cancel: stop, ended };
    }
    const total = counts.reduce((a, c) => a + c, 0);
    const cells: (C | undefined)[] = new Array(total).fill(undefined);
    let done = 0;
    const progress = () => {
      if (live && current()) job.onProgress?.({ cells: [...cells], done, total });
    };
    const flush = batch(progress);
    progress();

    (async () => {
      let base = 0;
      for (const [j, s] of job.steps.entries()) {
        const offset = base;
        base += counts[j];
        const paced = pacedDelivery(s.task, (i: number, cell: C) => {
          cells[offset + i] = cell;
          done++;
          flush();
        });
        handle = pool(job.pool).run(s.task, s.params, {
          onCell: (i, cell) => paced.deliver(i, cell as C),
        }) as JobHandle<C[]>;
        await paced.settled(handle.promise);
        if (!live) return;
      }
    })().then(
      () => {
        if (!live) return;
        const fresh = current();
        finish(fresh ? 'done' : 'stale');
        try {
          if (fresh) job.onDone(cells as C[]);
          else job.onStale?.(cells as C[]);
        } catch (e) {
          // what the driver computes from the cells failed: that is the job's error
          job.onError(errorText(e));
        }
      },
      (e: unknown) => {
        if (!live) return;
        if (e instanceof CancelledError) {
          finish('cancelled');
          return;
        }
        finish('error');
        job.onError(errorText(e));
      },
    );
    return { cancel: stop, ended };
  }

  function terminate() {
    for (const stop of [...lanes.values()]) stop();
    for (const p of pools.values()) p.terminate();
    pools.clear();
  }

  return {
    run,
    cancel,
    busy: (except) => [...lanes.keys()].some((lane) => lane !== except),
    pool,
    pools: () => [...pools.keys()],
    terminate,
  };
}

/**
 * Runs `job` in `lane` and resolves with its cells, or with null when it was cancelled or superseded; rejects
 * with the job's error. For one-off jobs awaited by their caller (reading a file).
 */
export function runForCells<K extends TaskName>(
  runner: Runner,
  lane: string,
  job: Pick<Job<K>, 'pool' | 'steps'>,
): Promise<TaskResult<K>[] | null> {
  return new Promise((resolve, reject) => {
    const { ended } = runner.run(lane, { ...job, onDone: resolve, onError: (m) => reject(new Error(m)) });
    void ended.then((outcome) => {
      if (outcome === 'cancelled') resolve(null);
    });
  });
}

let lab: Runner | null = null;

/** The lab's runner: browser workers (with fault injection under `?faults=1`), frames from the browser. */
export function labRunner(): Runner {
  return (lab ??= createRunner({
    createWorker: (name) => withFaults(name, createBrowserWorker),
    cores: () => navigator.hardwareConcurrency || 2,
  }));
}
