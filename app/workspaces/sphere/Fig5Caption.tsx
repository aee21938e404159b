import { FIG5_MAX_M } from '../../compute/budgetGeodesics';
import { useLab } from '../../store';

/** Fig. 5's caption: what the budgets' colours show and what to look for. */
export function Fig5Caption() {
  const m = useLab((s) => s.settings.m);
  return (
    <p className="figure-caption" data-testid="fig5-caption">
      <strong>Fig. 5 of paper 000.</strong> Private geodesics for ten total budgets ε = 2.0 … 0.2 (equal
      split), coloured by budget; {Math.min(m, FIG5_MAX_M) ** 2} per budget. Look for: the smaller the budget
      (darker), the farther the private geodesics stray from the data — most visibly at larger noise δ.
    </p>
  );
}
