import { describe, expect, it } from 'vitest';
import { runFrechet } from '../../../src/experiments/frechet';
import type { FrechetRow } from '../../../src/experiments/frechetRows';
import { errorModel, logExtent } from './errorPlotModel';

const row = (patch: Partial<FrechetRow>): FrechetRow => ({
  mechanism: 'riemannian-laplace',
  n: 50,
  k: 2,
  eps: 1,
  sigma: 0.1,
  sensitivity: 0.1,
  distance: 'riemannian',
  meanDist: 0.2,
  seDist: 0.01,
  meanSqDist: 0.05,
  meanEuclideanDist: 0.19,
  seEuclideanDist: 0.01,
  theoryMeanSqDist: null,
  secondsPerRelease: 1e-4,
  fractionNotSpd: null,
  phiMin: null,
  phiMax: null,
  phiAtMean: null,
  reps: 10,
  applicable: true,
  isPrivate: true,
  notes: [],
  ...patch,
});

describe('Fréchet error plots', () => {
  it('rows that do not apply become one note per (mechanism, reason) listing their x values — never a NaN point', () => {
    const why = 'classical calibration needs ε < 1';
    const rows = [
      row({ mechanism: 'tangent-gaussian', eps: 0.5, meanDist: 0.3 }),
      row({ mechanism: 'tangent-gaussian', eps: 2, applicable: false, meanDist: NaN, notes: [why] }),
      row({ mechanism: 'tangent-gaussian', eps: 1, applicable: false, meanDist: NaN, notes: [why] }),
      row({ eps: 2, meanDist: 0.05 }),
      row({ eps: 0.5, meanDist: 0.4 }),
    ];
    const m = errorModel(rows, 'eps', 'own');
    expect(m.notes).toEqual([{ mechanism: 'tg', reason: why, xs: [1, 2] }]);
    expect(m.series.map((s) => s.mechanism)).toEqual(['tg', 'rl']);
    expect(m.series[1].points.map((p) => [p.x, p.y])).toEqual([
      [0.5, 0.4],
      [2, 0.05],
    ]);
    for (const s of m.series) for (const p of s.points) expect(Number.isFinite(p.y)).toBe(true);
    expect(m.skipped).toBe(0);
  });

  it('the Euclidean measure uses the Euclidean errors; bands are ±2 SE; non-private series are flagged', () => {
    const rows = [row({ isPrivate: false }), row({ eps: 2, meanEuclideanDist: 0.1, seEuclideanDist: 0.02 })];
    const m = errorModel(rows, 'eps', 'euclidean');
    const [a, b] = m.series[0].points;
    expect(a.y).toBe(0.19);
    expect([b.lo, b.hi]).toEqual([0.1 - 0.04, 0.1 + 0.04]);
    expect(m.series[0].isPrivate).toBe(false);
    expect(m.series[0].distance).toBe('euclidean');
  });

  it('applicable rows without a positive finite error are counted, not drawn', () => {
    const m = errorModel([row({ meanDist: NaN }), row({ eps: 2, meanDist: 0 })], 'eps', 'own');
    expect(m.series).toEqual([]);
    expect(m.skipped).toBe(2);
    expect(logExtent(m)).toBeNull();
  });

  it('on real rows: TG classical is a note from ε = 1 on, and every mechanism’s error falls as ε grows', () => {
    const rows = runFrechet({
      manifold: 'spd',
      metric: 'logEuclidean',
      ks: [2],
      ns: [40],
      radius: 0.25,
      eps: [0.1, 0.5, 1, 5],
      delta: 1e-6,
      mechanisms: ['riemannian-laplace', 'tangent-gaussian', 'ambient-laplace'],
      calibration: 'classical',
      sigmaRule: 'paper',
      reps: 30,
      seed: 3,
    });
    const m = errorModel(rows, 'eps', 'own');
    expect(m.notes.map((n) => [n.mechanism, n.xs])).toEqual([['tg', [1, 5]]]);
    expect(m.notes[0].reason).toMatch(/ε < 1|ε ≥ 1|classical/);
    for (const s of m.series) {
      const ys = s.points.map((p) => p.y);
      expect(ys[0], s.mechanism).toBeGreaterThan(3 * ys[ys.length - 1]);
    }
  });
});
