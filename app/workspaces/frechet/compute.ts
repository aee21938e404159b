/**
 * Runs the Fréchet workspace's jobs (jobs.ts) through the job driver (app/compute/driveJob.ts), which streams
 * their cells into the store: the view's releases on the small pool; the error-vs-ε sweep, then the error-vs-k
 * sweep, on the big pool (a job on a busy pool supersedes the one running there, so they must not overlap).
 * Each job is a short list of specs run one after the other (the slow mechanisms last, with fewer replicates);
 * its cells go into one job view. A job reruns only when its specs change: moving ε reruns the view and the k
 * sweep only. 004 Fig. 1's sensitivity experiment runs on the small pool after the view (it takes well under a
 * second). With the user's own points the specs carry them; they are keyed by the import's id, not by their
 * values.
 */
import type { FrechetCell } from '../../../src/experiments/frechet';
import { aggregateFrechet } from '../../../src/experiments/frechetRows';
import type { FrechetSensitivitySpec } from '../../../src/experiments/frechetSensitivity';
import type { FrechetSpec } from '../../../src/experiments/frechetSpec';
import { driveJob, jobView } from '../../compute/driveJob';
import { labRunner, step, type Outcome } from '../../compute/runner';
import type { PoolName } from '../../compute/pools';
import { useLab, idleJob, type ImportedData, type LabState } from '../../store';
import { epsSweepSpecs, kSweepSpecs, sensitivitySpec, viewSpecs } from './jobs';
import { runsJob } from '../registry';

export type FrechetJobKind = 'frechetView' | 'frechetEps' | 'frechetK';

const SPECS: Record<
  FrechetJobKind,
  (s: LabState['settings'], imported: ImportedData | undefined) => FrechetSpec[]
> = {
  frechetView: viewSpecs,
  frechetEps: epsSweepSpecs,
  frechetK: kSweepSpecs,
};

/** The view's releases on the small pool; the sweeps, one after the other, on the big one. */
const POOL: Record<FrechetJobKind, PoolName> = {
  frechetView: 'release',
  frechetEps: 'sweep',
  frechetK: 'sweep',
};

function put(kind: FrechetJobKind, view: LabState[FrechetJobKind]) {
  useLab.setState({ [kind]: view } as Pick<LabState, FrechetJobKind>);
}

const idleView = () => ({ ...idleJob<FrechetCell>(), rows: [] });

/** A job's key: its specs without the user's points (the import's id stands for them). */
function specKey(spec: unknown, imported: ImportedData | undefined): string {
  return JSON.stringify(spec, (k, v: unknown) => (k === 'points' ? undefined : v)) + `#${imported?.id ?? 0}`;
}

/** The key of job `kind` the current settings ask for. */
function wantedKey(kind: FrechetJobKind): string {
  const { settings, imported } = useLab.getState();
  return specKey(SPECS[kind](settings, imported.frechet), imported.frechet);
}

/** Runs 004 Fig. 1's sensitivity cells on the small pool into `frechetSens`. */
function runSensitivity(spec: FrechetSensitivitySpec): Promise<Outcome> {
  return driveJob({ slice: 'frechetSens', pool: 'release', steps: [step('frechetSensitivity', spec)] }).ended;
}

/**
 * Runs `specs` one after the other, all cells in one job view, for the settings of `key`; results that arrive
 * after the settings moved on stay marked running, and `onStale` runs (to start what the settings ask for now).
 */
function run(
  kind: FrechetJobKind,
  specs: readonly FrechetSpec[],
  key: string,
  onStale: () => void,
): Promise<Outcome> {
  return driveJob({
    slice: kind,
    pool: POOL[kind],
    steps: specs.map((spec) => step('frechet', spec)),
    current: () => wantedKey(kind) === key,
    view: (status, progress) => ({ ...jobView(status, progress), rows: aggregateFrechet(progress.cells) }),
    failed: (error) => ({ ...idleView(), status: 'error', error }),
    onStale,
  }).ended;
}

/**
 * Compares the current settings with what the jobs last ran for and (re)starts what changed. Keep one per
 * controller; `reset()` forgets the keys (after other jobs took the pools), so everything reruns next time.
 */
export function frechetJobs() {
  const keys: Record<FrechetJobKind | 'frechetSens', string> = {
    frechetView: '',
    frechetEps: '',
    frechetK: '',
    frechetSens: '',
  };
  /** Increases whenever the sweeps restart, so a superseded chain does not start its k sweep. */
  let chain = 0;
  /** The latest ε sweep: the k sweep starts after it (they share a pool). */
  let epsRun: Promise<unknown> = Promise.resolve();
  /** The view key whose releases finished (markStale may mark them running although they are current). */
  let viewDone = '';
  /** The latest view job: the sensitivity job starts after it (they share the small pool). */
  let viewRun: Promise<Outcome | null> = Promise.resolve(null);
  /** Increases whenever the sensitivity job restarts, so a superseded chain does not start it. */
  let sensChain = 0;

  /** A job finished for settings changed meanwhile: forget its key and run what the settings ask for now. */
  const rerun = (kind: FrechetJobKind) => () => {
    keys[kind] = '';
    const { settings } = useLab.getState();
    if (runsJob(settings, 'frechet')) check(settings);
  };

  function check(settings: LabState['settings']) {
    const imported = useLab.getState().imported.frechet;
    const specs = {
      frechetView: SPECS.frechetView(settings, imported),
      frechetEps: SPECS.frechetEps(settings, imported),
      frechetK: SPECS.frechetK(settings, imported),
    };
    const key = (kind: FrechetJobKind) => specKey(specs[kind], imported);
    const viewRestarts = key('frechetView') !== keys.frechetView;
    if (viewRestarts) {
      const k = (keys.frechetView = key('frechetView'));
      if (specs.frechetView.length)
        viewRun = run('frechetView', specs.frechetView, k, rerun('frechetView')).then((outcome) => {
          if (outcome === 'done') viewDone = k;
          return outcome;
        });
      else {
        labRunner().cancel('frechetView');
        put('frechetView', idleView());
        viewRun = Promise.resolve(null);
      }
    } else {
      // the settings came back to those of the finished releases before a new job started
      const view = useLab.getState().frechetView;
      if (view.status === 'running' && viewDone === keys.frechetView)
        put('frechetView', { ...view, status: 'done' });
    }
    checkSensitivity(settings, viewRestarts);
    const epsChanged = key('frechetEps') !== keys.frechetEps;
    if (!epsChanged && key('frechetK') === keys.frechetK) return;
    keys.frechetEps = key('frechetEps');
    keys.frechetK = key('frechetK');
    const my = ++chain;
    if (epsChanged) {
      if (specs.frechetEps.length)
        epsRun = run('frechetEps', specs.frechetEps, keys.frechetEps, rerun('frechetEps'));
      else {
        labRunner().cancel('frechetEps');
        put('frechetEps', idleView());
        epsRun = Promise.resolve();
      }
    }
    const ks = specs.frechetK;
    const kKey = keys.frechetK;
    // the k sweep waits for the ε sweep (a running one is not restarted by a change of ε); a superseded ε
    // sweep never starts it
    labRunner().cancel('frechetK');
    put('frechetK', ks.length ? { ...idleView(), status: 'running' } : idleView());
    void epsRun.then((outcome) => {
      if (my === chain && ks.length && outcome !== 'cancelled')
        return run('frechetK', ks, kKey, rerun('frechetK'));
    });
  }

  /**
   * (Re)starts the sensitivity job after the view when its spec changed, or when a restarted view superseded
   * it on the shared pool before it finished.
   */
  function checkSensitivity(settings: LabState['settings'], viewRestarts: boolean) {
    const spec = sensitivitySpec(settings);
    const k = JSON.stringify(spec);
    const unfinished = useLab.getState().frechetSens.status === 'running';
    if (k === keys.frechetSens && !(viewRestarts && unfinished)) return;
    keys.frechetSens = k;
    const my = ++sensChain;
    if (!spec) {
      labRunner().cancel('frechetSens');
      useLab.setState({ frechetSens: idleJob() });
      return;
    }
    useLab.setState({ frechetSens: { ...idleJob(), status: 'running' } });
    void viewRun.then((outcome) => {
      if (my === sensChain && outcome !== 'cancelled') return runSensitivity(spec);
    });
  }

  /** Marks the view as computing at once when the settings moved away from what it shows. */
  function markStale(settings: LabState['settings']) {
    const { frechetView: view, imported } = useLab.getState();
    if (
      view.status === 'done' &&
      specKey(viewSpecs(settings, imported.frechet), imported.frechet) !== keys.frechetView
    )
      put('frechetView', { ...view, status: 'running' });
  }

  function reset() {
    keys.frechetView = keys.frechetEps = keys.frechetK = keys.frechetSens = viewDone = '';
    chain++;
    sensChain++;
    epsRun = Promise.resolve();
    viewRun = Promise.resolve(null);
    for (const lane of ['frechetView', 'frechetEps', 'frechetK', 'frechetSens']) labRunner().cancel(lane);
  }

  return { check, markStale, reset };
}
