/**
 * The one driver of the lab's background jobs. A feature describes a job — which worker task steps run on which
 * pool, which store slice shows it and how its cells map into that slice — and `driveJob` runs it on the job
 * runner (runner.ts) and does every store write: the progress, the finished job, a job that finished for
 * settings that changed meanwhile, the error and its notice.
 */
import type { TaskName, TaskResult } from '../../src/workers/tasks';
import { idleJob, useLab, type JobView, type LabState } from '../store';
import type { PoolName } from './pools';
import { labRunner, type JobStep, type Progress, type RunHandle, type Runner } from './runner';

/** The store's slices (its values, not its actions). */
export type SliceName = {
  [S in keyof LabState]: LabState[S] extends (...args: never[]) => unknown ? never : S;
}[keyof LabState];

/** A job's state as its slice shows it: 'running' until it finished for the current settings. */
export type JobStatus = 'running' | 'done';

/**
 * When the slice follows the job:
 * - 'fromStart': as it starts (all cells pending, their number known), then as cells arrive;
 * - 'fromFirstCell': once the first cell arrives (until then it holds `starting`, or what it held);
 * - 'atEnd': only when the job is done (a result that counts only whole: nothing of a stale job is written).
 */
export type SliceUpdates = 'fromStart' | 'fromFirstCell' | 'atEnd';

/** How the cells map into the slice, and what it holds after a failure. */
interface SliceMapping<C, V> {
  /** The slice for the cells so far (default: the plain job view). Returning `slice` itself writes nothing. */
  view: (status: JobStatus, progress: Progress<C>, slice: V) => V;
  /** The slice after the job failed (default: an idle job view with the message). */
  failed: (message: string, slice: V) => V;
}

/** A slice that is a plain job view of the task's cells needs no mapping; any other slice must say it. */
type MappingOf<K extends TaskName, S extends SliceName> =
  JobView<TaskResult<K>> extends LabState[S]
    ? Partial<SliceMapping<TaskResult<K>, LabState[S]>>
    : SliceMapping<TaskResult<K>, LabState[S]>;

export type JobDescription<K extends TaskName, S extends SliceName> = MappingOf<K, S> & {
  /** The runner's lane: a new job in it cancels the running one (default: the slice's name). */
  lane?: string;
  pool: PoolName;
  /** Run one after the other; their cells form one list. */
  steps: readonly JobStep<K>[];
  /** The store slice the job's results go to. */
  slice: S;
  /** Written as the job starts. */
  starting?: LabState[S];
  /** Default: 'fromStart'. */
  updates?: SliceUpdates;
  /**
   * Least time between two progress writes with cells, in ms (default 0: every batch of cells, at most one a
   * frame); the first cell is written at once. A job need not redraw the page every frame: on two cores that
   * drawing takes time from the workers.
   */
  progressEveryMs?: number;
  /** Whether the lab still asks for this job (its settings have not changed). Default: always. */
  current?: () => boolean;
  /**
   * The job finished for settings that changed meanwhile: its cells stay in the slice marked running (never
   * done: they are not the current settings'), then this runs (typically to start the job they ask for now).
   */
  onStale?: () => void;
  /** After the finished job was written. */
  onDone?: (cells: TaskResult<K>[]) => void;
  /** The notice the user gets when the job fails (default: none). */
  errorNotice?: (message: string) => string;
};

/** The plain job view of a job's cells so far. */
export const jobView = <C>(status: JobStatus, { cells, done, total }: Progress<C>): JobView<C> => ({
  status,
  cells,
  done,
  total,
  error: null,
});

/** A finished job's cells as progress. */
export const allCells = <C>(cells: C[]): Progress<C> => ({ cells, done: cells.length, total: cells.length });

const failedJob = <C>(message: string): JobView<C> => ({ ...idleJob<C>(), status: 'error', error: message });

/** Runs `job` on `runner` (default: the lab's) and keeps its slice of the store up to date. */
export function driveJob<K extends TaskName, S extends SliceName>(
  job: JobDescription<K, S>,
  runner: Pick<Runner, 'run'> = labRunner(),
): RunHandle {
  type C = TaskResult<K>;
  type V = LabState[S];
  // without a mapping the slice is a plain job view (MappingOf insists)
  const view = job.view ?? (jobView as (status: JobStatus, progress: Progress<C>) => V);
  const failed = job.failed ?? (failedJob as (message: string) => V);
  const updates = job.updates ?? 'fromStart';
  const read = (): V => useLab.getState()[job.slice];
  const write = (value: V) => {
    if (value !== read()) useLab.setState({ [job.slice]: value } as Pick<LabState, S>);
  };
  const show = (status: JobStatus, progress: Progress<C>) => write(view(status, progress, read()));

  if (job.starting !== undefined) write(job.starting);
  let lastProgress = -Infinity;
  return runner.run(job.lane ?? job.slice, {
    pool: job.pool,
    steps: job.steps,
    current: job.current,
    onProgress:
      updates === 'atEnd'
        ? undefined
        : (progress) => {
            if (progress.done === 0 && updates !== 'fromStart') return;
            // the start (no cell yet) does not hold back the first cell
            if (progress.done > 0) {
              const now = performance.now();
              if (now - lastProgress < (job.progressEveryMs ?? 0)) return;
              lastProgress = now;
            }
            show('running', progress);
          },
    onDone: (cells) => {
      show('done', allCells(cells));
      job.onDone?.(cells);
    },
    onStale: (cells) => {
      if (updates !== 'atEnd') show('running', allCells(cells));
      job.onStale?.();
    },
    onError: (message) => {
      write(failed(message, read()));
      if (job.errorNotice) useLab.getState().notify(job.errorNotice(message));
    },
  });
}
