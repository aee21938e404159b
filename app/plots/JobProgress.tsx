/**
 * A progress bar for a background job (role=progressbar, done of total). A job that refines a figure already
 * complete (every point drawn, later passes add precision) passes `refining`: the bar stays, slim, beside what
 * the refinement has reached, and the class `job-refining` tells it from a figure still filling in.
 */
export function JobProgress(props: {
  label: string;
  status: 'idle' | 'running' | 'done' | 'error';
  done: number;
  total: number;
  error?: string | null;
  unit?: string;
  /** What the job has reached, said instead of "Computing… done / total unit" while it runs. */
  runningText?: string;
  /** Said instead of "Done: …" once it is done. */
  doneText?: string;
  /** While running: the figure is complete and the job only refines it. */
  refining?: boolean;
}) {
  const { status, done, total } = props;
  const unit = props.unit ?? 'cells';
  const pct = total > 0 ? Math.min(100, (100 * done) / total) : status === 'done' ? 100 : 0;
  const text =
    status === 'error'
      ? 'Failed'
      : status === 'running'
        ? total > 0
          ? (props.runningText ?? `Computing… ${done} / ${total} ${unit}`)
          : 'Starting workers…'
        : status === 'done'
          ? (props.doneText ?? `Done: ${done} / ${total} ${unit}`)
          : total > 0
            ? `Stopped at ${done} / ${total} ${unit}`
            : 'Not run yet';
  const refining = status === 'running' && total > 0 && props.refining === true;
  return (
    <div className={`job-progress job-${status}${refining ? ' job-refining' : ''}`}>
      <div
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 1)}
        aria-valuenow={done}
        aria-valuetext={text}
        className="job-progress-track"
      >
        <div className="job-progress-bar" style={{ width: `${pct}%` }} />
      </div>
      <span className="job-progress-text" aria-hidden="true">
        {text}
      </span>
      {status === 'error' && (
        <p className="plot-warning job-progress-error" role="alert">
          The computation failed: {props.error ?? 'unknown error'}
        </p>
      )}
    </div>
  );
}
