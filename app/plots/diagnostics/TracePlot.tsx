/** The potential U of each chain, step by step: it should rise into a level band and stay there. */
import * as d3 from 'd3';
import { useMemo } from 'react';
import type { ChainDiagnostics } from '../../../src/privacy/kng';
import { ChartFrame, EmptyNote, type Frame } from '../ChartFrame';
import { HALO, INK, MUTED } from '../chart';

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
  const { chains, traceEvery } = props;
  const shown = useMemo(() => chains.slice(0, MAX_TRACES), [chains]);
  const { xScale, yScale } = useMemo(() => {
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
    return {
      xScale: d3.scaleLinear().domain([0, (maxLen - 1) * traceEvery || 1]),
      yScale: d3.scaleLinear().domain([lo, hi]).nice(5),
    };
  }, [shown, traceEvery]);
  const total = xScale.domain()[1];
  return (
    <ChartFrame
      title={props.title}
      exportName={props.name}
      empty={!props.chains.length}
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
      margin={TRACE_MARGIN}
      legend={[]}
      plotHeight={(W) =>
        Math.round(Math.min(240, Math.max(170, W * 0.42))) - TRACE_MARGIN.top - TRACE_MARGIN.bottom
      }
      x={xScale}
      y={yScale}
      xAxis={{ count: 5, label: 'MH step' }}
      yAxis={{ count: 5, label: 'potential U', labelOffset: 48 }}
    >
      {(f) => (
        <>
          {props.burnIn > 0 && props.burnIn < total && (
            <g>
              <line
                x1={f.x(props.burnIn)}
                x2={f.x(props.burnIn)}
                y1={f.top}
                y2={f.bottom}
                stroke={INK}
                strokeDasharray="4 3"
              />
              <text x={f.x(props.burnIn) + 4} y={f.top + 12} fontSize={f.type.note} fill={MUTED} {...HALO}>
                {props.markLabel ?? 'end of burn-in'}
              </text>
            </g>
          )}
          <TraceLines frame={f} chains={shown} traceEvery={traceEvery} color={props.color} />
          {!props.chains.length && (
            <EmptyNote frame={f} size={f.type.label} dy={-10}>
              Waiting for the release…
            </EmptyNote>
          )}
        </>
      )}
    </ChartFrame>
  );
}

/** One line per chain (their paths kept while the plot's size and data stay the same). */
function TraceLines(props: {
  frame: Frame<d3.ScaleLinear<number, number>, d3.ScaleLinear<number, number>>;
  chains: readonly ChainDiagnostics[];
  traceEvery: number;
  color: string;
}) {
  const { frame, chains, traceEvery } = props;
  const { W, H } = frame;
  const paths = useMemo(() => {
    const line = d3
      .line<number>()
      .defined((u) => Number.isFinite(u))
      .x((_, i) => frame.x(i * traceEvery))
      .y((u) => frame.y(u));
    return chains.map((c) => line(Array.from(c.trace)) ?? '');
    // the scales are new objects at every render; they change only with the size and the chains
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chains, traceEvery, W, H]);
  const opacity = Math.max(0.18, Math.min(1, 1.6 / Math.sqrt(chains.length || 1)));
  return (
    <>
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
    </>
  );
}
