/**
 * The status line above a view: where its private releases stand (computing… / done / failed), a badge saying
 * whether they are private (a warning when they are not plainly so), and the calibration notes. Where the
 * release's full privacy statement is known the badge opens it. `StatusLine` is the markup every workspace
 * shares; `ReleaseStatus` fills it for the regression workspaces from the store.
 */
import { currentBudget } from '../state/settings';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { PrivacyStatement } from '../../src/privacy/statement';
import { useReleaseCells } from '../compute/useData';
import { useLab } from '../store';
import { releaseStatusLine } from './releasedPairs';
import './releaseStatus.css';

// the statement's layout loads when it is first opened: the first view's scripts stay as they were
const PrivacyStatementPanel = lazy(() =>
  import('./PrivacyStatement').then((m) => ({ default: m.PrivacyStatementPanel })),
);

export function StatusLine({
  state,
  testId,
  badge,
  badgeIsPrivate = false,
  privacy = null,
  children,
  notes = [],
}: {
  state: string;
  testId: string;
  /** Badge text (a warning, shown with a ⚠, unless `badgeIsPrivate`), or null for none. */
  badge: string | null;
  badgeIsPrivate?: boolean;
  /** The release's full privacy statement: the badge then opens it. */
  privacy?: PrivacyStatement | null;
  children: ReactNode;
  notes?: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const badgeClass = `privacy-badge ${badgeIsPrivate ? 'is-private' : 'not-private'}`;
  const badgeText = `${badgeIsPrivate ? '✓' : '⚠'} ${badge}`;
  return (
    <div className="release-status" data-testid={testId} data-state={state}>
      {/* the live region announces the progress; the statement, opened on request, stays out of it */}
      <div role="status" aria-live="polite">
        <p>
          {state === 'running' && <span className="spinner" aria-hidden="true" />}
          {badge &&
            (privacy ? (
              <button
                type="button"
                className={`${badgeClass} privacy-disclosure`}
                data-testid="privacy-badge"
                aria-expanded={open}
                aria-controls={open ? panelId : undefined}
                title={open ? 'Hide the privacy statement' : 'Show the full privacy statement'}
                onClick={() => setOpen(!open)}
              >
                {badgeText}
              </button>
            ) : (
              <span className={badgeClass} data-testid="privacy-badge">
                {badgeText}
              </span>
            ))}{' '}
          {children}
        </p>
        {notes.length > 0 && (
          <ul className="hint release-notes">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </div>
      {open && privacy && (
        <Suspense fallback={<p className="hint">Loading the privacy statement…</p>}>
          <PrivacyStatementPanel id={panelId} privacy={privacy} />
        </Suspense>
      )}
    </div>
  );
}

/** The regression workspaces' status line, for the release whose points have `dim` coordinates. */
export function ReleaseStatus({ dim }: { dim: number }) {
  const release = useLab((s) => s.release);
  const settings = useLab((s) => s.settings);
  const line = releaseStatusLine(release, useReleaseCells(), currentBudget(settings), dim);
  // Paper 000's footpoint leaks even with public bounds (KngCalibration.privacyLabel): a warning badge either
  // way; the joint release with its public inputs is private for any data.
  return (
    <StatusLine
      state={line.state}
      testId="release-status"
      badge={line.privacyLabel}
      badgeIsPrivate={line.privateForAnyData}
      privacy={line.privacy}
      notes={line.notes}
    >
      {line.text}
    </StatusLine>
  );
}
