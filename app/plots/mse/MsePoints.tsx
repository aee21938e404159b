/** The sweep's points on an MSE panel, each a focus stop with its own label for screen readers. */
import { fmt, seriesStyle, symbolPath } from '../chart';
import { focusKey, type Focus } from '../mseFocus';
import type { MseSeries } from '../mseModel';
import type { MseFocus } from './useMseFocus';

export function MsePoints(props: {
  series: readonly MseSeries[];
  x: (v: number) => number;
  y: (v: number) => number;
  focus: MseFocus;
  /** The tooltip's id, for the point it describes. */
  tipId: string;
}) {
  const { x, y, focus } = props;
  const { active, tabStop } = focus;
  return props.series.map((s, si) => {
    const st = seriesStyle(s.style);
    const d = symbolPath(st.symbol, 70);
    return s.points.map((p, pi) => {
      const f: Focus = { s: si, p: pi };
      const key = focusKey(f);
      const on = active !== null && focusKey(active) === key;
      return (
        <path
          key={key}
          ref={focus.register(key)}
          className="mse-point"
          d={d}
          transform={`translate(${x(p.x)},${y(p.y)}) scale(${on ? 1.45 : 1})`}
          fill={st.color}
          stroke="#ffffff"
          strokeWidth={1.2}
          tabIndex={tabStop && focusKey(tabStop) === key ? 0 : -1}
          role="img"
          aria-label={`${s.label}, ε_p ${fmt(p.row.epsP)}, ε_v ${fmt(p.row.epsV)}: ln mean MSE ${fmt(p.y)}, non-private ${fmt(p.row.lnNonPrivateMse)}`}
          aria-describedby={on ? props.tipId : undefined}
          onMouseEnter={() => focus.hover(f)}
          onFocus={() => focus.focus(f)}
          onBlur={focus.clear}
        />
      );
    });
  });
}
