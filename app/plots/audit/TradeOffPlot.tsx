/**
 * The trade-off curve: every threshold test's false alarms α against its misses β, with the region no test
 * can enter if the claimed (ε, δ) holds and, where known, the best possible tests.
 */
import * as d3 from 'd3';
import type { AuditResult } from '../../../src/audit';
import { boundaryCorners } from '../../audit/model';
import { usePresentingPlotHeight } from '../../present/usePresentingPlotHeight';
import { AxisBottom, AxisLeft, HALO, INK, MUTED, OKABE_ITO, fmt, useChartType } from '../chart';
import type { LegendItem } from '../Legend';
import { AuditFigure, COLOR_D2, MARGIN } from './AuditFigure';
import { epsText } from './format';

export function TradeOffPlot({ result: r }: { result: AuditResult }) {
  const finite = Number.isFinite(r.claimedEpsilon);
  // presenting: the square plot and the verdict above it fit the plot's place on the screen
  const presentH = usePresentingPlotHeight();
  const legendItems: LegendItem[] = [
    { kind: 'series', color: COLOR_D2, symbol: d3.symbolCircle, label: 'measured: every threshold test' },
    ...(finite
      ? [
          {
            kind: 'box' as const,
            color: MUTED,
            fill: '#e9ecef',
            label: `unreachable if ε = ${epsText(r.claimedEpsilon)} holds`,
          },
        ]
      : []),
    ...(r.exactTradeOff
      ? [{ kind: 'dashed' as const, color: OKABE_ITO.green, label: 'best possible tests (exact)' }]
      : []),
  ];
  return (
    <AuditFigure
      title="Trade-off: false alarms α against misses β"
      exportName="audit-tradeoff"
      testId="audit-tradeoff"
      empty={r.releases === 0}
      legend={legendItems}
      maxWidth={presentH === null ? 560 : Math.max(280, presentH - 200)}
      // a square plot area, flattened where a slide has less room
      fitMax={(W) => W - MARGIN.left - MARGIN.right}
      height={(W, legendH, fitted) =>
        (fitted ?? W - MARGIN.left - MARGIN.right) + MARGIN.top + MARGIN.bottom + legendH
      }
      footer={
        <figcaption className="hint">
          Each point is one test “say D′ when the score is above t”. The closer the curve comes to the corner
          (0, 0), the better the attacker.{' '}
          {finite
            ? `If the claimed ε = ${epsText(r.claimedEpsilon)}${r.delta > 0 ? ` (δ = ${fmt(r.delta)})` : ''} holds, no test can beat this curve: none enters the grey region. A measured curve inside it is a leak (up to sampling noise, which the 95% bound accounts for).`
            : 'A non-private release claims nothing, so there is no region to stay out of.'}
        </figcaption>
      }
      draw={(size) => <TradeOffMarks result={r} {...size} />}
    />
  );
}

function TradeOffMarks({
  result: r,
  W,
  H,
  legendH,
}: {
  result: AuditResult;
  W: number;
  H: number;
  legendH: number;
}) {
  const type = useChartType();
  const x = d3
    .scaleLinear()
    .domain([0, 1])
    .range([MARGIN.left, W - MARGIN.right]);
  const y = d3
    .scaleLinear()
    .domain([0, 1])
    .range([H - MARGIN.bottom, MARGIN.top + legendH]);
  const line = d3
    .line<{ alpha: number; beta: number }>()
    .x((p) => x(p.alpha))
    .y((p) => y(p.beta));
  const corners = boundaryCorners(r.claimedEpsilon, r.delta);
  const region = corners.length ? `${line(corners)}L${x(0)},${y(0)}Z` : '';
  const empirical = r.tradeOff.alpha.map((alpha, i) => ({ alpha, beta: r.tradeOff.beta[i] }));
  const exact = r.exactTradeOff?.alpha.map((alpha, i) => ({ alpha, beta: r.exactTradeOff!.beta[i] }));
  const chosen = r.bound.test && Number.isFinite(r.bound.alpha) ? r.bound : null;
  return (
    <>
      {region && <path d={region} fill="#e9ecef" stroke="none" data-testid="audit-region" />}
      <AxisLeft
        scale={y}
        x={MARGIN.left}
        count={5}
        label="β (misses)"
        grid={W - MARGIN.right}
        labelOffset={42}
      />
      <AxisBottom scale={x} y={H - MARGIN.bottom} count={5} label="α (false alarms)" />
      {corners.length > 0 && <path d={line(corners) ?? ''} fill="none" stroke={MUTED} strokeWidth={1.8} />}
      {exact && (
        <path
          d={line(exact) ?? ''}
          fill="none"
          stroke={OKABE_ITO.green}
          strokeWidth={2}
          strokeDasharray="6 4"
        />
      )}
      <path d={line(empirical) ?? ''} fill="none" stroke={COLOR_D2} strokeWidth={2.2} />
      {chosen && (
        <g>
          <circle
            cx={x(chosen.alpha)}
            cy={y(chosen.beta)}
            r={5}
            fill="#ffffff"
            stroke={INK}
            strokeWidth={2}
          />
          <text x={x(chosen.alpha) + 8} y={y(chosen.beta) - 8} fontSize={type.note} fill={INK} {...HALO}>
            test behind the bound
          </text>
        </g>
      )}
    </>
  );
}
