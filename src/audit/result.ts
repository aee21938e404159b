/**
 * The audit's answer from its cells: the lower bound on ε, the trade-off curve, the histograms, the verdict.
 */
import { epsilonLowerBound, scoreHistograms, tradeOffCurve } from './bounds';
import type { AuditCell, AuditInfo, AuditResult } from './types';

const fmt = (x: number) => (Number.isFinite(x) ? x.toPrecision(3).replace(/\.?0+$/, '') : '∞');

/** The audit's answer from the cells finished so far (any subset; missing cells are skipped). */
export function auditResult(
  info: AuditInfo,
  cells: readonly (AuditCell | undefined)[],
  requested?: number,
): AuditResult {
  const done = cells.filter((c): c is AuditCell => c !== undefined).sort((a, b) => a.first - b.first);
  // cells hold multiples of 4 releases (but the last), so positions keep their index mod 4 (bounds.ts splits by it)
  const scoresD = Float64Array.from(done.flatMap((c) => [...c.scoresD]));
  const scoresD2 = Float64Array.from(done.flatMap((c) => [...c.scoresD2]));
  const bound = epsilonLowerBound(scoresD, scoresD2, info.delta);
  const claimed = info.claimedEpsilon;
  const leaks = Number.isFinite(claimed) && bound.lower > claimed;
  const verdict = !Number.isFinite(claimed)
    ? `not private: an attacker tells D from D′ with ε ≥ ${fmt(bound.lower)}`
    : leaks
      ? `leaks more than the claimed ε = ${fmt(claimed)}: at least ${fmt(bound.lower)}`
      : bound.lower > 0
        ? `consistent with ε = ${fmt(claimed)} (measured: at least ${fmt(bound.lower)})`
        : `consistent with ε = ${fmt(claimed)}: no leak found (the releases of D and D′ could not be told apart)`;
  return {
    ...info,
    releases: scoresD.length,
    requested: requested ?? scoresD.length,
    epsilonLower: bound.lower,
    epsilonEstimate: bound.estimate,
    bound,
    tradeOff: tradeOffCurve(scoresD, scoresD2),
    histogram: scoreHistograms(scoresD, scoresD2),
    leaks,
    verdict,
  };
}
