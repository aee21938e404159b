import { describe, expect, it } from 'vitest';
import { logm, symToVecd } from '../geometry/linalg';
import { sphere } from '../geometry/sphere';
import { spd } from '../geometry/spd';
import { Rng } from '../sampling/rng';
import { frechetCell, frechetSetup, runFrechet } from './frechet';
import { aggregateFrechet, type FrechetRow } from './frechetRows';
import { frechetSensitivityExperiment } from './frechetSensitivity';
import { frechetCellCount, frechetDataset, type FrechetSpec } from './frechetSpec';
import { frechetData, frechetDataRadius, frechetPointsDataset, haarOrthogonal } from './frechetData';

const base: FrechetSpec = {
  manifold: 'sphere',
  ks: [2],
  metric: 'logEuclidean',
  ns: [50],
  radius: Math.PI / 8,
  eps: [1],
  delta: 1e-6,
  mechanisms: ['riemannian-laplace'],
  calibration: 'analytic',
  sigmaRule: 'paper',
  reps: 10,
  seed: 1,
};

const row = (rows: FrechetRow[], mechanism: string, at: Partial<FrechetRow> = {}) => {
  const r = rows.find(
    (x) => x.mechanism === mechanism && Object.entries(at).every(([k, v]) => x[k as keyof FrechetRow] === v),
  );
  if (!r) throw new Error(`no ${mechanism} row at ${JSON.stringify(at)}`);
  return r;
};

describe('Fréchet data sets', () => {
  it('lie in the public ball (sphere cap r; SPD ‖logm X‖_F ≤ √k·r), also when heterogeneous; Haar Q is orthogonal', () => {
    const S2 = sphere();
    for (const heterogeneous of [false, true]) {
      const s = frechetData(
        { manifold: 'sphere', k: 2, metric: 'affine', n: 300, radius: 0.3, heterogeneous },
        Rng.fromKey(1),
      );
      for (const p of s.points) expect(S2.dist(s.center, p)).toBeLessThanOrEqual(0.3 + 1e-12);
      const k = 4;
      const m = frechetData(
        { manifold: 'spd', k, metric: 'logEuclidean', n: 200, radius: 0.25, heterogeneous },
        Rng.fromKey(2),
      );
      for (const X of m.points)
        expect(Math.hypot(...symToVecd(logm(X, k), k))).toBeLessThanOrEqual(0.5 + 1e-9);
      expect(m.ballRadius).toBeCloseTo(0.5, 15);
    }
    const Q = haarOrthogonal(5, Rng.fromKey(3));
    for (let i = 0; i < 5; i++)
      for (let j = 0; j < 5; j++) {
        let s = 0;
        for (let l = 0; l < 5; l++) s += Q[l * 5 + i] * Q[l * 5 + j];
        expect(s).toBeCloseTo(i === j ? 1 : 0, 12);
      }
  });

  it('the mean is the Fréchet mean (zero gradient), and replicate data sets are reproducible', () => {
    const spec: FrechetSpec = { ...base, manifold: 'spd', ks: [3], metric: 'affine', radius: 0.4 };
    const d = frechetDataset(spec, 40, 3, 2);
    const M = spd(3, 'affine');
    const g = new Float64Array(9);
    for (const X of d.points) M.log(d.mean, X).forEach((v, i) => (g[i] += v / d.points.length));
    expect(M.norm(d.mean, g)).toBeLessThan(1e-10);
    // log-Euclidean: the closed form from the generator's exact logarithms agrees with logm of the points
    const le = frechetDataset({ ...spec, metric: 'logEuclidean' }, 40, 3, 2);
    const L = spd(3, 'logEuclidean');
    const gl = new Float64Array(9);
    for (const X of le.points) L.log(le.mean, X).forEach((v, i) => (gl[i] += v / le.points.length));
    expect(L.norm(le.mean, gl)).toBeLessThan(1e-12);
    expect(frechetDataset(spec, 40, 3, 2).points[7]).toEqual(d.points[7]);
    expect(frechetDataset(spec, 40, 3, 3).points[7]).not.toEqual(d.points[7]);
  });
});

describe('the frechet task', () => {
  it('a cell depends on (spec, index) only: computed alone it equals the same cell in a full run', () => {
    const spec: FrechetSpec = {
      ...base,
      manifold: 'spd',
      ks: [2, 3],
      eps: [0.2, 0.5],
      mechanisms: ['riemannian-laplace', 'tangent-gaussian', 'ambient-laplace'],
      reps: 4,
    };
    const scratch = frechetSetup();
    const all = Array.from({ length: frechetCellCount(spec) }, (_, i) => frechetCell(spec, i, scratch));
    expect(all).toHaveLength(2 * 2 * 3);
    for (const i of [0, 5, 11]) {
      const alone = frechetCell(spec, i);
      expect({ ...alone, seconds: 0 }).toEqual({ ...all[i], seconds: 0 });
    }
    expect(aggregateFrechet(all)).toHaveLength(12);
  });

  it('a release too large for double precision (k = 30, n = 20: log-eigenvalues ≈ ±50) gives a row with a note', () => {
    const rows = runFrechet({
      ...base,
      manifold: 'spd',
      ks: [30],
      ns: [20],
      radius: 0.25,
      eps: [0.1],
      mechanisms: ['riemannian-laplace'],
      reps: 1,
    });
    expect(rows[0].applicable).toBe(false);
    expect(rows[0].notes.join(' ')).toMatch(/not representable in double precision/);
    expect(rows[0].theoryMeanSqDist).toBeGreaterThan(0);
  });

  it('a bad spec fails when the cells are counted (before any work), naming the field; empty lists give no cells', () => {
    expect(() => frechetCellCount({ ...base, radius: -1 })).toThrow(
      /data radius r must be a positive number/,
    );
    expect(() => frechetCellCount({ ...base, mechanisms: ['laplace' as never] })).toThrow(
      /unknown mechanism "laplace"/,
    );
    expect(() => frechetCellCount({ ...base, eps: [0.1, NaN] })).toThrow(/every ε/);
    expect(() => frechetCellCount({ ...base, conformal: { phiSource: 'data' as never } })).toThrow(
      /φ source/,
    );
    expect(frechetCellCount({ ...base, mechanisms: [] })).toBe(0);
  });

  it('rows for settings where a mechanism does not apply carry a note instead of failing the run', () => {
    const spec: FrechetSpec = {
      ...base,
      manifold: 'spd',
      ks: [2],
      metric: 'affine',
      ns: [20],
      radius: 1,
      eps: [0.05, 1.5],
      mechanisms: ['riemannian-laplace', 'tangent-gaussian', 'conformal'],
      calibration: 'classical',
      reps: 3,
      burnIn: 200,
    };
    const rows = runFrechet(spec);
    // Δ = 2√2/20, σ = Δ/0.05 ≈ 2.8 ≥ √2: no untruncated affine density, and 'paper' cannot truncate
    const rl = row(rows, 'riemannian-laplace', { eps: 0.05 });
    expect(rl.applicable).toBe(false);
    expect(rl.notes.join(' ')).toMatch(/does not exist.*strict/);
    expect(row(rows, 'riemannian-laplace', { eps: 1.5 }).applicable).toBe(true);
    expect(row(rows, 'tangent-gaussian', { eps: 0.05 }).notes.join(' ')).toMatch(/log-Euclidean/);
    expect(row(rows, 'conformal', { eps: 0.05 }).notes.join(' ')).toMatch(/logEuclidean/);
    // with σ = 2Δ/ε the target is truncated to the public ball and the releases stay in it
    const strict = runFrechet({
      ...spec,
      sigmaRule: 'strict',
      mechanisms: ['riemannian-laplace'],
      eps: [0.05],
    });
    expect(strict[0].applicable).toBe(true);
    expect(strict[0].notes.join(' ')).toMatch(/truncated/);
    expect(strict[0].meanDist).toBeLessThanOrEqual(2 * Math.SQRT2 + 1e-9);
    // classical TG refused at ε ≥ 1 (log-Euclidean)
    const tg = runFrechet({
      ...spec,
      metric: 'logEuclidean',
      mechanisms: ['tangent-gaussian'],
      eps: [0.5, 1.5],
    });
    expect(row(tg, 'tangent-gaussian', { eps: 0.5 }).applicable).toBe(true);
    expect(row(tg, 'tangent-gaussian', { eps: 1.5 }).notes.join(' ')).toMatch(/only proven for ε < 1/);
  });
});

describe('004 Fig. 1: sensitivity of the Fréchet mean and intrinsic vs ambient releases', () => {
  it('the empirical ρ(x̄, x̄′) of adjacent data sets stays below 004 Thm 2’s bound (S², r = π/8; SPD(2), affine)', () => {
    for (const [manifold, radius] of [
      ['sphere', Math.PI / 8],
      ['spd', 1],
    ] as const) {
      const rows = frechetSensitivityExperiment({
        manifold,
        k: 2,
        metric: 'affine',
        ns: [10, 20, 40, 80],
        radius,
        pairs: 10,
        seed: 4,
      });
      for (const r of rows) expect(r.empirical).toBeLessThanOrEqual(r.bound);
      const mean = (n: number) => rows.filter((r) => r.n === n).reduce((a, r) => a + r.empirical, 0) / 10;
      expect(mean(80)).toBeLessThan(mean(10));
      expect(rows.find((r) => r.n === 80)!.bound).toBeCloseTo(rows.find((r) => r.n === 10)!.bound / 8, 12);
    }
  });

  it('S²: the intrinsic Laplace is closer to the mean than the ambient one, in Euclidean distance, at every n', () => {
    const rows = runFrechet({
      ...base,
      ns: [20, 40, 100],
      mechanisms: ['riemannian-laplace', 'ambient-laplace'],
      reps: 400,
    });
    for (const n of [20, 40, 100]) {
      const rl = row(rows, 'riemannian-laplace', { n });
      const amb = row(rows, 'ambient-laplace', { n });
      expect(rl.meanEuclideanDist + 2 * rl.seEuclideanDist).toBeLessThan(
        amb.meanEuclideanDist - 2 * amb.seEuclideanDist,
      );
      // E θ² of the exact S² Laplace (Simpson) agrees with the sample
      expect(rl.meanSqDist / rl.theoryMeanSqDist!).toBeGreaterThan(0.8);
      expect(rl.meanSqDist / rl.theoryMeanSqDist!).toBeLessThan(1.2);
    }
  });

  it('SPD(2): ambient releases are often not SPD at small n and never at large n; the intrinsic ones always are', () => {
    const rows = runFrechet({
      ...base,
      manifold: 'spd',
      ks: [2],
      metric: 'affine',
      radius: 1.25,
      ns: [20, 200],
      mechanisms: ['riemannian-laplace', 'ambient-laplace'],
      reps: 200,
      burnIn: 300,
    });
    expect(row(rows, 'ambient-laplace', { n: 20 }).fractionNotSpd!).toBeGreaterThan(0.08);
    expect(row(rows, 'ambient-laplace', { n: 200 }).fractionNotSpd!).toBe(0);
    expect(row(rows, 'riemannian-laplace', { n: 20 }).fractionNotSpd).toBeNull();
    for (const n of [20, 200])
      expect(row(rows, 'riemannian-laplace', { n }).meanEuclideanDist).toBeLessThan(
        row(rows, 'ambient-laplace', { n }).meanEuclideanDist,
      );
  });
});

describe('002 Fig. 1: tangent Gaussian vs Riemannian Laplace on log-Euclidean SPD(k), n = 500, r = 1/4', () => {
  const spec002: FrechetSpec = {
    ...base,
    manifold: 'spd',
    metric: 'logEuclidean',
    ns: [500],
    radius: 0.25,
    eps: [0.1],
    mechanisms: ['riemannian-laplace', 'tangent-gaussian'],
    calibration: 'classical',
    reps: 6,
  };

  it('k = 30, ε = 0.1: E ρ² is ≈ 16.6× larger for RL (σ = Δ/ε) than for classical TG; each matches its law', () => {
    const rows = runFrechet({ ...spec002, ks: [30], reps: 4 });
    const rl = row(rows, 'riemannian-laplace');
    const tg = row(rows, 'tangent-gaussian');
    expect(rl.sensitivity).toBeCloseTo(Math.sqrt(30) / 1000, 15); // Δ_LE = 2√k·r/n
    expect(rl.theoryMeanSqDist! / tg.theoryMeanSqDist!).toBeCloseTo(466 / (2 * Math.log(1.25e6)), 10);
    expect(rl.theoryMeanSqDist! / tg.theoryMeanSqDist!).toBeCloseTo(16.6, 1);
    const ratio = rl.meanSqDist / tg.meanSqDist;
    expect(ratio).toBeGreaterThan(14);
    expect(ratio).toBeLessThan(19.5);
    for (const r of [rl, tg]) {
      expect(r.meanSqDist / r.theoryMeanSqDist!).toBeGreaterThan(0.9);
      expect(r.meanSqDist / r.theoryMeanSqDist!).toBeLessThan(1.1);
    }
  });

  it('k = 2: RL wins (E ρ² ≈ 0.14× TG’s), and analytic σ ≤ classical σ for ε < 1', () => {
    const rows = runFrechet({ ...spec002, ks: [2], reps: 300, eps: [0.1, 0.4] });
    for (const eps of [0.1, 0.4]) {
      const rl = row(rows, 'riemannian-laplace', { eps });
      const tg = row(rows, 'tangent-gaussian', { eps });
      expect(rl.meanSqDist).toBeLessThan(0.3 * tg.meanSqDist);
    }
    const analytic = runFrechet({
      ...spec002,
      ks: [2],
      reps: 1,
      mechanisms: ['tangent-gaussian'],
      calibration: 'analytic',
    });
    expect(analytic[0].sigma).toBeLessThan(row(rows, 'tangent-gaussian', { eps: 0.1 }).sigma);
  });
});

describe('003: Conformal-DP against the Riemannian Laplace (what our implementation shows)', () => {
  const spec003: FrechetSpec = {
    ...base,
    ns: [100],
    eps: [0.5],
    mechanisms: ['riemannian-laplace', 'conformal'],
    reps: 60,
    burnIn: 300,
  };

  it('homogeneous S² data: φ ≈ 1, so conformal ≈ the Laplace with σ = 2Δ/ε — about 4× the E ρ² of σ = Δ/ε', () => {
    const rows = runFrechet(spec003);
    const strict = runFrechet({ ...spec003, sigmaRule: 'strict', mechanisms: ['riemannian-laplace'] });
    const conf = row(rows, 'conformal');
    expect(conf.isPrivate).toBe(false);
    expect(conf.phiMax! / conf.phiMin!).toBeLessThan(1.15);
    const vsPaper = conf.meanSqDist / row(rows, 'riemannian-laplace').meanSqDist;
    const vsStrict = conf.meanSqDist / strict[0].meanSqDist;
    expect(vsPaper).toBeGreaterThan(2);
    expect(vsStrict).toBeGreaterThan(0.5);
    expect(vsStrict).toBeLessThan(2);
  });

  it('heterogeneous S² data: φ varies more, and conformal is still no better than the σ = Δ/ε Laplace', () => {
    const rows = runFrechet({ ...spec003, heterogeneous: true });
    const conf = row(rows, 'conformal');
    expect(conf.phiMax! / conf.phiMin!).toBeGreaterThan(1.2);
    expect(conf.phiAtMean!).toBeLessThan(1); // the mean sits in the dense cluster: φ < 1 there
    expect(conf.meanSqDist).toBeGreaterThan(2 * row(rows, 'riemannian-laplace').meanSqDist);
  });
});

describe('the user’s own points', () => {
  const pts = Array.from({ length: 8 }, (_, i) => {
    const v = Float64Array.of(1, 0.1 * Math.cos(i), 0.1 * Math.sin(i));
    const r = Math.hypot(...v);
    return v.map((c) => c / r);
  });
  const own: FrechetSpec = {
    ...base,
    ns: [8],
    points: pts,
    mechanisms: ['riemannian-laplace', 'conformal'],
    reps: 5,
  };

  it('every replicate releases the mean of these points; a data-driven radius is labelled not private', () => {
    const M = sphere();
    const data = frechetDataset(own, 8, 2, 3);
    expect(data.points).toBe(pts);
    // the mean is the Fréchet mean of the points (zero Riemannian gradient)
    const grad = new Float64Array(3);
    for (const p of pts) M.log(data.mean, p).forEach((g, j) => (grad[j] += g / pts.length));
    expect(Math.hypot(...grad)).toBeLessThan(1e-12);
    const rl = frechetCell(own, 0);
    expect(rl.isPrivate).toBe(true);
    rl.releases.forEach((z, i) => expect(M.dist(data.mean, z)).toBeCloseTo(rl.dists[i], 12));
    const leaky = frechetCell({ ...own, radiusFromData: true }, 0);
    expect(leaky.isPrivate).toBe(false);
    expect(leaky.notes[0]).toBe(
      'NOT PRIVATE: the radius r = 0.3927 behind the sensitivity was taken from the data',
    );
    // the same noise stream: only the label differs
    expect(leaky.dists).toEqual(rl.dists);
  });

  it('Conformal-DP has no public reference sample for them; a spec whose n or sizes do not match is refused', () => {
    const conformal = frechetCell({ ...own, conformal: { phiSource: 'public' } }, 1);
    expect(conformal.applicable).toBe(false);
    expect(conformal.notes[0]).toMatch(/no public reference sample for your own data/);
    expect(() => frechetCellCount({ ...own, ns: [10] })).toThrow(/n must be their number 8/);
    expect(() => frechetCellCount({ ...own, points: [...pts.slice(1), Float64Array.of(1, 0)] })).toThrow(
      /every point must have 3 entries/,
    );
    const two = [Float64Array.of(1, 0, 0, 1), Float64Array.of(2, 0, 0, 1)];
    expect(() => frechetCellCount({ ...own, manifold: 'spd', ks: [2, 3], points: two, ns: [2] })).toThrow(
      /k must be their size \(got 2, 3\)/,
    );
  });

  it('frechetDataRadius: the farthest point from the mean (S²), the largest |log λ| (SPD)', () => {
    const data = frechetDataset(own, 8, 2, 0);
    const r = frechetDataRadius(data, 'sphere', 2);
    expect(r).toBeCloseTo(Math.max(...pts.map((p) => sphere().dist(data.mean, p))), 14);
    const mats = [Float64Array.of(Math.E, 0, 0, 1), Float64Array.of(1, 0, 0, Math.exp(-2))];
    const spdData = frechetPointsDataset('spd', 2, 'affine', mats, 1);
    expect(frechetDataRadius(spdData, 'spd', 2)).toBeCloseTo(2, 12);
  });
});
