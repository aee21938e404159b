/** Budget pairs (ε_p, ε_v) of the paper's two panels (000, Fig. 1/2/7; docs/experiments.md). */
export type Panel = 'unequal' | 'equal';

export interface BudgetPair {
  epsP: number;
  epsV: number;
}

export function linspace(a: number, b: number, count: number): number[] {
  if (count === 1) return [a];
  return Array.from({ length: count }, (_, i) => a + ((b - a) * i) / (count - 1));
}

export interface BudgetOptions {
  /** Points per panel (paper: 10). */
  points?: number;
  /** Unequal panel: ε_p from 0.02 to 2.0 with ε_p + ε_v = 2.02 (paper); scaled when another total is given. */
  unequalTotal?: number;
  /** Equal panel: total ε from epsMin to epsMax (paper: 0.2 … 2.0), ε_p = ε_v = ε/2. */
  equalRange?: readonly [number, number];
  /** Equal panel: evenly spaced ε (the paper's) or evenly spaced ln ε (a range over several decades). */
  equalScale?: 'linear' | 'log';
  /** Unequal panel: the shares ε_p/ε to run instead of the paper's grid (the split advisor's finer sweeps). */
  splits?: readonly number[];
}

export function budgetPairs(panel: Panel, opts: BudgetOptions = {}): BudgetPair[] {
  const points = opts.points ?? 10;
  if (panel === 'unequal') {
    const total = opts.unequalTotal ?? 2.02;
    if (opts.splits) return opts.splits.map((f) => ({ epsP: f * total, epsV: (1 - f) * total }));
    const lo = (0.02 / 2.02) * total;
    return linspace(lo, total - lo, points).map((epsP) => ({ epsP, epsV: total - epsP }));
  }
  const [a, b] = opts.equalRange ?? [0.2, 2.0];
  const grid =
    opts.equalScale === 'log'
      ? linspace(Math.log(a), Math.log(b), points).map(Math.exp)
      : linspace(a, b, points);
  return grid.map((eps) => ({ epsP: eps / 2, epsV: eps / 2 }));
}
