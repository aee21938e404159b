/**
 * What the MSE plots' tooltip says about the point in focus: the current release (its budget, ln mean MSE and
 * acceptance so far) or one cell of the sweep (its budget, error, excess over the non-private fit, chains).
 */
import type { SweepRow } from '../../src/experiments';
import { formatSigned } from '../format';
import { fmt } from './chart';
import type { ReleaseSummary } from './mseModel';

export function ReleaseTip(props: {
  release: ReleaseSummary;
  n: number;
  running: boolean;
  budget: { epsP: number; epsV: number; total: number };
}) {
  const { release, budget } = props;
  return (
    <>
      <strong>Current release</strong> (n = {props.n}
      {props.running ? ', still arriving' : ''})
      <br />ε<sub>p</sub> = {fmt(budget.epsP)}, ε<sub>v</sub> = {fmt(budget.epsV)} (total {fmt(budget.total)})
      <br />
      ln mean MSE = <strong>{fmt(release.lnMeanMse)}</strong> over {release.pairs} pairs
      <br />
      non-private ln MSE = {fmt(release.lnNonPrivateMse)}
      <br />
      acceptance: footpoint {fmt(release.acceptanceP, 2)}, shooting {fmt(release.acceptanceV, 2)}
    </>
  );
}

export function SweepPointTip({ label, row: r }: { label: string; row: SweepRow }) {
  return (
    <>
      <strong>{label}</strong>
      <br />ε<sub>p</sub> = {fmt(r.epsP)}, ε<sub>v</sub> = {fmt(r.epsV)} (total {fmt(r.eps)})
      <br />
      ln mean MSE = <strong>{fmt(r.lnMeanMse)}</strong>
      <br />
      non-private ln MSE = {fmt(r.lnNonPrivateMse)} (excess {formatSigned(r.excess)})
      <br />
      acceptance: footpoint {fmt(r.acceptanceP, 2)}, shooting {fmt(r.acceptanceV, 2)}
      <br />
      {r.pairs} pairs{r.escapedShootingChains > 0 ? `, ${r.escapedShootingChains} escaped chains` : ''}
      {r.stuckChains > 0 ? `, ${r.stuckChains} chains never moved (non-private draws)` : ''}
    </>
  );
}
