/**
 * One line of text saying where the private release behind a view stands (computing… / done), whether it is
 * private, and the calibration notes (why not private, which σ rule), plus the mean ln MSE of the released
 * pairs against the non-private one.
 */
import { useReleaseCells } from '../compute/useData';
import { currentBudget } from '../compute/jobs';
import { useLab } from '../store';
import { releasedPairs } from './geodesics';

const f2 = (x: number) => (Math.abs(x) >= 10 ? x.toFixed(1) : x.toPrecision(2));

export function ReleaseStatus({ dim, testId }: { dim: number; testId: string }) {
  const release = useLab((s) => s.release);
  const settings = useLab((s) => s.settings);
  const budget = currentBudget(settings);
  const cells = useReleaseCells().filter((c) => c.pHat.length === dim);
  const pairs = releasedPairs(cells, dim);
  const first = cells[0];
  const eps = `ε_p = ${f2(budget.epsP)}, ε_v = ${f2(budget.epsV)}`;
  let text: string;
  let state: 'running' | 'done' | 'error';
  if (release.status === 'error') {
    state = 'error';
    text = `The private release failed: ${release.error ?? 'unknown error'}`;
  } else if (release.status !== 'done') {
    state = 'running';
    const progress = release.total > 0 ? ` ${release.done} of ${release.total} chain groups` : '';
    text = `Computing the private release at ${eps}…${progress}${pairs.length ? `, ${pairs.length} pairs so far` : ''}`;
  } else {
    state = 'done';
    const finite = pairs.map((p) => p.mse).filter(Number.isFinite);
    const lnMean = finite.length ? Math.log(finite.reduce((a, b) => a + b, 0) / finite.length) : NaN;
    const escaped = cells.reduce((a, c) => a + c.escapedShootingChains, 0);
    text =
      `Private release done: ${pairs.length} pairs (p̃, ṽ) at ${eps}` +
      (first && Number.isFinite(lnMean)
        ? `; ln mean MSE ${lnMean.toFixed(2)} vs ${first.lnNonPrivateMse.toFixed(2)} non-private`
        : '') +
      (escaped ? `; ${escaped} shooting-vector chain(s) escaped` : '') +
      '.';
  }
  return (
    <div className="release-status" data-testid={testId} data-state={state} role="status" aria-live="polite">
      <p>
        {state === 'running' && <span className="spinner" aria-hidden="true" />}
        {first && (
          // even with public bounds the footpoint leaks (KngCalibration.privacyLabel): warn colour either way
          <span className="privacy-badge not-private">⚠ {first.privacyLabel}</span>
        )}{' '}
        {text}
      </p>
      {first && first.notes.length > 0 && (
        <ul className="hint release-notes">
          {first.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
