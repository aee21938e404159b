/**
 * Validity of the sensitivity bounds (000 App. G, Fig. 9/10): for adjacent data sets D, D' (one point
 * swapped), r = Δ^thy / Δ^exp compares the theoretical sensitivity with the observed change of the gradient.
 * Box plots of r_p and r_v per n on a log scale, the line r = 1, and a verdict whether every r ≥ 1.
 */
import * as d3 from 'd3';
import { useEffect, useId, useMemo } from 'react';
import type { SensitivityCell } from '../../src/experiments';
import {
  SENSITIVITY_NS,
  SENSITIVITY_PAIRS,
  analysisKey,
  cancelAnalysis,
  runAnalysis,
  useAnalysisRuns,
} from '../compute/analysis';
import { ExportButtons } from '../export/ExportButtons';
import { WORKSPACES, useLab } from '../store';
import { ChartFrame, EmptyNote } from './ChartFrame';
import { HALO, INK, JobProgress, MUTED, OKABE_ITO, Sub, fmt, useChartType } from './chart';
import type { LegendItem } from './Legend';
import { boxStats, jitter } from './stats';

const COLUMNS = [
  'n',
  'pair',
  'tau',
  'tauM',
  'deltaExpP',
  'deltaThyP',
  'ratioP',
  'deltaExpV',
  'deltaThyV',
  'ratioV',
];

export function SensitivityTab() {
  const job = useLab((s) => s.sensitivity);
  const settings = useLab((s) => s.settings);
  const run = useAnalysisRuns((s) => s.sensitivity);
  const key = analysisKey('sensitivity', settings);
  const stale = run !== null && run.key !== key;
  const cells = useMemo(() => job.cells.filter((c): c is SensitivityCell => c !== undefined), [job.cells]);
  const fromPreset = settings.figure === 'fig9' || settings.figure === 'fig10';

  // Opened through the Fig. 9/10 preset: run at once (once per settings).
  useEffect(() => {
    if (!fromPreset) return;
    const current = useAnalysisRuns.getState().sensitivity;
    if (current?.key === key) return;
    runAnalysis('sensitivity');
  }, [fromPreset, key]);

  const ratios = cells.flatMap((c) => [c.ratioP, c.ratioV]);
  const finite = ratios.filter(Number.isFinite);
  const below = finite.filter((r) => r < 1);
  const minRatio = finite.length ? Math.min(...finite) : NaN;
  const workspaceLabel = (w: string) => WORKSPACES.find((x) => x.id === w)?.label ?? w;
  const running = job.status === 'running';

  return (
    <div className="plot-tab-body">
      <p className="plot-caption">
        The noise is scaled to the <strong>sensitivity</strong> Δ: the most that one person&apos;s data can
        move the gradient ∇E of the regression energy. For {SENSITIVITY_PAIRS} pairs of data sets that differ
        in one point, r = Δ<sup>thy</sup>/Δ<sup>exp</sup> compares the paper&apos;s bound with the change
        actually observed, for the footpoint (r<sub>p</sub>) and the shooting vector (r<sub>v</sub>).{' '}
        <strong>Every r must be ≥ 1</strong> for the privacy guarantee to rest on a valid bound; a large r
        means the bound is loose (more noise than needed).
      </p>
      <div className="plot-actions">
        <button
          type="button"
          className="primary"
          onClick={() => runAnalysis('sensitivity')}
          disabled={running && !stale}
        >
          {cells.length && !stale ? 'Re-run sensitivity check' : 'Run sensitivity check'}
        </button>
        {running && (
          <button type="button" onClick={() => cancelAnalysis('sensitivity')}>
            Stop
          </button>
        )}
        <span className="hint">
          {SENSITIVITY_PAIRS} adjacent pairs for each n ∈ {'{'}
          {SENSITIVITY_NS.join(', ')}
          {'}'} on {workspaceLabel(settings.workspace)}, seed {settings.seed}
        </span>
      </div>
      <JobProgress
        label="Sensitivity check progress"
        status={job.status}
        done={job.done}
        total={job.total}
        error={job.error}
        unit="pairs"
      />
      {stale && (
        <p className="plot-warning" role="note">
          These results are for {workspaceLabel(run.settings.workspace)} (seed {run.settings.seed}, noise{' '}
          {run.settings.noise}); the settings have changed since. Run the check again to update.
        </p>
      )}
      {finite.length > 0 && (
        <p
          className={below.length ? 'verdict verdict-bad' : 'verdict verdict-good'}
          data-testid="sensitivity-verdict"
          role="status"
        >
          {below.length === 0 ? (
            <>
              ✓ All {finite.length} ratios {running ? 'so far ' : ''}are ≥ 1 (smallest r = {fmt(minRatio)}):
              the bound held on every adjacent pair.
            </>
          ) : (
            <>
              ✗ {below.length} of {finite.length} ratios are below 1 (smallest r = {fmt(minRatio)}): the bound
              failed on those pairs, so noise calibrated to it is too small.
            </>
          )}
          {ratios.length > finite.length &&
            ` ${ratios.length - finite.length} ratios are not finite (no observed change) and are not shown.`}
        </p>
      )}
      <SensitivityBoxPlot cells={cells} ns={run?.spec.ns ?? [...SENSITIVITY_NS]} />
      <ExportButtons
        what="sensitivity check"
        name="sensitivity"
        disabled={cells.length === 0}
        csv={() => ({ rows: cells as unknown as Record<string, unknown>[], columns: COLUMNS })}
        json={() => ({
          spec: useAnalysisRuns.getState().sensitivity?.spec ?? null,
          status: job.status,
          allRatiosAtLeastOne: finite.length > 0 && below.length === 0,
          smallestRatio: minRatio,
          cells,
        })}
      />
    </div>
  );
}

function SensitivityBoxPlot(props: { cells: readonly SensitivityCell[]; ns: readonly number[] }) {
  const uid = useId().replace(/[^a-zA-Z0-9]/g, '');
  const type = useChartType();
  const hatch = `hatch-${uid}`;
  const legendItems: LegendItem[] = [
    {
      kind: 'box',
      label: 'footpoint rp',
      node: (
        <>
          footpoint r<Sub>p</Sub>
        </>
      ),
      color: OKABE_ITO.blue,
    },
    {
      kind: 'box',
      label: 'shooting vector rv',
      node: (
        <>
          shooting vector r<Sub>v</Sub>
        </>
      ),
      color: OKABE_ITO.vermillion,
      fill: `url(#${hatch})`,
    },
    { kind: 'dashed', label: 'r = 1', color: INK },
  ];
  const finite = props.cells.flatMap((c) => [c.ratioP, c.ratioV]).filter((r) => Number.isFinite(r) && r > 0);
  const lo = finite.length ? Math.min(0.8, d3.min(finite)! / 1.4) : 0.5;
  const hi = finite.length ? Math.max(2, d3.max(finite)! * 1.4) : 100;
  const yScale = d3.scaleLog().domain([lo, hi]);
  let ticks = yScale.ticks(6);
  if (ticks.length > 8)
    ticks = ticks.filter((t) => [1, 2, 5].includes(Math.round(t / 10 ** Math.floor(Math.log10(t) + 1e-9))));
  const bandScale = d3
    .scaleBand<number>()
    .domain([...props.ns])
    .paddingInner(0.25)
    .paddingOuter(0.15);
  const title = 'Sensitivity ratios r = Δthy / Δexp';
  return (
    <ChartFrame
      title={title}
      heading={
        <>
          Sensitivity ratios r = Δ<sup>thy</sup>/Δ<sup>exp</sup>
        </>
      }
      exportName="sensitivity"
      empty={!props.cells.length}
      testId="sensitivity-plot"
      footer={
        <>
          <figcaption className="hint">
            Boxes: quartiles and median; whiskers: smallest to largest; dots: the individual pairs. Log scale:
            a ratio of 10 means the bound is ten times the observed change.
          </figcaption>
        </>
      }
      defs={
        <defs>
          <pattern
            id={hatch}
            patternUnits="userSpaceOnUse"
            width={6}
            height={6}
            patternTransform="rotate(45)"
          >
            <rect width={6} height={6} fill="#ffffff" />
            <line x1={0} y1={0} x2={0} y2={6} stroke={OKABE_ITO.vermillion} strokeWidth={2.4} />
          </pattern>
        </defs>
      }
      margin={{ left: 64, right: 14, top: 12, bottom: 62 }}
      legend={legendItems}
      legendWidth={(W) => W - 80}
      plotHeight={(W) => Math.round(Math.min(300, Math.max(200, W * 0.5)))}
      fit="height"
      x={bandScale}
      y={yScale}
      yAxis={{ ticks, label: 'ratio r (log scale)', labelOffset: 48 }}
    >
      {(f) => {
        const { x: band, y } = f;
        const sub = d3
          .scaleBand<'p' | 'v'>()
          .domain(['p', 'v'])
          .range([0, band.bandwidth()])
          .paddingInner(0.18);
        return (
          <>
            <line x1={f.left} x2={f.right} y1={f.bottom} y2={f.bottom} stroke={MUTED} />
            <line
              data-testid="ratio-one-line"
              x1={f.left}
              x2={f.right}
              y1={y(1)}
              y2={y(1)}
              stroke={INK}
              strokeWidth={1.8}
              strokeDasharray="7 4"
            />
            <text x={f.right - 4} y={y(1) - 5} textAnchor="end" fontSize={type.note} fill={INK} {...HALO}>
              r = 1: bound = observed
            </text>
            {props.ns.map((n) => {
              const x0 = band(n) ?? 0;
              const cells = props.cells.filter((c) => c.n === n);
              return (
                <g key={n}>
                  {(['p', 'v'] as const).map((k) => {
                    const values = cells
                      .map((c) => (k === 'p' ? c.ratioP : c.ratioV))
                      .filter((r) => Number.isFinite(r) && r > 0);
                    const b = boxStats(values);
                    const bx = x0 + (sub(k) ?? 0);
                    const bw = sub.bandwidth();
                    const color = k === 'p' ? OKABE_ITO.blue : OKABE_ITO.vermillion;
                    const cx = bx + bw / 2;
                    return (
                      <g key={k} className="box" data-n={n} data-kind={k}>
                        {b && (
                          <>
                            <line
                              x1={cx}
                              x2={cx}
                              y1={y(b.min)}
                              y2={y(b.q1)}
                              stroke={color}
                              strokeWidth={1.5}
                            />
                            <line
                              x1={cx}
                              x2={cx}
                              y1={y(b.q3)}
                              y2={y(b.max)}
                              stroke={color}
                              strokeWidth={1.5}
                            />
                            <line
                              x1={cx - bw / 4}
                              x2={cx + bw / 4}
                              y1={y(b.min)}
                              y2={y(b.min)}
                              stroke={color}
                              strokeWidth={1.5}
                            />
                            <line
                              x1={cx - bw / 4}
                              x2={cx + bw / 4}
                              y1={y(b.max)}
                              y2={y(b.max)}
                              stroke={color}
                              strokeWidth={1.5}
                            />
                            <rect
                              x={bx}
                              width={bw}
                              y={y(b.q3)}
                              height={Math.max(1, y(b.q1) - y(b.q3))}
                              fill={k === 'v' ? `url(#${hatch})` : color}
                              fillOpacity={k === 'v' ? 0.9 : 0.3}
                              stroke={color}
                              strokeWidth={2}
                            >
                              <title>{`n = ${n}, r_${k}: median ${fmt(b.median)}, quartiles ${fmt(b.q1)}–${fmt(b.q3)}, range ${fmt(b.min)}–${fmt(b.max)} (${b.n} pairs)`}</title>
                            </rect>
                            <line
                              x1={bx}
                              x2={bx + bw}
                              y1={y(b.median)}
                              y2={y(b.median)}
                              stroke={INK}
                              strokeWidth={3}
                            />
                          </>
                        )}
                        {values.map((r, i) => (
                          <circle
                            key={i}
                            cx={cx + jitter(i) * bw * 0.3}
                            cy={y(r)}
                            r={2.6}
                            fill={INK}
                            fillOpacity={0.6}
                          />
                        ))}
                        <text x={cx} y={f.bottom + 17} textAnchor="middle" fontSize={type.tick} fill={INK}>
                          r<Sub>{k}</Sub>
                        </text>
                      </g>
                    );
                  })}
                  <text
                    x={x0 + band.bandwidth() / 2}
                    y={f.bottom + 2 * type.tick + 12}
                    textAnchor="middle"
                    fontSize={type.label}
                    fontWeight={600}
                    fill={INK}
                  >
                    n = {n}
                  </text>
                </g>
              );
            })}
            {!props.cells.length && (
              <EmptyNote frame={f} size={type.note} dy={-14}>
                Run the check to see the ratios
              </EmptyNote>
            )}
          </>
        );
      }}
    </ChartFrame>
  );
}
