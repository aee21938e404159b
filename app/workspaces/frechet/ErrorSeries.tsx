import * as d3 from 'd3';
import { fmt, INK, symbolPath } from '../../plots/chart';
import type { ErrorModel } from './errorPlotModel';
import { MECHANISM_STYLES } from './mechanisms';

type Scale = (v: number) => number;

/** Each mechanism's curve: its points with their ±2 SE bars, dashed when it is not private. */
export function ErrorSeries(props: {
  model: ErrorModel;
  x: 'eps' | 'k';
  xScale: Scale;
  y: Scale;
  /** The y axis's domain: the bars are cut at its ends. */
  extent: readonly [number, number];
}) {
  const { model, x, xScale, y, extent } = props;
  const line = d3
    .line<{ x: number; y: number }>()
    .x((p) => xScale(p.x))
    .y((p) => y(p.y));
  return (
    <>
      {model.series.map((s) => {
        const m = MECHANISM_STYLES[s.mechanism];
        const d = symbolPath(m.symbol, 64);
        return (
          <g key={s.mechanism} data-mechanism={s.mechanism} className="frechet-series">
            {s.points.map((p) =>
              p.lo > 0 && Number.isFinite(p.hi) ? (
                <line
                  key={`e${p.x}`}
                  x1={xScale(p.x)}
                  x2={xScale(p.x)}
                  y1={y(Math.max(p.lo, extent[0]))}
                  y2={y(Math.min(p.hi, extent[1]))}
                  stroke={m.colour}
                  strokeWidth={1.4}
                  opacity={0.6}
                />
              ) : null,
            )}
            {s.points.length > 1 && (
              <path
                d={line(s.points) ?? ''}
                fill="none"
                stroke={m.colour}
                strokeWidth={2.2}
                strokeDasharray={s.isPrivate ? undefined : '5 4'}
              />
            )}
            {s.points.map((p) => (
              <path
                key={p.x}
                d={d}
                transform={`translate(${xScale(p.x)},${y(p.y)})`}
                fill={m.colour}
                stroke="#ffffff"
                strokeWidth={1}
              >
                <title>{`${m.label}, ${x === 'eps' ? 'ε' : 'k'} = ${fmt(p.x)}: mean error ${fmt(p.y)} (σ = ${fmt(p.row.sigma)}, ${p.row.reps} releases)`}</title>
              </path>
            ))}
          </g>
        );
      })}
    </>
  );
}

/** Hollow markers: this view's releases at the current ε, each mechanism's symbol in a white ring. */
export function CurrentMarkers(props: {
  current: readonly { mechanism: string; y: number }[];
  currentX: number;
  xScale: Scale;
  y: Scale;
}) {
  const { currentX, xScale, y } = props;
  return (
    <>
      {props.current.map((c) => {
        const m = MECHANISM_STYLES[c.mechanism as keyof typeof MECHANISM_STYLES];
        return (
          <g
            key={`cur-${c.mechanism}`}
            className="frechet-current"
            data-ui="state"
            data-mechanism={c.mechanism}
            data-value={c.y}
            transform={`translate(${xScale(currentX)},${y(c.y)})`}
          >
            <title>{`${m.label}: this view's releases at ε = ${fmt(currentX)}, mean error ${fmt(c.y)}`}</title>
            <circle r={7.5} fill="#ffffff" stroke={INK} strokeWidth={2} />
            <path d={symbolPath(m.symbol, 34)} fill={m.colour} />
          </g>
        );
      })}
    </>
  );
}
