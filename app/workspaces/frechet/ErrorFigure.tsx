import * as d3 from 'd3';
import { useMemo } from 'react';
import { ChartFrame, EmptyNote } from '../../plots/ChartFrame';
import { CurrentRule, decadesWhenCrowded, fmt, tickFormat } from '../../plots/chart';
import type { LegendItem } from '../../plots/Legend';
import type { LabSettings } from '../../state/settings';
import type { FrechetJob } from '../../store';
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
  const model = useMemo(
    () => errorModel(job.rows, x, settings.errorMeasure),
    [job.rows, x, settings.errorMeasure],
  );
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
  const xs = x === 'eps' ? (props.epsGrid ?? EPS_GRID) : K_GRID;
  const xScale = (x === 'eps' ? d3.scaleLog() : d3.scaleLinear()).domain([xs[0], xs[xs.length - 1]]);
  const extent = logExtent(
    model,
    (props.current ?? []).map((c) => c.y),
  ) ?? [1e-3, 1];
  const yScale = d3.scaleLog().domain(extent);
  const currentX = x === 'eps' ? settings.eps : VIEW_K;
  const n = own?.n ?? settings.n;
  const title =
    x === 'eps'
      ? `Error vs ε (${own ? 'your data, ' : ''}n = ${n}${settings.frechetSpace === 'spd' ? `, k = ${own?.k ?? VIEW_K}` : ''})`
      : `Error vs matrix size k (ε = ${fmt(settings.eps)}, n = ${n})`;
  return (
    <ChartFrame
      title={title}
      exportName={`error-vs-${x}`}
      empty={job.rows.length === 0}
      testId={`frechet-plot-${x}`}
      footer={
        <>
          <ErrorCaption x={x} model={model} xs={xs} own={!!own} />
          <ErrorNotes model={model} x={x} />
          <ErrorExport x={x} disabled={job.rows.length === 0} />
          <ErrorTable x={x} rows={job.rows} errorMeasure={settings.errorMeasure} />
        </>
      }
      margin={{ left: 64, right: 16, top: 14, bottom: 56 }}
      legend={legendItems}
      plotHeight={(W) => Math.round(Math.min(300, Math.max(190, W * 0.5)))}
      fit="height"
      x={xScale}
      y={yScale}
      xAxis={{
        ticks: [...xs],
        format: tickFormat,
        label: x === 'eps' ? 'ε (log scale; ← more private)' : 'matrix size k',
      }}
      yAxis={{
        ticks: decadesWhenCrowded(yScale),
        format: tickFormat,
        label: `mean ${settings.errorMeasure === 'euclidean' ? 'Euclidean ' : ''}error`,
        labelOffset: 50,
      }}
    >
      {(f) => (
        <>
          <CurrentRule
            testId={`frechet-rule-${x}`}
            value={currentX}
            x={f.x(currentX)}
            top={f.top}
            bottom={f.bottom}
          />
          <ErrorSeries model={model} x={x} xScale={f.x} y={f.y} extent={extent} />
          <CurrentMarkers current={props.current ?? []} currentX={currentX} xScale={f.x} y={f.y} />
          {job.rows.length === 0 && (
            <EmptyNote frame={f} size={f.type.label}>
              {job.status === 'running' ? 'Waiting for the first results…' : 'No results'}
            </EmptyNote>
          )}
        </>
      )}
    </ChartFrame>
  );
}
