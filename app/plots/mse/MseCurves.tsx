/**
 * The lines of an MSE panel: each curve's non-private ln MSE (dashed), the advisor's band, the rule at the
 * current ε_p or ε, and the curves themselves.
 */
import * as d3 from 'd3';
import type { Advice, Panel } from '../../../src/experiments';
import { CurrentRule, HALO, MUTED, fmt, seriesStyle, useChartType } from '../chart';
import type { MseModel } from '../mseModel';
import { AdviceBand } from './AdviceBand';
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
  // under the lowest non-private line, or above the highest when there is no room under it
  const npLabelY = (() => {
    if (!np.length) return null;
    const below = y(Math.min(...np)) + 16;
    if (below < bottom - 4) return below;
    return y(Math.max(...np)) - 7;
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
      {npLabelY !== null && (
        <text x={margin.left + 6} y={npLabelY} fontSize={type.note} fill={MUTED} fontStyle="italic" {...HALO}>
          non-private
        </text>
      )}
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
    </g>
  );
}
