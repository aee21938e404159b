import { describe, expect, it } from 'vitest';
import type { DataManifold } from '../data';
import { DEFAULT_KNG_SETTINGS } from '../privacy/kng';
import {
  adviceFromCells,
  adviceStage,
  bestSplitSe,
  coarseRestCells,
  fitAdvice,
  loess,
  nextAdviceSweep,
  withPart,
  type AdviceCells,
} from './advise';
import { linspace } from './budgets';
import {
  adviseCoarseSpec,
  adviseFineSpec,
  coarseAdviceFromCells,
  coarseAdviceSoFar,
  runAdvice,
  sweepCells,
  type AdviseSpec,
  type SweepCellResult,
  type SweepSpec,
} from '.';

/**
 * Small seeded runs (a few seconds in all): shapes need a larger ε than the others before the split matters at
 * these sizes (at ε = 1 their private fits are near random, so every split gives the same error).
 */
const CASES: { manifold: DataManifold; n: number; eps: number; m: number; burnIn: number }[] = [
  { manifold: 'sphere', n: 20, eps: 1, m: 6, burnIn: 300 },
  { manifold: 'spd', n: 10, eps: 1, m: 6, burnIn: 200 },
  { manifold: 'kendall', n: 10, eps: 20, m: 4, burnIn: 150 },
  { manifold: 'euclidean', n: 20, eps: 1, m: 6, burnIn: 300 },
];

function spec(c: (typeof CASES)[number]): AdviseSpec {
  return {
    manifold: c.manifold,
    dataset: { n: c.n },
    seed: 1,
    eps: c.eps,
    coarsePoints: 9,
    finePoints: 7,
    kng: { ...DEFAULT_KNG_SETTINGS, m: c.m, burnIn: c.burnIn },
  };
}

/** Brute force: 17 splits over the whole range, twice the advisor's m, its own random streams. */
function bruteForceMinimiser(a: AdviseSpec): number {
  const sweep: SweepSpec = {
    ...adviseCoarseSpec(a),
    budgets: { unequalTotal: a.eps, splits: linspace(0.02, 0.98, 17) },
    kng: { ...a.kng, m: 2 * a.kng.m },
    stream: 0xb7f,
  };
  const { points } = adviceStage(sweep, sweepCells(sweep), 'fine');
  return points.reduce((p, q) => (q.lnMeanMse < p.lnMeanMse ? q : p)).split;
}

describe('split advisor against a brute-force fine sweep (seeded, all four manifolds)', () => {
  for (const c of CASES) {
    it(`${c.manifold}: the interval holds the brute-force minimiser and is narrower than the range`, () => {
      const a = spec(c);
      const advice = runAdvice(a);
      const best = bruteForceMinimiser(a);
      expect(advice.interval[0]).toBeLessThanOrEqual(best);
      expect(advice.interval[1]).toBeGreaterThanOrEqual(best);
      expect(advice.interval[0]).toBeLessThanOrEqual(advice.split);
      expect(advice.split).toBeLessThanOrEqual(advice.interval[1]);
      // a U at these settings: the advice says something
      expect(advice.flat).toBe(false);
      expect(advice.interval[1] - advice.interval[0]).toBeLessThan(0.7);
      // the fit stays above the non-private error, and the fine stage ran with more pairs
      expect(advice.excess).toBeGreaterThan(0);
      const pairs = (stage: string) => advice.points.find((p) => p.stage === stage)!.pairs;
      expect(pairs('fine')).toBeGreaterThan(pairs('coarse'));
      expect(advice.epsP + advice.epsV).toBeCloseTo(c.eps, 12);
      expect(advice.summary).toMatch(/^Give the footpoint \d+%–\d+% of ε/);
      // the best split with the spacing of the fine sweep's points it was placed between
      const fine = advice.points.filter((p) => p.stage === 'fine').map((p) => p.split);
      expect(advice.resolution).toBeCloseTo((Math.max(...fine) - Math.min(...fine)) / (fine.length - 1), 12);
      expect(advice.summary).toContain(`between sweep points ${Math.round(100 * advice.resolution)}% apart`);
      // with its best split's standard error, finer than the interval it recommends
      expect(advice.splitSe).toBeGreaterThan(0);
      expect(advice.splitSe!).toBeLessThan(advice.interval[1] - advice.interval[0]);
      expect(advice.summary).toContain(
        `best ≈ ${Math.round(100 * advice.split)}% ± ${Math.max(1, Math.round(100 * advice.splitSe!))}%,`,
      );
    });
  }
});

describe('the coarse stage’s first answer', () => {
  it('is an advice from the coarse points alone, and the fine stage looks around its best split', () => {
    const a = spec(CASES[0]);
    const coarse = sweepCells(adviseCoarseSpec(a));
    const first = coarseAdviceFromCells(a, coarse);
    expect(first.points.every((p) => p.stage === 'coarse')).toBe(true);
    expect(first.points).toHaveLength(9);
    expect(first.interval[0]).toBeLessThanOrEqual(first.split);
    expect(first.split).toBeLessThanOrEqual(first.interval[1]);
    const fine = adviseFineSpec(a, coarse).budgets!.splits!;
    expect(fine[0]).toBeLessThanOrEqual(first.split);
    expect(fine[fine.length - 1]).toBeGreaterThanOrEqual(first.split);
    // the finished advice places its best split more finely than the coarse points are apart
    expect(runAdvice(a).resolution).toBeLessThan(first.resolution);
  });

  it('while the coarse sweep runs: from its first whole passes, once every split has three groups', () => {
    const a = spec(CASES[0]);
    const first = nextAdviceSweep(a, { coarse: [], fine: [] })!;
    const cs = adviseCoarseSpec(a);
    const perPass = cs.budgets!.splits!.length;
    const firstCells = sweepCells(first.spec);
    expect(first.stage).toBe('coarse');
    expect(firstCells).toHaveLength(3 * perPass);
    const arrived = (cells: SweepCellResult[], has: (i: number) => boolean) =>
      cells.map((c, i) => (has(i) ? c : undefined));
    // two whole passes and cells of the third: not yet
    expect(
      coarseAdviceSoFar(
        a,
        arrived(firstCells, (i) => i < 2 * perPass || i === 2 * perPass + 1),
      ),
    ).toBeNull();
    const soFar = coarseAdviceSoFar(a, firstCells)!;
    expect(soFar.groups).toBe(3);
    expect(soFar.groupsTotal).toBe(sweepCells(cs).length / perPass);
    expect(soFar.advice).toEqual(fitAdvice(a, adviceStage(cs, firstCells, 'coarse')));
    expect(new Set(soFar.advice.points.map((p) => p.pairs)).size).toBe(1);
    // the rest, at the splits kept: whole passes of those count, a part of one does not
    const rest = nextAdviceSweep(a, { coarse: firstCells, fine: [] })!;
    const restCells = sweepCells(rest.spec);
    const kept = new Set(restCells.map((c) => c.budget)).size;
    const onePassMore = [...firstCells, ...arrived(restCells, (i) => i < kept + 1)];
    expect(coarseAdviceSoFar(a, onePassMore)!.groups).toBe(4);
    expect(coarseAdviceSoFar(a, onePassMore)!.advice).toEqual(
      coarseAdviceFromCells(a, [...firstCells, ...restCells.slice(0, kept)]),
    );
    const all = [...firstCells, ...restCells];
    expect(coarseAdviceSoFar(a, all)!.advice).toEqual(coarseAdviceFromCells(a, all));
  });
});

describe('the advisor’s sweeps drawn in parts', () => {
  it('a part of a sweep is drawn exactly as the same cells of the whole sweep', () => {
    const cs = adviseCoarseSpec(spec(CASES[0]));
    const whole = sweepCells(cs);
    const cells = [40, 3, 17];
    expect(sweepCells({ ...cs, cells })).toEqual(cells.map((i) => whole[i]));
    expect(() => sweepCells({ ...cs, cells: [whole.length] })).toThrow(/cells must be indices/);
  });

  it('the coarse sweep stops drawing only at splits clearly worse than the best; its cells are the whole sweep’s', () => {
    const a = spec(CASES[0]);
    const cs = adviseCoarseSpec(a);
    const whole = sweepCells(cs);
    const perPass = cs.budgets!.splits!.length;
    const first = whole.slice(0, 3 * perPass);
    const rest = coarseRestCells(a, first);
    expect(rest.every((i) => i >= 3 * perPass)).toBe(true);
    const { points } = adviceStage(cs, first, 'coarse');
    const best = points.reduce((p, q) => (q.lnMeanMse < p.lnMeanMse ? q : p));
    const keptBudgets = new Set(rest.map((i) => i % perPass));
    points.forEach((p, j) => {
      const clearlyWorse = p.lnMeanMse - best.lnMeanMse > 4 * Math.hypot(p.se, best.se);
      const nextToBest = Math.abs(j - points.indexOf(best)) <= 1;
      expect(keptBudgets.has(j)).toBe(nextToBest || !clearlyWorse);
    });
    // at these settings the ends of the range are clearly worse: the sweep draws less than all of it
    expect(keptBudgets.size).toBeLessThan(perPass);
    // every kept split gets every pass
    expect(rest).toHaveLength(keptBudgets.size * (whole.length / perPass - 3));
    expect(sweepCells({ ...cs, cells: rest })).toEqual(rest.map((i) => whole[i]));
  });

  it('the fine sweep draws its first groups, then more until the best split is precise, each part after the last', () => {
    const a = spec(CASES[0]);
    let have: AdviceCells = { coarse: [], fine: [] };
    const parts: { stage: string; cells: readonly number[] }[] = [];
    for (let part = nextAdviceSweep(a, have); part; part = nextAdviceSweep(a, have)) {
      parts.push({ stage: part.stage, cells: part.spec.cells! });
      have = withPart(have, part, sweepCells(part.spec));
    }
    const fine = parts.filter((p) => p.stage === 'fine').flatMap((p) => p.cells);
    // the fine sweep's cells from its first on, without gaps, in whole passes
    expect(fine).toEqual(fine.map((_, i) => i));
    const fs = adviseFineSpec(a, have.coarse);
    const finePerPass = fs.budgets!.splits!.length;
    expect(fine.length % finePerPass).toBe(0);
    const groups = fine.length / finePerPass;
    const groupsAll = sweepCells(fs).length / finePerPass;
    const advice = adviceFromCells(a, have.coarse, have.fine);
    const width = advice.interval[1] - advice.interval[0];
    // it stopped because the best split was precise, or because every group was drawn
    if (groups < groupsAll) expect(bestSplitSe(a, have)).toBeLessThanOrEqual(0.08 * width);
    // and not before: at the part before, it was not precise
    if (groups > Math.min(10, groupsAll)) {
      const earlier = { ...have, fine: have.fine.slice(0, (groups - 5) * finePerPass) };
      const earlierAdvice = adviceFromCells(a, earlier.coarse, earlier.fine);
      expect(bestSplitSe(a, earlier)).toBeGreaterThan(
        0.08 * (earlierAdvice.interval[1] - earlierAdvice.interval[0]),
      );
    }
    expect(runAdvice(a)).toEqual(advice);
    expect(advice.splitSe).toBe(bestSplitSe(a, have));
  });

  it('the best split’s standard error is zero when every chain group agrees, and grows with their spread', () => {
    const a = spec(CASES[0]);
    let have: AdviceCells = { coarse: [], fine: [] };
    for (let part = nextAdviceSweep(a, have); part; part = nextAdviceSweep(a, have))
      have = withPart(have, part, sweepCells(part.spec));
    // every group of a split replaced by that split's mean: resampling them changes nothing
    const flatten = (cells: readonly SweepCellResult[]) =>
      cells.map((c) => {
        const same = cells.filter((d) => d.budget === c.budget);
        const mean = same.reduce((s, d) => s + d.mseSum / d.pairs, 0) / same.length;
        return { ...c, mseSum: mean * c.pairs };
      });
    expect(bestSplitSe(a, { coarse: flatten(have.coarse), fine: flatten(have.fine) })).toBeLessThan(1e-12);
    expect(bestSplitSe(a, have)).toBeGreaterThan(0);
  });
});

describe('split advisor fit', () => {
  it('the local fit reproduces a quadratic exactly and reports the standard error of a mean', () => {
    const pts = linspace(-2, 2, 21).map((x) => ({ x, y: 1 + 0.5 * x - 0.25 * x * x, se: 0.1 }));
    for (const x0 of [-1.5, 0, 0.7])
      expect(loess(pts, x0, 0.5).y).toBeCloseTo(1 + 0.5 * x0 - 0.25 * x0 * x0, 10);
    // constant data: the fit is a weighted mean, so its standard error is below each point's
    const flat = linspace(0, 1, 11).map((x) => ({ x, y: 3, se: 0.2 }));
    const f = loess(flat, 0.5, 0.3);
    expect(f.y).toBeCloseTo(3, 12);
    expect(f.se).toBeGreaterThan(0);
    expect(f.se).toBeLessThan(0.2);
  });

  it('says plainly when no split helps (a flat curve within the noise)', () => {
    const a = spec(CASES[0]);
    const points = linspace(0.02, 0.98, 11).map((split, i) => ({
      split,
      epsP: split,
      epsV: 1 - split,
      lnMeanMse: -3 + (i % 2 ? 0.05 : -0.05),
      se: 0.1,
      pairs: 36,
      stage: 'coarse' as const,
    }));
    const advice = fitAdvice(a, { points, n: 20, lnNonPrivateMse: -4, isPrivate: true, notes: [] });
    expect(advice.flat).toBe(true);
    expect(advice.summary).toMatch(/^No split is clearly better at ε = 1, n = 20/);
  });
});
