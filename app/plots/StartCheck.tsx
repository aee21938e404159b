/**
 * The joint release's start check: do chains started at the public point and at the non-private fit end in the
 * same law? A two-sample Kolmogorov–Smirnov test on their final potentials U (a diagnostic: never released).
 */
import { useMemo } from 'react';
import type { JointReleaseCell } from '../../src/experiments';
import { ksTwoSample, mean } from '../../src/sampling/stats';
import { analysisKey, useAnalysisRuns } from '../compute/analysis';
import { AnalysisControls } from './AnalysisControls';
import { useLab } from '../store';
import { fmt } from './chart';

/** The verdict from the cells: agreement at the 1% level, with both samples' mean U. */
export function startVerdict(cells: readonly JointReleaseCell[]) {
  const fromPublic = cells.map((c) => c.potential).filter(Number.isFinite);
  const fromFit = cells.flatMap((c) => (c.fromFit ? [c.fromFit.potential] : [])).filter(Number.isFinite);
  if (fromPublic.length < 2 || fromFit.length < 2) return null;
  const { pValue } = ksTwoSample(fromPublic, fromFit);
  return {
    pValue,
    agree: pValue > 0.01,
    meanPublic: mean(fromPublic),
    meanFit: mean(fromFit),
    chains: fromPublic.length,
  };
}

export function StartCheck() {
  const settings = useLab((s) => s.settings);
  const job = useLab((s) => s.jointRelease);
  const run = useAnalysisRuns((s) => s.jointRelease);
  const stale = run !== null && run.key !== analysisKey('jointRelease', settings);
  const cells = useMemo(() => job.cells.filter((c): c is JointReleaseCell => c !== undefined), [job.cells]);
  const verdict = job.status === 'done' && !stale ? startVerdict(cells) : null;
  return (
    <section aria-labelledby="start-check-heading">
      <h3 id="start-check-heading">Does the start show in the release?</h3>
      <p className="plot-caption">
        A chain that has not forgotten where it started releases something near its start. This runs{' '}
        {settings.m} chains from the public start and {settings.m} from the non-private fit on the view&apos;s
        data and compares their final U (two-sample Kolmogorov–Smirnov test). It is a check, not a proof: the
        sampler&apos;s δ stays uncertified.
      </p>
      <AnalysisControls
        kind="jointRelease"
        runLabel="Check the start"
        rerunLabel="Check the start again"
        progressLabel="Start check progress"
        staleText={stale ? 'The check below was for other settings; run it again.' : null}
      />
      {verdict && (
        <p
          className={verdict.agree ? 'verdict verdict-good' : 'verdict verdict-bad'}
          data-testid="start-verdict"
          role="status"
        >
          {verdict.agree
            ? `Chains from the public start and from the fit end in the same law of U (KS p = ${fmt(verdict.pValue, 2)}, ${verdict.chains} + ${verdict.chains} chains; mean U ${fmt(verdict.meanPublic)} and ${fmt(verdict.meanFit)}): the start does not show.`
            : `Chains from the public start and from the fit end in different places (KS p = ${fmt(verdict.pValue, 2)}; mean U ${fmt(verdict.meanPublic)} and ${fmt(verdict.meanFit)}): they have not forgotten their start, so the release may reveal it.`}
        </p>
      )}
    </section>
  );
}
