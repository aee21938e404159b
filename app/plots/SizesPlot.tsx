/**
 * Where privacy starts to pay: ln MSE against the data size n at the current total ε, for the release private for
 * any data (mean and median), paper 000's KNG with its data-driven τ, and the non-private fit. On demand: a button
 * runs the `sizes` analysis.
 */
import * as d3 from 'd3';
import { useMemo } from 'react';
import { aggregateSizes, type SizesCell } from '../../src/experiments/sizesRows';
import { analysisKey, SIZES_NS, useAnalysisRuns } from '../compute/analysis';
import { AnalysisControls } from './AnalysisControls';
import { ExportButtons } from '../export/ExportButtons';
import { useLab } from '../store';
import { ChartFrame } from './ChartFrame';
import { INK, OKABE_ITO, fmt, squaredUnit, symbolPath } from './chart';
import type { LegendItem } from './Legend';
import { sizesSeries, sizesVerdict, type SizesSeries } from './sizesModel';

const STYLE: Record<SizesSeries['id'], { color: string; symbol: d3.SymbolType; dash?: string }> = {
  'joint-mean': { color: OKABE_ITO.green, symbol: d3.symbolCircle },
  'joint-median': { color: OKABE_ITO.green, symbol: d3.symbolTriangle, dash: '5 4' },
  paper: { color: OKABE_ITO.vermillion, symbol: d3.symbolSquare },
  nonprivate: { color: INK, symbol: d3.symbolDiamond, dash: '6 4' },
};

export function SizesSection() {
  const settings = useLab((s) => s.settings);
  const job = useLab((s) => s.sizes);
  const run = useAnalysisRuns((s) => s.sizes);
  const key = analysisKey('sizes', settings);
  const stale = run !== null && run.key !== key;
  const cells = useMemo(() => job.cells.filter((c): c is SizesCell => c !== undefined), [job.cells]);
  const rows = useMemo(() => aggregateSizes(cells), [cells]);
  const eps = run?.spec.eps ?? settings.eps;
  const verdict = sizesVerdict(rows);
  return (
    <section className="sizes-section" aria-labelledby="sizes-heading">
      <h3 id="sizes-heading">Where privacy starts to pay</h3>
      <p className="plot-caption">
        How large must the data be before a release that is private for <em>any</em> data is worth showing? At
        the total budget ε = {fmt(eps)} (equal split), this compares it with paper 000&apos;s KNG, whose τ
        comes from the data (it leaks), and with the non-private fit, for n = {SIZES_NS.join(', ')}.
      </p>
      <AnalysisControls
        kind="sizes"
        runLabel="Compute error against n"
        rerunLabel="Re-run error against n"
        progressLabel="Error against n progress"
        staleText={
          stale
            ? `These results are for ε = ${fmt(run.spec.eps)}, seed ${run.spec.seed}; the settings have changed since. Re-run to update.`
            : null
        }
      />
      {rows.length > 0 && <SizesFigure series={sizesSeries(rows)} />}
      {verdict && (
        <p className="plot-caption" data-testid="sizes-verdict">
          <strong>Read it:</strong> {verdict}
        </p>
      )}
      {rows.length > 0 && (
        <ExportButtons
          what="error against n"
          name="error-vs-n"
          csv={() => ({
            columns: ['n', 'mechanism', 'lnMeanMse', 'lnMedianMse', 'draws'],
            rows: rows as unknown as Record<string, unknown>[],
            notes: run
              ? [`total ε ${run.spec.eps} (equal split), seed ${run.spec.seed}, noise ${run.spec.noise}`]
              : [],
          })}
          json={() => ({ spec: run?.spec ?? null, rows })}
        />
      )}
    </section>
  );
}

function SizesFigure({ series }: { series: SizesSeries[] }) {
  const workspace = useLab((s) => s.settings.workspace);
  const items: LegendItem[] = series.map((s) => ({
    kind: 'series',
    label: s.label,
    color: STYLE[s.id].color,
    symbol: STYLE[s.id].symbol,
    dash: STYLE[s.id].dash,
  }));
  const all = series.flatMap((s) => s.points);
  const [lo, hi] = d3.extent(all, (p) => p.y) as [number, number];
  return (
    <ChartFrame
      title="ln MSE against n"
      exportName="error-vs-n"
      empty={all.length === 0}
      testId="sizes-plot"
      minWidth={0}
      margin={{ top: 16, right: 16, bottom: 52, left: 62 }}
      legend={items}
      legendWidth={(W) => W - 20}
      legendAt={() => ({ x: 10, y: 4 })}
      plotHeight={() => 240}
      // presenting mode fits the plot to the room left on the slide
      fit="height"
      x={d3.scaleLog().domain([SIZES_NS[0], SIZES_NS[SIZES_NS.length - 1]])}
      y={d3
        .scaleLinear()
        .domain([Math.floor(lo ?? -7), Math.ceil(hi ?? 1)])
        .nice()}
      xAxis={{ ticks: [...SIZES_NS], label: 'n (data points)' }}
      yAxis={{ label: `ln MSE (${squaredUnit(workspace)})` }}
    >
      {({ x, y }) =>
        series.map((s) => {
          const st = STYLE[s.id];
          const line = d3
            .line<{ n: number; y: number }>()
            .x((p) => x(p.n))
            .y((p) => y(p.y));
          return (
            <g key={s.id} data-series={s.id}>
              <path
                d={line(s.points) ?? ''}
                fill="none"
                stroke={st.color}
                strokeWidth={2}
                strokeDasharray={st.dash}
              />
              {s.points.map((p) => (
                <path
                  key={p.n}
                  d={symbolPath(st.symbol, 56)}
                  transform={`translate(${x(p.n)},${y(p.y)})`}
                  fill={st.color}
                  stroke="#ffffff"
                  data-n={p.n}
                  data-y={p.y}
                />
              ))}
            </g>
          );
        })
      }
    </ChartFrame>
  );
}
