/**
 * Paper 001's histograms (n = 20, ε_p = ε_v = 1, 200 private draws): how far the private footpoint lands
 * from the non-private one, the angle between the private shooting vector and the transported non-private
 * one, and each draw's mean absolute error on the data.
 */
import * as d3 from 'd3';
import { useMemo } from 'react';
import type { HistogramCell } from '../../src/experiments';
import {
  HISTOGRAM_DEFAULTS,
  analysisKey,
  cancelAnalysis,
  runAnalysis,
  useAnalysisRuns,
} from '../compute/analysis';
import { ExportButtons } from '../export/ExportButtons';
import { WORKSPACES, useLab } from '../store';
import type { WorkspaceId } from '../state/settings';
import { ChartFrame, EmptyNote } from './ChartFrame';
import { HALO, INK, JobProgress, OKABE_ITO, distanceUnit, fmt } from './chart';
import { summarize } from './stats';

interface HistSpec {
  key: keyof HistogramCell;
  title: string;
  xLabel: (w: WorkspaceId) => string;
  color: string;
  explain: string;
  /** Fixed domain (the angle lives in [0, π]). */
  domain?: [number, number];
}

const HISTOGRAM_MARGIN = { left: 56, right: 16, top: 12, bottom: 52 };

const HISTS: HistSpec[] = [
  {
    key: 'footpointDistance',
    title: 'Footpoint distance d(p̂, p̃)',
    xLabel: (w) => `d(p̂, p̃) (${distanceUnit(w)})`,
    color: OKABE_ITO.blue,
    explain: 'How far the private footpoint p̃ lands from the non-private one p̂ (geodesic distance).',
  },
  {
    key: 'angle',
    title: 'Angle between v̂ and ṽ',
    xLabel: () => 'angle (radians; 0 = same direction)',
    color: OKABE_ITO.vermillion,
    explain:
      'The non-private shooting vector v̂ is carried to p̃ by parallel transport and compared with the private ṽ: 0 means the same direction, π the opposite.',
  },
  {
    key: 'mae',
    title: 'Mean absolute error of each draw',
    xLabel: (w) => `(1/n) Σ d(Exp(p̃, xᵢṽ), yᵢ) (${distanceUnit(w)})`,
    color: OKABE_ITO.green,
    explain:
      'How well each private fit (p̃, ṽ) predicts the data: the mean geodesic distance from its predictions to the responses (not squared).',
  },
];

export function HistogramsTab() {
  const job = useLab((s) => s.histograms);
  const settings = useLab((s) => s.settings);
  const hasImport = useLab((s) => s.imported[s.settings.workspace] !== undefined);
  const run = useAnalysisRuns((s) => s.histograms);
  const key = analysisKey('histograms', settings);
  const stale = run !== null && run.key !== key;
  const cells = useMemo(() => job.cells.filter((c): c is HistogramCell => c !== undefined), [job.cells]);
  const running = job.status === 'running';
  const label = WORKSPACES.find((w) => w.id === settings.workspace)?.label ?? settings.workspace;
  const { n, epsP, epsV, draws } = HISTOGRAM_DEFAULTS;
  return (
    <div className="plot-tab-body">
      <p className="plot-caption">
        Paper 001 looks at single private releases rather than averages: {draws} private fits of one synthetic
        data set (n = {n}, ε<sub>p</sub> = {epsP}, ε<sub>v</sub> = {epsV}) with the current sampler settings.{' '}
        <strong>Look for:</strong> how tightly the private footpoints gather around the non-private one,
        whether the private directions agree with it (small angles), and how the errors spread — a long tail
        or a second bump shows what privacy occasionally costs.
      </p>
      <div className="plot-actions">
        <button
          type="button"
          className="primary"
          onClick={() => runAnalysis('histograms')}
          disabled={running && !stale}
        >
          {cells.length && !stale ? 'Re-run histograms' : 'Run histograms (001)'}
        </button>
        {running && (
          <button type="button" onClick={() => cancelAnalysis('histograms')}>
            Stop
          </button>
        )}
        <span className="hint">
          {label}, noise {settings.noise}, seed {settings.seed}
          {hasImport ? ' — synthetic data (not your imported file)' : ''}
        </span>
      </div>
      <JobProgress
        label="Histogram progress"
        status={job.status}
        done={job.done}
        total={job.total}
        error={job.error}
        unit="draws"
      />
      {stale && (
        <p className="plot-warning" role="note">
          These histograms were computed for other settings ({run.settings.workspace}, seed{' '}
          {run.settings.seed}
          ). Run again to update.
        </p>
      )}
      {HISTS.map((h) => (
        <Histogram
          key={h.key}
          spec={h}
          values={cells.map((c) => c[h.key])}
          workspace={run?.settings.workspace ?? settings.workspace}
        />
      ))}
      <ExportButtons
        what="001 histograms"
        name="histograms"
        disabled={cells.length === 0}
        csv={() => ({
          rows: cells.map((c, i) => ({ draw: i, ...c })),
          columns: ['draw', 'footpointDistance', 'angle', 'mae'],
        })}
        json={() => ({
          spec: useAnalysisRuns.getState().histograms?.spec ?? null,
          status: job.status,
          summaries: Object.fromEntries(HISTS.map((h) => [h.key, summarize(cells.map((c) => c[h.key]))])),
          draws: cells,
        })}
      />
    </div>
  );
}

function Histogram(props: { spec: HistSpec; values: number[]; workspace: WorkspaceId }) {
  const { spec } = props;
  const finite = props.values.filter(Number.isFinite);
  const skipped = props.values.length - finite.length;
  const s = summarize(finite);
  const { bins, xScale, yScale } = useMemo(() => {
    const ext = spec.domain ?? (finite.length ? (d3.extent(finite) as [number, number]) : [0, 1]);
    const lo = Math.min(0, ext[0]);
    const hi = ext[1] > lo ? ext[1] : lo + 1;
    const xScale = d3.scaleLinear().domain([lo, hi]).nice(20);
    const bins = d3
      .bin()
      .domain(xScale.domain() as [number, number])
      .thresholds(xScale.ticks(20))(finite);
    const yScale = d3
      .scaleLinear()
      .domain([0, Math.max(1, d3.max(bins, (b) => b.length) ?? 1)])
      .nice(4);
    return { bins, xScale, yScale };
    // finite is derived from values
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.values, spec.domain]);
  return (
    <ChartFrame
      title={spec.title}
      exportName={`histogram-${spec.key}`}
      empty={!finite.length}
      testId={`histogram-${spec.key}`}
      footer={
        <>
          <figcaption className="hint">
            {spec.explain}
            {finite.length > 0 && (
              <>
                {' '}
                {s.n} draws: median {fmt(s.median)}, mean {fmt(s.mean)}, sd {fmt(s.sd)}, 95% below{' '}
                {fmt(s.p95)}.
              </>
            )}
            {skipped > 0 && ` ${skipped} non-finite values are not shown.`}
          </figcaption>
        </>
      }
      margin={HISTOGRAM_MARGIN}
      legend={[]}
      plotHeight={(W) =>
        Math.round(Math.min(220, Math.max(160, W * 0.4))) - HISTOGRAM_MARGIN.top - HISTOGRAM_MARGIN.bottom
      }
      x={xScale}
      y={yScale}
      xAxis={{ count: 6, label: spec.xLabel(props.workspace), grid: false }}
      yAxis={{ ticks: yScale.ticks(4).filter(Number.isInteger), label: 'count', labelOffset: 40 }}
    >
      {(f) => {
        const { x, y } = f;
        return (
          <>
            {bins.map((b, i) =>
              b.length ? (
                <rect
                  key={i}
                  className="hist-bar"
                  x={x(b.x0!) + 0.5}
                  width={Math.max(0, x(b.x1!) - x(b.x0!) - 1)}
                  y={y(b.length)}
                  height={y(0) - y(b.length)}
                  fill={spec.color}
                  fillOpacity={0.75}
                >
                  <title>{`${fmt(b.x0)}–${fmt(b.x1)}: ${b.length}`}</title>
                </rect>
              ) : null,
            )}
            {Number.isFinite(s.mean) && (
              <g>
                <line
                  x1={x(s.mean)}
                  x2={x(s.mean)}
                  y1={f.top}
                  y2={f.bottom}
                  stroke={INK}
                  strokeWidth={2}
                  strokeDasharray="5 3"
                />
                <text
                  x={x(s.mean) + (x(s.mean) > f.W * 0.7 ? -5 : 5)}
                  y={f.top + 12}
                  textAnchor={x(s.mean) > f.W * 0.7 ? 'end' : 'start'}
                  fontSize={f.type.note}
                  fill={INK}
                  {...HALO}
                >
                  mean {fmt(s.mean)}
                </text>
              </g>
            )}
            {!finite.length && (
              <EmptyNote frame={f} size={f.type.label}>
                Run to see the {props.values.length ? 'values' : 'histogram'}
              </EmptyNote>
            )}
          </>
        );
      }}
    </ChartFrame>
  );
}
