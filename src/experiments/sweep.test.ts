import { describe, expect, it } from 'vitest';
import { DEFAULT_KNG_SETTINGS } from '../privacy/kng';
import { LIVE_SHAPE_GROUPS, liveSweepGroups } from './liveSweep';
import {
  aggregateSweep,
  sweepCellCount,
  sweepCells,
  sweepRefinement,
  type SweepCellResult,
  type SweepSpec,
} from './sweep';

/** Two panels × 3 budget points × 2 data sets = 12 plotted points, each from m = 3 groups of 3 pairs. */
const spec: SweepSpec = {
  manifold: 'sphere',
  datasets: [{ n: 20 }, { n: 30 }],
  seed: 5,
  panels: ['unequal', 'equal'],
  budgets: { points: 3 },
  kng: { ...DEFAULT_KNG_SETTINGS, m: 3, burnIn: 100 },
};
const cells = sweepCells(spec);
const key = (c: SweepCellResult) => `${c.panel}/${c.budget}/${c.dataset}`;

describe('the sweep’s cells come in passes', () => {
  it('draws every plotted point from one group before any point gets a second', () => {
    expect(cells).toHaveLength(36);
    const firstPass = cells.slice(0, 12);
    expect(new Set(firstPass.map(key)).size).toBe(12);
    // pass g is group g of every point: the same point at i, i + 12, i + 24
    for (let i = 0; i < 12; i++) {
      expect(key(cells[i + 12])).toBe(key(cells[i]));
      expect(key(cells[i + 24])).toBe(key(cells[i]));
    }
  });

  it('gives rows from the first pass alone, each over one group, and all of them at the end', () => {
    const coarse = aggregateSweep(
      spec,
      cells.map((c, i) => (i < 12 ? c : undefined)),
    );
    expect(coarse.rows).toHaveLength(12);
    for (const r of coarse.rows) {
      expect(r).toMatchObject({ pairs: 3, groups: 1, groupsTotal: 3 });
      // one group: no spread to estimate an error from
      expect(r.lnMeanMseSe).toBeNaN();
    }
    const full = aggregateSweep(spec, cells);
    for (const r of full.rows) {
      // complete: the rows are the same as ever (no refinement to report)
      expect(r.pairs).toBe(9);
      expect(r).not.toHaveProperty('groups');
      expect(r).not.toHaveProperty('groupsTotal');
      expect(Number.isFinite(r.lnMeanMseSe)).toBe(true);
    }
  });

  it('a sweep capped at fewer groups is the full sweep’s first passes, number for number', () => {
    const capped = { ...spec, groups: 2 };
    expect(sweepCellCount(capped)).toBe(24);
    const two = sweepCells(capped);
    expect(two).toEqual(cells.slice(0, 24));
    expect(aggregateSweep(capped, two)).toEqual(
      aggregateSweep(
        capped,
        cells.map((c, i) => (i < 24 ? c : undefined)),
      ),
    );
    // a cap above the release's groups changes nothing
    expect(sweepCellCount({ ...spec, groups: 30 })).toBe(36);
    expect(() => sweepCellCount({ ...spec, groups: 0 })).toThrow(/positive integer/);
  });
});

describe('sweepRefinement', () => {
  it('counts the points drawn and the groups and pairs behind the thinnest one', () => {
    const none = sweepRefinement(spec, []);
    expect(none).toEqual({
      points: 0,
      pointsTotal: 12,
      groups: 0,
      groupsTotal: 3,
      pairs: 0,
      pairsTotal: 9,
      pairsFull: 9,
    });
    const partial = cells.map((c, i) => (i < 5 || (i >= 12 && i < 20) ? c : undefined));
    expect(sweepRefinement(spec, partial)).toMatchObject({ points: 8, groups: 0, pairs: 0 });
    const firstPassAndSome = cells.map((c, i) => (i < 20 ? c : undefined));
    expect(sweepRefinement(spec, firstPassAndSome)).toMatchObject({ points: 12, groups: 1, pairs: 3 });
    expect(sweepRefinement(spec, cells)).toMatchObject({ points: 12, groups: 3, pairs: 9, pairsTotal: 9 });
    // capped: the target is the cap's pairs, the full sweep's are said beside it
    expect(sweepRefinement({ ...spec, groups: 2 }, cells.slice(0, 24))).toMatchObject({
      groups: 2,
      groupsTotal: 2,
      pairs: 6,
      pairsTotal: 6,
      pairsFull: 9,
    });
  });

  it('the consecutive scheme is one pass of m × m pairs', () => {
    const consecutive = { ...spec, kng: { ...spec.kng, scheme: 'consecutive' as const } };
    expect(sweepCellCount(consecutive)).toBe(12);
    expect(sweepRefinement(consecutive, [])).toMatchObject({ groupsTotal: 1, pairsTotal: 9 });
  });
});

describe('liveSweepGroups', () => {
  it('caps paper 000’s KNG on the shape space only', () => {
    expect(liveSweepGroups('kendall', 'kng')).toEqual({ groups: LIVE_SHAPE_GROUPS });
    expect(liveSweepGroups('kendall', undefined)).toEqual({ groups: LIVE_SHAPE_GROUPS });
    expect(liveSweepGroups('kendall', 'kng-joint')).toEqual({});
    expect(liveSweepGroups('sphere', 'kng')).toEqual({});
    expect(liveSweepGroups('spd', 'kng')).toEqual({});
  });
});
