/**
 * The plots column of the Fréchet workspace: the error of each mechanism (mean distance of its releases to the
 * true mean, ±2 SE) against ε, with the current ε marked and this view's releases as hollow markers, and — on
 * SPD — against the matrix size k at the current ε (002 Fig. 1). Rows that do not apply are listed as notes.
 * Curves fill in while the workers compute. A second tab (settings.plotTab 'sensitivity') shows 004 Fig. 1's
 * empirical sensitivity against the bound, a third ('audit') the privacy audit shared with the regression
 * workspaces (app/plots/AuditPlots.tsx).
 */
import { ErrorBoundary } from '../ErrorBoundary';
import * as d3 from 'd3';
import { Suspense, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { loadOnDemand } from '../loadOnDemand';
import { FRECHET_ROW_COLUMNS, type FrechetRow } from '../../src/experiments/frechet';
import { ExportButtons } from '../export/ExportButtons';
import { Brief } from '../help/Brief';
import { Explainers } from '../help/Explain';
import {
  CurrentRule,
  AxisBottom,
  AxisLeft,
  INK,
  JobProgress,
  MUTED,
  PlotFigure,
  fmt,
  symbolPath,
  tickFormat,
  useElementWidth,
} from '../plots/chart';
import { Legend, layoutLegend, type LegendItem } from '../plots/Legend';
import { useThrottledLab } from '../plots/useThrottledLab';
import { useLab, type FrechetJob, type LabState } from '../store';
import type { LabSettings } from '../state/settings';
import { finiteMean } from './CloudLegend';
import { errorModel, logExtent, type ErrorModel } from './errorPlotModel';
import { FrechetSensitivityPlot } from './FrechetSensitivityPlot';
import {
  EPS_GRID,
  K_GRID,
  K_SWEEP_REPS,
  SLOW_MECHANISMS,
  SWEEP_REPS,
  VIEW_K,
  epsSweepSpecs,
  frechetEpsGrid,
  kSweepSpecs,
  ownData,
} from './jobs';
import { MECHANISM_STYLES } from './mechanisms';
import { useViewClouds } from './useFrechet';
import '../plots/plots.css';
import { usePresentingPlotHeight } from '../present/usePresentingPlotHeight';

const selectEps = (s: LabState) => s.frechetEps;
const selectK = (s: LabState) => s.frechetK;

/** CSV rows: notes joined into one field. */
const csvRows = (rows: readonly FrechetRow[]) =>
  rows.map((r) => ({ ...r, notes: r.notes.join('; ') })) as unknown as Record<string, unknown>[];

function Notes({ model, x }: { model: ErrorModel; x: 'eps' | 'k' }) {
  if (!model.notes.length && !model.series.some((s) => !s.isPrivate)) return null;
  return (
    <ul className="plot-notes" aria-label="Notes on this plot" data-testid={`frechet-notes-${x}`}>
      {model.notes.map((n) => (
        <li key={`${n.mechanism}|${n.reason}`} data-mechanism={n.mechanism}>
          <strong>{MECHANISM_STYLES[n.mechanism].label}</strong> not shown at {x === 'eps' ? 'ε' : 'k'} ={' '}
          {n.xs.map((v) => tickFormat(v)).join(', ')}: {n.reason}
        </li>
      ))}
      {model.series
        .filter((s) => !s.isPrivate)
        .map((s) => (
          <li key={`np-${s.mechanism}`} className="note-warn">
            <strong className="badge-warn">not private</strong> {MECHANISM_STYLES[s.mechanism].label}:{' '}
            {s.points[0]?.row.notes.find((n) => /privat/i.test(n)) ?? 'its noise is calibrated on the data'}
          </li>
        ))}
    </ul>
  );
}

function ErrorFigure(props: {
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
  margin.top = layoutLegend(legendItems, legendWidth).height + 14;
  const plotH = presentH ?? Math.round(Math.min(300, Math.max(190, W * 0.5)));
  const H = margin.top + plotH + margin.bottom;
  const xs = x === 'eps' ? (props.epsGrid ?? EPS_GRID) : K_GRID;
  const epsLow = xs[0];
  const epsHigh = xs[xs.length - 1];
  const reference = epsLow === EPS_GRID[0] && epsHigh === EPS_GRID[EPS_GRID.length - 1];
  // said only when the curves show it: on S², a curve that hardly falls over the grid's first step
  const flatStart =
    x === 'eps' &&
    settings.frechetSpace === 'sphere' &&
    model.series.some((c) => c.points.length > 1 && c.points[0].y < 1.3 * c.points[1].y);
  // and the curves that stop falling at the right (1/ε would shrink them by the last step's ratio of ε)
  const flatEnd =
    x === 'eps'
      ? model.series
          .filter((c) => {
            const [a, b] = c.points.slice(-2);
            return a && b && b.y > 0.75 * a.y;
          })
          .map((c) => MECHANISM_STYLES[c.mechanism].label)
      : [];
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
  const line = d3
    .line<{ x: number; y: number }>()
    .x((p) => xScale(p.x))
    .y((p) => y(p.y));
  const currentX = x === 'eps' ? settings.eps : VIEW_K;
  const n = own?.n ?? settings.n;
  const measure =
    settings.errorMeasure === 'euclidean'
      ? 'Euclidean distance (R³ / Frobenius)'
      : 'distance (geodesic; Euclidean for ambient, extrinsic)';
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
          {x === 'eps' ? (
            <Brief
              as="figcaption"
              className="plot-caption"
              short={
                <>
                  <strong>Smaller ε (left) is more private</strong> and costs accuracy: every curve falls as ε
                  grows, roughly like 1/ε
                  {flatStart && ', after a flat start where the noise covers the sphere'}
                  {flatEnd.length > 0 && ` — but ${flatEnd.join(' and ')} level off at the largest ε`}.{' '}
                  <span data-testid="frechet-eps-range">
                    ε axis {tickFormat(epsLow)} … {tickFormat(epsHigh)}
                    {reference ? ' (the default r and n)' : ''}.
                  </span>
                </>
              }
              more={
                <>
                  {reference
                    ? ''
                    : 'The axis moves with the noise scale σ ∝ Δ/ε: Δ grows with r and falls with n, ×2 for the strict σ rule. '}
                  Each point: mean distance of {SWEEP_REPS} releases{' '}
                  {own ? 'of your data’s mean (only the noise differs)' : '(each from a fresh data set)'} to
                  their true mean, ±2 standard errors
                  {settings.mechanisms.includes('conformal') &&
                    ` (Conformal-DP: ${SLOW_MECHANISMS.conformal?.reps}, it is slow)`}
                  ; error = {measure}. Gaussian mechanisms also pay for δ.
                </>
              }
            />
          ) : (
            <Brief
              as="figcaption"
              className="plot-caption"
              short={
                <>
                  002’s Fig. 1: the same error at the current ε for k×k matrices, k = 2 … 30.{' '}
                  <strong>Look for:</strong> the Riemannian Laplace error grows about like its dimension d
                  while the tangent Gaussian’s grows like √d, so the Gaussian wins for large k.
                </>
              }
              more={
                <>
                  Dimension d = k(k+1)/2; {K_SWEEP_REPS} releases each; error = {measure}.
                </>
              }
            />
          )}
          <Notes model={model} x={x} />
          <ExportButtons
            what={x === 'eps' ? 'Fréchet error vs ε' : 'Fréchet error vs k'}
            name={`error-vs-${x}`}
            disabled={job.rows.length === 0}
            csv={() => ({
              rows: csvRows(useLab.getState()[x === 'eps' ? 'frechetEps' : 'frechetK'].rows),
              columns: FRECHET_ROW_COLUMNS as readonly string[],
            })}
            json={() => {
              const st = useLab.getState();
              return {
                specs: (x === 'eps' ? epsSweepSpecs : kSweepSpecs)(st.settings, st.imported.frechet),
                status: st[x === 'eps' ? 'frechetEps' : 'frechetK'].status,
                rows: st[x === 'eps' ? 'frechetEps' : 'frechetK'].rows,
              };
            }}
          />
          <details className="frechet-table">
            <summary>The numbers behind this plot</summary>
            <table>
              <thead>
                <tr>
                  <th scope="col">mechanism</th>
                  <th scope="col">{x === 'eps' ? 'ε' : 'k'}</th>
                  <th scope="col">mean error</th>
                  <th scope="col">σ</th>
                  <th scope="col">ms / release</th>
                </tr>
              </thead>
              <tbody>
                {job.rows.map((r, i) => (
                  <tr key={i}>
                    <td>{r.mechanism}</td>
                    <td>{fmt(r[x])}</td>
                    <td>
                      {r.applicable
                        ? fmt(settings.errorMeasure === 'euclidean' ? r.meanEuclideanDist : r.meanDist)
                        : 'not applicable'}
                    </td>
                    <td>{fmt(r.sigma)}</td>
                    <td>{fmt(1000 * r.secondsPerRelease)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      }
    >
      <Legend items={legendItems} width={legendWidth} x={margin.left - 40} y={4} />
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
      {model.series.map((s) => {
        const m = MECHANISM_STYLES[s.mechanism];
        const d = symbolPath(m.symbol, 64);
        return (
          <g key={s.mechanism} data-mechanism={s.mechanism} className="frechet-series">
            {s.points.map((p) =>
              p.lo > 0 && Number.isFinite(p.hi) ? (
                <line
                  key={`e${p.x}`}
                  x1={xScale(p.x)}
                  x2={xScale(p.x)}
                  y1={y(Math.max(p.lo, extent[0]))}
                  y2={y(Math.min(p.hi, extent[1]))}
                  stroke={m.colour}
                  strokeWidth={1.4}
                  opacity={0.6}
                />
              ) : null,
            )}
            {s.points.length > 1 && (
              <path
                d={line(s.points) ?? ''}
                fill="none"
                stroke={m.colour}
                strokeWidth={2.2}
                strokeDasharray={s.isPrivate ? undefined : '5 4'}
              />
            )}
            {s.points.map((p) => (
              <path
                key={p.x}
                d={d}
                transform={`translate(${xScale(p.x)},${y(p.y)})`}
                fill={m.colour}
                stroke="#ffffff"
                strokeWidth={1}
              >
                <title>{`${m.label}, ${x === 'eps' ? 'ε' : 'k'} = ${fmt(p.x)}: mean error ${fmt(p.y)} (σ = ${fmt(p.row.sigma)}, ${p.row.reps} releases)`}</title>
              </path>
            ))}
          </g>
        );
      })}
      {(props.current ?? []).map((c) => {
        const m = MECHANISM_STYLES[c.mechanism as keyof typeof MECHANISM_STYLES];
        return (
          <g
            key={`cur-${c.mechanism}`}
            className="frechet-current"
            data-mechanism={c.mechanism}
            data-value={c.y}
            transform={`translate(${xScale(currentX)},${y(c.y)})`}
          >
            <title>{`${m.label}: this view's releases at ε = ${fmt(currentX)}, mean error ${fmt(c.y)}`}</title>
            <circle r={7.5} fill="#ffffff" stroke={INK} strokeWidth={2} />
            <path d={symbolPath(m.symbol, 34)} fill={m.colour} />
          </g>
        );
      })}
      {job.rows.length === 0 && (
        <text
          x={(margin.left + W - margin.right) / 2}
          y={margin.top + plotH / 2}
          textAnchor="middle"
          fontSize={14}
          fill={MUTED}
        >
          {job.status === 'running' ? 'Waiting for the first results…' : 'No results'}
        </text>
      )}
    </PlotFigure>
  );
}

const TABS = [
  { id: 'mse', label: 'Error vs ε', title: 'Error against the privacy budget' },
  { id: 'sensitivity', label: 'Sensitivity (004)', title: 'Is the sensitivity bound valid? (004 Fig. 1)' },
  { id: 'audit', label: 'Audit', title: 'Privacy audit: can an attacker tell?' },
] as const;
type FrechetTab = (typeof TABS)[number]['id'];

/** The audit (shared with the regression workspaces) loads with its own script when first opened. */
const AuditTab = loadOnDemand(() => import('../plots/AuditPlots'), 'AuditTab');

export function FrechetPlots() {
  const tab = useLab((s): FrechetTab =>
    s.settings.plotTab === 'sensitivity' || s.settings.plotTab === 'audit' ? s.settings.plotTab : 'mse',
  );
  const set = useLab((s) => s.set);
  const onKey = (e: KeyboardEvent) => {
    if (!['ArrowRight', 'ArrowLeft', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const i = TABS.findIndex((t) => t.id === tab);
    const j =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? TABS.length - 1
          : (i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    const next = TABS[j].id;
    set({ plotTab: next });
    document.getElementById(`frechet-tab-${next}`)?.focus();
  };
  const current = TABS.find((t) => t.id === tab)!;
  return (
    <section className="plots" aria-label="Plots">
      <section className="plots-card">
        <div className="plot-tabs" role="tablist" aria-label="Plots" onKeyDown={onKey}>
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`frechet-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls="frechet-tabpanel"
              tabIndex={tab === t.id ? 0 : -1}
              className={tab === t.id ? 'active' : ''}
              onClick={() => set({ plotTab: t.id })}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div
          id="frechet-tabpanel"
          role="tabpanel"
          aria-labelledby={`frechet-tab-${tab}`}
          className="plot-tabpanel"
        >
          <h2>{current.title}</h2>
          {tab === 'mse' ? (
            <ErrorPlots />
          ) : tab === 'sensitivity' ? (
            <ErrorBoundary name="the sensitivity plot (004)">
              <FrechetSensitivityPlot />
            </ErrorBoundary>
          ) : (
            <ErrorBoundary key="audit" name="the audit plots">
              <Suspense fallback={<p role="status">Loading the Audit plots…</p>}>
                <AuditTab />
              </Suspense>
            </ErrorBoundary>
          )}
          <Explainers
            topics={
              tab === 'mse'
                ? ['riemannianLaplace', 'tangentGaussian', 'ambientBaseline', 'conformalDp']
                : tab === 'sensitivity'
                  ? ['frechetSensitivity', 'sensitivity']
                  : ['privacy', 'riemannianLaplace']
            }
          />
        </div>
      </section>
    </section>
  );
}

function ErrorPlots() {
  const settings = useLab((s) => s.settings);
  const set = useLab((s) => s.set);
  const imported = useLab((s) => s.imported.frechet);
  const own = ownData(settings, imported);
  const epsGrid = useMemo(() => frechetEpsGrid(settings, imported), [settings, imported]);
  const eps = useThrottledLab(selectEps, 250);
  const k = useThrottledLab(selectK, 250);
  const clouds = useViewClouds();
  const current = clouds
    .filter((c) => c.applicable)
    .map((c) => ({
      mechanism: c.mechanism,
      y: finiteMean(settings.errorMeasure === 'euclidean' ? c.euclideanDists : c.dists),
    }))
    .filter((c) => c.y > 0);
  return (
    <>
      <div className="field field-inline">
        <label htmlFor="frechet-error-measure">error measured as</label>
        <select
          id="frechet-error-measure"
          value={settings.errorMeasure}
          data-testid="frechet-error-measure"
          onChange={(e) => set({ errorMeasure: e.target.value as LabSettings['errorMeasure'] })}
        >
          <option value="own">each mechanism’s own distance</option>
          <option value="euclidean">Euclidean distance for all (004)</option>
        </select>
      </div>
      <JobProgress
        label="Error-vs-ε sweep progress"
        status={eps.status}
        done={eps.done}
        total={eps.total}
        error={eps.error}
      />
      <ErrorBoundary name="the error-vs-ε plot">
        <ErrorFigure
          x="eps"
          job={eps}
          settings={settings}
          current={current}
          own={own && { n: own.points.length, k: own.k }}
          epsGrid={epsGrid}
        />
      </ErrorBoundary>
      {settings.frechetSpace === 'spd' && own && (
        <p className="hint" data-testid="frechet-k-note">
          The error-vs-k plot (002 Fig. 1) makes synthetic data of every size k, so it is not drawn for your
          own {own.k}×{own.k} matrices; go back to synthetic data to see it.
        </p>
      )}
      {settings.frechetSpace === 'spd' && !own && (
        <>
          <JobProgress
            label="Error-vs-k sweep progress"
            status={k.status}
            done={k.done}
            total={k.total}
            error={k.error}
          />
          <ErrorBoundary name="the error-vs-k plot">
            <ErrorFigure x="k" job={k} settings={settings} />
          </ErrorBoundary>
        </>
      )}
    </>
  );
}
