/**
 * Each sweep point's 95 % interval of ln mean MSE (from the spread of its chain groups, `lnMeanMseCi`), as a
 * vertical bar in its curve's colour, kept inside the plot. A point from one group has no interval yet; while
 * the sweep refines, every pass adds a group to every point and the bars shrink.
 */
import { seriesStyle } from '../chart';
import type { MseSeries } from '../mseModel';
import { clampY, type MseFrame } from './mseFrame';

/** Half-width of a bar's caps, in pixels. */
const CAP = 3.5;

export function MseErrorBars(props: { series: readonly MseSeries[]; frame: MseFrame }) {
  const { frame } = props;
  return (
    <g className="mse-errorbars" aria-hidden="true">
      {props.series.map((s) => {
        const { color } = seriesStyle(s.style);
        return s.points.map((p) => {
          const ci = p.row.lnMeanMseCi;
          if (!ci || !Number.isFinite(ci[0]) || !Number.isFinite(ci[1])) return null;
          const x = frame.x(p.x);
          const lo = clampY(frame, ci[0]);
          const hi = clampY(frame, ci[1]);
          return (
            <g key={`${s.key}:${p.x}`} className="mse-errorbar" data-n={s.n} stroke={color} strokeWidth={1.4}>
              <line x1={x} x2={x} y1={lo} y2={hi} strokeOpacity={0.75} />
              {/* caps only where the interval ends inside the plot */}
              {lo === frame.y(ci[0]) && <line x1={x - CAP} x2={x + CAP} y1={lo} y2={lo} />}
              {hi === frame.y(ci[1]) && <line x1={x - CAP} x2={x + CAP} y1={hi} y2={hi} />}
            </g>
          );
        });
      })}
    </g>
  );
}
