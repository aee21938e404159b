/**
 * Runs the Euclidean workspace's linear-regression comparison (jobs.ts) on a worker pool of its own (a job on
 * a busy pool supersedes the one running there, and the sweep keeps the lab's big pool busy) and streams its
 * cells into the store. Reruns only when the spec changes; outside the Euclidean workspace the job stops.
 */
import { aggregateLinreg, type LinregCell, type LinregSpec } from '../../src/experiments/linreg';
import { createBrowserWorker } from '../../src/workers/browser';
import { CancelledError, WorkerPool } from '../../src/workers/pool';
import { streamCells } from '../compute/streamCells';
import { errorText } from '../errors';
import { jobKey } from '../compute/jobs';
import { idleJob, useLab, type LabState, type LinregJob } from '../store';
import { labLinregSpec } from './jobs';

const idleLinreg = (): LinregJob => ({ ...idleJob<LinregCell>(), rows: [], lines: [], notes: [] });

function view(
  spec: LinregSpec,
  cells: (LinregCell | undefined)[],
  status: LinregJob['status'],
  done: number,
) {
  const { rows, lines, notes } = aggregateLinreg(
    spec,
    cells.filter((c): c is LinregCell => c !== undefined),
  );
  return { status, cells: [...cells], done, total: cells.length, error: null, rows, lines, notes };
}

export function linregJobs() {
  let pool: WorkerPool | null = null;
  let key = '';
  let cancel: (() => void) | null = null;

  function run(spec: LinregSpec) {
    pool ??= new WorkerPool({ size: 1, createWorker: createBrowserWorker });
    useLab.setState({ linreg: { ...idleLinreg(), status: 'running' } });
    const job = streamCells(pool, 'linreg', spec, ({ cells, done }) => {
      if (useLab.getState().linreg.status === 'running')
        useLab.setState({ linreg: view(spec, cells, 'running', done) });
    });
    cancel = job.cancel;
    job.promise.then(
      (all) => useLab.setState({ linreg: view(spec, all, 'done', all.length) }),
      (e) => {
        if (e instanceof CancelledError) return;
        useLab.setState({
          linreg: { ...idleLinreg(), status: 'error', error: errorText(e) },
        });
      },
    );
  }

  return {
    /** Starts the comparison when its inputs changed (or stops it outside the Euclidean workspace). */
    check(state: LabState) {
      const imported = state.imported[state.settings.workspace];
      const spec = labLinregSpec(state.settings, imported);
      const k = spec ? jobKey(spec, imported) : '';
      if (k === key) return;
      key = k;
      if (spec) run(spec);
      else {
        cancel?.();
        useLab.setState({ linreg: idleLinreg() });
      }
    },
    /** Run again after a failure. */
    retry() {
      if (useLab.getState().linreg.status === 'error') key = '';
    },
    stop() {
      pool?.terminate();
      pool = null;
      key = '';
    },
  };
}
