/**
 * Releases computed ahead. A split step moves the split slider by one step, so while the lab is idle the release
 * pool computes the releases one step either side of the current split (the last step's direction first) and
 * keeps them beside the releases already shown; in the lesson, the next slide's release before those. A release
 * is a deterministic function of its spec — the data, the budget, the sampler seed — so the release kept is the
 * one a new job would compute: a step to it shows it at once, on every space, and a step to one still on its
 * way takes it over. Nothing computed ahead is shown unless the settings ask for it.
 */
import type { ReleaseCell } from '../../src/experiments';
import { LIMITS, SPLIT_STEP, type LabSettings } from '../state/settings';
import { runsJob } from '../workspaces/registry';
import type { ImportedData, LabState } from '../store';
import { jobKey, releaseSpec, wantedJobKey } from './jobs';
import { step, type Job, type Progress, type RunHandle, type Runner } from './runner';

/** Releases kept: the current one, its two neighbours and a few just left behind. */
const KEPT = 8;

const LANE = 'releaseAhead';

/** Idle this long before a release ahead starts: the page first draws what it was given, with the cores to itself. */
const START_AFTER_MS = 250;

/**
 * The splits one slider step either side of `split`, the one in the direction of the last step (`lastStep`, the
 * last change of the split, > 0 for a step up) first; only those within the split's limits. Rounded as the
 * slider's own values are, so their job keys are the ones a step produces.
 */
export function neighbourSplits(split: number, lastStep: number): number[] {
  const [lo, hi] = LIMITS.split;
  const up = lastStep >= 0 ? 1 : -1;
  return [up, -up].map((d) => +(split + d * SPLIT_STEP).toFixed(2)).filter((s) => s >= lo && s <= hi);
}

export interface ReleaseAhead {
  /** The release kept for this job key, if any. */
  kept(key: string): ReleaseCell[] | undefined;
  /** Keeps a finished release (the one shown, or one computed ahead). */
  keep(key: string, cells: ReleaseCell[]): void;
  /** Starts the next release ahead if the lab is idle and one is missing. */
  next(): void;
  /** Cancels the release ahead running or about to start, if any. */
  stop(): void;
  /** Whether a release ahead is running or about to start. */
  pending(): boolean;
  /**
   * When the release ahead running is the one for `key`: a runner for the job the lab would start for it, which
   * takes that release over (its cells so far, then the rest as they come) instead of computing it again.
   */
  takeOver(key: string): Pick<Runner, 'run'> | null;
}

/** A release ahead on its way, and the job that took it over (the lab asked for its settings meanwhile). */
interface Running {
  key: string;
  handle: RunHandle | null;
  progress: Progress<ReleaseCell> | null;
  taker: Job<'release'> | null;
}

/** Where a release ahead takes its settings from: the lab, and the settings of the presenter's next step. */
export interface AheadSources {
  lab(): LabState;
  /** The settings the presenter's next step shows (the lesson's next slide, on synthetic data), or null. */
  upcoming(): LabSettings | null;
}

/**
 * Keeps releases and computes the next slide's and the neighbours' on `runner`'s release pool, `startAfterMs` after
 * the lab fell idle. `enabled: false` (under the test-only pacing and fault injection, which count the release
 * pool's jobs) keeps the releases shown and computes none ahead.
 */
export function releaseAhead(
  runner: Runner,
  enabled: boolean,
  { lab, upcoming }: AheadSources,
  startAfterMs = START_AFTER_MS,
): ReleaseAhead {
  const releases = new Map<string, ReleaseCell[]>();
  let lastSplit: number | null = null;
  let lastStep = 0;
  let running: Running | null = null;
  let waiting: ReturnType<typeof setTimeout> | null = null;

  const keep = (key: string, cells: ReleaseCell[]) => {
    releases.delete(key);
    releases.set(key, cells);
    // the oldest first in a Map's order
    while (releases.size > KEPT) releases.delete(releases.keys().next().value!);
  };

  /** The releases to have ready, the likeliest first: the next slide's (its data synthetic), then the splits'. */
  const candidates = (settings: LabSettings, imported: ImportedData | undefined) => {
    const next = upcoming();
    return [
      ...(next && runsJob(next, 'regression') ? [{ settings: next, imported: undefined }] : []),
      ...neighbourSplits(settings.split, lastStep).map((split) => ({
        settings: { ...settings, split },
        imported,
      })),
    ].map((c) => {
      const spec = releaseSpec(c.settings, c.imported);
      return { spec, key: jobKey(spec, c.imported) };
    });
  };

  /** The next release to compute ahead: one missing while the lab is idle — the release shown is done for the
   * current settings and no job runs. */
  function missingRelease() {
    const state = lab();
    const { settings, release } = state;
    if (release.status !== 'done' || runner.busy()) return undefined;
    const wanted = wantedJobKey(state, 'release');
    if (wanted === null || release.key !== wanted) return undefined;
    return candidates(settings, state.imported[settings.workspace]).find((n) => !releases.has(n.key));
  }

  function next() {
    const { split } = lab().settings;
    if (lastSplit !== null && split !== lastSplit) lastStep = split - lastSplit;
    lastSplit = split;
    if (!enabled) return;
    // a release ahead gives way to any job the lab starts (it runs again once the lab is idle), unless the lab's
    // release job has taken it over
    if (running !== null) {
      if (running.taker === null && runner.busy(LANE)) stop();
      return;
    }
    if (waiting === null && missingRelease()) waiting = setTimeout(start, startAfterMs);
  }

  function start() {
    waiting = null;
    const missing = missingRelease();
    if (running !== null || !missing) return;
    const job: Running = { key: missing.key, handle: null, progress: null, taker: null };
    running = job;
    const current = () => job.taker?.current?.() ?? true;
    job.handle = runner.run(LANE, {
      pool: 'release',
      steps: [step('release', missing.spec)],
      onProgress: (progress) => {
        job.progress = progress;
        if (job.taker && current()) job.taker.onProgress?.(progress);
      },
      onDone: (cells) => {
        keep(job.key, cells);
        if (!job.taker) return;
        if (current()) job.taker.onDone(cells);
        else job.taker.onStale?.(cells);
      },
      // a release ahead that fails is not kept (a step to it runs the job, which shows the error); one taken over
      // fails the job that took it
      onError: (message) => job.taker?.onError(message),
    });
    void job.handle.ended.then(() => {
      if (running !== job) return;
      running = null;
      next();
    });
  }

  /** The runner's part for the job that takes `job` over: what a new job in its lane would get. */
  const takenOver = (job: Running): Pick<Runner, 'run'> => ({
    run(lane, taker) {
      runner.cancel(lane);
      job.taker = taker as unknown as Job<'release'>;
      if (job.progress && (taker.current?.() ?? true)) job.taker.onProgress?.(job.progress);
      return { cancel: stop, ended: job.handle!.ended };
    },
  });

  function stop() {
    runner.cancel(LANE);
    running = null;
    if (waiting !== null) clearTimeout(waiting);
    waiting = null;
  }

  return {
    kept: (key) => {
      const cells = releases.get(key);
      if (cells) keep(key, cells);
      return cells;
    },
    keep,
    next,
    stop,
    pending: () => running !== null || waiting !== null,
    takeOver: (key) => (running?.key === key && running.taker === null ? takenOver(running) : null),
  };
}
