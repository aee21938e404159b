import { describe, expect, it, vi } from 'vitest';
import type { ReleaseCell } from '../../src/experiments';
import { defaultsFor, type LabSettings } from '../state/settings';
import { idleJob, type LabState } from '../store';
import { jobKey, releaseSpec } from './jobs';
import { neighbourSplits, releaseAhead } from './releaseAhead';
import type { Job, Runner } from './runner';

describe('neighbourSplits', () => {
  it("gives the splits one slider step either side, the last step's direction first", () => {
    expect(neighbourSplits(0.5, 0)).toEqual([0.51, 0.49]);
    expect(neighbourSplits(0.5, 0.01)).toEqual([0.51, 0.49]);
    expect(neighbourSplits(0.5, -0.01)).toEqual([0.49, 0.51]);
    // rounded as the slider's values are: 0.29 + 0.01 is 0.3, not 0.30000000000000004
    expect(neighbourSplits(0.29, 1)).toEqual([0.3, 0.28]);
  });

  it("stays within the split's limits", () => {
    expect(neighbourSplits(0.99, 1)).toEqual([0.98]);
    expect(neighbourSplits(0.01, -1)).toEqual([0.02]);
  });
});

/** A runner whose jobs end when the test says, recording what ran; `busy` as the test sets it. */
function fakeRunner() {
  const jobs: { lane: string; job: Job<'release'>; end(cells: ReleaseCell[]): void }[] = [];
  const state = { busy: false };
  const runner = {
    run(lane: string, job: Job<'release'>) {
      let resolve!: (o: 'done' | 'cancelled') => void;
      const ended = new Promise<'done' | 'cancelled'>((r) => (resolve = r));
      jobs.push({
        lane,
        job,
        end(cells) {
          job.onDone(cells);
          resolve('done');
        },
      });
      return { cancel: () => resolve('cancelled'), ended };
    },
    busy: () => state.busy,
    cancel: () => false,
  } as unknown as Runner;
  return { runner, jobs, state };
}

const settle = () => new Promise<void>((r) => setTimeout(r, 0));

/** A release job, as the job driver would hand it to the runner, for settings that are still `current` or not. */
const takerJob = (current: boolean) => ({
  pool: 'release' as const,
  steps: [],
  current: () => current,
  onProgress: vi.fn(),
  onDone: vi.fn(),
  onStale: vi.fn(),
  onError: vi.fn(),
});

/** The lab as `lab` gives it, and the next slide's settings (none unless given). */
const sources = (lab: () => LabState, upcoming: () => LabSettings | null = () => null) => ({ lab, upcoming });

/** Releases ahead on `runner`, started as soon as the lab is idle. */
const aheadFor = (runner: Runner, lab: () => LabState, upcoming?: () => LabSettings | null) =>
  releaseAhead(runner, true, sources(lab, upcoming), 0);

describe('releaseAhead', () => {
  const settings: LabSettings = { ...defaultsFor('sphere'), split: 0.5 };
  const keyAt = (split: number) => jobKey(releaseSpec({ ...settings, split }, undefined), undefined);
  const cellsOf = (tag: number) => [{ tag }] as unknown as ReleaseCell[];
  /** The lab with the release at `split` shown, done. */
  const labAt = (split: number, status: 'running' | 'done' = 'done') =>
    ({
      settings: { ...settings, split },
      imported: {},
      release: { ...idleJob<ReleaseCell>(), status, key: keyAt(split) },
    }) as unknown as LabState;

  it('computes the two neighbours, one after the other, once the lab is idle, and keeps them', async () => {
    const { runner, jobs, state } = fakeRunner();
    let lab = labAt(0.5, 'running');
    const ahead = aheadFor(runner, () => lab);
    ahead.next();
    await settle();
    expect(jobs).toHaveLength(0); // the release shown still runs
    lab = labAt(0.5);
    state.busy = true;
    ahead.next();
    await settle();
    expect(jobs).toHaveLength(0); // another job runs
    state.busy = false;
    ahead.next();
    expect(ahead.pending()).toBe(true);
    expect(jobs).toHaveLength(0); // once the page has drawn what it was given
    ahead.next();
    await settle();
    expect(jobs).toHaveLength(1);
    // on the release pool, with the spec a step to 0.51 asks for
    expect(jobs[0].job.pool).toBe('release');
    expect(jobs[0].job.steps[0].params).toEqual(releaseSpec({ ...settings, split: 0.51 }, undefined));
    jobs[0].end(cellsOf(51));
    await settle();
    await settle();
    expect(jobs).toHaveLength(2);
    expect(jobs[1].job.steps[0].params).toEqual(releaseSpec({ ...settings, split: 0.49 }, undefined));
    jobs[1].end(cellsOf(49));
    await settle();
    await settle();
    expect(jobs).toHaveLength(2); // both kept: nothing more to do
    expect(ahead.pending()).toBe(false);
    expect(ahead.kept(keyAt(0.51))).toEqual(cellsOf(51));
    expect(ahead.kept(keyAt(0.49))).toEqual(cellsOf(49));
    expect(ahead.kept(keyAt(0.52))).toBeUndefined();
  });

  it('gives way to any job the lab starts, and runs again once the lab is idle', async () => {
    const { runner, jobs, state } = fakeRunner();
    const cancel = vi.spyOn(runner, 'cancel');
    const ahead = aheadFor(runner, () => labAt(0.5));
    ahead.next();
    await settle();
    expect(jobs).toHaveLength(1);
    state.busy = true;
    ahead.next();
    expect(cancel).toHaveBeenCalledWith('releaseAhead');
    await settle();
    expect(jobs).toHaveLength(1);
    state.busy = false;
    ahead.next();
    await settle();
    expect(jobs).toHaveLength(2);
    expect(jobs[1].job.steps[0].params).toEqual(jobs[0].job.steps[0].params);
  });

  it("in the lesson, computes the next slide's release first (on synthetic data), then the splits'", async () => {
    const { runner, jobs } = fakeRunner();
    const nextSlide: LabSettings = { ...defaultsFor('kendall'), landmarks: 50 };
    const ahead = aheadFor(
      runner,
      () => labAt(0.5),
      () => nextSlide,
    );
    ahead.next();
    await settle();
    expect(jobs[0].job.steps[0].params).toEqual(releaseSpec(nextSlide, undefined));
    jobs[0].end(cellsOf(50));
    await settle();
    await settle();
    expect(jobs[1].job.steps[0].params).toEqual(releaseSpec({ ...settings, split: 0.51 }, undefined));
    expect(ahead.kept(jobKey(releaseSpec(nextSlide, undefined), undefined))).toEqual(cellsOf(50));
    // a next slide with no release (the Fréchet mean's) adds nothing
    const { runner: other, jobs: otherJobs } = fakeRunner();
    aheadFor(
      other,
      () => labAt(0.5),
      () => defaultsFor('frechet'),
    ).next();
    await settle();
    expect(otherJobs[0].job.steps[0].params).toEqual(releaseSpec({ ...settings, split: 0.51 }, undefined));
  });

  it('lets the job the lab starts for a release being computed ahead take it over: its cells so far, then the rest', async () => {
    const { runner, jobs, state } = fakeRunner();
    const ahead = aheadFor(runner, () => labAt(0.5));
    ahead.next();
    await settle();
    const cells = [...cellsOf(1), ...cellsOf(2)];
    jobs[0].job.onProgress?.({ cells: [cells[0], undefined], done: 1, total: 2 });
    expect(ahead.takeOver(keyAt(0.49))).toBeNull(); // not the release on its way
    const takeOver = ahead.takeOver(keyAt(0.51))!;
    const taker = takerJob(true);
    takeOver.run('release', taker);
    expect(taker.onProgress).toHaveBeenLastCalledWith({ cells: [cells[0], undefined], done: 1, total: 2 });
    expect(ahead.takeOver(keyAt(0.51))).toBeNull(); // once
    // taken over, it no longer gives way to other jobs
    state.busy = true;
    ahead.next();
    jobs[0].job.onProgress?.({ cells, done: 2, total: 2 });
    expect(taker.onProgress).toHaveBeenLastCalledWith({ cells, done: 2, total: 2 });
    jobs[0].end(cells);
    expect(taker.onDone).toHaveBeenCalledWith(cells);
    expect(ahead.kept(keyAt(0.51))).toEqual(cells);

    // a job that took a release over for settings that changed meanwhile hears of it as stale
    state.busy = false;
    await settle();
    await settle();
    const later = ahead.takeOver(keyAt(0.49))!;
    const stale = takerJob(false);
    later.run('release', stale);
    jobs[1].end(cellsOf(49));
    expect(stale.onDone).not.toHaveBeenCalled();
    expect(stale.onStale).toHaveBeenCalledWith(cellsOf(49));
  });

  it("after a step, looks first in the step's direction", async () => {
    const { runner, jobs } = fakeRunner();
    let lab = labAt(0.5, 'running');
    const ahead = aheadFor(runner, () => lab);
    ahead.next();
    lab = labAt(0.49, 'running');
    ahead.next();
    lab = labAt(0.49);
    ahead.next();
    await settle();
    // 0.48 before 0.5 (neither kept)
    expect(jobs[0].job.steps[0].params).toEqual(releaseSpec({ ...settings, split: 0.48 }, undefined));
  });

  it('computes nothing when disabled, nor for the Fréchet workspace, nor for settings the release shown is not for', async () => {
    const { runner, jobs } = fakeRunner();
    releaseAhead(
      runner,
      false,
      sources(() => labAt(0.5)),
      0,
    ).next();
    const frechet = { ...labAt(0.5), settings: { ...defaultsFor('frechet') } } as LabState;
    aheadFor(runner, () => frechet).next();
    const moved = { ...labAt(0.5), settings: { ...settings, split: 0.6 } } as LabState;
    aheadFor(runner, () => moved).next();
    await settle();
    expect(jobs).toHaveLength(0);
  });

  it('keeps the eight releases used last', () => {
    const ahead = aheadFor(fakeRunner().runner, () => labAt(0.5));
    for (let i = 0; i < 9; i++) ahead.keep(keyAt(0.1 + i / 100), cellsOf(i));
    expect(ahead.kept(keyAt(0.1))).toBeUndefined();
    expect(ahead.kept(keyAt(0.11))).toEqual(cellsOf(1));
    // looking one up counts as using it: the next one kept pushes out 0.12, not 0.11
    ahead.keep(keyAt(0.5), cellsOf(50));
    expect(ahead.kept(keyAt(0.11))).toEqual(cellsOf(1));
    expect(ahead.kept(keyAt(0.12))).toBeUndefined();
  });
});
