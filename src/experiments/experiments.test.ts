import { describe, expect, it } from 'vitest';
import { DEFAULT_KNG_SETTINGS } from '../privacy/kng';
import { quantile } from '../sampling/stats';
import { budgetPairs, runHistograms, runSensitivityCheck, runSweep, type SweepRow } from '.';

/** Spearman rank correlation. */
function spearman(a: number[], b: number[]): number {
  const rank = (x: number[]) => {
    const order = x.map((v, i) => [v, i]).sort((p, q) => p[0] - q[0]);
    const r = new Array<number>(x.length);
    order.forEach(([, i], k) => (r[i] = k));
    return r;
  };
  const ra = rank(a);
  const rb = rank(b);
  const n = a.length;
  const d2 = ra.reduce((s, r, i) => s + (r - rb[i]) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('budget pairs', () => {
  it("reproduce the paper's panels", () => {
    const u = budgetPairs('unequal');
    expect(u).toHaveLength(10);
    expect(u[0].epsP).toBeCloseTo(0.02, 12);
    expect(u[9].epsP).toBeCloseTo(2.0, 12);
    for (const b of u) expect(b.epsP + b.epsV).toBeCloseTo(2.02, 12);
    const e = budgetPairs('equal');
    expect(e.map((b) => b.epsP + b.epsV).map((x) => +x.toFixed(10))).toEqual([
      0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8, 2,
    ]);
    for (const b of e) expect(b.epsP).toBe(b.epsV);
  });
});

describe("paper 000's claims hold on a seeded sphere sweep (Fig. 1, reduced: 5×5 pairs, burn-in 500)", () => {
  const result = runSweep({
    manifold: 'sphere',
    datasets: [{ n: 20 }, { n: 50 }, { n: 100 }],
    seed: 1,
    panels: ['unequal', 'equal'],
    kng: { ...DEFAULT_KNG_SETTINGS, m: 5, burnIn: 500 },
  });
  const rows = (split: string, n: number) => result.rows.filter((r) => r.split === split && r.n === n);

  it('has one row per panel, budget point and n, each over m² pairs, flagged not private (data-driven τ)', () => {
    expect(result.rows).toHaveLength(60);
    for (const r of result.rows) {
      expect(r.pairs).toBe(25);
      expect(r.isPrivate).toBe(false);
      expect(Number.isFinite(r.lnMeanMse)).toBe(true);
    }
    expect(result.notes.join(' ')).toMatch(/not private/);
  });

  it('private error is above the non-private error everywhere', () => {
    for (const r of result.rows) expect(r.lnMeanMse).toBeGreaterThan(r.lnNonPrivateMse);
  });

  it('the unequal split is U-shaped: both extremes are worse than the best interior split', () => {
    for (const n of [20, 50, 100]) {
      const ys = rows('unequal', n).map((r) => r.lnMeanMse);
      const best = Math.min(...ys.slice(1, -1));
      expect(ys[0]).toBeGreaterThan(best + 0.5);
      expect(ys[ys.length - 1]).toBeGreaterThan(best + 0.5);
    }
  });

  it('error falls as the total budget grows (equal split)', () => {
    for (const n of [20, 50, 100]) {
      const r = rows('equal', n);
      expect(
        spearman(
          r.map((x) => x.eps),
          r.map((x) => x.lnMeanMse),
        ),
      ).toBeLessThan(-0.8);
      expect(r[r.length - 1].lnMeanMse).toBeLessThan(r[0].lnMeanMse);
    }
  });

  it('curves are ordered n = 20 > 50 > 100 in excess over their own non-private error', () => {
    for (const split of ['unequal', 'equal']) {
      const excess = [20, 50, 100].map((n) => mean(rows(split, n).map((r: SweepRow) => r.excess)));
      expect(excess[0]).toBeGreaterThan(excess[1]);
      expect(excess[1]).toBeGreaterThan(excess[2]);
    }
  });

  it('approaches the non-private error at large ε (n = 100, ε = 2: excess < 0.2)', () => {
    const r = rows('equal', 100);
    expect(r[r.length - 1].excess).toBeLessThan(0.2);
  });
});

describe('data spread (Fig. 6): more noise, more error', () => {
  it('ln MSE, private and non-private, increases with δ at every budget', () => {
    const result = runSweep({
      manifold: 'sphere',
      datasets: [
        { n: 50, noise: 0.001 },
        { n: 50, noise: 0.01 },
        { n: 50, noise: 0.1 },
      ],
      seed: 2,
      panels: ['equal'],
      budgets: { points: 3 },
      kng: { ...DEFAULT_KNG_SETTINGS, m: 3, burnIn: 300 },
    });
    for (let b = 0; b < 3; b++) {
      const at = [0.001, 0.01, 0.1].map((noise) => result.rows.filter((r) => r.noise === noise)[b]);
      expect(at[0].lnNonPrivateMse).toBeLessThan(at[1].lnNonPrivateMse);
      expect(at[1].lnNonPrivateMse).toBeLessThan(at[2].lnNonPrivateMse);
      expect(at[0].lnMeanMse).toBeLessThan(at[2].lnMeanMse);
    }
  });
});

describe('SPD(2) and Kendall sweeps run and show the same trend (small runs)', () => {
  for (const manifold of ['spd', 'kendall'] as const) {
    it(`${manifold}: private error falls from ε = 0.2 to ε = 2`, () => {
      const result = runSweep({
        manifold,
        datasets: [{ n: 20 }],
        seed: 3,
        panels: ['equal'],
        budgets: { points: 2 },
        kng: { ...DEFAULT_KNG_SETTINGS, m: 3, burnIn: 300 },
      });
      const [lo, hi] = result.rows;
      expect(hi.lnMeanMse).toBeLessThan(lo.lnMeanMse);
      for (const r of result.rows) expect(r.lnMeanMse).toBeGreaterThan(r.lnNonPrivateMse);
    });
  }
});

describe('sensitivity validity (Fig. 9/10): every ratio Δ^thy/Δ^exp ≥ 1', () => {
  for (const manifold of ['sphere', 'spd', 'kendall'] as const) {
    it(manifold, () => {
      const cells = runSensitivityCheck({ manifold, ns: [20, 50, 100], pairs: 5, seed: 1 });
      expect(cells).toHaveLength(15);
      for (const c of cells) {
        expect(c.ratioP).toBeGreaterThanOrEqual(1);
        expect(c.ratioV).toBeGreaterThanOrEqual(1);
        expect(c.deltaExpP).toBeGreaterThan(0);
      }
    });
  }
});

describe("paper 001's histograms", () => {
  it('footpoint distances and angles shrink as ε grows; MAE stays above the noise', () => {
    const spec = { manifold: 'sphere' as const, n: 20, seed: 4, draws: 100 };
    const low = runHistograms({ ...spec, kng: { ...DEFAULT_KNG_SETTINGS, epsP: 0.3, epsV: 0.3 } });
    const high = runHistograms({ ...spec, kng: { ...DEFAULT_KNG_SETTINGS, epsP: 3, epsV: 3 } });
    const med = (xs: number[]) => quantile(xs, 0.5);
    expect(med(high.map((c) => c.footpointDistance))).toBeLessThan(med(low.map((c) => c.footpointDistance)));
    expect(med(high.map((c) => c.angle))).toBeLessThan(med(low.map((c) => c.angle)));
    for (const c of [...low, ...high]) {
      expect(c.angle).toBeGreaterThanOrEqual(0);
      expect(c.angle).toBeLessThanOrEqual(Math.PI);
      expect(c.mae).toBeGreaterThan(0);
    }
  });
});

describe('an SPD(2) sweep with public τ = 1 reaches ε_p where the footpoint target would not normalise', () => {
  // It threw "too ill-conditioned to compare" before the footpoint domain (kng.ts ImproperFootpoint).
  const result = runSweep({
    manifold: 'spd',
    datasets: [{ n: 20 }, { n: 50 }],
    seed: 1,
    panels: ['unequal'],
    budgets: { points: 3 },
    kng: { ...DEFAULT_KNG_SETTINGS, tau: 1, m: 2, burnIn: 300 },
  });

  it('every row has a finite ln MSE, the smallest ε_p the largest', () => {
    expect(result.rows).toHaveLength(6);
    for (const r of result.rows) expect(Number.isFinite(r.lnMeanMse)).toBe(true);
    for (const n of [20, 50]) {
      const rows = result.rows.filter((r) => r.n === n);
      expect(rows[0].epsP).toBeCloseTo(0.02, 10);
      expect(rows[0].lnMeanMse).toBe(Math.max(...rows.map((r) => r.lnMeanMse)));
    }
  });

  it('says once, per n, below which ε_p the target would not normalise', () => {
    const notes = result.notes.filter((n) => /would not normalise/.test(n));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^Where ε_p < 0\.\d+ at n = 20, ε_p < 0\.\d+ at n = 50, the footpoint density/);
  });
});
