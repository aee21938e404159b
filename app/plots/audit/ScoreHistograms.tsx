/** The two histograms of the releases' scores, from D and from D′. */
import * as d3 from 'd3';
import { useMemo } from 'react';
import type { AuditResult } from '../../../src/audit';
import { ChartFrame } from '../ChartFrame';
import { fmt } from '../chart';
import type { LegendItem } from '../Legend';
import { AUDIT_FRAME, COLOR_D, COLOR_D2 } from './auditFrame';

const HISTOGRAM_LEGEND: LegendItem[] = [
  { kind: 'box', color: COLOR_D, label: 'releases from D' },
  { kind: 'box', color: COLOR_D2, label: 'releases from D′ (one record changed)' },
];

export function ScoreHistograms({ result: r }: { result: AuditResult }) {
  const { edges, countsD, countsD2 } = r.histogram;
  const { xScale, yScale } = useMemo(() => {
    const lo = edges.length ? edges[0] : 0;
    const hi = edges.length ? edges[edges.length - 1] : 1;
    return {
      xScale: d3.scaleLinear().domain([lo, hi > lo ? hi : lo + 1]),
      yScale: d3
        .scaleLinear()
        .domain([0, Math.max(1, d3.max([...countsD, ...countsD2]) ?? 1)])
        .nice(4),
    };
  }, [edges, countsD, countsD2]);
  return (
    <ChartFrame
      title="Scores of the releases from D and from D′"
      exportName="audit-histograms"
      testId="audit-histograms"
      empty={r.releases === 0}
      legend={HISTOGRAM_LEGEND}
      {...AUDIT_FRAME}
      plotHeight={(W) =>
        Math.round(Math.min(240, Math.max(170, W * 0.42))) -
        AUDIT_FRAME.margin.top -
        AUDIT_FRAME.margin.bottom
      }
      footer={
        <figcaption className="hint">
          Each release is scored by the {r.statistic} ({scoreMeaning(r)}). The more the two histograms
          overlap, the less one release tells about the changed record. {r.releases} releases per side.
        </figcaption>
      }
      x={xScale}
      y={yScale}
      xAxis={{ count: 6, label: 'score (larger: looks more like D′)', grid: false }}
      yAxis={{ ticks: yScale.ticks(4).filter(Number.isInteger), label: 'releases', labelOffset: 42 }}
    >
      {({ x, y }) => {
        const bars = (counts: number[], color: string, side: string) =>
          counts.map((c, i) =>
            c ? (
              <rect
                key={`${side}${i}`}
                x={x(edges[i]) + 0.5}
                width={Math.max(0.5, x(edges[i + 1]) - x(edges[i]) - 1)}
                y={y(c)}
                height={y(0) - y(c)}
                fill={color}
                fillOpacity={0.45}
                stroke={color}
                strokeWidth={1}
              >
                <title>{`${side}: ${fmt(edges[i])}–${fmt(edges[i + 1])}: ${c}`}</title>
              </rect>
            ) : null,
          );
        return (
          <>
            {bars(countsD, COLOR_D, 'D')}
            {bars(countsD2, COLOR_D2, 'D′')}
          </>
        );
      }}
    </ChartFrame>
  );
}

function scoreMeaning(r: AuditResult): string {
  if (r.statistic === 'distance along the line between the non-private outputs')
    return '0 at the non-private output on D, 1 at the one on D′';
  if (r.statistic === 'log-likelihood ratio') return 'log p(release | D′) − log p(release | D)';
  return 'the log density ratio of D′ to D without the normalising constants';
}
