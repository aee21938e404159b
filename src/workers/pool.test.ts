import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CellCounts } from './defineTask.ts';
import { createNodeWorker } from './node.ts';
import { CancelledError, TaskError, WorkerCrashedError, WorkerPool } from './pool.ts';
import { POOL_TEST_TASKS } from './testTasks.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type TestTasks = typeof POOL_TEST_TASKS;
const TEST_WORKER = new URL('./testWorker.node.ts', import.meta.url);
const TEST_CELL_COUNTS = Object.fromEntries(
  Object.entries(POOL_TEST_TASKS).map(([name, task]) => [name, task.cellCount]),
) as CellCounts<TestTasks>;

/** A pool of `size` Node worker threads that run the test tasks (testTasks.ts). */
const createTestPool = (size: number) =>
  new WorkerPool<TestTasks>({
    size,
    createWorker: () => createNodeWorker(TEST_WORKER),
    cellCounts: TEST_CELL_COUNTS,
  });

/** Serial reference: the same cells computed on this thread. */
function serial<K extends keyof TestTasks>(task: K, params: Parameters<TestTasks[K]['cellCount']>[0]) {
  const def = POOL_TEST_TASKS[task] as any;
  const scratch = def.setup?.(params);
  return Array.from({ length: def.cellCount(params) }, (_, i) => def.cell(params, i, scratch));
}

describe('WorkerPool on Node worker_threads', () => {
  let pool1: WorkerPool<TestTasks>;
  let pool2: WorkerPool<TestTasks>;

  beforeAll(async () => {
    pool1 = createTestPool(1);
    pool2 = createTestPool(2);
    // warm up (thread start-up and transpiling) so that timings below measure the pool, not tsx
    await Promise.all([
      pool1.run('square', { values: [1] }).promise,
      pool2.run('square', { values: [1, 2, 3, 4] }, { chunkSize: 1 }).promise,
    ]);
  });

  afterAll(() => {
    pool1?.terminate();
    pool2?.terminate();
  });

  it('matches the serial computation, identically with 1 and 2 workers and any chunk size', async () => {
    const values = Array.from({ length: 101 }, (_, i) => ((i * 7919) % 103) - 51.5);
    const expected = serial('square', { values });
    expect(await pool1.run('square', { values }).promise).toEqual(expected);
    expect(await pool2.run('square', { values }).promise).toEqual(expected);
    expect(await pool2.run('square', { values }, { chunkSize: 1 }).promise).toEqual(expected);
    expect(await pool2.run('square', { values }, { chunkSize: 1000 }).promise).toEqual(expected);

    const p = { count: 37, len: 50, scale: 0.1 };
    const expectedScratch = serial('scratch', p);
    expect(await pool1.run('scratch', p).promise).toEqual(expectedScratch);
    expect(await pool2.run('scratch', p, { chunkSize: 3 }).promise).toEqual(expectedScratch);
  });

  it('resolves an empty job with []', async () => {
    expect(await pool2.run('square', { values: [] }).promise).toEqual([]);
  });

  it('calls onCell and onProgress once per cell, done counting up to total', async () => {
    const values = Array.from({ length: 25 }, (_, i) => i);
    const cells: number[] = [];
    const progress: number[] = [];
    const results = await pool2.run(
      'square',
      { values },
      {
        chunkSize: 2,
        onCell: (index, result) => {
          expect(result).toBe(index * index);
          cells.push(index);
        },
        onProgress: (done, total) => {
          expect(total).toBe(25);
          progress.push(done);
        },
      },
    ).promise;
    expect(results).toEqual(values.map((v) => v * v));
    expect([...cells].sort((a, b) => a - b)).toEqual(values);
    expect(progress).toEqual(values.map((i) => i + 1));
  });

  it('cancel() rejects with CancelledError and no callback of the cancelled job fires afterwards', async () => {
    let cancelled = false;
    let lateCallbacks = 0;
    let cellsBeforeCancel = 0;
    const handle = pool2.run(
      'busy',
      { ms: 15, count: 40 },
      {
        chunkSize: 4,
        onCell: () => {
          if (cancelled) lateCallbacks++;
          else if (++cellsBeforeCancel === 3) {
            cancelled = true;
            handle.cancel();
          }
        },
        onProgress: () => {
          if (cancelled) lateCallbacks++;
        },
      },
    );
    await expect(handle.promise).rejects.toBeInstanceOf(CancelledError);
    await sleep(100); // give the workers time to post whatever they were computing
    expect(lateCallbacks).toBe(0);
    expect(cellsBeforeCancel).toBe(3);
    handle.cancel(); // no effect once settled
  });

  it('frees workers promptly after a cancel (cooperative, at a cell boundary)', async () => {
    // two chunks of 10 cells × 100 ms; cancel once the first cell is back: the workers stop at the next cell
    // boundary instead of finishing their chunks (counted by the cells they start, not by the clock)
    const started = new SharedArrayBuffer(4);
    let first!: () => void;
    const firstCell = new Promise<void>((resolve) => (first = resolve));
    const handle = pool2.run(
      'busy',
      { ms: 100, count: 20, started },
      { chunkSize: 10, onCell: () => first() },
    );
    await firstCell;
    handle.cancel();
    await expect(handle.promise).rejects.toBeInstanceOf(CancelledError);
    // the next job runs on both workers, so both have left the cancelled chunks behind when it is done
    expect(await pool2.run('square', { values: [3, 4] }, { chunkSize: 1 }).promise).toEqual([9, 16]);
    const cells = Atomics.load(new Int32Array(started), 0);
    expect(cells).toBeGreaterThanOrEqual(1);
    expect(cells).toBeLessThan(20); // a pool that ignored the cancel would run all 2 × 10 cells first
  });

  it('a new run supersedes the running one: the first rejects, the second resolves correctly', async () => {
    const lateA: number[] = [];
    let superseded = false;
    const a = pool2.run('busy', { ms: 10, count: 30 }, { onCell: (i) => superseded && lateA.push(i) });
    await sleep(30);
    superseded = true;
    const values = [1, 2, 3, 4, 5, 6, 7];
    const b = pool2.run('square', { values });
    await expect(a.promise).rejects.toBeInstanceOf(CancelledError);
    expect(await b.promise).toEqual(serial('square', { values }));
    expect(lateA).toEqual([]);
  });

  it('a superseded job that nobody awaits does not raise an unhandled rejection', async () => {
    pool2.run('busy', { ms: 5, count: 10 });
    expect(await pool2.run('square', { values: [2] }).promise).toEqual([4]);
  });

  it('a throwing cell rejects with an error naming task and cell; the pool then runs a new job', async () => {
    const err = await pool2
      .run('fail', { count: 20, failAt: 13 }, { chunkSize: 2 })
      .promise.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskError);
    expect((err as TaskError).cell).toBe(13);
    expect((err as TaskError).remoteName).toBe('RangeError');
    expect((err as Error).message).toMatch(/task "fail" failed on cell 13: RangeError: deliberate failure/);
    expect(await pool2.run('square', { values: [5, 6, 7] }).promise).toEqual([25, 36, 49]);
  });

  it('a worker that dies rejects the job and is respawned; the next job succeeds on all workers', async () => {
    const err = await pool2
      .run('crash', { count: 6, crashAt: 4 }, { chunkSize: 1 })
      .promise.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkerCrashedError);
    expect((err as Error).message).toMatch(/task "crash" \(cells 4–4\).*exited with code 3/);
    const values = Array.from({ length: 16 }, (_, i) => i);
    expect(await pool2.run('square', { values }, { chunkSize: 1 }).promise).toEqual(values.map((v) => v * v));
    // the same with a one-worker pool: the respawned worker takes the job
    await expect(pool1.run('crash', { count: 2, crashAt: 0 }).promise).rejects.toBeInstanceOf(
      WorkerCrashedError,
    );
    expect(await pool1.run('square', { values: [9] }).promise).toEqual([81]);
  });

  it('an exception in onCell rejects the job', async () => {
    const job = pool2.run(
      'square',
      { values: [1, 2, 3] },
      {
        onCell: () => {
          throw new Error('callback broke');
        },
      },
    );
    await expect(job.promise).rejects.toThrow('callback broke');
  });

  it('rejects bad options and runs after terminate()', async () => {
    await expect(pool2.run('square', { values: [1] }, { chunkSize: 0 }).promise).rejects.toThrow(
      /chunk size/,
    );
    const pool = createTestPool(1);
    const pending = pool.run('busy', { ms: 20, count: 100 });
    pool.terminate();
    await expect(pending.promise).rejects.toBeInstanceOf(CancelledError);
    await expect(pool.run('square', { values: [1] }).promise).rejects.toThrow(/terminated/);
    expect(() => new WorkerPool({ size: 0, createWorker: () => null as never })).toThrow(RangeError);
  });

  it('is fully typed by the registry', () => {
    if (Math.random() < 2) return; // type-level checks only, never executed
    const ok: Promise<number[]> = pool1.run('square', { values: [1] }).promise;
    void ok;
    // @ts-expect-error params of another task
    pool1.run('square', { ms: 1, count: 1 });
    // @ts-expect-error unknown task
    pool1.run('nope', {});
  });
});
