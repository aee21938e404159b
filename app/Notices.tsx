import { retryFailedJobs } from './compute/controller';
import { useLab } from './store';

/**
 * Messages for the user (bad link parameters, failed jobs, import problems, the restored session), dismissible.
 * A failed computation can be run again (a worker that crashed is replaced; the next job runs normally).
 */
export function Notices() {
  const notices = useLab((s) => s.notices);
  const dismiss = useLab((s) => s.dismissNotice);
  const releaseError = useLab((s) => s.release.error);
  const sweepError = useLab((s) => s.sweep.error);
  const errors = [releaseError, sweepError].filter((e): e is string => !!e);
  if (notices.length === 0 && errors.length === 0) return null;
  return (
    // a labelled region, so the messages sit in a landmark like the rest of the page
    <section className="notices" aria-label="Notices">
      <div role="status" aria-live="polite">
        {errors.map((e) => (
          <div key={e} className="notice notice-error">
            A computation failed: {e}{' '}
            <button type="button" onClick={retryFailedJobs}>
              Try again
            </button>
          </div>
        ))}
        {notices.map((n, i) => (
          <div key={`${i}-${n}`} className="notice">
            {n}{' '}
            <button type="button" aria-label="Dismiss notice" onClick={() => dismiss(i)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
