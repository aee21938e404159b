/**
 * MCMC diagnostics of the current release: trace plots of the footpoint and shooting-vector chains'
 * potential, acceptance rates (mean and per chain), effective sample sizes, and escaped chains.
 */
import { useMemo } from 'react';
import type { ReleaseCell } from '../../src/experiments';
import { jointSamplerInWords } from '../../src/privacy/kngJoint/samplerInForce';
import { StartCheck } from './StartCheck';
import { releaseSpec } from '../compute/jobs';
import { useReleaseCells } from '../compute/useData';
import { ExportButtons } from '../export/ExportButtons';
import { useLab } from '../store';
import { formatWhole } from '../format';
import { JobProgress, OKABE_ITO } from './chart';
import { AcceptanceStrip } from './diagnostics/AcceptanceStrip';
import { ChainTable } from './diagnostics/ChainTable';
import { CHAIN_ROW_COLUMNS, REFERENCE_BAND, chainRows, chainSummary } from './diagnostics/chains';
import { NoiseScales } from './diagnostics/NoiseScales';
import { TracePlot } from './diagnostics/TracePlot';

export function DiagnosticsTab() {
  const cells = useReleaseCells();
  const settings = useLab((s) => s.settings);
  const imported = useLab((s) => s.imported[s.settings.workspace]);
  const release = useLab((s) => s.release);
  const traceEvery = releaseSpec(settings, imported).kng.traceEvery ?? 1;
  const foot = useMemo(() => cells.flatMap((c) => c.footpointChains), [cells]);
  const shoot = useMemo(() => cells.flatMap((c) => c.shootingChains), [cells]);
  const escaped = cells.reduce((a, c) => a + c.escapedShootingChains, 0);
  const sFoot = chainSummary(foot);
  const sShoot = chainSummary(shoot);
  const cal: ReleaseCell | undefined = cells[0];
  // the release private for any data: one joint chain per draw (reported as its footpoint chain)
  const joint = cal?.joint;
  // the sampler that ran: the mixture at the lab's sizes, the walk where the mixture does not apply
  const j = joint?.sampler;

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
      {joint && j ? (
        <>
          <p className="plot-caption">
            Each private fit is the last state of its own Metropolis–Hastings chain over the footpoint and the
            shooting vector together, started at a public point (uniform on the sphere, v = 0), never at the
            fit. {jointSamplerInWords(j)} The trace shows U (minus the log density) of the released chain over
            those {formatWhole(j.burnIn + j.frozenSteps)} steps: it should end in a level band. A chain far
            above the others did not find the fit&apos;s peak.
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
      <ChainTable foot={sFoot} shoot={sShoot} joint={joint !== undefined} />
      <p className="hint">
        {j
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
      {cal && <NoiseScales cal={cal} />}
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
          columns: CHAIN_ROW_COLUMNS,
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
