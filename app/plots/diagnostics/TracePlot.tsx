/** The potential U of each chain, step by step: it should rise into a level band and stay there. */
import * as d3 from 'd3';
import { useId, useMemo, useRef } from 'react';
import type { ChainDiagnostics } from '../../../src/privacy/kng';
import { AxisBottom, AxisLeft, HALO, INK, MUTED, PlotFigure, useElementWidth, useChartType } from '../chart';

/** Shooting chains drawn at most (the rest are summarised): keeps the SVG light with m = 30 (900 chains). */
const MAX_TRACES = 40;
const TRACE_MARGIN = { left: 64, right: 14, top: 10, bottom: 50 };

export function TracePlot(props: {
  title: string;
  name: string;
  chains: readonly ChainDiagnostics[];
  color: string;
  traceEvery: number;
  burnIn: number;
  /** The text at the burn-in mark (default "end of burn-in"). */
  markLabel?: string;
}) {
  const type = useChartType();
  const titleId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [frameRef, width] = useElementWidth<HTMLDivElement>(420);
  const W = Math.max(280, width);
  const H = Math.round(Math.min(240, Math.max(170, W * 0.42)));
  const m = TRACE_MARGIN;
  const { chains, traceEvery } = props;
  const { paths, x, y, shown } = useMemo(() => {
    const m = TRACE_MARGIN;
    const shown = chains.slice(0, MAX_TRACES);
    let maxLen = 1;
    let lo = Infinity;
    let hi = -Infinity;
    for (const c of shown) {
      maxLen = Math.max(maxLen, c.trace.length);
      for (const u of c.trace)
        if (Number.isFinite(u)) {
          if (u < lo) lo = u;
          if (u > hi) hi = u;
        }
    }
    if (!(lo <= hi)) [lo, hi] = [0, 1];
    if (hi - lo < 1e-9) [lo, hi] = [lo - 0.5, hi + 0.5];
    const x = d3
      .scaleLinear()
      .domain([0, (maxLen - 1) * traceEvery || 1])
      .range([m.left, W - m.right]);
    const y = d3
      .scaleLinear()
      .domain([lo, hi])
      .nice(5)
      .range([H - m.bottom, m.top]);
    const line = d3
      .line<number>()
      .defined((u) => Number.isFinite(u))
      .x((_, i) => x(i * traceEvery))
      .y((u) => y(u));
    return { paths: shown.map((c) => line(Array.from(c.trace)) ?? ''), x, y, shown };
  }, [chains, traceEvery, W, H]);
  const opacity = Math.max(0.18, Math.min(1, 1.6 / Math.sqrt(shown.length || 1)));
  const total = x.domain()[1];
  return (
    <PlotFigure
      titleId={titleId}
      title={props.title}
      exportName={props.name}
      empty={!props.chains.length}
      frameRef={frameRef}
      svgRef={svgRef}
      width={W}
      height={H}
      testId={`${props.name}-plot`}
      footer={
        <>
          <figcaption className="hint">
            {props.chains.length} chain{props.chains.length === 1 ? '' : 's'}
            {props.chains.length > shown.length ? ` (first ${shown.length} drawn)` : ''}; U recorded{' '}
            {props.traceEvery === 1 ? 'at every step' : `every ${props.traceEvery} steps`}.
          </figcaption>
        </>
      }
    >
      <AxisBottom scale={x} y={H - m.bottom} count={5} label="MH step" grid={m.top} />
      <AxisLeft scale={y} x={m.left} count={5} label="potential U" grid={W - m.right} labelOffset={48} />
      {props.burnIn > 0 && props.burnIn < total && (
        <g>
          <line
            x1={x(props.burnIn)}
            x2={x(props.burnIn)}
            y1={m.top}
            y2={H - m.bottom}
            stroke={INK}
            strokeDasharray="4 3"
          />
          <text x={x(props.burnIn) + 4} y={m.top + 12} fontSize={type.note} fill={MUTED} {...HALO}>
            {props.markLabel ?? 'end of burn-in'}
          </text>
        </g>
      )}
      {paths.map((d, i) => (
        <path
          key={i}
          className="trace-line"
          d={d}
          fill="none"
          stroke={props.color}
          strokeWidth={1.3}
          strokeOpacity={opacity}
        />
      ))}
      {!props.chains.length && (
        <text x={W / 2} y={H / 2 - 10} textAnchor="middle" fontSize={type.label} fill={MUTED} data-ui="state">
          Waiting for the release…
        </text>
      )}
    </PlotFigure>
  );
}
