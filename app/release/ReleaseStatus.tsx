/**
 * The status line above a view: where its private releases stand (computing… / done / failed), a warning badge
 * when they are not plainly private, and the calibration notes. `StatusLine` is the markup every workspace
 * shares; `ReleaseStatus` fills it for the regression workspaces from the store.
 */
import { currentBudget } from '../state/settings';
import type { ReactNode } from 'react';
import { useReleaseCells } from '../compute/useData';
import { useLab } from '../store';
import { releaseStatusLine } from './releasedPairs';
import './releaseStatus.css';

export function StatusLine({
  state,
  testId,
  badge,
  badgeIsPrivate = false,
  children,
  notes = [],
}: {
  state: string;
  testId: string;
  /** Badge text (a warning, shown with a ⚠, unless `badgeIsPrivate`), or null for none. */
  badge: string | null;
  badgeIsPrivate?: boolean;
  children: ReactNode;
  notes?: readonly string[];
}) {
  return (
    <div className="release-status" data-testid={testId} data-state={state} role="status" aria-live="polite">
      <p>
        {state === 'running' && <span className="spinner" aria-hidden="true" />}
        {badge &&
          (badgeIsPrivate ? (
            <span className="privacy-badge is-private" data-testid="privacy-badge">
              ✓ {badge}
            </span>
          ) : (
            <span className="privacy-badge not-private" data-testid="privacy-badge">
              ⚠ {badge}
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
      notes={line.notes}
    >
      {line.text}
    </StatusLine>
  );
}
