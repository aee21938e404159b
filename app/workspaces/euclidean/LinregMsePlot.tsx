/**
 * Mean MSE against the total ε for each method of the linear-regression comparison (log–log: SSP can be
 * orders of magnitude worse than the others at small ε), the non-private MSE as a dashed line and the
 * current ε as a rule. Points fill in as the comparison's cells arrive.
 */
import * as d3 from 'd3';
import type { LinregRow } from '../../../src/experiments/linreg';
import { LINREG_METHODS, LINREG_METHOD_LABELS, type LinregMethod } from '../../../src/privacy/linreg';
import { ChartFrame, EmptyNote } from '../../plots/ChartFrame';
import { CurrentRule, fmt, symbolPath, tickFormat } from '../../plots/chart';
import type { LegendItem } from '../../plots/Legend';
import { METHOD_STYLES } from './styles';

const PRIVATE: readonly LinregMethod[] = LINREG_METHODS.filter((m) => m !== 'nonprivate');

/** Log-scale ticks that do not collide: 1-2-5 steps over up to three decades, powers of ten beyond. */
function logTicks(scale: d3.ScaleLogarithmic<number, number>): number[] {
  const [a, b] = scale.domain();
  const steps = Math.log10(b / a) > 3 ? [1] : [1, 2, 5];
  const out: number[] = [];
  for (let k = Math.floor(Math.log10(a)); k <= Math.ceil(Math.log10(b)); k++)
    for (const m of steps) {
      const t = Number((m * 10 ** k).toPrecision(6));
      if (t >= a && t <= b) out.push(t);
    }
  return out;
}

export function LinregMsePlot(props: { rows: readonly LinregRow[]; currentEps: number; running: boolean }) {
  const { rows, currentEps } = props;
  const byMethod = PRIVATE.map((m) => ({
    method: m,
    points: rows.filter((r) => r.method === m && r.mse > 0).sort((a, b) => a.eps - b.eps),
  }));
  const np = rows.find((r) => r.method === 'nonprivate')?.mse ?? null;
  const legendItems: LegendItem[] = [
    ...PRIVATE.map((m) => ({
      kind: 'series' as const,
      label: LINREG_METHOD_LABELS[m],
      color: METHOD_STYLES[m].color,
      symbol: METHOD_STYLES[m].symbol,
    })),
    { kind: 'dashed', label: 'non-private least squares', color: METHOD_STYLES.nonprivate.color },
    { kind: 'rule', label: 'current ε' },
  ];
  const epsAll = [...rows.map((r) => r.eps), currentEps];
  const xScale = d3.scaleLog().domain([Math.min(...epsAll) / 1.15, Math.max(...epsAll) * 1.15]);
  const ys = [...byMethod.flatMap((s) => s.points.map((p) => p.mse)), ...(np ? [np] : [])];
  const yLo = ys.length ? Math.min(...ys) : 0.01;
  const yHi = ys.length ? Math.max(...ys) : 1;
  const yScale = d3.scaleLog().domain([yLo / 1.3, Math.max(yHi * 1.3, yLo * 3)]);

  return (
    <ChartFrame
      title="Mean MSE vs total ε, per method"
      exportName="linreg-mse"
      empty={rows.length === 0}
      testId="linreg-mse-plot"
      footer={
        <figcaption className="plot-caption">
          Each point is the mean MSE (1/n) Σ‖yᵢ − p − xᵢv‖² of{' '}
          {rows.find((r) => r.method !== 'nonprivate')?.reps ?? '…'} private releases at that total ε (both
          axes logarithmic). <strong>Look for:</strong> every method falls toward the dashed non-private line
          as ε grows (right = less private). Paper 001 reports, at ε = 2 on its wine data, DPGR below DP-SGD
          (Opacus) below an SSP-type method (diffprivlib); check whether your data keep that order. SSP&apos;s
          mean is dominated by rare failures, so its curve jumps.
          {props.running && ' Still computing: points fill in as they arrive.'}
        </figcaption>
      }
      initialWidth={520}
      minWidth={300}
      margin={{ left: 70, right: 16, top: 14, bottom: 56 }}
      legend={legendItems}
      legendAt={(m) => ({ x: m.left - 40, y: 6 })}
      plotHeight={(W) => Math.round(Math.min(320, Math.max(210, W * 0.5)))}
      x={xScale}
      y={yScale}
      xAxis={(f) => ({
        ticks: logTicks(xScale),
        // the long title does not fit a phone-wide plot
        label:
          f.right - f.left < 380
            ? 'total ε (log scale)'
            : 'total privacy budget ε (log scale; right = less private)',
        format: tickFormat,
      })}
      yAxis={{ ticks: logTicks(yScale), label: 'mean MSE (log scale)', format: tickFormat, labelOffset: 56 }}
    >
      {(f) => {
        const { x, y } = f;
        const line = d3
          .line<LinregRow>()
          .x((r) => x(r.eps))
          .y((r) => y(r.mse));
        return (
          <>
            <CurrentRule
              testId="linreg-current-eps"
              value={currentEps}
              x={x(currentEps)}
              top={f.top}
              bottom={f.bottom}
            />
            {np !== null && (
              <line
                x1={f.left}
                x2={f.right}
                y1={y(np)}
                y2={y(np)}
                stroke={METHOD_STYLES.nonprivate.color}
                strokeWidth={1.8}
                strokeDasharray="6 4"
                data-method="nonprivate"
              >
                <title>{`non-private least squares: MSE ${fmt(np, 4)}`}</title>
              </line>
            )}
            {byMethod.map(({ method, points }) => {
              const st = METHOD_STYLES[method];
              return (
                <g key={method} data-method={method}>
                  <path d={line(points) ?? ''} fill="none" stroke={st.color} strokeWidth={2.2} />
                  {points.map((p) => (
                    <path
                      key={p.eps}
                      d={symbolPath(st.symbol, 70)}
                      transform={`translate(${x(p.eps)},${y(p.mse)})`}
                      fill={st.color}
                      stroke="#ffffff"
                      strokeWidth={1}
                      data-point={p.eps}
                    >
                      <title>
                        {`${LINREG_METHOD_LABELS[method]} at ε = ${fmt(p.eps, 3)}: mean MSE ${fmt(p.mse, 4)} ` +
                          `(median ${fmt(p.mseMedian, 4)}, ${p.reps} releases; ${fmt(p.ratio, 3)}× non-private)`}
                      </title>
                    </path>
                  ))}
                </g>
              );
            })}
            {rows.length === 0 && (
              <EmptyNote frame={f} size={f.type.label}>
                waiting for the first releases…
              </EmptyNote>
            )}
          </>
        );
      }}
    </ChartFrame>
  );
}
