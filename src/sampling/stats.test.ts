import { describe, expect, it } from 'vitest';
import { Rng } from './rng';
import { effectiveSampleSize, mean, quantile, quantileSorted, variance } from './stats';
import { lnMeanAndMedian, lnMeanInterval, studentQuantile } from './stats';

const relErr = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

// Reference values below were computed with mpmath at 50 digits (scipy for the chi-squared quantiles).

describe('descriptive statistics', () => {
  it('mean, variance and type-7 quantiles on small samples', () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(variance([1, 2, 3, 4])).toBeCloseTo(5 / 3, 15);
    expect(variance([1e9 + 1, 1e9 + 2, 1e9 + 3])).toBeCloseTo(1, 12); // no catastrophic cancellation
    expect(variance([5])).toBeNaN();
    expect(quantile([4, 1, 3, 2], 0.25)).toBe(1.75); // R: quantile(1:4, 0.25)
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([4, 1, 3, 2], 0)).toBe(1);
    expect(quantile([4, 1, 3, 2], 1)).toBe(4);
    expect(quantile([10, 20, 30, 40, 50], 0.9)).toBe(46);
    expect(quantileSorted(Float64Array.of(0, 1), 0.3)).toBeCloseTo(0.3, 15);
    expect(() => quantile([], 0.5)).toThrow(RangeError);
    expect(() => quantile([1, 2], 1.5)).toThrow(RangeError);
    expect(() => quantile([1, NaN], 0.5)).toThrow(RangeError);
  });
});

describe('effectiveSampleSize', () => {
  it('is ≈ n for iid draws', () => {
    const rng = Rng.fromKey(3100);
    const n = 10000;
    const x = Float64Array.from({ length: n }, () => rng.normal());
    const ess = effectiveSampleSize(x);
    expect(ess).toBeGreaterThan(0.8 * n);
    expect(ess).toBeLessThan(1.2 * n);
  });

  it('is ≈ n(1 − ρ)/(1 + ρ) for AR(1) with ρ = 0.9 and ρ = −0.5 (within 20%)', () => {
    const rng = Rng.fromKey(3101);
    for (const [rho, n] of [
      [0.9, 100000],
      [-0.5, 10000],
    ]) {
      const x = new Float64Array(n);
      let v = rng.normal(); // stationary start: Var = 1
      const innovation = Math.sqrt(1 - rho * rho);
      for (let i = 0; i < n; i++) {
        x[i] = v;
        v = rho * v + innovation * rng.normal();
      }
      const expected = (n * (1 - rho)) / (1 + rho);
      expect(relErr(effectiveSampleSize(x), expected), `ρ = ${rho}`).toBeLessThan(0.2);
    }
  });

  it('detects stickiness a wrong estimator would miss: a chain repeating each value 10 times has ESS ≈ n/10', () => {
    const rng = Rng.fromKey(3102);
    const n = 50000;
    const x = new Float64Array(n);
    for (let i = 0; i < n; i += 10) x.fill(rng.normal(), i, i + 10);
    // τ = 1 + 2 Σ_{t=1}^{9} (1 − t/10) = 10.
    expect(relErr(effectiveSampleSize(x), n / 10)).toBeLessThan(0.2);
  });

  it('returns NaN for a constant trace and n for tiny traces', () => {
    expect(effectiveSampleSize(new Float64Array(100).fill(3))).toBeNaN();
    expect(effectiveSampleSize([1, 2])).toBe(2);
  });
});

describe('lnMeanAndMedian', () => {
  it('is ln of the mean and of the median (even and odd counts)', () => {
    const r = lnMeanAndMedian([4, 1, 100, 2]);
    expect(r.lnMeanMse).toBeCloseTo(Math.log(107 / 4), 14);
    expect(r.lnMedianMse).toBeCloseTo(Math.log(3), 14);
    expect(lnMeanAndMedian([5, 1, 9]).lnMedianMse).toBeCloseTo(Math.log(5), 14);
  });
});

describe('lnMeanInterval', () => {
  it('is ln of the mean with the delta-method standard error s/(√k·x̄)', () => {
    const xs = [1, 2, 3, 4];
    const r = lnMeanInterval(xs);
    expect(r.lnMean).toBeCloseTo(Math.log(2.5), 14);
    expect(r.se).toBeCloseTo(Math.sqrt(variance(xs) / 4) / 2.5, 14);
    const t = studentQuantile(0.975, 3);
    expect(r.ci[0]).toBeCloseTo(r.lnMean - t * r.se, 14);
    expect(r.ci[1]).toBeCloseTo(r.lnMean + t * r.se, 14);
    expect(lnMeanInterval([5]).se).toBeNaN();
  });

  // Lognormal values exp(σZ) have mean e^{σ²/2}: the interval should cover σ²/2 about 95% of the time. Group
  // means of a few MSEs are what the sweep feeds it; σ = 0.5 is about their spread there.
  it.each([
    [50, 0.5],
    [10, 0.5],
  ])(
    'covers ln E[X] at about its nominal 95%% over 400 seeded repeats (lognormal, k = %i, σ = %f)',
    (k, sigma) => {
      const rng = Rng.fromKey(11, k);
      const truth = (sigma * sigma) / 2;
      const repeats = 400;
      let covered = 0;
      for (let r = 0; r < repeats; r++) {
        const xs = Array.from({ length: k }, () => Math.exp(sigma * rng.normal()));
        const { ci } = lnMeanInterval(xs);
        if (ci[0] <= truth && truth <= ci[1]) covered++;
      }
      // binomial sd at 400 repeats is 0.011: the band is about ±2.5 sd, shifted down for the skew's undercoverage
      expect(covered / repeats).toBeGreaterThan(0.91);
      expect(covered / repeats).toBeLessThan(0.98);
    },
  );

  it('an interval at 50% is narrower and covers about half the time', () => {
    const rng = Rng.fromKey(12);
    let covered = 0;
    for (let r = 0; r < 400; r++) {
      const xs = Array.from({ length: 30 }, () => Math.exp(0.5 * rng.normal()));
      const { ci } = lnMeanInterval(xs, 0.5);
      if (ci[0] <= 0.125 && 0.125 <= ci[1]) covered++;
    }
    expect(covered / 400).toBeGreaterThan(0.42);
    expect(covered / 400).toBeLessThan(0.58);
  });
});
