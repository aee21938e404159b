import { useMemo } from 'react';
import type { ReleaseCell } from '../../../src/experiments';
import { releasedFootpoints, releasedPairs } from '../../release/releasedPairs';
import type { BudgetState } from '../../store';
import { budgetRgb, linearRgb } from '../../views3d/budgetColours';
import { packSegments, sphereGeodesic, type Polyline } from '../../views3d/geodesics';
import { VIEW_COLOURS as C } from '../../views3d/palette';
import { SPHERE_VIEW as SV } from '../../views3d/sphereView';
import { lift } from './lift';

/**
 * The private release as the globe draws it: its geodesics packed for one draw call (in Fig. 5 mode those of
 * every budget, coloured by budget), its footpoints, and how many geodesics there are.
 */
export function usePrivateGeodesics(cells: readonly ReleaseCell[], fig5: boolean, budgets: BudgetState) {
  const pairs = useMemo(() => releasedPairs(cells, 3), [cells]);
  const privateLines = useMemo(() => {
    if (fig5) {
      const lines: Polyline[] = [];
      const colours: [number, number, number][] = [];
      // smallest budget first, so the larger budgets (close to the data) are drawn on top
      for (const run of [...budgets.runs].sort((a, b) => a.eps - b.eps)) {
        const rgb = budgetRgb(run.eps);
        for (const pr of releasedPairs(
          run.cells.filter((c) => c !== undefined),
          3,
        )) {
          lines.push(sphereGeodesic(pr.p, pr.v, 48, SV.lineLift));
          colours.push(rgb);
        }
      }
      return packSegments(lines, colours);
    }
    // one colour, but as vertex colours too: the same shader program as in Fig. 5 mode (one compile)
    const rgb = linearRgb(C.private);
    return packSegments(
      pairs.map((pr) => sphereGeodesic(pr.p, pr.v, 48, SV.lineLift)),
      pairs.map(() => rgb),
    );
  }, [fig5, budgets.runs, pairs]);
  const footpoints = useMemo(
    () => (fig5 ? [] : releasedFootpoints(cells, 3).map((p) => lift(p, SV.pointLift))),
    [fig5, cells],
  );

  const nPrivate = fig5
    ? budgets.runs.reduce(
        (a, r) =>
          a +
          releasedPairs(
            r.cells.filter((c) => c !== undefined),
            3,
          ).length,
        0,
      )
    : pairs.length;

  return { privateLines, footpoints, nPrivate };
}
