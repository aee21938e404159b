import { describe, expect, it } from 'vitest';
import { exponential } from './distributions';
import { Rng } from './rng';
import {
  chiSquaredSurvival,
  chiSquaredTest,
  kolmogorovSurvival,
  ksOneSample,
  ksTwoSample,
  normalCdf,
} from './stats';

const relErr = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

// Reference values below were computed with mpmath at 50 digits (scipy for the chi-squared quantiles).

describe('Kolmogorov–Smirnov tests', () => {
  it('kolmogorovSurvival matches the series at high precision on both sides of the switch at λ = 1.18', () => {
    const ref: [number, number][] = [
      [0.3, 0.9999906941986655],
      [0.5, 0.9639452436648751],
      [0.8, 0.5441424115741981],
      [1.0, 0.2699996716773545],
      [1.1, 0.17771819260640118],
      [1.18, 0.12345380942976572],
      [1.2, 0.11224966667072499],
      [1.3581, 0.04999963043166741],
      [1.6276, 0.010001537333060773],
      [2, 0.0006709252557796953],
      [3, 3.045995948942526e-8],
    ];
    for (const [l, v] of ref) expect(relErr(kolmogorovSurvival(l), v), `λ = ${l}`).toBeLessThan(1e-12);
    expect(kolmogorovSurvival(0)).toBe(1);
    expect(kolmogorovSurvival(0.1)).toBe(1);
  });

  it('ksOneSample computes D exactly on a hand-made sample', () => {
    const r = ksOneSample([0.9, 0.1, 0.5], (x) => x);
    expect(r.statistic).toBeCloseTo(7 / 30, 15); // max(1/3 − 0.1, 0.9 − 2/3)
    const sn = Math.sqrt(3);
    expect(r.pValue).toBe(kolmogorovSurvival((sn + 0.12 + 0.11 / sn) * (7 / 30)));
    expect(() => ksOneSample([], (x) => x)).toThrow(RangeError);
    expect(() => ksOneSample([0.5, NaN], (x) => x)).toThrow(RangeError);
  });

  it('ksOneSample p-values are calibrated under the null (rejection rate at 5% over 1000 replications)', () => {
    const rng = Rng.fromKey(3000);
    let rejections = 0;
    const x = new Float64Array(50);
    for (let rep = 0; rep < 1000; rep++) {
      for (let i = 0; i < x.length; i++) x[i] = rng.normal();
      if (ksOneSample(x, normalCdf).pValue < 0.05) rejections++;
    }
    // Binomial(1000, 0.05): sd ≈ 6.9.
    expect(rejections).toBeGreaterThan(25);
    expect(rejections).toBeLessThan(80);
  });

  it('ksTwoSample handles ties and computes D exactly on hand-made samples', () => {
    expect(ksTwoSample([1, 2, 3], [1, 2, 3]).statistic).toBe(0);
    expect(ksTwoSample([1, 2, 3], [1, 2, 3]).pValue).toBe(1);
    expect(ksTwoSample([1, 1, 2, 2], [1, 2]).statistic).toBe(0);
    expect(ksTwoSample([1, 2, 3, 4], [3, 4, 5, 6]).statistic).toBe(0.5);
    expect(ksTwoSample([0, 0, 0], [1, 1]).statistic).toBe(1);
  });

  it('ksTwoSample does not reject samples from the same law, and detects a 10% scale difference at n = 5000', () => {
    const rng = Rng.fromKey(3001);
    const n = 5000;
    const a = new Float64Array(n);
    const b = new Float64Array(n);
    const c = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = exponential(rng, 1);
      b[i] = exponential(rng, 1);
      c[i] = 1.1 * exponential(rng, 1);
    }
    // The power of KS against a 10% scale change of an exponential at n = 5000 is ≈ 0.9 at the 1% level
    // (these seeds give p ≈ 8e-4 and 6e-5); for normals it is only ≈ 0.5, hence the larger sample below.
    expect(ksTwoSample(a, b).pValue).toBeGreaterThan(1e-3);
    expect(ksTwoSample(a, c).pValue).toBeLessThan(0.01);
    expect(ksTwoSample(b, c).pValue).toBeLessThan(0.01);
    // A 10% scale difference between normals, with 20000 draws each.
    const z = Float64Array.from({ length: 20000 }, () => rng.normal());
    const w = Float64Array.from({ length: 20000 }, () => 1.1 * rng.normal());
    expect(ksTwoSample(z, w).pValue).toBeLessThan(1e-3);
  });

  it('ksTwoSample p-values are calibrated under the null (rejection rate at 5% over 500 replications)', () => {
    const rng = Rng.fromKey(3002);
    let rejections = 0;
    const a = new Float64Array(200);
    const b = new Float64Array(300);
    for (let rep = 0; rep < 500; rep++) {
      for (let i = 0; i < a.length; i++) a[i] = rng.normal();
      for (let i = 0; i < b.length; i++) b[i] = rng.normal();
      if (ksTwoSample(a, b).pValue < 0.05) rejections++;
    }
    // Binomial(500, 0.05): mean 25, sd ≈ 4.9; the asymptotic p-value is slightly conservative.
    expect(rejections).toBeGreaterThan(8);
    expect(rejections).toBeLessThan(45);
  });
});

describe('chiSquaredTest', () => {
  it('computes Pearson’s statistic and its p-value', () => {
    const r = chiSquaredTest([10, 20, 30], [20, 20, 20]);
    expect(r.statistic).toBe(10);
    expect(relErr(r.pValue, Math.exp(-5))).toBeLessThan(1e-13); // chi²(2) survival is e^{−x/2}
    expect(chiSquaredTest([10, 20, 30], [20, 20, 20], 1).pValue).toBeCloseTo(chiSquaredSurvival(10, 1), 15);
    expect(() => chiSquaredTest([1, 2], [1, 0])).toThrow(RangeError);
    expect(() => chiSquaredTest([1], [1])).toThrow(RangeError);
  });
});
