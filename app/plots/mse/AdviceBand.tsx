/** The split advisor's answer drawn on the split panel. */
import * as d3 from 'd3';
import type { Advice } from '../../../src/experiments';
import { ADVICE_COLOUR, HALO, useChartType } from '../chart';

/** The advisor's interval (shaded), its recommended split (dashed line) and fitted curve, in ε_p units. */
export function AdviceBand(props: {
  advice: Advice;
  x: (v: number) => number;
  y: (v: number) => number;
  top: number;
  bottom: number;
}) {
  const { advice, x, y } = props;
  const type = useChartType();
  const eps = advice.eps;
  const [lo, hi] = advice.interval.map((f) => x(f * eps));
  const at = x(advice.split * eps);
  const path = d3
    .line<{ split: number; lnMse: number }>()
    .x((c) => x(c.split * eps))
    .y((c) => y(c.lnMse))(advice.curve.filter((c) => Number.isFinite(c.lnMse)));
  return (
    <g data-testid="advice-interval" data-lo={advice.interval[0]} data-hi={advice.interval[1]}>
      <title>{advice.summary}</title>
      <rect
        x={lo}
        y={props.top}
        width={Math.max(2, hi - lo)}
        height={props.bottom - props.top}
        fill={ADVICE_COLOUR}
        opacity={0.12}
      />
      <path d={path ?? ''} fill="none" stroke={ADVICE_COLOUR} strokeWidth={2.2} opacity={0.9} />
      <line
        x1={at}
        x2={at}
        y1={props.top}
        y2={props.bottom}
        stroke={ADVICE_COLOUR}
        strokeWidth={2}
        strokeDasharray="5 4"
      />
      {/* beside the line, on the side with room (the right end of the axis would cut it off) */}
      <text
        x={at > x(eps) - 64 ? at - 4 : at + 4}
        textAnchor={at > x(eps) - 64 ? 'end' : 'start'}
        y={props.top + 14}
        fontSize={type.note}
        fill={ADVICE_COLOUR}
        {...HALO}
      >
        advised
      </text>
    </g>
  );
}
