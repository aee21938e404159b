/** Each chain's acceptance rate as a dot, one row per kind of chain, against the reference range. */
import * as d3 from 'd3';
import type { ChainDiagnostics } from '../../../src/privacy/kng';
import { ChartFrame } from '../ChartFrame';
import { INK, OKABE_ITO, fmt } from '../chart';
import { REFERENCE_BAND } from './chains';

const ROW_HEIGHT = 34;

export function AcceptanceStrip(props: {
  foot: readonly ChainDiagnostics[];
  shoot: readonly ChainDiagnostics[];
  joint?: boolean;
}) {
  const rows = props.joint
    ? [{ label: 'joint (p, v)', chains: props.foot, color: OKABE_ITO.green }]
    : [
        { label: 'footpoint', chains: props.foot, color: OKABE_ITO.blue },
        { label: 'shooting', chains: props.shoot, color: OKABE_ITO.vermillion },
      ];
  return (
    <ChartFrame
      title="Acceptance rate per chain"
      exportName="acceptance"
      empty={!props.foot.length}
      testId="acceptance-plot"
      footer={
        <>
          <figcaption className="hint">
            Dots: chains; black bar: mean; shaded: the reference range {REFERENCE_BAND[0]}–{REFERENCE_BAND[1]}
            .
          </figcaption>
        </>
      }
      margin={{ left: 112, right: 16, top: 8, bottom: 46 }}
      legend={[]}
      plotHeight={() => rows.length * ROW_HEIGHT}
      x={d3.scaleLinear().domain([0, 1])}
      // row i's top edge at y(i), the first row at the top
      y={d3.scaleLinear().domain([rows.length, 0])}
      xAxis={{ ticks: [0, 0.2, 0.4, 0.6, 0.8, 1], label: 'acceptance rate', grid: false }}
      under={({ x, top, plotH }) => (
        <rect
          x={x(REFERENCE_BAND[0])}
          width={x(REFERENCE_BAND[1]) - x(REFERENCE_BAND[0])}
          y={top}
          height={plotH}
          fill="#e6eef5"
        />
      )}
    >
      {({ x, y, left, type }) =>
        rows.map((r, ri) => {
          const cy = y(ri) + ROW_HEIGHT / 2;
          const rates = r.chains.map((c) => c.acceptanceRate).filter(Number.isFinite);
          const mean = rates.length ? d3.mean(rates)! : NaN;
          return (
            <g key={r.label}>
              <text x={left - 10} y={cy} dy="0.35em" textAnchor="end" fontSize={type.legend} fill={INK}>
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
        })
      }
    </ChartFrame>
  );
}
