import * as d3 from 'd3';
import { useId, useMemo, useRef } from 'react';
import {
  CurrentRule,
  AxisBottom,
  AxisLeft,
  MUTED,
  PlotFigure,
  fmt,
  tickFormat,
  useElementWidth,
  useChartType,
} from '../plots/chart';
import { Legend, useLegend, type LegendItem } from '../plots/Legend';
import { usePresentingPlotHeight } from '../present/usePresentingPlotHeight';
import type { LabSettings } from '../state/settings';
import type { FrechetJob } from '../store';
import { ErrorCaption } from './ErrorCaption';
import { ErrorExport } from './ErrorExport';
import { ErrorNotes } from './ErrorNotes';
import { CurrentMarkers, ErrorSeries } from './ErrorSeries';
import { ErrorTable } from './ErrorTable';
import { errorModel, logExtent } from './errorPlotModel';
import { EPS_GRID, K_GRID, VIEW_K } from './jobs';
import { MECHANISM_STYLES } from './mechanisms';

/**
 * One error plot: each mechanism's mean error against ε (log scale) or against the matrix size k, the current
 * value marked, with its caption, notes, exports and table below.
 */
export function ErrorFigure(props: {
  x: 'eps' | 'k';
  job: FrechetJob;
  settings: LabSettings;
  /** Hollow markers: this view's releases at the current ε (error-vs-ε plot only). */
  current?: { mechanism: string; y: number }[];
  /** The user's points (n and k), when they are the data. */
  own?: { n: number; k: number } | null;
  /** The ε of the sweep (error-vs-ε plot: frechetEpsGrid, chosen from the settings). */
  epsGrid?: readonly number[];
}) {
  const { x, job, settings, own } = props;
  const titleId = useId();
  const [frameRef, width] = useElementWidth<HTMLDivElement>(420);
  const presentH = usePresentingPlotHeight();
  const svgRef = useRef<SVGSVGElement>(null);
  const model = useMemo(
    () => errorModel(job.rows, x, settings.errorMeasure),
    [job.rows, x, settings.errorMeasure],
  );
  const W = Math.max(280, width);
  const legendItems: LegendItem[] = [
    ...model.series.map((s) => {
      const m = MECHANISM_STYLES[s.mechanism];
      return {
        kind: 'series' as const,
        label: `${m.label}${s.isPrivate ? '' : ' (not private)'}`,
        color: m.colour,
        symbol: m.symbol,
      };
    }),
    ...(props.current?.length ? [{ kind: 'release' as const, label: 'ring: this view’s releases' }] : []),
    { kind: 'rule', label: x === 'eps' ? 'current ε' : `k = ${VIEW_K} (drawn)` },
  ];
  const margin = { left: 64, right: 16, bottom: 56, top: 0 };
  const legendWidth = W - margin.left - margin.right + 40;
  const type = useChartType();
  const legend = useLegend(legendItems, legendWidth);
  margin.top = legend.height + 14;
  const plotH = presentH ?? Math.round(Math.min(300, Math.max(190, W * 0.5)));
  const H = margin.top + plotH + margin.bottom;
  const xs = x === 'eps' ? (props.epsGrid ?? EPS_GRID) : K_GRID;
  const xScale = (x === 'eps' ? d3.scaleLog() : d3.scaleLinear())
    .domain([xs[0], xs[xs.length - 1]])
    .range([margin.left, W - margin.right]);
  const extent = logExtent(
    model,
    (props.current ?? []).map((c) => c.y),
  ) ?? [1e-3, 1];
  const y = d3
    .scaleLog()
    .domain(extent)
    .range([margin.top + plotH, margin.top]);
  // decades only when there are many ticks
  const allTicks = y.ticks(5);
  const decades = allTicks.filter((t) => Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9);
  const yTicks = allTicks.length > 8 && decades.length >= 2 ? decades : allTicks;
  const currentX = x === 'eps' ? settings.eps : VIEW_K;
  const n = own?.n ?? settings.n;
  const title =
    x === 'eps'
      ? `Error vs ε (${own ? 'your data, ' : ''}n = ${n}${settings.frechetSpace === 'spd' ? `, k = ${own?.k ?? VIEW_K}` : ''})`
      : `Error vs matrix size k (ε = ${fmt(settings.eps)}, n = ${n})`;
  return (
    <PlotFigure
      titleId={titleId}
      title={title}
      exportName={`error-vs-${x}`}
      empty={job.rows.length === 0}
      frameRef={frameRef}
      svgRef={svgRef}
      width={W}
      height={H}
      testId={`frechet-plot-${x}`}
      footer={
        <>
          <ErrorCaption x={x} model={model} xs={xs} own={!!own} />
          <ErrorNotes model={model} x={x} />
          <ErrorExport x={x} disabled={job.rows.length === 0} />
          <ErrorTable x={x} rows={job.rows} errorMeasure={settings.errorMeasure} />
        </>
      }
    >
      <Legend layout={legend} x={margin.left - 40} y={4} />
      <AxisBottom
        scale={xScale}
        y={margin.top + plotH}
        ticks={[...xs]}
        format={tickFormat}
        grid={margin.top}
        label={x === 'eps' ? 'ε (log scale; ← more private)' : 'matrix size k'}
      />
      <AxisLeft
        scale={y}
        x={margin.left}
        ticks={yTicks}
        format={tickFormat}
        grid={W - margin.right}
        label={`mean ${settings.errorMeasure === 'euclidean' ? 'Euclidean ' : ''}error`}
        labelOffset={50}
      />
      <CurrentRule
        testId={`frechet-rule-${x}`}
        value={currentX}
        x={xScale(currentX)}
        top={margin.top}
        bottom={margin.top + plotH}
      />
      <ErrorSeries model={model} x={x} xScale={xScale} y={y} extent={extent} />
      <CurrentMarkers current={props.current ?? []} currentX={currentX} xScale={xScale} y={y} />
      {job.rows.length === 0 && (
        <text
          x={(margin.left + W - margin.right) / 2}
          y={margin.top + plotH / 2}
          textAnchor="middle"
          fontSize={type.label}
          fill={MUTED}
          data-ui="state"
        >
          {job.status === 'running' ? 'Waiting for the first results…' : 'No results'}
        </text>
      )}
    </PlotFigure>
  );
}
