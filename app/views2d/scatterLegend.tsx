import { COLOURS, DASH } from './svgUtils';

/** Legend of the line styles (no colour needed to tell them apart). */
export function ScatterLegend(props: { others: number }) {
  const sample = (stroke: string, w: number, dash?: string, opacity = 1) => (
    <svg width="34" height="10" aria-hidden="true">
      <line
        x1="1"
        y1="5"
        x2="33"
        y2="5"
        stroke={stroke}
        strokeWidth={w}
        strokeDasharray={dash}
        strokeOpacity={opacity}
      />
    </svg>
  );
  return (
    <ul className="scatter-legend" aria-label="Legend">
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <circle cx="6" cy="6" r="3.6" className="scatter-point" />
        </svg>
        data
      </li>
      <li>{sample(COLOURS.nonPrivate, 3)} non-private least-squares line (solid)</li>
      <li>{sample(COLOURS.private, 2.6, DASH.private)} one private release (p̃, ṽ) (dashed)</li>
      {props.others > 0 && (
        <li>
          {sample(COLOURS.private, 1.1, DASH.private, 0.4)} {props.others} other private draws (faint dashed)
        </li>
      )}
    </ul>
  );
}
