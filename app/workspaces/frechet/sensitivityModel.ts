/**
 * 004 Fig. 1's sensitivity plot from the cells of the `frechetSensitivity` job: per n, every adjacent pair's
 * ρ(x̄, x̄′), their mean and maximum, the bound of 004 Thm 2 and how many pairs exceed it (the command line's
 * `summary` rows, computed the same way).
 */
import type { FrechetSensitivityRow } from '../../../src/experiments/frechetSensitivity';

export interface SensitivitySummary {
  n: number;
  pairs: number;
  bound: number;
  meanEmpirical: number;
  maxEmpirical: number;
  exceedances: number;
  /** bound / max empirical: how cautious the bound is at this n (≥ 1 when it holds). */
  ratio: number;
}

export function sensitivitySummary(
  cells: readonly (FrechetSensitivityRow | undefined)[],
): SensitivitySummary[] {
  const byN = new Map<number, FrechetSensitivityRow[]>();
  for (const c of cells) if (c) byN.set(c.n, [...(byN.get(c.n) ?? []), c]);
  return [...byN.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([n, rows]) => {
      const emp = rows.map((r) => r.empirical);
      const bound = rows[0].bound;
      const max = Math.max(...emp);
      return {
        n,
        pairs: rows.length,
        bound,
        meanEmpirical: emp.reduce((a, b) => a + b, 0) / emp.length,
        maxEmpirical: max,
        exceedances: emp.filter((e) => !(e <= bound)).length,
        ratio: bound / max,
      };
    });
}
