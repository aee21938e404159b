import { FIG5_BUDGETS } from '../../compute/budgetGeodesics';
import { formatFixed } from '../../format';
import type { BudgetState } from '../../store';
import { budgetColour } from '../../views3d/budgetColours';
import { VIEW_COLOURS as C } from '../../views3d/palette';
import { Swatch } from '../../views3d/Swatch';

/** Fig. 5's legend: the colour of each total budget with its ln MSE, and the computation's progress. */
export function BudgetLegend({ budgets, lnNp }: { budgets: BudgetState; lnNp: number | null }) {
  const byEps = new Map(budgets.runs.map((r) => [r.eps, r]));
  return (
    <div className="budget-legend" data-testid="budget-legend">
      <h3>Total budget ε</h3>
      <p className="hint">Equal split ε_p = ε_v = ε/2; darker = smaller ε = more private.</p>
      <ul>
        {FIG5_BUDGETS.map((eps) => {
          const cells = (byEps.get(eps)?.cells ?? []).filter((c) => c !== undefined);
          const mses = cells.flatMap((c) => c.mse.flat()).filter(Number.isFinite);
          const ln = mses.length ? Math.log(mses.reduce((a, b) => a + b, 0) / mses.length) : null;
          return (
            <li key={eps}>
              <Swatch kind="dashed" colour={budgetColour(eps)} />
              <span className="eps">ε = {formatFixed(eps, 1)}</span>
              <span className="ln">{ln === null ? '…' : `ln MSE ${formatFixed(ln, 2)}`}</span>
            </li>
          );
        })}
        <li>
          <Swatch kind="solid" colour={C.sphereNonPrivate} />
          <span className="eps">non-private</span>
          <span className="ln">{lnNp === null ? '…' : `ln MSE ${formatFixed(lnNp, 2)}`}</span>
        </li>
      </ul>
      <p className="hint" data-testid="budget-progress">
        {budgets.status === 'running'
          ? `Computing: ${budgets.done} of ${budgets.total} chain groups…`
          : budgets.status === 'done'
            ? `Done: ${budgets.runs.length} budgets.`
            : budgets.status === 'error'
              ? `Failed: ${budgets.error}`
              : ''}
      </p>
    </div>
  );
}
