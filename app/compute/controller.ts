/**
 * Runs the background jobs for the current settings on Web Worker pools and streams their cells into the
 * store. A change of settings supersedes the running job (the pool rejects it and drops its late results),
 * so what the plots show always belongs to the current settings. Two pools: a small one for the release the
 * views draw (fast feedback), and one per core for the sweeps behind the plots.
 */
import { aggregateSweep } from '../../src/experiments';
import { CancelledError, type WorkerPool } from '../../src/workers/pool';
import { errorText } from '../errors';
import { labPool } from './faults';
import { streamCells } from './streamCells';
import { watchSettings } from './watchSettings';
import { useLab, idleJob, type LabState } from '../store';
import { generatedKey, jobKey, landmarksOf, releaseSpec, sweepSpec } from './jobs';
import { frechetJobs } from '../frechet/compute';
import { linregJobs } from '../linreg/compute';
import { regressionWorkspace } from '../state/settings';

let dataPool: WorkerPool | null = null;
let releasePool: WorkerPool | null = null;
let sweepPool: WorkerPool | null = null;

/** Generates the synthetic data the views draw (the workers regenerate the same data from the same seed). */
function runData(state: LabState) {
  dataPool ??= labPool('data', 1);
  const s = state.settings;
  const key = generatedKey(s);
  const manifold = regressionWorkspace(s.workspace);
  const job = dataPool.run('data', { manifold, n: s.n, noise: s.noise, seed: s.seed, ...landmarksOf(s) });
  job.promise.then(
    ([data]) => useLab.setState({ generated: { key, workspace: s.workspace, data, error: null } }),
    (e) => {
      if (e instanceof CancelledError) return;
      useLab.setState({ generated: { key, workspace: s.workspace, data: null, error: errorText(e) } });
    },
  );
}

/**
 * The key of the release or sweep the current settings ask for. A job that finishes under another key
 * belongs to settings changed while it ran (the debounced check has not superseded it yet): its results are
 * kept but not marked done, so nothing reads them as the current ones, and `onStale` lets the controller
 * start the job the settings now ask for (even if they came back to this one's).
 */
function wantedKey(kind: 'release' | 'sweep'): string | null {
  const { settings, imported } = useLab.getState();
  if (settings.workspace === 'frechet') return null;
  const data = imported[settings.workspace];
  return jobKey(kind === 'release' ? releaseSpec(settings, data) : sweepSpec(settings, data), data);
}

function runRelease(state: LabState, key: string, onStale: () => void) {
  releasePool ??= labPool('release', 1);
  const imported = state.imported[state.settings.workspace];
  const spec = releaseSpec(state.settings, imported);
  const total = spec.kng.scheme === 'independent' ? spec.kng.m : 1;
  const cells: LabState['release']['cells'] = new Array(total).fill(undefined);
  useLab.setState({ release: { status: 'running', cells, done: 0, total, error: null } });
  const job = streamCells(releasePool, 'release', spec, ({ cells, done }) => {
    if (useLab.getState().release.status === 'running')
      useLab.setState({ release: { status: 'running', cells: [...cells], done, total, error: null } });
  });
  job.promise.then(
    (all) => {
      const fresh = wantedKey('release') === key;
      useLab.setState({
        release: { status: fresh ? 'done' : 'running', cells: all, done: total, total, error: null },
      });
      if (!fresh) onStale();
    },
    (e) => {
      if (e instanceof CancelledError) return;
      useLab.setState({ release: { ...idleJob(), status: 'error', error: errorText(e) } });
    },
  );
}

function runSweep(state: LabState, key: string, onStale: () => void) {
  sweepPool ??= labPool('sweep');
  const imported = state.imported[state.settings.workspace];
  const spec = sweepSpec(state.settings, imported);
  useLab.setState({ sweep: { ...idleJob(), status: 'running', rows: [], notes: [] } });
  const job = streamCells(sweepPool, 'sweep', spec, ({ cells, done, total }) => {
    if (useLab.getState().sweep.status !== 'running') return;
    const { rows, notes } = aggregateSweep(spec, cells);
    useLab.setState({
      sweep: { status: 'running', cells: [...cells], done, total, error: null, rows, notes },
    });
  });
  job.promise.then(
    (all) => {
      const { rows, notes } = aggregateSweep(spec, all);
      const fresh = wantedKey('sweep') === key;
      useLab.setState({
        sweep: {
          status: fresh ? 'done' : 'running',
          cells: all,
          done: all.length,
          total: all.length,
          error: null,
          rows,
          notes,
        },
      });
      if (!fresh) onStale();
    },
    (e) => {
      if (e instanceof CancelledError) return;
      useLab.setState({ sweep: { ...idleJob(), status: 'error', error: errorText(e), rows: [], notes: [] } });
    },
  );
}

let retry: (() => void) | null = null;

/** Runs again the release and sweep that failed (their settings have not changed since). */
export function retryFailedJobs(): void {
  retry?.();
}

/** Starts watching the store; returns a function that stops watching and ends the workers. */
export function startComputeController(): () => void {
  let dataKey = '';
  let releaseKey = '';
  let sweepKey = '';
  let markedStale = false;
  // The Fréchet workspace runs its own jobs on the same pools (superseding the regression jobs there, and
  // superseded by them): whichever side is left forgets its keys, so it reruns on return.
  const frechet = frechetJobs({
    view: () => (releasePool ??= labPool('release', 1)),
    sweep: () => (sweepPool ??= labPool('sweep')),
  });
  let inFrechet = false;
  // The Euclidean workspace's DP linear-regression comparison runs on a pool of its own.
  const linreg = linregJobs();
  const check = () => {
    const state = useLab.getState();
    linreg.check(state);
    if (state.settings.workspace === 'frechet') {
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
      runRelease(state, rKey, () => {
        releaseKey = '';
        check();
      });
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
    if (state.settings.workspace === 'frechet') {
      frechet.markStale(state.settings);
      return;
    }
    const imported = state.imported[state.settings.workspace];
    const { release } = state;
    if (release.status === 'done' && jobKey(releaseSpec(state.settings, imported), imported) !== releaseKey) {
      markedStale = true;
      useLab.setState({ release: { ...release, status: 'running' } });
    }
  };
  const stopWatching = watchSettings(check, 150, markStale);
  retry = () => {
    const { release, sweep } = useLab.getState();
    if (release.status === 'error') releaseKey = '';
    if (sweep.status === 'error') sweepKey = '';
    linreg.retry();
    check();
  };
  return () => {
    retry = null;
    stopWatching();
    linreg.stop();
    for (const pool of [dataPool, releasePool, sweepPool]) pool?.terminate();
    dataPool = releasePool = sweepPool = null;
  };
}
