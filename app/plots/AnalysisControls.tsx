/**
 * The controls of an on-demand analysis: its run button (first run, or run again), Stop while it runs, its
 * progress, and a warning when the results shown were computed for other settings.
 */
import { cancelAnalysis, runAnalysis, type AnalysisKind } from '../compute/analysis';
import { useLab } from '../store';
import { JobProgress } from './chart';

export function AnalysisControls(props: {
  kind: AnalysisKind;
  /** The button's text before the first run, and once results are shown. */
  runLabel: string;
  rerunLabel: string;
  /** The progress bar's accessible name. */
  progressLabel: string;
  /** Shown while the results are for other settings (null: they are current). */
  staleText: string | null;
}) {
  const job = useLab((s) => s[props.kind]);
  const running = job.status === 'running';
  const stale = props.staleText !== null;
  return (
    <>
      <div className="plot-actions">
        <button
          type="button"
          className="primary"
          onClick={() => runAnalysis(props.kind)}
          disabled={running && !stale}
        >
          {job.cells.length && !stale ? props.rerunLabel : props.runLabel}
        </button>
        {running && (
          <button type="button" onClick={() => cancelAnalysis(props.kind)}>
            Stop
          </button>
        )}
      </div>
      <JobProgress
        label={props.progressLabel}
        status={job.status}
        done={job.done}
        total={job.total}
        error={job.error}
      />
      {stale && (
        <p className="plot-warning" role="note">
          {props.staleText}
        </p>
      )}
    </>
  );
}
