/** Each chain's acceptance rate as a dot, one row per kind of chain, against the reference range. */
import * as d3 from 'd3';
import { useId, useRef } from 'react';
import type { ChainDiagnostics } from '../../../src/privacy/kng';
import { AxisBottom, INK, OKABE_ITO, PlotFigure, fmt, useElementWidth, useChartType } from '../chart';
import { REFERENCE_BAND } from './chains';

export function AcceptanceStrip(props: {
  foot: readonly ChainDiagnostics[];
  shoot: readonly ChainDiagnostics[];
  joint?: boolean;
}) {
  const type = useChartType();
  const titleId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [frameRef, width] = useElementWidth<HTMLDivElement>(420);
  const W = Math.max(280, width);
  const m = { left: 112, right: 16, top: 8, bottom: 46 };
  const rowH = 34;
  const x = d3
    .scaleLinear()
    .domain([0, 1])
    .range([m.left, W - m.right]);
  const rows = props.joint
    ? [{ label: 'joint (p, v)', chains: props.foot, color: OKABE_ITO.green }]
    : [
        { label: 'footpoint', chains: props.foot, color: OKABE_ITO.blue },
        { label: 'shooting', chains: props.shoot, color: OKABE_ITO.vermillion },
      ];
  const H = m.top + rows.length * rowH + m.bottom;
  const title = 'Acceptance rate per chain';
  return (
    <PlotFigure
      titleId={titleId}
      title={title}
      exportName="acceptance"
      empty={!props.foot.length}
      frameRef={frameRef}
      svgRef={svgRef}
      width={W}
      height={H}
      testId="acceptance-plot"
      footer={
        <>
          <figcaption className="hint">
            Dots: chains; black bar: mean; shaded: the reference range {REFERENCE_BAND[0]}–{REFERENCE_BAND[1]}
            .
          </figcaption>
        </>
      }
    >
      <rect
        x={x(REFERENCE_BAND[0])}
        width={x(REFERENCE_BAND[1]) - x(REFERENCE_BAND[0])}
        y={m.top}
        height={rows.length * rowH}
        fill="#e6eef5"
      />
      <AxisBottom
        scale={x}
        y={m.top + rows.length * rowH}
        ticks={[0, 0.2, 0.4, 0.6, 0.8, 1]}
        label="acceptance rate"
      />
      {rows.map((r, ri) => {
        const cy = m.top + ri * rowH + rowH / 2;
        const rates = r.chains.map((c) => c.acceptanceRate).filter(Number.isFinite);
        const mean = rates.length ? d3.mean(rates)! : NaN;
        return (
          <g key={r.label}>
            <text x={m.left - 10} y={cy} dy="0.35em" textAnchor="end" fontSize={type.legend} fill={INK}>
              {r.label} ({r.chains.length})
            </text>
            {rates.map((a, i) => (
              <circle
                key={i}
                cx={x(a)}
                cy={cy + (((i * 7919) % 13) - 6) * 1.1}
                r={3}
                fill={r.color}
                fillOpacity={0.55}
              />
            ))}
            {Number.isFinite(mean) && (
              <line x1={x(mean)} x2={x(mean)} y1={cy - 13} y2={cy + 13} stroke={INK} strokeWidth={3}>
                <title>{`mean ${fmt(mean, 2)}`}</title>
              </line>
            )}
          </g>
        );
      })}
    </PlotFigure>
  );
}
