import { currentBudget } from '../../state/settings';
import { useLab } from '../../store';
import { fmt } from '../../views2d/svgUtils';
import { samplerComparison } from './samplerComparison';

/** Fig. 3's caption: what the two rows show, with the numbers of this run (true whatever the data). */
export function Fig3Caption(props: {
  dim: number;
  lnNp: number | null;
  lnMixed: number | null;
  lnPaper: number | null;
}) {
  const epsP = useLab((s) => currentBudget(s.settings).epsP);
  const epsV = useLab((s) => currentBudget(s.settings).epsV);
  const burnIn = useLab((s) => s.settings.burnIn);
  const ln = (x: number | null) => (x === null ? '…' : fmt(x, 3));
  return (
    <p className="hint" data-testid="fig3-caption">
      <strong>Paper 000, Fig. 3:</strong> outlines at the chosen ages, non-private (solid) against one private
      release (dashed) at ε_p = {fmt(epsP)}, ε_v = {fmt(epsV)}, in a shape space of {props.dim} dimensions.
      The panels &ldquo;Outlines at chosen ages&rdquo; below use the lab&apos;s sampler (independent chains,
      burn-in {burnIn}); the row under them draws the same release as the paper plausibly did — one chain
      started at the non-private fit, consecutive draws, burn-in 100, steps 0.2σ. ln mean MSE of the private
      pairs: lab {ln(props.lnMixed)}, paper sampler {ln(props.lnPaper)}, non-private {ln(props.lnNp)}.{' '}
      {samplerComparison(props.lnMixed, props.lnPaper)} A chain that has barely left the non-private start
      looks accurate because it leaks: audit both with the buttons below (on S² the audit proves ε ≥ 2.62 for
      the paper sampler where 2 is claimed; src/audit/claims.test.ts).
    </p>
  );
}
