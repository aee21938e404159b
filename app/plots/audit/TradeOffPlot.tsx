/**
 * The trade-off curve: every threshold test's false alarms α against its misses β, with the region no test
 * can enter if the claimed (ε, δ) holds and, where known, the best possible tests.
 */
import * as d3 from 'd3';
import type { AuditResult } from '../../../src/audit';
import { boundaryCorners } from '../../audit/model';
import { ChartFrame } from '../ChartFrame';
import { HALO, INK, MUTED, OKABE_ITO, fmt, textWidth } from '../chart';
import type { LegendItem } from '../Legend';
import { AUDIT_FRAME, COLOR_D2 } from './auditFrame';
import { epsText } from './format';

const NOTE = 'test behind the bound';

export function TradeOffPlot({ result: r }: { result: AuditResult }) {
  const finite = Number.isFinite(r.claimedEpsilon);
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
  const unit = d3.scaleLinear().domain([0, 1]);
  const corners = boundaryCorners(r.claimedEpsilon, r.delta);
  const empirical = r.tradeOff.alpha.map((alpha, i) => ({ alpha, beta: r.tradeOff.beta[i] }));
  const exact = r.exactTradeOff?.alpha.map((alpha, i) => ({ alpha, beta: r.exactTradeOff!.beta[i] }));
  const chosen = r.bound.test && Number.isFinite(r.bound.alpha) ? r.bound : null;
  const lineOf = (f: { x: typeof unit; y: typeof unit }) =>
    d3
      .line<{ alpha: number; beta: number }>()
      .x((p) => f.x(p.alpha))
      .y((p) => f.y(p.beta));
  return (
    <ChartFrame
      title="Trade-off: false alarms α against misses β"
      exportName="audit-tradeoff"
      testId="audit-tradeoff"
      empty={r.releases === 0}
      legend={legendItems}
      {...AUDIT_FRAME}
      maxWidth={560}
      // a square plot area; presenting, as large as the slide leaves room for
      fit="square"
      plotHeight={(W) => W - AUDIT_FRAME.margin.left - AUDIT_FRAME.margin.right}
      footer={
        <figcaption className="hint">
          Each point is one test “say D′ when the score is above t”. The closer the curve comes to the corner
          (0, 0), the better the attacker.{' '}
          {finite
            ? `If the claimed ε = ${epsText(r.claimedEpsilon)}${r.delta > 0 ? ` (δ = ${fmt(r.delta)})` : ''} holds, no test can beat this curve: none enters the grey region. A measured curve inside it is a leak (up to sampling noise, which the 95% bound accounts for).`
            : 'A non-private release claims nothing, so there is no region to stay out of.'}
        </figcaption>
      }
      x={unit}
      y={unit}
      xAxis={{ count: 5, label: 'α (false alarms)', grid: false }}
      yAxis={{ count: 5, label: 'β (misses)', labelOffset: 42 }}
      under={(f) =>
        corners.length > 0 && (
          <path
            d={`${lineOf(f)(corners)}L${f.x(0)},${f.y(0)}Z`}
            fill="#e9ecef"
            stroke="none"
            data-testid="audit-region"
          />
        )
      }
    >
      {(f) => {
        const line = lineOf(f);
        return (
          <>
            {corners.length > 0 && (
              <path d={line(corners) ?? ''} fill="none" stroke={MUTED} strokeWidth={1.8} />
            )}
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
                  cx={f.x(chosen.alpha)}
                  cy={f.y(chosen.beta)}
                  r={5}
                  fill="#ffffff"
                  stroke={INK}
                  strokeWidth={2}
                />
                <text
                  // beside the point, moved left as far as it must to stay inside the plot area
                  x={Math.max(
                    f.left,
                    Math.min(f.x(chosen.alpha) + 8, f.right - textWidth(NOTE, f.type.note)),
                  )}
                  // above the point, or below it where the text would reach up into the legend
                  y={
                    f.y(chosen.beta) - 8 - f.type.note < f.top
                      ? f.y(chosen.beta) + 8 + f.type.note
                      : f.y(chosen.beta) - 8
                  }
                  fontSize={f.type.note}
                  fill={INK}
                  {...HALO}
                >
                  {NOTE}
                </text>
              </g>
            )}
          </>
        );
      }}
    </ChartFrame>
  );
}
