/**
 * Runs the Euclidean workspace's linear-regression comparison (jobs.ts) through the job driver
 * (app/compute/driveJob.ts), which streams its cells into the store, on a pool of its own (a job on a busy pool
 * supersedes the one running there, and the sweep keeps the lab's big pool busy). Reruns only when the spec
 * changes; outside the Euclidean workspace the job stops.
 */
import { aggregateLinreg, type LinregCell, type LinregSpec } from '../../../src/experiments/linreg';
import { driveJob, jobView, type JobStatus } from '../../compute/driveJob';
import { labRunner, step, type Progress } from '../../compute/runner';
import { jobKey } from '../../compute/jobs';
import { idleJob, useLab, type LabState, type LinregJob } from '../../store';
import { labLinregSpec } from './jobs';

const idleLinreg = (): LinregJob => ({ ...idleJob<LinregCell>(), rows: [], lines: [], notes: [] });

function view(spec: LinregSpec, status: JobStatus, progress: Progress<LinregCell>): LinregJob {
  const { rows, lines, notes } = aggregateLinreg(
    spec,
    progress.cells.filter((c): c is LinregCell => c !== undefined),
  );
  return { ...jobView(status, progress), rows, lines, notes };
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
    driveJob({
      slice: 'linreg',
      pool: 'linreg',
      steps: [step('linreg', spec)],
      starting: { ...idleLinreg(), status: 'running' },
      updates: 'fromFirstCell',
      current: () => wantedKey(useLab.getState()) === k,
      view: (status, progress) => view(spec, status, progress),
      failed: (error) => ({ ...idleLinreg(), status: 'error', error }),
      // finished for settings changed meanwhile: run what the settings ask for now (they may have come back)
      onStale: () => {
        key = '';
        check(useLab.getState());
      },
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
