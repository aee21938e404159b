import { describe, expect, it } from 'vitest';
import { euclidean, kendall, sphere, spd, type Manifold } from '../geometry';
import { f64, fdDerivative, randomPoint, randomTangent, reference } from '../geometry/testkit';
import { spdData } from '../data/spdData';
import { Rng } from '../sampling/rng';
import { energy, fitGeodesicRegression, gradient, rescaleCovariates } from '.';

function manifoldOf(entry: { manifold: string; metric: string }): Manifold {
  if (entry.manifold === 'sphere') return sphere();
  if (entry.manifold === 'spd2') return spd(2, entry.metric === 'logEuclidean' ? 'logEuclidean' : 'affine');
  if (entry.manifold === 'kendall50') return kendall(50);
  throw new Error(`unknown manifold ${entry.manifold}`);
}

function splitRows(flat: number[], rows: number): Float64Array[] {
  const len = flat.length / rows;
  return Array.from({ length: rows }, (_, i) => Float64Array.from(flat.slice(i * len, (i + 1) * len)));
}

describe('geodesic regression against the geomstats reference fits', () => {
  for (const entry of reference().regression as any[]) {
    it(`${entry.id}: energy ≤ reference·(1 + 1e-6)`, () => {
      const M = manifoldOf(entry);
      const ys = splitRows(entry.ys, entry.n);
      const xs = Float64Array.from(entry.xs);
      // our energy at geomstats' parameters agrees with geomstats' energy
      const eRef = energy(M, xs, ys, f64(entry.reference.intercept), f64(entry.reference.coef));
      expect(Math.abs(eRef - entry.reference.energy)).toBeLessThanOrEqual(1e-9 * entry.reference.energy);
      const fit = fitGeodesicRegression(M, xs, ys);
      expect(fit.converged).toBe(true);
      expect(fit.energy).toBeLessThanOrEqual(entry.reference.energy * (1 + 1e-6));
      expect(M.dist(fit.p, f64(entry.reference.intercept))).toBeLessThan(1e-4);
      // compare v at the reference's representative (on Kendall our footpoint may be a rotation of it)
      const vAtRef = M.transport(fit.p, f64(entry.reference.intercept), fit.v);
      let dv = 0;
      entry.reference.coef.forEach((c: number, i: number) => (dv = Math.max(dv, Math.abs(c - vAtRef[i]))));
      expect(dv).toBeLessThan(1e-3);
    });
  }
});

const manifolds: [Manifold, number][] = [
  [sphere(), 0.8],
  [euclidean(3), 1],
  [spd(2), 0.8],
  [spd(3, 'logEuclidean'), 0.8],
  [kendall(6), 0.5],
];

function syntheticData(M: Manifold, n: number, seed: number, noise: number) {
  const rng = Rng.fromKey(seed);
  const p = randomPoint(M, rng, 0.5);
  const v = randomTangent(M, p, rng, 0.8);
  const xs = Float64Array.from({ length: n }, (_, i) => i / (n - 1));
  const ys = Array.from(xs, (x) => {
    const q = M.exp(
      p,
      v.map((t) => x * t),
    );
    return noise > 0 ? M.exp(q, randomTangent(M, q, rng, noise * rng.uniform())) : q;
  });
  return { p, v, xs, ys, rng };
}

describe('geodesic regression on every manifold', () => {
  for (const [M] of manifolds) {
    it(`${M.name}: noiseless data on a geodesic is recovered exactly`, () => {
      const { p, v, xs, ys } = syntheticData(M, 12, 3, 0);
      const fit = fitGeodesicRegression(M, xs, ys);
      expect(fit.energy).toBeLessThan(1e-20);
      expect(M.dist(fit.p, p)).toBeLessThan(1e-9);
      // compare shooting vectors through the point they reach at x = 1
      expect(M.dist(M.exp(fit.p, fit.v), M.exp(p, v))).toBeLessThan(1e-9);
    });

    it(`${M.name}: energy gradient matches finite differences of E`, () => {
      const { xs, ys, rng } = syntheticData(M, 15, 4, 0.2);
      const p = randomPoint(M, rng, 0.5);
      const v = randomTangent(M, p, rng, 0.6);
      const g = gradient(M, xs, ys, p, v);
      expect(Math.abs(g.energy - energy(M, xs, ys, p, v))).toBeLessThan(1e-14);
      for (let trial = 0; trial < 3; trial++) {
        const u = randomTangent(M, p, rng, 1);
        const dP = fdDerivative((t) => {
          const pt = M.exp(
            p,
            u.map((x) => t * x),
          );
          return Float64Array.of(energy(M, xs, ys, pt, M.transport(p, pt, v)));
        })[0];
        const dV = fdDerivative((t) =>
          Float64Array.of(
            energy(
              M,
              xs,
              ys,
              p,
              v.map((x, i) => x + t * u[i]),
            ),
          ),
        )[0];
        expect(Math.abs(dP - M.inner(p, g.gradP, u))).toBeLessThan(1e-7);
        expect(Math.abs(dV - M.inner(p, g.gradV, u))).toBeLessThan(1e-7);
      }
    });

    it(`${M.name}: noisy fit converges to a critical point, lower than the truth, never NaN`, () => {
      const { p, v, xs, ys } = syntheticData(M, 30, 5, 0.1);
      const fit = fitGeodesicRegression(M, xs, ys);
      expect(fit.converged).toBe(true);
      expect(fit.gradNorm).toBeLessThan(1e-8);
      expect(fit.energy).toBeLessThanOrEqual(energy(M, xs, ys, p, v));
      for (const x of [...fit.p, ...fit.v]) expect(Number.isFinite(x)).toBe(true);
    });
  }
});

describe('preconditioned descent', () => {
  it('is Newton in the flat case: the least-squares line in a few iterations', () => {
    const M = euclidean(3);
    const { xs, ys } = syntheticData(M, 40, 7, 0.3);
    const fit = fitGeodesicRegression(M, xs, ys);
    expect(fit.converged).toBe(true);
    expect(fit.iterations).toBeLessThanOrEqual(3);
  });

  it('reaches the minimum on raw (unscaled) covariates, and converges on spread-out SPD(2) data', () => {
    const M = sphere();
    const { xs, ys } = syntheticData(M, 30, 8, 0.1);
    // ages, say (mean x² ≈ 5000): the same geodesics as in [0, 1], so the same least energy; plain descent
    // stopped at 20,000 iterations ~1% above it
    const raw = xs.map((x) => 50 + 40 * x);
    const best = fitGeodesicRegression(M, rescaleCovariates(raw).xs, ys).energy;
    expect(Math.abs(fitGeodesicRegression(M, raw, ys).energy - best)).toBeLessThan(1e-9 * best);
    // noise sd 1, spread 3: plain gradient descent stopped at 20,000 iterations with ‖∇E‖ ≈ 4e-4
    const data = spdData({ n: 50, noiseSd: 1, spread: 3, seed: 2 });
    const spdFit = fitGeodesicRegression(spd(2), data.xs, data.ys);
    expect(spdFit.converged).toBe(true);
    expect(spdFit.iterations).toBeLessThan(20000);
  });
});

describe('covariate rescaling', () => {
  it('maps to [0, 1] and back', () => {
    const { xs, scale } = rescaleCovariates([60, 50, 90, 75]);
    expect(Array.from(xs)).toEqual([0.25, 0, 1, 0.625]);
    expect(scale.toOriginal(0.625)).toBe(75);
    expect(scale.toUnit(90)).toBe(1);
  });
  it('refuses equal or non-finite covariates with a clear message', () => {
    expect(() => rescaleCovariates([3, 3, 3])).toThrow(/all covariates are equal/);
    expect(() => rescaleCovariates([1, NaN, 3])).toThrow(/covariate 2 is not a finite number/);
  });
  it('the fit in rescaled covariates is the same geodesic as in raw ones', () => {
    const M = sphere();
    const { xs, ys } = syntheticData(M, 20, 6, 0.05);
    const raw = xs.map((x) => 50 + 40 * x);
    const { xs: unit } = rescaleCovariates(raw);
    const a = fitGeodesicRegression(M, unit, ys);
    expect(Math.abs(a.energy - fitGeodesicRegression(M, xs, ys).energy)).toBeLessThan(1e-14);
  });
});
