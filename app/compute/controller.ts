/**
 * Starts the background jobs the current settings ask for through the job driver (driveJob.ts), which streams
 * their cells into the store. A change of settings supersedes the running job (its late results are dropped),
 * so what the plots show always belongs to the current settings. The release the views draw runs on the release
 * pool (fast feedback), the sweeps behind the plots on the sweep pool (one worker per core).
 */
import { aggregateSweep, type ReleaseCell, type SweepCellResult } from '../../src/experiments';
import { allCells, driveJob, jobView } from './driveJob';
import { releaseAhead } from './releaseAhead';
import { labRunner, step, type Runner } from './runner';
import { useLab, idleJob, type LabState, watchSettings } from '../store';
import { generatedKey, jobKey, landmarksOf, releaseSpec, sweepSpec, wantedJobKey } from './jobs';
import { frechetJobs } from '../workspaces/frechet/compute';
import { linregJobs } from '../workspaces/euclidean/compute';
import { regressionWorkspace } from '../state/settings';
import { runsJob } from '../workspaces/registry';

/** Generates the synthetic data the views draw (the workers regenerate the same data from the same seed). */
function runData(state: LabState) {
  const s = state.settings;
  const key = generatedKey(s);
  const manifold = regressionWorkspace(s.workspace);
  driveJob({
    lane: 'data',
    slice: 'generated',
    pool: 'data',
    steps: [step('data', { manifold, n: s.n, noise: s.noise, seed: s.seed, ...landmarksOf(s) })],
    updates: 'atEnd',
    view: (_status, { cells: [data] }) => ({ key, workspace: s.workspace, data: data ?? null, error: null }),
    failed: (error) => ({ key, workspace: s.workspace, data: null, error }),
  });
}

/**
 * The key of the release or sweep the current settings ask for. A job that finishes under another key
 * belongs to settings changed while it ran (the debounced check has not superseded it yet): its results are
 * kept but not marked done, so nothing reads them as the current ones, and `onStale` lets the controller
 * start the job the settings now ask for (even if they came back to this one's).
 */
const wantedKey = (kind: 'release' | 'sweep'): string | null => wantedJobKey(useLab.getState(), kind);

/** Runs the release for the current settings on `runner` (the lab's, or one taking over a release ahead). */
function runRelease(
  state: LabState,
  key: string,
  onStale: () => void,
  onDone: (cells: ReleaseCell[]) => void,
  runner: Pick<Runner, 'run'>,
) {
  const imported = state.imported[state.settings.workspace];
  driveJob(
    {
      slice: 'release',
      pool: 'release',
      // its draws appear as they come, ten times a second: drawing each frame took a core from its chains
      progressEveryMs: 100,
      steps: [step('release', releaseSpec(state.settings, imported))],
      current: () => wantedKey('release') === key,
      view: (status, progress) => ({ ...jobView(status, progress), key }),
      onStale,
      onDone,
    },
    runner,
  );
}

/** Shows a release kept from before (or computed ahead) for the current settings, in place of a new job. */
function showKeptRelease(key: string, cells: ReleaseCell[]) {
  // a job for the settings before is superseded, as a new job would supersede it
  labRunner().cancel('release');
  useLab.setState({ release: { ...jobView('done', allCells(cells)), key } });
}

function runSweep(state: LabState, key: string, onStale: () => void) {
  const imported = state.imported[state.settings.workspace];
  const spec = sweepSpec(state.settings, imported);
  const idleSweep = () => ({ ...idleJob<SweepCellResult>(), rows: [], notes: [] });
  driveJob({
    slice: 'sweep',
    pool: 'sweep',
    steps: [step('sweep', spec)],
    starting: { ...idleSweep(), status: 'running' },
    updates: 'fromFirstCell',
    current: () => wantedKey('sweep') === key,
    view: (status, progress) => {
      const { rows, notes } = aggregateSweep(spec, progress.cells);
      return { ...jobView(status, progress), rows, notes };
    },
    failed: (error) => ({ ...idleSweep(), status: 'error', error }),
    onStale,
  });
}

let retry: (() => void) | null = null;

/** Runs again the release and sweep that failed (their settings have not changed since). */
export function retryFailedJobs(): void {
  retry?.();
}

/**
 * Starts watching the store; returns `stop`, which stops watching and ends the workers, and `busy`: whether any
 * computation runs or is about to. `releaseAhead`: while the lab is idle, compute the releases the next step is
 * likely to ask for (releaseAhead.ts).
 */
export function startComputeController({ releaseAhead: computeAhead = true } = {}): {
  stop: () => void;
  busy: () => boolean;
} {
  let dataKey = '';
  let releaseKey = '';
  let sweepKey = '';
  let markedStale = false;
  // The Fréchet-mean jobs run on the same pools (superseding the regression jobs there, and superseded by
  // them): whichever side is left forgets its keys, so it reruns on return.
  const frechet = frechetJobs();
  let inFrechet = false;
  // The Euclidean workspace's DP linear-regression comparison runs on a pool of its own.
  const linreg = linregJobs();
  const ahead = releaseAhead(labRunner(), computeAhead, {
    lab: useLab.getState,
    upcoming: () => useLab.getState().upcoming,
  });
  const check = () => {
    const state = useLab.getState();
    linreg.check(state);
    if (runsJob(state.settings, 'frechet')) {
      if (!inFrechet) releaseKey = sweepKey = '';
      inFrechet = true;
      frechet.check(state.settings);
      return;
    }
    if (inFrechet) frechet.reset();
    inFrechet = false;
    const imported = state.imported[state.settings.workspace];
    const dKey = generatedKey(state.settings);
    if (!imported && dKey !== dataKey) {
      dataKey = dKey;
      runData(state);
    }
    const rKey = jobKey(releaseSpec(state.settings, imported), imported);
    if (rKey !== releaseKey) {
      releaseKey = rKey;
      const kept = ahead.kept(rKey);
      if (kept) {
        // a release ahead that a job took over belonged to the settings before: it must not write
        ahead.stop();
        showKeptRelease(rKey, kept);
      } else
        runRelease(
          state,
          rKey,
          () => {
            releaseKey = '';
            check();
          },
          (cells) => ahead.keep(rKey, cells),
          ahead.takeOver(rKey) ?? labRunner(),
        );
    } else if (markedStale && state.release.status === 'running') {
      // the settings came back to those of the finished release before a new job started
      useLab.setState({ release: { ...state.release, status: 'done' } });
    }
    markedStale = false;
    const sKey = jobKey(sweepSpec(state.settings, imported), imported);
    if (sKey !== sweepKey) {
      sweepKey = sKey;
      runSweep(state, sKey, () => {
        sweepKey = '';
        check();
      });
    }
  };
  // Until the debounced check starts the new job, the release on screen belongs to the old settings: say so
  // at once, so nothing (a reader, a test) takes the old "done" for the new settings.
  const markStale = () => {
    const state = useLab.getState();
    if (runsJob(state.settings, 'frechet')) {
      frechet.markStale(state.settings);
      return;
    }
    const imported = state.imported[state.settings.workspace];
    const { release } = state;
    if (release.status === 'done' && jobKey(releaseSpec(state.settings, imported), imported) !== releaseKey) {
      markedStale = true;
      // no progress yet for the new settings (the old release's "10 of 10 chain groups" would read as theirs)
      useLab.setState({ release: { ...release, status: 'running', done: 0, total: 0 } });
    }
  };
  const stopWatching = watchSettings(check, 150, markStale);
  // any change may leave the lab idle, or name the next slide: the moment to compute a release ahead
  const stopAhead = useLab.subscribe(() => ahead.next());
  retry = () => {
    const { release, sweep } = useLab.getState();
    if (release.status === 'error') releaseKey = '';
    if (sweep.status === 'error') sweepKey = '';
    linreg.retry();
    check();
  };
  const stop = () => {
    retry = null;
    stopWatching();
    stopAhead();
    ahead.stop();
    linreg.stop();
    labRunner().terminate();
  };

  return { stop, busy: () => labRunner().busy() || ahead.pending() };
}
