import { afterEach, describe, expect, it, vi } from 'vitest';
import { enableFaultInjectionFromUrl, injectFault, withFaults } from './faults';
import { POOL_NAMES, poolSize, type PoolName } from './pools';
import { runForCells, step, type Progress } from './runner';
import { inlineWorker, squareStep, testRunner, tick } from './testRunner';

const values = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const squares = (n: number) => values(n).map((v) => v * v);

describe('the job runner', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
    vi.unstubAllGlobals();
  });

  it('runs the steps of a job one after the other, cells in one list, progress from 0 to the total', async () => {
    const { runner } = testRunner();
    stop = runner.terminate;
    const progress: Progress<unknown>[] = [];
    const done = vi.fn();
    const { ended } = runner.run('lane', {
      pool: 'sweep',
      steps: [squareStep(values(5)), squareStep([10, 20])],
      onProgress: (p) => progress.push(p),
      onDone: done,
      onError: (m) => {
        throw new Error(m);
      },
    });
    expect(await ended).toBe('done');
    expect(done).toHaveBeenCalledWith([...squares(5), 100, 400]);
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(progress.every((p) => p.total === 7 && p.cells.length === 7)).toBe(true);
    expect(progress[0].cells.every((c) => c === undefined)).toBe(true);
    // step 1's cells land after step 0's
    expect(progress.at(-1)!.cells.slice(5)).toEqual([100, 400]);
  });

  it('says whether a job runs, in any lane or in any lane but one', async () => {
    const { runner } = testRunner();
    stop = runner.terminate;
    expect(runner.busy()).toBe(false);
    const { ended } = runner.run('a', {
      pool: 'sweep',
      steps: [squareStep(values(3))],
      onDone() {},
      onError() {},
    });
    expect([runner.busy(), runner.busy('a'), runner.busy('b')]).toEqual([true, false, true]);
    await ended;
    expect(runner.busy()).toBe(false);
  });

  it('never reports a result computed for settings that changed as current: it goes to onStale or is dropped', async () => {
    const { runner } = testRunner();
    stop = runner.terminate;
    let settings = 'a';
    const key = settings;
    const onDone = vi.fn();
    const onStale = vi.fn();
    const progress: number[] = [];
    const job = {
      pool: 'release' as const,
      steps: [squareStep(values(4))],
      current: () => settings === key,
      onProgress: (p: Progress<unknown>) => progress.push(p.done),
      onDone,
      onError: vi.fn(),
    };
    const first = runner.run('release', { ...job, onStale });
    settings = 'b'; // the settings move on while the job runs
    expect(await first.ended).toBe('stale');
    expect(onDone).not.toHaveBeenCalled();
    expect(onStale).toHaveBeenCalledWith(squares(4));
    // progress stopped with the settings: only the report at the start (when they were current)
    expect(progress).toEqual([0]);

    // without onStale the stale result is simply dropped; with current settings it is done
    const second = runner.run('release', job);
    expect(await second.ended).toBe('stale');
    expect(onDone).not.toHaveBeenCalled();
    settings = 'a';
    const third = runner.run('release', job);
    expect(await third.ended).toBe('done');
    expect(onDone).toHaveBeenCalledWith(squares(4));
    expect(job.onError).not.toHaveBeenCalled();
  });

  it('cancels: by the handle, by a newer job in the same lane, by another lane on the same pool, and on terminate', async () => {
    const { runner } = testRunner();
    stop = runner.terminate;
    const callbacks = vi.fn();
    const job = (n: number, pool: PoolName = 'sweep', spy = callbacks) => ({
      pool,
      steps: [squareStep(values(n))],
      onProgress: (p: Progress<unknown>) => {
        if (p.done > 0) spy(p);
      },
      onDone: spy,
      onStale: spy,
      onError: spy,
    });
    // the handle: nothing fires afterwards, the lane is free
    const a = runner.run('a', job(50));
    a.cancel();
    expect(runner.cancel('a')).toBe(false);
    expect(await a.ended).toBe('cancelled');

    // a newer job in the same lane supersedes the running one
    const b1 = runner.run('b', job(50));
    const onDone = vi.fn();
    const b2 = runner.run('b', { ...job(3, 'sweep', vi.fn()), onDone });
    expect(await b1.ended).toBe('cancelled');
    expect(await b2.ended).toBe('done');
    expect(onDone).toHaveBeenCalledWith(squares(3));

    // another lane's job on the same pool supersedes it there (the pool runs one job at a time)
    const c1 = runner.run('c1', job(50, 'release'));
    const c2 = runner.run('c2', job(2, 'release', vi.fn()));
    expect(await c1.ended).toBe('cancelled');
    expect(await c2.ended).toBe('done');

    // terminate cancels every lane
    const d = runner.run('d', job(50, 'audit'));
    const e = runner.run('e', job(50, 'linreg'));
    runner.terminate();
    expect(await d.ended).toBe('cancelled');
    expect(await e.ended).toBe('cancelled');
    expect(runner.pools()).toEqual([]);
    await tick();
    // no callback of a cancelled job ever fired
    expect(callbacks).not.toHaveBeenCalled();
  });

  it('reports errors with their message: a bad spec before any work, a failing cell, a failing result handler', async () => {
    const { runner, created } = testRunner();
    stop = runner.terminate;
    const bad = vi.fn();
    const spec = runner.run('x', {
      pool: 'parse',
      steps: [step('linreg', null as never)],
      onDone: vi.fn(),
      onError: bad,
    });
    expect(await spec.ended).toBe('error');
    expect(bad).toHaveBeenCalledOnce();
    expect(created).toEqual([]); // no worker was started for it

    const failed = vi.fn();
    const cell = runner.run('x', {
      pool: 'parse',
      steps: [step('fail', { count: 3, failAt: 1 })],
      onDone: vi.fn(),
      onError: failed,
    });
    expect(await cell.ended).toBe('error');
    expect(failed).toHaveBeenCalledWith(
      expect.stringMatching(/task "fail" failed on cell 1.*deliberate failure/),
    );

    const handler = vi.fn();
    await runner.run('x', {
      pool: 'parse',
      steps: [squareStep([2])],
      onDone: () => {
        throw new Error('nothing to aggregate');
      },
      onError: handler,
    }).ended;
    expect(handler).toHaveBeenCalledWith('nothing to aggregate');
  });

  it('writes progress at most once per frame, and never after the job has ended', async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    const { runner } = testRunner({ batch: undefined });
    stop = runner.terminate;
    const progress = vi.fn();
    const { ended } = runner.run('lane', {
      pool: 'sweep',
      steps: [squareStep(values(30))],
      onProgress: progress,
      onDone: vi.fn(),
      onError: vi.fn(),
    });
    expect(await ended).toBe('done');
    // thirty cells arrived within one frame: one frame was asked for
    expect(frames).toHaveLength(1);
    expect(progress).toHaveBeenCalledOnce(); // the report at the start
    frames[0]();
    expect(progress).toHaveBeenCalledOnce();
  });

  it('holds one registry: a pool per name, sized by one formula, every worker created through it', async () => {
    const { runner, created } = testRunner({ cores: () => 4 });
    stop = runner.terminate;
    expect(runner.pool('sweep')).toBe(runner.pool('sweep'));
    expect(runner.pool('sweep').size).toBe(4);
    expect(runner.pool('advice').size).toBe(2);
    expect(runner.pool('data').size).toBe(1);
    expect(runner.pools()).toEqual(['sweep', 'advice', 'data']);
    expect(created).toEqual(['sweep', 'sweep', 'sweep', 'sweep', 'advice', 'advice', 'data']);
    expect(await runForCells(runner, 'r', { pool: 'data', steps: [squareStep([3])] })).toEqual([9]);
    // a superseded one-off job resolves with null
    const superseded = runForCells(runner, 'r', {
      pool: 'data',
      steps: [squareStep(values(9))],
    });
    runner.cancel('r');
    expect(await superseded).toBeNull();
  });

  it('sizes pools: the sweep one per core, side pools leave a core to it (at most 2), never fewer than 1', () => {
    expect(poolSize('sweep', 8)).toBe(8);
    expect(poolSize('sensitivity', 8)).toBe(2);
    expect(poolSize('sensitivity', 2)).toBe(1);
    expect(poolSize('audit', 2)).toBe(2);
    expect(poolSize('audit', 1)).toBe(1);
    // what a person waits for takes both cores of a two-core machine: the view's release and the advice
    expect(poolSize('release', 2)).toBe(2);
    expect(poolSize('advice', 2)).toBe(2);
    expect(poolSize('release', 8)).toBe(2);
    expect(poolSize('budgets', 1)).toBe(1);
    for (const name of POOL_NAMES) expect(poolSize(name, 1)).toBe(1);
  });

  it('fault injection (?faults=1) reaches every pool of the registry', async () => {
    expect(enableFaultInjectionFromUrl('?faults=1')).toBe(true);
    const { runner } = testRunner({ createWorker: (name) => withFaults(name, inlineWorker) });
    stop = runner.terminate;
    expect(() => injectFault('nope' as PoolName, 'throw')).toThrow(/no pool named "nope"/);
    for (const name of POOL_NAMES) {
      for (const fault of ['throw', 'kill'] as const) {
        injectFault(name, fault);
        const error = vi.fn();
        const { ended } = runner.run(name, {
          pool: name,
          steps: [squareStep(values(3))],
          onDone: vi.fn(),
          onError: error,
        });
        expect(await ended, `${fault} in ${name}`).toBe('error');
        expect(error).toHaveBeenCalledWith(
          expect.stringMatching(fault === 'throw' ? /deliberate failure/ : /worker died.*injected fault/),
        );
        // the pool recovers: the next job runs
        expect(await runForCells(runner, name, { pool: name, steps: [squareStep([4])] })).toEqual([16]);
      }
    }
  });
});
