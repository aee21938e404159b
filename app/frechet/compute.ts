/**
 * Runs the Fréchet workspace's jobs (jobs.ts) on the compute controller's worker pools and streams their cells
 * into the store: the view's releases on the small pool; the error-vs-ε sweep, then the error-vs-k sweep, on
 * the big pool (a job on a busy pool supersedes the one running there, so they must not overlap). Each job is a
 * short list of specs run one after the other (the slow mechanisms last, with fewer replicates); its cells go
 * into one job view. A job reruns only when its specs change: moving ε reruns the view and the k sweep only.
 */
import { errorText } from '../errors';
import { frameBatcher } from '../compute/frameBatcher';
import {
  aggregateFrechet,
  frechetCellCount,
  type FrechetCell,
  type FrechetSpec,
} from '../../src/experiments/frechet';
import { CancelledError, type WorkerPool } from '../../src/workers/pool';
import { useLab, idleJob, type LabState } from '../store';
import { epsSweepSpecs, kSweepSpecs, viewSpecs } from './jobs';

export type FrechetJobKind = 'frechetView' | 'frechetEps' | 'frechetK';

const SPECS: Record<FrechetJobKind, (s: LabState['settings']) => FrechetSpec[]> = {
  frechetView: viewSpecs,
  frechetEps: epsSweepSpecs,
  frechetK: kSweepSpecs,
};

function put(kind: FrechetJobKind, view: LabState[FrechetJobKind]) {
  useLab.setState({ [kind]: view } as Pick<LabState, FrechetJobKind>);
}

const idleView = () => ({ ...idleJob<FrechetCell>(), rows: [] });

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
  const keys: Record<FrechetJobKind, string> = { frechetView: '', frechetEps: '', frechetK: '' };
  /** Increases whenever the sweeps restart, so a superseded chain does not start its k sweep. */
  let chain = 0;
  /** The latest ε sweep: the k sweep starts after it (they share a pool). */
  let epsRun: Promise<void> = Promise.resolve();
  /** The view key whose releases finished (markStale may mark them running although they are current). */
  let viewDone = '';

  function check(settings: LabState['settings']) {
    const specs = {
      frechetView: SPECS.frechetView(settings),
      frechetEps: SPECS.frechetEps(settings),
      frechetK: SPECS.frechetK(settings),
    };
    const key = (kind: FrechetJobKind) => JSON.stringify(specs[kind]);
    if (key('frechetView') !== keys.frechetView) {
      const k = (keys.frechetView = key('frechetView'));
      if (specs.frechetView.length)
        void run('frechetView', specs.frechetView, pools.view()).then(() => {
          viewDone = k;
        });
      else put('frechetView', idleView());
    } else {
      // the settings came back to those of the finished releases before a new job started
      const view = useLab.getState().frechetView;
      if (view.status === 'running' && viewDone === keys.frechetView)
        put('frechetView', { ...view, status: 'done' });
    }
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

  /** Marks the view as computing at once when the settings moved away from what it shows. */
  function markStale(settings: LabState['settings']) {
    const view = useLab.getState().frechetView;
    if (view.status === 'done' && JSON.stringify(viewSpecs(settings)) !== keys.frechetView)
      put('frechetView', { ...view, status: 'running' });
  }

  function reset() {
    keys.frechetView = keys.frechetEps = keys.frechetK = viewDone = '';
    chain++;
    epsRun = Promise.resolve();
  }

  return { check, markStale, reset };
}
