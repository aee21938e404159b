import { afterEach, describe, expect, it, vi } from 'vitest';
import { idleJob, useLab, type LabState } from '../store';
import { driveJob, type JobDescription } from './driveJob';
import { step } from './runner';
import { squareStep, testRunner } from './testRunner';

/**
 * The jobs here square numbers into the store's `release` slice (the driver does not look into cells), so
 * their descriptions are cast to a release job's.
 */
type SquareJob = Partial<JobDescription<'release', 'release'>>;
type ReleaseJob = JobDescription<'release', 'release'>;

const values = [1, 2, 3, 4, 5];
const squares = values.map((v) => v * v);

describe('the job driver', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
    useLab.setState({ release: idleJob(), notices: [] });
  });

  /** Runs `job` into the `release` slice: how it ended, every value the slice took, the store's writes. */
  async function drive(job: SquareJob) {
    const { runner } = testRunner();
    stop = runner.terminate;
    const writes: LabState['release'][] = [];
    let storeWrites = 0;
    const unsubscribe = useLab.subscribe((s, prev) => {
      storeWrites++;
      if (s.release !== prev.release) writes.push(s.release);
    });
    const handle = driveJob(
      {
        slice: 'release',
        pool: 'release',
        steps: [squareStep(values)],
        ...job,
      } as unknown as ReleaseJob,
      runner,
    );
    const outcome = await handle.ended;
    unsubscribe();
    return { outcome, writes, storeWrites, slice: useLab.getState().release };
  }

  it('shows the job running from its start (all cells pending), cell by cell, then done', async () => {
    const onDone = vi.fn();
    const { outcome, writes, slice } = await drive({ onDone });
    expect(outcome).toBe('done');
    expect(writes[0]).toEqual({
      status: 'running',
      cells: Array(5).fill(undefined),
      done: 0,
      total: 5,
      error: null,
    });
    expect(writes.slice(0, -1).every((w) => w.status === 'running')).toBe(true);
    expect(writes.map((w) => w.done)).toEqual([0, 1, 2, 3, 4, 5, 5]);
    expect(slice).toEqual({ status: 'done', cells: squares, done: 5, total: 5, error: null });
    expect(onDone).toHaveBeenCalledExactlyOnceWith(squares);
  });

  it('from the first cell: holds `starting` until a cell arrives; at the end: writes only the finished job', async () => {
    const starting = { ...idleJob<number>(), status: 'running' as const, key: 'starting' };
    const fromFirst = await drive({ starting, updates: 'fromFirstCell' } as SquareJob);
    expect(fromFirst.writes[0]).toEqual(starting);
    expect(fromFirst.writes.slice(1).map((w) => w.done)).toEqual([1, 2, 3, 4, 5, 5]);
    expect(fromFirst.slice.status).toBe('done');

    const atEnd = await drive({ updates: 'atEnd' });
    expect(atEnd.writes).toEqual([{ status: 'done', cells: squares, done: 5, total: 5, error: null }]);
  });

  it('writes progress at most every `progressEveryMs`: the first cell at once, then the finished job', async () => {
    // a least time longer than any run (so no clock decides the outcome): one progress write, then the finished job
    const sparse = await drive({ updates: 'fromFirstCell', progressEveryMs: Infinity } as SquareJob);
    expect(sparse.writes.map((w) => [w.status, w.done])).toEqual([
      ['running', 1],
      ['done', 5],
    ]);
    expect(sparse.slice).toEqual({ status: 'done', cells: squares, done: 5, total: 5, error: null });

    // from the start: the start (no cell yet), the first cell at once all the same, then the finished job
    const fromStart = await drive({ progressEveryMs: Infinity } as SquareJob);
    expect(fromStart.writes.map((w) => [w.status, w.done])).toEqual([
      ['running', 0],
      ['running', 1],
      ['done', 5],
    ]);
  });

  it('maps the cells through `view`; a view that returns the slice as it is writes nothing', async () => {
    const view = vi.fn((status: string, p: { done: number }, slice: LabState['release']) =>
      status === 'done' ? { ...slice, status: 'done', key: `sum of ${p.done}` } : slice,
    );
    const { writes, storeWrites, slice } = await drive({ view } as unknown as SquareJob);
    expect(view).toHaveBeenCalledTimes(7);
    expect(writes).toHaveLength(1);
    expect(storeWrites).toBe(1);
    expect(slice).toMatchObject({ status: 'done', key: 'sum of 5' });
  });

  it('a job that finishes for changed settings: its cells kept but running, onStale called, never done', async () => {
    let settings = 'a';
    const onStale = vi.fn();
    const onDone = vi.fn();
    const { runner } = testRunner();
    stop = runner.terminate;
    const { ended } = driveJob(
      {
        slice: 'release',
        pool: 'release',
        steps: [squareStep(values)],
        current: () => settings === 'a',
        onStale,
        onDone,
      } as unknown as ReleaseJob,
      runner,
    );
    settings = 'b';
    expect(await ended).toBe('stale');
    expect(useLab.getState().release).toEqual({
      status: 'running',
      cells: squares,
      done: 5,
      total: 5,
      error: null,
    });
    expect(onStale).toHaveBeenCalledOnce();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a stale job that writes only at its end leaves its slice alone', async () => {
    const onStale = vi.fn();
    const { outcome, writes } = await drive({ updates: 'atEnd', current: () => false, onStale });
    expect(outcome).toBe('stale');
    expect(writes).toEqual([]);
    expect(onStale).toHaveBeenCalledOnce();
  });

  it('a failed job: the error view (default: idle, the message), and the notice where one is asked for', async () => {
    const failing = { steps: [step('fail', { count: 3, failAt: 1 })] } as unknown as SquareJob;
    const plain = await drive(failing);
    expect(plain.outcome).toBe('error');
    expect(plain.slice).toEqual({
      ...idleJob(),
      status: 'error',
      error: expect.stringMatching(/deliberate failure at cell 1/),
    });
    expect(useLab.getState().notices).toEqual([]);

    const failed = vi.fn((message: string, slice: LabState['release']) => ({ ...slice, key: message }));
    const told = await drive({
      ...failing,
      failed,
      errorNotice: (message) => `The squares failed: ${message}`,
    } as SquareJob);
    expect(failed).toHaveBeenCalledOnce();
    expect(told.slice.key).toMatch(/deliberate failure/);
    expect(useLab.getState().notices).toEqual([
      expect.stringMatching(/^The squares failed: .*deliberate failure/),
    ]);
  });

  it('a cancelled job writes nothing more: its slice keeps what it showed', async () => {
    const { runner } = testRunner();
    stop = runner.terminate;
    const job = {
      slice: 'release',
      pool: 'release',
      steps: [squareStep(values)],
    } as unknown as ReleaseJob;
    const first = driveJob(job, runner);
    const shown = useLab.getState().release;
    first.cancel();
    expect(await first.ended).toBe('cancelled');
    expect(useLab.getState().release).toBe(shown);
    // a newer job in the same lane cancels the running one
    const older = driveJob(job, runner);
    const newer = driveJob({ ...job, steps: [squareStep([7])] } as unknown as ReleaseJob, runner);
    expect(await older.ended).toBe('cancelled');
    expect(await newer.ended).toBe('done');
    expect(useLab.getState().release.cells).toEqual([49]);
  });
});
