import { tickFormat } from '../../plots/chart';
import type { ErrorModel } from './errorPlotModel';
import { MECHANISM_STYLES } from './mechanisms';

/** The rows a plot cannot draw, each with its reason, and the series that are not private. */
export function ErrorNotes({ model, x }: { model: ErrorModel; x: 'eps' | 'k' }) {
  if (!model.notes.length && !model.series.some((s) => !s.isPrivate)) return null;
  return (
    <ul className="plot-notes" aria-label="Notes on this plot" data-testid={`frechet-notes-${x}`}>
      {model.notes.map((n) => (
        <li key={`${n.mechanism}|${n.reason}`} data-mechanism={n.mechanism}>
          <strong>{MECHANISM_STYLES[n.mechanism].label}</strong> not shown at {x === 'eps' ? 'ε' : 'k'} ={' '}
          {n.xs.map((v) => tickFormat(v)).join(', ')}: {n.reason}
        </li>
      ))}
      {model.series
        .filter((s) => !s.isPrivate)
        .map((s) => (
          <li key={`np-${s.mechanism}`} className="note-warn">
            <strong className="badge-warn">not private</strong> {MECHANISM_STYLES[s.mechanism].label}:{' '}
            {s.points[0]?.row.notes.find((n) => /privat/i.test(n)) ?? 'its noise is calibrated on the data'}
          </li>
        ))}
    </ul>
  );
}
