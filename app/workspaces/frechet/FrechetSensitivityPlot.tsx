/**
 * Paper 004 Fig. 1 (its sensitivity panels) in the lab: for n = 10 … 160, the geodesic distance ρ(x̄, x̄′)
 * between the Fréchet means of adjacent synthetic data sets (20 pairs per n, dots), their mean (line), and the
 * sensitivity bound of 004 Thm 2 (dashed), on log–log axes. The numbers are those of the command line's
 * `frechet --experiment sensitivity` for the same seed and radius (the same cells, run in the lab's worker).
 */
import { richText } from '../../help/richText';
import * as d3 from 'd3';
import { useMemo } from 'react';
import { ExportButtons } from '../../export/ExportButtons';
import { ChartFrame, EmptyNote } from '../../plots/ChartFrame';
import {
  INK,
  JobProgress,
  OKABE_ITO,
  decadesWhenCrowded,
  fmt,
  symbolPath,
  tickFormat,
} from '../../plots/chart';
import type { LegendItem } from '../../plots/Legend';
import { useThrottledLab } from '../../plots/useThrottledLab';
import { useLab, type LabState } from '../../store';
import { SENSITIVITY_NS, SENSITIVITY_PAIRS, VIEW_K, sensitivitySpec } from './jobs';
import { sensitivitySummary } from './sensitivityModel';

const selectSens = (s: LabState) => s.frechetSens;
const DOT = OKABE_ITO.blue;
const BOUND = OKABE_ITO.vermillion;

export function FrechetSensitivityPlot() {
  const settings = useLab((s) => s.settings);
  const job = useThrottledLab(selectSens, 250);
  const rows = useMemo(() => job.cells.filter((c) => c !== undefined), [job.cells]);
  const summary = useMemo(() => sensitivitySummary(job.cells), [job.cells]);
  const sphere = settings.frechetSpace === 'sphere';
  const spec = sensitivitySpec(settings);
  const legendItems: LegendItem[] = [
    {
      kind: 'series',
      label: 'ρ(x̄, x̄′) of one adjacent pair',
      color: DOT,
      symbol: d3.symbolCircle,
      line: false,
    },
    {
      kind: 'series',
      label: `mean over the ${SENSITIVITY_PAIRS} pairs`,
      color: INK,
      symbol: d3.symbolDiamond,
    },
    { kind: 'dashed', label: 'bound (004 Thm 2)', color: BOUND },
  ];
  const ns = SENSITIVITY_NS;
  const xScale = d3.scaleLog().domain([ns[0] / 1.25, ns[ns.length - 1] * 1.25]);
  const values = [...rows.map((r) => r.empirical), ...summary.map((s) => s.bound)].filter((v) => v > 0);
  const lo = values.length ? Math.min(...values) : 1e-3;
  const hi = values.length ? Math.max(...values) : 1;
  const yScale = d3.scaleLog().domain([lo / 1.5, hi * 1.5]);
  // pairs spread a little sideways around their n (by pair index), so that equal values do not hide each other
  const jitter = (pair: number) =>
    Math.pow(1.06, (pair - (SENSITIVITY_PAIRS - 1) / 2) / ((SENSITIVITY_PAIRS - 1) / 2));
  const over = summary.reduce((a, s) => a + s.exceedances, 0);
  const where = sphere
    ? `in a cap of radius r = ${settings.radius} around the north pole of S²`
    : `of ${VIEW_K}×${VIEW_K} SPD matrices with eigenvalues in [e^−r, e^r], r = ${settings.radius} (${settings.metric === 'affine' ? 'affine-invariant' : 'log-Euclidean'} metric)`;
  const title = `Sensitivity of the Fréchet mean vs n (${sphere ? 'S²' : `SPD(${VIEW_K})`}, r = ${settings.radius})`;
  const empty = rows.length === 0;
  return (
    <>
      <JobProgress
        label="Sensitivity experiment progress"
        status={job.status}
        done={job.done}
        total={job.total}
        error={job.error}
      />
      <ChartFrame
        title={title}
        exportName="sensitivity-vs-n"
        empty={empty}
        testId="frechet-plot-sensitivity"
        footer={
          <>
            <figcaption className="plot-caption" data-testid="frechet-sensitivity-caption">
              Each dot is the{' '}
              {sphere ? 'geodesic' : settings.metric === 'affine' ? 'affine-invariant' : 'log-Euclidean'}{' '}
              distance between the Fréchet means of two adjacent data sets of n synthetic points{' '}
              {richText(where)} (they share n − 1 points and differ in one), {SENSITIVITY_PAIRS} pairs per n,
              seed {settings.seed}; the diamonds are their mean. The dashed line is the sensitivity bound of
              004’s Theorem 2 that the mechanisms are calibrated with (
              {sphere
                ? 'Δ = 2r(2 − h)/(nh) with h = 2r·cot 2r: above the flat 2r/n because the sphere is curved'
                : `Δ = 2√k·r/n for a space of curvature ≤ 0, with k = ${VIEW_K}`}
              ). <strong>Look for:</strong> every dot below the line and both falling like 1/n (parallel lines
              on these log–log axes); the gap is the price of a worst-case bound, since these pairs differ in
              a random point, not the worst one.{' '}
              {!empty &&
                (job.status === 'done'
                  ? over === 0
                    ? `Here all ${rows.length} pairs lie within the bound.`
                    : `Here ${over} of ${rows.length} pairs exceed the bound.`
                  : `${rows.length} of ${job.total || '…'} pairs so far.`)}
            </figcaption>
            <ExportButtons
              what="Fréchet sensitivity vs n"
              name="sensitivity-vs-n"
              disabled={empty}
              csv={() => ({
                rows: useLab.getState().frechetSens.cells.filter((c) => c !== undefined) as unknown as Record<
                  string,
                  unknown
                >[],
                columns: ['n', 'pair', 'empirical', 'bound'],
              })}
              json={() => {
                const st = useLab.getState();
                return {
                  spec: sensitivitySpec(st.settings),
                  status: st.frechetSens.status,
                  summary: sensitivitySummary(st.frechetSens.cells),
                  rows: st.frechetSens.cells.filter((c) => c !== undefined),
                };
              }}
            />
            <details className="frechet-table">
              <summary>The numbers behind this plot</summary>
              <table data-testid="frechet-sensitivity-table">
                <thead>
                  <tr>
                    <th scope="col">n</th>
                    <th scope="col">pairs</th>
                    <th scope="col">mean ρ</th>
                    <th scope="col">max ρ</th>
                    <th scope="col">bound</th>
                    <th scope="col">bound / max</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.map((s) => (
                    <tr key={s.n}>
                      <td>{s.n}</td>
                      <td>{s.pairs}</td>
                      <td>{fmt(s.meanEmpirical)}</td>
                      <td>{fmt(s.maxEmpirical)}</td>
                      <td>{fmt(s.bound)}</td>
                      <td>{fmt(s.ratio)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        }
        margin={{ left: 64, right: 16, top: 14, bottom: 56 }}
        legend={legendItems}
        plotHeight={(W) => Math.round(Math.min(300, Math.max(190, W * 0.5)))}
        x={xScale}
        y={yScale}
        xAxis={{ ticks: [...ns], format: tickFormat, label: 'data-set size n (log scale)' }}
        yAxis={{
          ticks: decadesWhenCrowded(yScale),
          format: tickFormat,
          label: 'ρ(x̄, x̄′) (log scale)',
          labelOffset: 50,
        }}
      >
        {(f) => {
          const { x, y } = f;
          const line = d3
            .line<{ n: number; v: number }>()
            .x((p) => x(p.n))
            .y((p) => y(p.v));
          return (
            <>
              {summary.length > 1 && (
                <path
                  d={line(summary.map((s) => ({ n: s.n, v: s.bound }))) ?? ''}
                  fill="none"
                  stroke={BOUND}
                  strokeWidth={2.2}
                  strokeDasharray="6 4"
                  data-testid="frechet-sensitivity-bound"
                />
              )}
              <g className="frechet-sensitivity-pairs">
                {rows.map((r) => (
                  <circle
                    key={`${r.n}-${r.pair}`}
                    cx={x(r.n * jitter(r.pair))}
                    cy={y(Math.max(r.empirical, y.domain()[0]))}
                    r={3}
                    fill={DOT}
                    fillOpacity={0.55}
                    stroke={DOT}
                    strokeWidth={0.6}
                    data-n={r.n}
                    data-value={r.empirical}
                  >
                    <title>{`n = ${r.n}, pair ${r.pair}: ρ(x̄, x̄′) = ${fmt(r.empirical)} (bound ${fmt(r.bound)})`}</title>
                  </circle>
                ))}
              </g>
              {summary.length > 1 && (
                <path
                  d={line(summary.map((s) => ({ n: s.n, v: s.meanEmpirical }))) ?? ''}
                  fill="none"
                  stroke={INK}
                  strokeWidth={2}
                />
              )}
              {summary.map((s) => (
                <path
                  key={s.n}
                  d={symbolPath(d3.symbolDiamond, 70)}
                  transform={`translate(${x(s.n)},${y(s.meanEmpirical)})`}
                  fill={INK}
                  stroke="#ffffff"
                  strokeWidth={1}
                >
                  <title>{`n = ${s.n}: mean ρ = ${fmt(s.meanEmpirical)}, max ${fmt(s.maxEmpirical)}, bound ${fmt(s.bound)}`}</title>
                </path>
              ))}
              {empty && (
                <EmptyNote frame={f} size={f.type.label}>
                  {!spec
                    ? 'No bound for this radius'
                    : job.status === 'running'
                      ? 'Waiting for the first pairs…'
                      : 'No results'}
                </EmptyNote>
              )}
            </>
          );
        }}
      </ChartFrame>
    </>
  );
}
