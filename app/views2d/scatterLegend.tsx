import { LineSample } from './LineSample';
import { COLOURS, DASH } from './svgUtils';

/** Legend of the line styles (no colour needed to tell them apart). */
export function ScatterLegend(props: { others: number }) {
  return (
    <ul className="scatter-legend" aria-label="Legend">
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <circle cx="6" cy="6" r="3.6" className="scatter-point" />
        </svg>
        data
      </li>
      <li>
        <LineSample stroke={COLOURS.nonPrivate} width={3} /> non-private least-squares line (solid)
      </li>
      <li>
        <LineSample stroke={COLOURS.private} width={2.6} dash={DASH.private} /> one private release (p̃, ṽ)
        (dashed)
      </li>
      {props.others > 0 && (
        <li>
          <LineSample stroke={COLOURS.private} width={1.1} dash={DASH.private} opacity={0.4} /> {props.others}{' '}
          other private draws (faint dashed)
        </li>
      )}
    </ul>
  );
}
