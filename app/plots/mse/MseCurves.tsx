/**
 * The lines of an MSE panel: each curve's non-private ln MSE (dashed), the advisor's band, the rule at the
 * current ε_p or ε, and the curves themselves.
 */
import * as d3 from 'd3';
import type { Advice, Panel } from '../../../src/experiments';
import { CurrentRule, HALO, MUTED, fmt, seriesStyle, textWidth, useChartType } from '../chart';
import type { MseModel } from '../mseModel';
import { AdviceBand } from './AdviceBand';
import { labelSpot, type LabelSpot } from './labelSpot';
import { clampY as clampToPlot, type MseFrame } from './mseFrame';

/**
 * Dashes of the non-private lines: with k curves, dash and gap are set so that lines lying on top of each
 * other (non-private MSEs often nearly coincide) interleave their colours instead of hiding each other.
 */
function npDash(i: number, k: number) {
  if (k <= 1) return { strokeDasharray: '7 5' };
  return { strokeDasharray: `6 ${6 * (k - 1)}`, strokeDashoffset: 6 * i };
}

export function MseCurves(props: {
  panel: Panel;
  model: MseModel;
  frame: MseFrame;
  /** The split advisor's answer (split panel only). */
  advice?: Advice | null;
  /** Where the current setting lies on the x axis. */
  currentX: number;
}) {
  const type = useChartType();
  const { panel, model, currentX } = props;
  const { W, margin, top, bottom, x, y } = props.frame;
  const clampY = (v: number) => clampToPlot(props.frame, v);
  const line = d3
    .line<{ x: number; y: number }>()
    .x((p) => x(p.x))
    .y((p) => y(p.y));

  const np = model.series.map((s) => s.lnNonPrivate).filter((v): v is number => v !== null);
  // under the lowest non-private line or above the highest, at the left or the right: the first spot no curve
  // runs through (drawn over the curves, with a halo, if every spot is crossed)
  const NP_LABEL = 'non-private';
  const npLabel = (() => {
    if (!np.length) return null;
    const [low, high] = [y(Math.min(...np)), y(Math.max(...np))];
    const [l, r] = [margin.left + 6, W - margin.right - 6];
    const mid = (l + r) / 2 + textWidth(NP_LABEL, type.note) / 2;
    // the text's top 4 px under the line, or its baseline 6 px over it
    const below = low + 0.8 * type.note + 4;
    const rows = [...(below + 0.2 * type.note <= bottom ? [below] : []), high - 6];
    const spots: LabelSpot[] = rows.flatMap((yy) => [
      { x: l, y: yy, anchor: 'start' as const },
      { x: r, y: yy, anchor: 'end' as const },
      { x: mid, y: yy, anchor: 'end' as const },
    ]);
    const curves = [
      ...model.series.map((s) => s.points.map((p) => ({ x: x(p.x), y: y(p.y) }))),
      // the rule at the current setting, and the release's marker on it
      [
        { x: x(currentX), y: top },
        { x: x(currentX), y: bottom },
      ],
    ];
    return labelSpot(spots, textWidth(NP_LABEL, type.note), type.note, curves);
  })();

  return (
    <g>
      {model.series.map((s, si) => {
        const st = seriesStyle(s.style);
        return s.lnNonPrivate === null ? null : (
          <line
            key={`np${s.key}`}
            className="mse-nonprivate"
            data-n={s.n}
            x1={margin.left}
            x2={W - margin.right}
            y1={clampY(s.lnNonPrivate)}
            y2={clampY(s.lnNonPrivate)}
            stroke={st.color}
            strokeWidth={1.8}
            {...npDash(si, model.series.length)}
          >
            <title>{`non-private ln MSE, ${s.label}: ${fmt(s.lnNonPrivate)}`}</title>
          </line>
        );
      })}
      {props.advice && <AdviceBand advice={props.advice} x={x} y={clampY} top={top} bottom={bottom} />}
      <CurrentRule
        testId={`current-rule-${panel}`}
        value={currentX}
        x={x(currentX)}
        top={top}
        bottom={bottom}
      />
      {model.series.map((s) => {
        const st = seriesStyle(s.style);
        return s.points.length > 1 ? (
          <path
            key={`c${s.key}`}
            className="mse-curve"
            data-n={s.n}
            d={line(s.points) ?? ''}
            fill="none"
            stroke={st.color}
            strokeWidth={2.4}
            strokeLinejoin="round"
          />
        ) : null;
      })}
      {npLabel && (
        <text
          x={npLabel.x}
          y={npLabel.y}
          textAnchor={npLabel.anchor}
          fontSize={type.note}
          fill={MUTED}
          fontStyle="italic"
          {...HALO}
        >
          {NP_LABEL}
        </text>
      )}
    </g>
  );
}
