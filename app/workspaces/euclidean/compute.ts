/**
 * Runs the Euclidean workspace's linear-regression comparison (jobs.ts) on the job runner, on a pool of its own
 * (a job on a busy pool supersedes the one running there, and the sweep keeps the lab's big pool busy), and
 * streams its cells into the store. Reruns only when the spec changes; outside the Euclidean workspace the job
 * stops.
 */
import { aggregateLinreg, type LinregCell, type LinregSpec } from '../../../src/experiments/linreg';
import { labRunner, step, type Progress } from '../../compute/runner';
import { jobKey } from '../../compute/jobs';
import { idleJob, useLab, type LabState, type LinregJob } from '../../store';
import { labLinregSpec } from './jobs';

const idleLinreg = (): LinregJob => ({ ...idleJob<LinregCell>(), rows: [], lines: [], notes: [] });

function view(spec: LinregSpec, status: LinregJob['status'], { cells, done, total }: Progress<LinregCell>) {
  const { rows, lines, notes } = aggregateLinreg(
    spec,
    cells.filter((c): c is LinregCell => c !== undefined),
  );
  return { linreg: { status, cells, done, total, error: null, rows, lines, notes } };
}

/** The key of the comparison the current settings ask for ('' outside the Euclidean workspace). */
function wantedKey(state: Pick<LabState, 'settings' | 'imported'>): string {
  const imported = state.imported[state.settings.workspace];
  const spec = labLinregSpec(state.settings, imported);
  return spec ? jobKey(spec, imported) : '';
}

export function linregJobs() {
  let key = '';

  function run(spec: LinregSpec, k: string) {
    // finished for settings changed meanwhile: run what the settings ask for now (they may have come back)
    useLab.setState({ linreg: { ...idleLinreg(), status: 'running' } });
    labRunner().run('linreg', {
      pool: 'linreg',
      steps: [step('linreg', spec)],
      current: () => wantedKey(useLab.getState()) === k,
      onProgress: (p) => {
        if (p.done > 0) useLab.setState(view(spec, 'running', p));
      },
      onDone: (cells) =>
        useLab.setState(view(spec, 'done', { cells, done: cells.length, total: cells.length })),
      onStale: () => {
        key = '';
        check(useLab.getState());
      },
      onError: (error) => useLab.setState({ linreg: { ...idleLinreg(), status: 'error', error } }),
    });
  }

  /** Starts the comparison when its inputs changed (or stops it outside the Euclidean workspace). */
  function check(state: LabState) {
    const imported = state.imported[state.settings.workspace];
    const spec = labLinregSpec(state.settings, imported);
    const k = wantedKey(state);
    if (k === key) return;
    key = k;
    if (spec) run(spec, k);
    else {
      labRunner().cancel('linreg');
      useLab.setState({ linreg: idleLinreg() });
    }
  }

  return {
    check,
    /** Run again after a failure. */
    retry() {
      if (useLab.getState().linreg.status === 'error') key = '';
    },
    stop() {
      labRunner().cancel('linreg');
      key = '';
    },
  };
}
