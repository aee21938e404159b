/**
 * MCMC diagnostics of the current release: trace plots of the footpoint and shooting-vector chains'
 * potential, acceptance rates (mean and per chain), effective sample sizes, and escaped chains.
 */
import * as d3 from 'd3';
import { useId, useMemo, useRef } from 'react';
import type { ReleaseCell } from '../../src/experiments';
import type { ChainDiagnostics } from '../../src/privacy/kng';
import { DEFAULT_KNG_JOINT } from '../../src/privacy/kngJoint/calibration';
import { StartCheck } from './StartCheck';
import { releaseSpec } from '../compute/jobs';
import { useReleaseCells } from '../compute/useData';
import { ExportButtons } from '../export/ExportButtons';
import { useLab } from '../store';
import {
  AxisBottom,
  AxisLeft,
  HALO,
  INK,
  JobProgress,
  MUTED,
  OKABE_ITO,
  fmt,
  useElementWidth,
  PlotFigure,
} from './chart';

/** Shooting chains drawn at most (the rest are summarised): keeps the SVG light with m = 30 (900 chains). */
const MAX_TRACES = 40;
/** Acceptance range of a reference numpy run of the method (docs/experiments.md). */
const REFERENCE_BAND: [number, number] = [0.25, 0.42];
const TRACE_MARGIN = { left: 64, right: 14, top: 10, bottom: 50 };

interface ChainRow {
  kind: 'footpoint' | 'shooting';
  chain: number;
  acceptanceRate: number;
  burnInAcceptanceRate: number;
  step: number;
  effectiveSampleSize: number;
  finalPotential: number;
}

function chainRows(kind: ChainRow['kind'], chains: readonly ChainDiagnostics[]): ChainRow[] {
  return chains.map((c, i) => ({
    kind,
    chain: i,
    acceptanceRate: c.acceptanceRate,
    burnInAcceptanceRate: c.burnInAcceptanceRate,
    step: c.step,
    effectiveSampleSize: c.effectiveSampleSize,
    finalPotential: c.trace.length ? c.trace[c.trace.length - 1] : NaN,
  }));
}

function summary(chains: readonly ChainDiagnostics[]) {
  const acc = chains.map((c) => c.acceptanceRate).filter(Number.isFinite);
  const ess = chains.map((c) => c.effectiveSampleSize).filter(Number.isFinite);
  return {
    count: chains.length,
    meanAcceptance: acc.length ? d3.mean(acc)! : NaN,
    minAcceptance: acc.length ? d3.min(acc)! : NaN,
    maxAcceptance: acc.length ? d3.max(acc)! : NaN,
    meanEss: ess.length ? d3.mean(ess)! : NaN,
    minEss: ess.length ? d3.min(ess)! : NaN,
    essUndefined: chains.length - ess.length,
    traceLength: chains[0]?.trace.length ?? 0,
  };
}

export function DiagnosticsTab() {
  const cells = useReleaseCells();
  const settings = useLab((s) => s.settings);
  const imported = useLab((s) => s.imported[s.settings.workspace]);
  const release = useLab((s) => s.release);
  const traceEvery = releaseSpec(settings, imported).kng.traceEvery ?? 1;
  const foot = useMemo(() => cells.flatMap((c) => c.footpointChains), [cells]);
  const shoot = useMemo(() => cells.flatMap((c) => c.shootingChains), [cells]);
  const escaped = cells.reduce((a, c) => a + c.escapedShootingChains, 0);
  const sFoot = summary(foot);
  const sShoot = summary(shoot);
  const cal: ReleaseCell | undefined = cells[0];
  // the release private for any data: one joint chain per draw (reported as its footpoint chain)
  const joint = cal?.joint;
  const j = DEFAULT_KNG_JOINT;

  return (
    <div className="plot-tab-body">
      <JobProgress
        label="Release progress"
        status={release.status}
        done={release.done}
        total={release.total}
        error={release.error}
        unit="chain groups"
      />
      {joint ? (
        <>
          <p className="plot-caption">
            Each private fit is the last state of its own Metropolis–Hastings chain over the footpoint and the
            shooting vector together, started at a public point (uniform on the sphere, v = 0), never at the
            fit. Beside it run {j.replicas - 1} hotter copies of the chain (their own public starts, flatter
            targets) that trade states with it, so a chain caught in a well far from the fit can swap its way
            out. Each adapts its step ({j.burnIn} steps), then runs {j.frozenSteps} steps with the step fixed.
            The trace shows U (minus the log density) of the released chain over those{' '}
            {j.burnIn + j.frozenSteps} steps: it should end in a level band. A chain far above the others did
            not find the fit&apos;s peak.
          </p>
          <TracePlot
            title="Joint chains: potential trace"
            name="trace-joint"
            chains={foot}
            color={OKABE_ITO.green}
            traceEvery={traceEvery}
            burnIn={j.burnIn}
            markLabel="step fixed from here"
          />
        </>
      ) : (
        <>
          <p className="plot-caption">
            Each private fit is the last state of a Metropolis–Hastings chain started at the non-private fit.
            The trace shows the chain&apos;s potential U = ‖∇E‖/σ (minus the log density) step by step: it
            starts near 0 (the gradient vanishes at the non-private fit) and should rise quickly into a level
            band and wander there. A chain still trending at the end needs a longer burn-in.
          </p>
          <TracePlot
            title="Footpoint chains: potential trace"
            name="trace-footpoint"
            chains={foot}
            color={OKABE_ITO.blue}
            traceEvery={traceEvery}
            burnIn={settings.burnIn}
          />
          <TracePlot
            title="Shooting-vector chains: potential trace"
            name="trace-shooting"
            chains={shoot}
            color={OKABE_ITO.vermillion}
            traceEvery={traceEvery}
            burnIn={settings.burnIn}
          />
        </>
      )}
      <AcceptanceStrip foot={foot} shoot={shoot} joint={joint !== undefined} />
      <div className="plot-frame-scroll">
        <table className="plot-table" data-testid="diagnostics-table">
          <caption>Chain summary</caption>
          <thead>
            <tr>
              <th scope="col">chains</th>
              <th scope="col">count</th>
              <th scope="col">mean accept&shy;ance</th>
              <th scope="col">range</th>
              <th scope="col">ESS mean (min)</th>
            </tr>
          </thead>
          <tbody>
            {(joint
              ? ([['joint (p, v)', sFoot]] as const)
              : ([
                  ['footpoint', sFoot],
                  ['shooting vector', sShoot],
                ] as const)
            ).map(([label, s]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{s.count}</td>
                <td>{fmt(s.meanAcceptance, 2)}</td>
                <td>
                  {fmt(s.minAcceptance, 2)}–{fmt(s.maxAcceptance, 2)}
                </td>
                <td>
                  {fmt(s.meanEss, 3)} ({fmt(s.minEss, 3)})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hint">
        {joint
          ? `Acceptance is the share of proposals accepted over the last ${j.frozenSteps} steps, with the step fixed after adapting toward 0.3.`
          : 'Acceptance is the share of proposals accepted (during burn-in for independent chains).'}{' '}
        Near 0: the step η is too large; near 1: too small, and the chain crawls. The reference run of paper
        000&apos;s method accepts {REFERENCE_BAND[0]}–{REFERENCE_BAND[1]} (shaded). ESS is the effective
        number of independent values in the second half of the recorded trace (
        {Math.floor(sFoot.traceLength / 2)} values,{' '}
        {traceEvery === 1 ? 'one per step' : `one every ${traceEvery} steps`}); “—” when the trace is constant
        there.
        {sShoot.essUndefined > 0 && ` (${sShoot.essUndefined} shooting chains have no ESS.)`}
      </p>
      {cal && joint && (
        <p className="plot-readout">
          Noise scales: σ<sub>p</sub> = {fmt(cal.sigmaP)}, σ<sub>v</sub> = {fmt(cal.sigmaV)}
          {Number.isFinite(joint.sigmaE) && (
            <>
              , σ<sub>E</sub> = {fmt(joint.sigmaE)}
            </>
          )}{' '}
          (sensitivities Δ<sub>p</sub> = {fmt(cal.deltaP)}, Δ<sub>v</sub> = {fmt(cal.deltaV)}
          {Number.isFinite(joint.deltaE) && (
            <>
              , Δ<sub>E</sub> = {fmt(joint.deltaE)}
            </>
          )}
          , from the public clip c = {fmt(joint.clip)}); each draw is {fmt(joint.epsilon)}-DP for the exact
          target.
        </p>
      )}
      {cal && !joint && (
        <p className="plot-readout">
          Noise scales: σ<sub>p</sub> = {fmt(cal.sigmaP)}, σ<sub>v</sub> = {fmt(cal.sigmaV)} (sensitivities Δ
          <sub>p</sub> = {fmt(cal.deltaP)}, Δ<sub>v</sub> = {fmt(cal.deltaV)}, τ = {fmt(cal.tau)}
          {cal.isPrivate ? '' : ', data-driven: not private'}).
        </p>
      )}
      {joint && <StartCheck />}
      {cal && (
        <p className="plot-readout" data-testid="gradient-kernel">
          Gradient kernel: {cal.kernel}.
        </p>
      )}
      {!joint && (
        <p className={escaped > 0 ? 'plot-warning' : 'plot-readout'} data-testid="escaped-chains">
          Escaped shooting chains: <strong>{escaped}</strong>
          {escaped > 0 && (
            <>
              {' '}
              — these chains ended far outside the region where the target has its mass. With the paper&apos;s
              “whole plane” domain the shooting-vector density does not decay in every direction (it can be
              improper), so a chain may drift off indefinitely and its draw is meaningless. Use the “proper
              ball” domain, or treat these fits as failures.
            </>
          )}
        </p>
      )}
      <ExportButtons
        what="chain diagnostics"
        name="diagnostics"
        disabled={cells.length === 0}
        csv={() => ({
          rows: [...chainRows('footpoint', foot), ...chainRows('shooting', shoot)] as unknown as Record<
            string,
            unknown
          >[],
          columns: [
            'kind',
            'chain',
            'acceptanceRate',
            'burnInAcceptanceRate',
            'step',
            'effectiveSampleSize',
            'finalPotential',
          ],
        })}
        json={() => ({
          traceEvery,
          gradientKernel: cal?.kernel ?? null,
          escapedShootingChains: escaped,
          calibration: cal
            ? {
                sigmaP: cal.sigmaP,
                sigmaV: cal.sigmaV,
                deltaP: cal.deltaP,
                deltaV: cal.deltaV,
                tau: cal.tau,
                isPrivate: cal.isPrivate,
                notes: cal.notes,
              }
            : null,
          footpointChains: foot,
          shootingChains: shoot,
        })}
      />
    </div>
  );
}

function TracePlot(props: {
  title: string;
  name: string;
  chains: readonly ChainDiagnostics[];
  color: string;
  traceEvery: number;
  burnIn: number;
  /** The text at the burn-in mark (default "end of burn-in"). */
  markLabel?: string;
}) {
  const titleId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [frameRef, width] = useElementWidth<HTMLDivElement>(420);
  const W = Math.max(280, width);
  const H = Math.round(Math.min(240, Math.max(170, W * 0.42)));
  const m = TRACE_MARGIN;
  const { chains, traceEvery } = props;
  const { paths, x, y, shown } = useMemo(() => {
    const m = TRACE_MARGIN;
    const shown = chains.slice(0, MAX_TRACES);
    let maxLen = 1;
    let lo = Infinity;
    let hi = -Infinity;
    for (const c of shown) {
      maxLen = Math.max(maxLen, c.trace.length);
      for (const u of c.trace)
        if (Number.isFinite(u)) {
          if (u < lo) lo = u;
          if (u > hi) hi = u;
        }
    }
    if (!(lo <= hi)) [lo, hi] = [0, 1];
    if (hi - lo < 1e-9) [lo, hi] = [lo - 0.5, hi + 0.5];
    const x = d3
      .scaleLinear()
      .domain([0, (maxLen - 1) * traceEvery || 1])
      .range([m.left, W - m.right]);
    const y = d3
      .scaleLinear()
      .domain([lo, hi])
      .nice(5)
      .range([H - m.bottom, m.top]);
    const line = d3
      .line<number>()
      .defined((u) => Number.isFinite(u))
      .x((_, i) => x(i * traceEvery))
      .y((u) => y(u));
    return { paths: shown.map((c) => line(Array.from(c.trace)) ?? ''), x, y, shown };
  }, [chains, traceEvery, W, H]);
  const opacity = Math.max(0.18, Math.min(1, 1.6 / Math.sqrt(shown.length || 1)));
  const total = x.domain()[1];
  return (
    <PlotFigure
      titleId={titleId}
      title={props.title}
      exportName={props.name}
      empty={!props.chains.length}
      frameRef={frameRef}
      svgRef={svgRef}
      width={W}
      height={H}
      testId={`${props.name}-plot`}
      footer={
        <>
          <figcaption className="hint">
            {props.chains.length} chain{props.chains.length === 1 ? '' : 's'}
            {props.chains.length > shown.length ? ` (first ${shown.length} drawn)` : ''}; U recorded{' '}
            {props.traceEvery === 1 ? 'at every step' : `every ${props.traceEvery} steps`}.
          </figcaption>
        </>
      }
    >
      <AxisBottom scale={x} y={H - m.bottom} count={5} label="MH step" grid={m.top} />
      <AxisLeft scale={y} x={m.left} count={5} label="potential U" grid={W - m.right} labelOffset={48} />
      {props.burnIn > 0 && props.burnIn < total && (
        <g>
          <line
            x1={x(props.burnIn)}
            x2={x(props.burnIn)}
            y1={m.top}
            y2={H - m.bottom}
            stroke={INK}
            strokeDasharray="4 3"
          />
          <text x={x(props.burnIn) + 4} y={m.top + 12} fontSize={12} fill={MUTED} {...HALO}>
            {props.markLabel ?? 'end of burn-in'}
          </text>
        </g>
      )}
      {paths.map((d, i) => (
        <path
          key={i}
          className="trace-line"
          d={d}
          fill="none"
          stroke={props.color}
          strokeWidth={1.3}
          strokeOpacity={opacity}
        />
      ))}
      {!props.chains.length && (
        <text x={W / 2} y={H / 2 - 10} textAnchor="middle" fontSize={14} fill={MUTED}>
          Waiting for the release…
        </text>
      )}
    </PlotFigure>
  );
}

function AcceptanceStrip(props: {
  foot: readonly ChainDiagnostics[];
  shoot: readonly ChainDiagnostics[];
  joint?: boolean;
}) {
  const titleId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [frameRef, width] = useElementWidth<HTMLDivElement>(420);
  const W = Math.max(280, width);
  const m = { left: 112, right: 16, top: 8, bottom: 46 };
  const rowH = 34;
  const x = d3
    .scaleLinear()
    .domain([0, 1])
    .range([m.left, W - m.right]);
  const rows = props.joint
    ? [{ label: 'joint (p, v)', chains: props.foot, color: OKABE_ITO.green }]
    : [
        { label: 'footpoint', chains: props.foot, color: OKABE_ITO.blue },
        { label: 'shooting', chains: props.shoot, color: OKABE_ITO.vermillion },
      ];
  const H = m.top + rows.length * rowH + m.bottom;
  const title = 'Acceptance rate per chain';
  return (
    <PlotFigure
      titleId={titleId}
      title={title}
      exportName="acceptance"
      empty={!props.foot.length}
      frameRef={frameRef}
      svgRef={svgRef}
      width={W}
      height={H}
      testId="acceptance-plot"
      footer={
        <>
          <figcaption className="hint">
            Dots: chains; black bar: mean; shaded: the reference range {REFERENCE_BAND[0]}–{REFERENCE_BAND[1]}
            .
          </figcaption>
        </>
      }
    >
      <rect
        x={x(REFERENCE_BAND[0])}
        width={x(REFERENCE_BAND[1]) - x(REFERENCE_BAND[0])}
        y={m.top}
        height={rows.length * rowH}
        fill="#e6eef5"
      />
      <AxisBottom
        scale={x}
        y={m.top + rows.length * rowH}
        ticks={[0, 0.2, 0.4, 0.6, 0.8, 1]}
        label="acceptance rate"
      />
      {rows.map((r, ri) => {
        const cy = m.top + ri * rowH + rowH / 2;
        const rates = r.chains.map((c) => c.acceptanceRate).filter(Number.isFinite);
        const mean = rates.length ? d3.mean(rates)! : NaN;
        return (
          <g key={r.label}>
            <text x={m.left - 10} y={cy} dy="0.35em" textAnchor="end" fontSize={13} fill={INK}>
              {r.label} ({r.chains.length})
            </text>
            {rates.map((a, i) => (
              <circle
                key={i}
                cx={x(a)}
                cy={cy + (((i * 7919) % 13) - 6) * 1.1}
                r={3}
                fill={r.color}
                fillOpacity={0.55}
              />
            ))}
            {Number.isFinite(mean) && (
              <line x1={x(mean)} x2={x(mean)} y1={cy - 13} y2={cy + 13} stroke={INK} strokeWidth={3}>
                <title>{`mean ${fmt(mean, 2)}`}</title>
              </line>
            )}
          </g>
        );
      })}
    </PlotFigure>
  );
}
