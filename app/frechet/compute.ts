/**
 * Runs the Fréchet workspace's jobs (jobs.ts) on the compute controller's worker pools and streams their cells
 * into the store: the view's releases on the small pool; the error-vs-ε sweep, then the error-vs-k sweep, on
 * the big pool (a job on a busy pool supersedes the one running there, so they must not overlap). Each job is a
 * short list of specs run one after the other (the slow mechanisms last, with fewer replicates); its cells go
 * into one job view. A job reruns only when its specs change: moving ε reruns the view and the k sweep only.
 * 004 Fig. 1's sensitivity experiment runs on the small pool after the view (it takes well under a second).
 * With the user's own points the specs carry them; they are keyed by the import's id, not by their values.
 */
import { errorText } from '../errors';
import { frameBatcher } from '../compute/frameBatcher';
import { streamCells } from '../compute/streamCells';
import {
  aggregateFrechet,
  frechetCellCount,
  type FrechetCell,
  type FrechetSensitivitySpec,
  type FrechetSpec,
} from '../../src/experiments/frechet';
import { CancelledError, type WorkerPool } from '../../src/workers/pool';
import { useLab, idleJob, type ImportedData, type LabState } from '../store';
import { epsSweepSpecs, kSweepSpecs, sensitivitySpec, viewSpecs } from './jobs';

export type FrechetJobKind = 'frechetView' | 'frechetEps' | 'frechetK';

const SPECS: Record<
  FrechetJobKind,
  (s: LabState['settings'], imported: ImportedData | undefined) => FrechetSpec[]
> = {
  frechetView: viewSpecs,
  frechetEps: epsSweepSpecs,
  frechetK: kSweepSpecs,
};

function put(kind: FrechetJobKind, view: LabState[FrechetJobKind]) {
  useLab.setState({ [kind]: view } as Pick<LabState, FrechetJobKind>);
}

const idleView = () => ({ ...idleJob<FrechetCell>(), rows: [] });

/** A job's key: its specs without the user's points (the import's id stands for them). */
function specKey(spec: unknown, imported: ImportedData | undefined): string {
  return JSON.stringify(spec, (k, v: unknown) => (k === 'points' ? undefined : v)) + `#${imported?.id ?? 0}`;
}

/** Runs 004 Fig. 1's sensitivity cells on `pool` into `frechetSens`; never resolves when superseded. */
async function runSensitivity(spec: FrechetSensitivitySpec, pool: WorkerPool): Promise<void> {
  const put = (view: LabState['frechetSens']) => useLab.setState({ frechetSens: view });
  put({ ...idleJob(), status: 'running' });
  const job = streamCells(pool, 'frechetSensitivity', spec, ({ cells, done, total }) => {
    if (useLab.getState().frechetSens.status === 'running')
      put({ status: 'running', cells: [...cells], done, total, error: null });
  });
  try {
    const cells = await job.promise;
    put({ status: 'done', cells, done: cells.length, total: cells.length, error: null });
  } catch (e) {
    if (e instanceof CancelledError) return never();
    put({ ...idleJob(), status: 'error', error: errorText(e) });
  }
}

/** A promise that never settles: what a superseded job turns into, so nothing chained on it runs. */
const never = () => new Promise<never>(() => {});

/**
 * Runs `specs` one after the other on `pool`, all cells in one job view; resolves when all are done or one
 * failed, never when superseded.
 */
async function run(kind: FrechetJobKind, specs: readonly FrechetSpec[], pool: WorkerPool): Promise<void> {
  let counts: number[];
  try {
    // checks each spec: a bad one fails here, with its message, before any work
    counts = specs.map((spec) => frechetCellCount(spec));
  } catch (e) {
    put(kind, { ...idleView(), status: 'error', error: errorText(e) });
    return;
  }
  const cells: (FrechetCell | undefined)[] = new Array(counts.reduce((a, c) => a + c, 0)).fill(undefined);
  const total = cells.length;
  let done = 0;
  put(kind, { ...idleView(), status: 'running', cells: [...cells], total });
  const flush = frameBatcher(() => {
    if (useLab.getState()[kind].status !== 'running') return;
    put(kind, {
      status: 'running',
      cells: [...cells],
      done,
      total,
      error: null,
      rows: aggregateFrechet(cells),
    });
  });
  let offset = 0;
  for (const [j, spec] of specs.entries()) {
    const base = offset;
    offset += counts[j];
    const job = pool.run('frechet', spec, {
      onCell: (i, cell) => {
        cells[base + i] = cell;
        done++;
        flush();
      },
    });
    try {
      await job.promise;
    } catch (e) {
      if (e instanceof CancelledError) return never();
      put(kind, { ...idleView(), status: 'error', error: errorText(e) });
      return;
    }
  }
  put(kind, { status: 'done', cells, done: total, total, error: null, rows: aggregateFrechet(cells) });
}

export interface FrechetPools {
  view(): WorkerPool;
  sweep(): WorkerPool;
}

/**
 * Compares the current settings with what the jobs last ran for and (re)starts what changed. Keep one per
 * controller; `reset()` forgets the keys (after other jobs took the pools), so everything reruns next time.
 */
export function frechetJobs(pools: FrechetPools) {
  const keys: Record<FrechetJobKind | 'frechetSens', string> = {
    frechetView: '',
    frechetEps: '',
    frechetK: '',
    frechetSens: '',
  };
  /** Increases whenever the sweeps restart, so a superseded chain does not start its k sweep. */
  let chain = 0;
  /** The latest ε sweep: the k sweep starts after it (they share a pool). */
  let epsRun: Promise<void> = Promise.resolve();
  /** The view key whose releases finished (markStale may mark them running although they are current). */
  let viewDone = '';
  /** The latest view job: the sensitivity job starts after it (they share the small pool). */
  let viewRun: Promise<void> = Promise.resolve();
  /** Increases whenever the sensitivity job restarts, so a superseded chain does not start it. */
  let sensChain = 0;

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
        viewRun = run('frechetView', specs.frechetView, pools.view()).then(() => {
          viewDone = k;
        });
      else {
        put('frechetView', idleView());
        viewRun = Promise.resolve();
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
      if (specs.frechetEps.length) epsRun = run('frechetEps', specs.frechetEps, pools.sweep());
      else {
        put('frechetEps', idleView());
        epsRun = Promise.resolve();
      }
    }
    const ks = specs.frechetK;
    // the k sweep waits for the ε sweep (a running one is not restarted by a change of ε)
    put('frechetK', ks.length ? { ...idleView(), status: 'running' } : idleView());
    void epsRun.then(() => {
      if (my === chain && ks.length) return run('frechetK', ks, pools.sweep());
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
      useLab.setState({ frechetSens: idleJob() });
      return;
    }
    useLab.setState({ frechetSens: { ...idleJob(), status: 'running' } });
    void viewRun.then(() => {
      if (my === sensChain) return runSensitivity(spec, pools.view());
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
    viewRun = Promise.resolve();
  }

  return { check, markStale, reset };
}
