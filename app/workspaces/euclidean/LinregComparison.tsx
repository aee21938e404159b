/**
 * The Euclidean workspace's comparison with standard DP linear regression (docs/euclidean.md): the private
 * lines of each method at the current total ε over the scatter, a readout of their mean MSE, and the mean
 * MSE against ε per method. Computed in a worker (compute.ts); rendered inside the data gate.
 */
import { useMemo } from 'react';
import { LINREG_ROW_COLUMNS, type LinregResult } from '../../../src/experiments/linreg';
import {
  DEFAULT_LINREG_SETTINGS,
  LINREG_METHOD_LABELS,
  LINREG_METHODS,
  type LinregMethod,
} from '../../../src/privacy/linreg';
import { covariateScale } from '../../../src/regression/covariates';
import { useWorkspaceData } from '../../compute/useData';
import { ExportButtons } from '../../export/ExportButtons';
import { JobProgress, fmt, symbolPath } from '../../plots/chart';
import { useThrottledLab } from '../../plots/useThrottledLab';
import { useLab, type LabState } from '../../store';
import { ScatterPlot, type ScatterSeries } from '../../views2d/scatterPlot';
import { labLinregSpec } from './jobs';
import { LinregMsePlot } from './LinregMsePlot';
import { METHOD_STYLES, MethodSwatch } from './styles';
import './linreg.css';

const PRIVATE: readonly LinregMethod[] = LINREG_METHODS.filter((m) => m !== 'nonprivate');
const selectLinreg = (s: LabState) => s.linreg;

/** The kept lines of `method` at the ε nearest to `eps` (the current ε once its cells have arrived). */
function linesNear(lines: LinregResult['lines'], method: LinregMethod, eps: number) {
  let best: LinregResult['lines'][number] | undefined;
  for (const l of lines)
    if (l.method === method && l.lines.length > 0)
      if (!best || Math.abs(Math.log(l.eps / eps)) < Math.abs(Math.log(best.eps / eps))) best = l;
  return best;
}

export function LinregComparison() {
  const { data } = useWorkspaceData();
  const job = useThrottledLab(selectLinreg, 200);
  const eps = useLab((s) => s.settings.eps);
  const d = data.ys[0]?.length ?? 1;
  const scale = useMemo(() => covariateScale(data.xRange[0], data.xRange[1]), [data.xRange]);
  const xLabel = data.xLabel || 'x';

  const nonPrivate = job.lines.find((l) => l.method === 'nonprivate')?.lines[0] ?? null;
  const shown = PRIVATE.map((m) => ({ method: m, kept: linesNear(job.lines, m, eps) }));
  const panels = Array.from({ length: d }, (_, j) => ({
    j,
    ys: Float64Array.from(data.ys, (y) => y[j]),
    nonPrivate: nonPrivate ? { a: nonPrivate.intercept[j], b: nonPrivate.slope[j] } : null,
    series: shown.map(({ method, kept }): ScatterSeries => {
      const st = METHOD_STYLES[method];
      return {
        id: method,
        lines: (kept?.lines ?? []).map((l) => ({ a: l.intercept[j], b: l.slope[j] })),
        stroke: st.color,
        dash: st.dash,
        width: 1.8,
        opacity: 0.75,
        symbol: symbolPath(st.symbol, 60),
        markAt: st.markAt,
      };
    }),
  }));
  const rowAt = (m: LinregMethod) => {
    const kept = linesNear(job.lines, m, eps);
    return kept ? job.rows.find((r) => r.method === m && r.eps === kept.eps) : undefined;
  };
  const linesEps = shown.find((s) => s.kept)?.kept?.eps;
  const npRow = job.rows.find((r) => r.method === 'nonprivate');
  const leaks = job.notes.filter((n) => /not private/i.test(n));
  const yLabel = (j: number) => (d === 1 ? 'y' : `y coordinate ${j + 1}`);

  return (
    <section className="linreg-comparison" aria-labelledby="linreg-title" data-testid="linreg-comparison">
      <h3 id="linreg-title">Compared with standard DP linear regression (paper 001)</h3>
      <p className="view2d-note">
        On flat space the private geodesic regression (DPGR: the K-norm gradient mechanism, with exact
        samplers and ε split equally between intercept and slope) is a private linear regression. Here it
        meets two standard ones at the same total ε: <strong>sufficient-statistics perturbation</strong>{' '}
        (Laplace noise on Σx, Σx², Σy, Σxy; ε-DP) and <strong>noisy clipped gradient descent</strong> (DP-SGD
        on the full batch; (ε, δ)-DP with δ = {DEFAULT_LINREG_SETTINGS.dpsgd.delta}).
      </p>
      <JobProgress
        label="Linear-regression comparison progress"
        status={job.status}
        done={job.done}
        total={job.total}
        error={job.error}
      />
      {leaks.length > 0 && (
        <ul className="plot-notes" aria-label="Privacy notes on the comparison">
          {leaks.map((n) => (
            <li key={n} className="note-warn">
              <strong className="badge-warn">not private</strong> {n}
            </li>
          ))}
        </ul>
      )}
      <div className={d > 1 ? 'scatter-panels' : undefined}>
        {panels.map((p) => (
          <figure key={p.j} style={{ margin: 0 }}>
            {d > 1 && <figcaption>{yLabel(p.j)}</figcaption>}
            <ScatterPlot
              xs={data.xs}
              ys={p.ys}
              scale={scale}
              xLabel={xLabel}
              yLabel={yLabel(p.j)}
              nonPrivate={p.nonPrivate}
              selected={null}
              others={[]}
              series={p.series}
              width={d > 1 ? 440 : 640}
              height={d > 1 ? 300 : 340}
              testId="linreg-scatter"
            />
          </figure>
        ))}
      </div>
      <table className="linreg-legend" data-testid="linreg-legend">
        <caption>
          The methods at ε = {fmt(linesEps ?? eps, 3)}: their line over the scatter, and the MSE of their
          releases
        </caption>
        <thead>
          <tr>
            <th scope="col">method (line, marker)</th>
            <th scope="col">mean MSE</th>
            <th scope="col">× non-private</th>
            <th scope="col">median MSE</th>
          </tr>
        </thead>
        <tbody>
          <tr data-method="nonprivate">
            <th scope="row">
              <MethodSwatch method="nonprivate" /> {LINREG_METHOD_LABELS.nonprivate} (solid)
            </th>
            <td>{fmt(npRow?.mse, 4)}</td>
            <td>{npRow ? '1' : '—'}</td>
            <td>{fmt(npRow?.mse, 4)}</td>
          </tr>
          {PRIVATE.map((m) => {
            const st = METHOD_STYLES[m];
            const row = rowAt(m);
            return (
              <tr key={m} data-method={m}>
                <th scope="row">
                  <MethodSwatch method={m} /> {LINREG_METHOD_LABELS[m]} ({st.dashName}, {st.symbolName}s)
                </th>
                <td>{fmt(row?.mse, 4)}</td>
                <td>{fmt(row?.ratio, 3)}</td>
                <td>{fmt(row?.mseMedian, 4)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="hint">
        {linesEps !== undefined
          ? `Drawn: the first ${shown[0].kept?.lines.length ?? 0} private releases of each method at ε = ${fmt(linesEps, 3)}${Math.abs(linesEps - eps) > 1e-9 ? ` (nearest computed so far to the current ${fmt(eps, 3)})` : ''}; lines far off the data leave the frame.`
          : 'The private lines appear when the first releases arrive.'}
      </p>
      <LinregMsePlot rows={job.rows} currentEps={eps} running={job.status === 'running'} />
      <ExportButtons
        what="DP linear-regression comparison"
        name="linreg"
        disabled={job.rows.length === 0}
        csv={() => {
          const s = useLab.getState().linreg;
          return {
            rows: s.rows as unknown as Record<string, unknown>[],
            columns: LINREG_ROW_COLUMNS,
            notes: s.notes,
          };
        }}
        json={() => {
          const st = useLab.getState();
          const spec = labLinregSpec(st.settings, st.imported.euclidean);
          return {
            comparison: spec
              ? {
                  ...spec,
                  source:
                    spec.source.kind === 'imported'
                      ? { kind: 'imported', label: spec.source.label, n: spec.source.ys.length }
                      : spec.source,
                }
              : null,
            status: st.linreg.status,
            notes: st.linreg.notes,
            rows: st.linreg.rows,
          };
        }}
      />
      <div className="view2d-explain">
        <p>
          <strong>How to read it.</strong> Each method releases a line using the same total budget ε; the MSE
          measures how far the released line is from the data on average. SSP adds noise to the sums the
          least-squares formula needs: cheap, but at small n the noise can nearly cancel the spread of x, and
          then the slope explodes — its mean MSE is dominated by those rare disasters (compare the median).
          DP-SGD clips each point&apos;s gradient and adds Gaussian noise at every step, so more steps mean
          more noise. DPGR perturbs the least-squares fit itself by an amount set by the sensitivity 2τ/n.
          With τ taken from the data (the paper&apos;s choice) DPGR is labelled not private, and so is SSP
          with the data&apos;s own response range.
        </p>
      </div>
    </section>
  );
}
