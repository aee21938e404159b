import { describe, expect, it } from 'vitest';
import { Rng } from '../sampling/rng';
import { logGamma } from '../sampling/stats';
import {
  betaQuantile,
  clopperPearson,
  epsilonCeiling,
  epsilonLowerBound,
  evaluationCount,
  privacyBoundary,
  regularizedBeta,
  scoreHistograms,
  tradeOffCurve,
} from './bounds';

/** P(X ≤ k) for X ~ Binomial(m, p), summed in logs. */
function binomialCdf(k: number, m: number, p: number): number {
  let s = 0;
  for (let j = 0; j <= k; j++)
    s += Math.exp(
      logGamma(m + 1) - logGamma(j + 1) - logGamma(m - j + 1) + j * Math.log(p) + (m - j) * Math.log1p(-p),
    );
  return s;
}

describe('incomplete beta and Clopper–Pearson', () => {
  it('I_x(a, b) has its closed forms: I_x(1, 1) = x, I_x(a, 1) = x^a, I_½(a, a) = ½', () => {
    for (const x of [0.01, 0.3, 0.9]) {
      expect(regularizedBeta(x, 1, 1)).toBeCloseTo(x, 14);
      expect(regularizedBeta(x, 3.5, 1)).toBeCloseTo(x ** 3.5, 14);
    }
    expect(regularizedBeta(0.5, 7, 7)).toBeCloseTo(0.5, 14);
    expect(regularizedBeta(betaQuantile(0.3, 4, 9), 4, 9)).toBeCloseTo(0.3, 12);
  });

  it('the bounds are where the binomial tail equals the level (k = 0, k = m in closed form)', () => {
    const m = 40;
    expect(clopperPearson(0, m, 0.975).hi).toBeCloseTo(1 - 0.025 ** (1 / m), 12);
    expect(clopperPearson(m, m, 0.975).lo).toBeCloseTo(0.025 ** (1 / m), 12);
    const { lo, hi } = clopperPearson(7, m, 0.975);
    expect(binomialCdf(7, m, hi)).toBeCloseTo(0.025, 10);
    expect(1 - binomialCdf(6, m, lo)).toBeCloseTo(0.025, 10);
    expect(lo).toBeLessThan(7 / m);
    expect(hi).toBeGreaterThan(7 / m);
    expect(() => clopperPearson(5, 4, 0.95)).toThrow(/0 ≤ k ≤ m/);
  });
});

describe('the ε lower bound', () => {
  const laplace = (rng: Rng, b: number) => (rng.uniform() < 0.5 ? -1 : 1) * b * -Math.log(rng.uniformOpen());

  it('perfectly separated scores (a deterministic release) give ε_lb ≥ ln N − 2', () => {
    for (const N of [100, 1000, 10000]) {
      const b = epsilonLowerBound(new Float64Array(N), new Float64Array(N).fill(1), 0);
      expect(b.lower).toBeGreaterThanOrEqual(Math.log(N) - 2);
      expect(b.lower).toBeLessThan(Math.log(N));
    }
  });

  it('the same distribution on both sides: ε_lb = 0 on at least 18 of 20 seeds', () => {
    let positive = 0;
    for (let seed = 0; seed < 20; seed++) {
      const rng = Rng.fromKey(seed, 77);
      const a = Float64Array.from({ length: 2000 }, () => rng.normal());
      const c = Float64Array.from({ length: 2000 }, () => rng.normal());
      if (epsilonLowerBound(a, c, 0).lower > 0) positive++;
    }
    expect(positive).toBeLessThanOrEqual(2);
  });

  it('Laplace scores with shift ε·b (exactly ε-DP): ε_lb ≤ ε on ≥ 18 of 20 seeds and ≥ 0.8ε at N = 10⁴', () => {
    const eps = 1;
    let sound = 0;
    let worst = Infinity;
    for (let seed = 0; seed < 20; seed++) {
      const rng = Rng.fromKey(seed, 78);
      const a = Float64Array.from({ length: 10000 }, () => laplace(rng, 1));
      const c = Float64Array.from({ length: 10000 }, () => eps + laplace(rng, 1));
      const b = epsilonLowerBound(a, c, 0);
      if (b.lower <= eps) sound++;
      worst = Math.min(worst, b.lower);
    }
    expect(sound).toBeGreaterThanOrEqual(18);
    expect(worst).toBeGreaterThan(0.8 * eps);
  });

  it('δ lowers the bound: ln((1 − δ − β)/α)', () => {
    const a = new Float64Array(1000);
    const c = new Float64Array(1000).fill(1);
    expect(epsilonLowerBound(a, c, 0.5).lower).toBeLessThan(epsilonLowerBound(a, c, 0).lower - 0.6);
  });
});

describe('curves', () => {
  it('the trade-off curve runs from (1, 0) to (0, 1) and never dips below the boundary of the true ε', () => {
    const rng = Rng.fromKey(3);
    const a = Float64Array.from({ length: 4000 }, () => laplaceScore(rng, 0));
    const c = Float64Array.from({ length: 4000 }, () => laplaceScore(rng, 0.5));
    const { alpha, beta } = tradeOffCurve(a, c);
    expect(alpha[0]).toBe(1);
    expect(beta[0]).toBe(0);
    expect(alpha.at(-1)).toBe(0);
    expect(beta.at(-1)).toBe(1);
    // sampling error: allow 4 standard errors of a proportion at N = 4000
    for (let i = 0; i < alpha.length; i++)
      expect(beta[i]).toBeGreaterThan(privacyBoundary(alpha[i], 0.5, 0) - 4 * Math.sqrt(0.25 / 4000));
  });

  it('privacyBoundary is the (ε, δ) region: 1 − δ − e^ε α near α = 0, e^{−ε}(1 − δ − α) near α = 1', () => {
    expect(privacyBoundary(0, 1, 0.1)).toBeCloseTo(0.9, 15);
    expect(privacyBoundary(0.9, 1, 0)).toBeCloseTo(Math.exp(-1) * 0.1, 15);
    expect(privacyBoundary(1, 1, 0)).toBe(0);
  });

  it('histograms count every finite score once, over common bins', () => {
    const h = scoreHistograms([0, 1, 2, 3], [2, 3, 4, Infinity], 4);
    expect(h.edges).toEqual([0, 1, 2, 3, 4]);
    expect(h.countsD).toEqual([1, 1, 1, 1]);
    expect(h.countsD2).toEqual([0, 0, 1, 3]);
  });
});

function laplaceScore(rng: Rng, shift: number): number {
  return shift + (rng.uniform() < 0.5 ? -1 : 1) * -Math.log(rng.uniformOpen());
}

describe('the ceiling of the ε lower bound', () => {
  it('is what perfectly separated scores give, for any N and δ; it grows like ln N', () => {
    for (const n of [4, 10, 101, 400, 2000]) {
      const d = new Float64Array(n).fill(0);
      const d2 = new Float64Array(n).fill(1);
      for (const delta of [0, 1e-5]) {
        const ceiling = epsilonCeiling(n, delta);
        expect(epsilonLowerBound(d, d2, delta).lower).toBeCloseTo(ceiling, 12);
        // 4 releases per side can show nothing: 3 clean evaluations bound each error rate only by 0.71
        if (n >= 10) expect(ceiling).toBeGreaterThan(0);
        else expect(ceiling).toBe(0);
      }
    }
    expect(evaluationCount(2000)).toBe(1500);
    // 1 − 0.025^{1/m} ≈ ln 40 / m for large m
    expect(epsilonCeiling(100_000, 0)).toBeCloseTo(Math.log(75_000 / Math.log(40)), 3);
    expect(epsilonCeiling(2000, 0)).toBeGreaterThan(epsilonCeiling(1000, 0) + 0.6);
    expect(epsilonCeiling(1, 0)).toBe(0);
  });
});
