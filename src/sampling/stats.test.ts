import { describe, expect, it } from 'vitest';
import { exponential } from './distributions';
import { Rng } from './rng';
import {
  chiSquaredCdf,
  chiSquaredSurvival,
  chiSquaredTest,
  effectiveSampleSize,
  gammaCdf,
  gammaSurvival,
  kolmogorovSurvival,
  ksOneSample,
  ksTwoSample,
  logGamma,
  logNormalCdf,
  mean,
  normalCdf,
  normalPdf,
  normalQuantile,
  quantile,
  quantileSorted,
  variance,
} from './stats';
import { lnMeanAndMedian, lnMeanInterval, studentQuantile } from './stats';

const relErr = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

// Reference values below were computed with mpmath at 50 digits (scipy for the chi-squared quantiles).

describe('normal distribution functions', () => {
  const cdfRef: [number, number][] = [
    [-37, 5.725571222524577e-300],
    [-30, 4.906713927148187e-198],
    [-20, 2.7536241186062337e-89],
    [-10, 7.619853024160525e-24],
    [-5, 2.866515718791939e-7],
    [-3, 0.0013498980316300946],
    [-2.5, 0.006209665325776135],
    [-1, 0.15865525393145705],
    [-0.1, 0.460172162722971],
    [0.7, 0.758036347776927],
    [2, 0.9772498680518208],
    [3.5, 0.9997673709209645],
    [8, 0.9999999999999993],
  ];

  it('normalCdf matches high-precision values with relative error < 1e-13, also in the far lower tail', () => {
    for (const [x, v] of cdfRef) expect(relErr(normalCdf(x), v), `x = ${x}`).toBeLessThan(1e-13);
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(-Infinity)).toBe(0);
    expect(normalCdf(Infinity)).toBe(1);
    expect(normalCdf(-40)).toBe(0); // below the smallest double
    expect(normalCdf(NaN)).toBeNaN();
  });

  it('normalCdf is symmetric, monotone and continuous across the series / continued-fraction switch', () => {
    let prev = 0;
    for (let x = -12; x <= 12; x += 0.01) {
      const f = normalCdf(x);
      expect(f).toBeGreaterThanOrEqual(prev);
      prev = f;
      expect(Math.abs(f + normalCdf(-x) - 1)).toBeLessThan(1e-15);
    }
    for (const s of [-2.5, 2.5]) {
      const below = normalCdf(s - 1e-12);
      const above = normalCdf(s + 1e-12);
      expect(relErr(above - below, 2e-12 * normalPdf(s))).toBeLessThan(1e-2);
    }
  });

  it('normalPdf is the standard normal density', () => {
    expect(relErr(normalPdf(0), 1 / Math.sqrt(2 * Math.PI))).toBeLessThan(1e-15);
    expect(relErr(normalPdf(3), Math.exp(-4.5) / Math.sqrt(2 * Math.PI))).toBeLessThan(1e-15);
  });

  it('logNormalCdf at −40 matches the asymptotic expansion and is finite far beyond', () => {
    const x = -40;
    const t = 1 / (x * x);
    // ln Φ(x) = −x²/2 − ln(−x) − ½ ln 2π + ln(1 − t + 3t² − 15t³ + 105t⁴ − …), next term 945t⁵ ≈ 1e-13.
    const asymptotic =
      -0.5 * x * x -
      Math.log(-x) -
      0.5 * Math.log(2 * Math.PI) +
      Math.log1p(-t + 3 * t * t - 15 * t ** 3 + 105 * t ** 4);
    expect(relErr(logNormalCdf(x), asymptotic)).toBeLessThan(1e-15);
    expect(relErr(logNormalCdf(x), -804.6084420137538)).toBeLessThan(1e-15);
    for (const y of [-1e3, -1e8, -1e150]) {
      expect(Number.isFinite(logNormalCdf(y))).toBe(true);
      const ty = 1 / (y * y);
      const approx =
        -0.5 * y * y - Math.log(-y) - 0.5 * Math.log(2 * Math.PI) + Math.log1p(-ty + 3 * ty * ty);
      expect(relErr(logNormalCdf(y), approx), `y = ${y}`).toBeLessThan(1e-15);
    }
    expect(logNormalCdf(-Infinity)).toBe(-Infinity);
    expect(logNormalCdf(Infinity)).toBe(0);
  });

  it('logNormalCdf matches high-precision values everywhere (relative error < 1e-13)', () => {
    const ref: [number, number][] = [
      [-1e5, -5000000012.431864],
      [-100, -5005.524208694205],
      [-10, -53.23128515051247],
      [-2.6, -5.3684849226242655],
      [-2.4, -4.8039216668706715],
      [0.5, -0.3689464152886564],
      [2.6, -0.004672085236439403],
      [6, -9.865876455243758e-10],
    ];
    for (const [x, v] of ref) expect(relErr(logNormalCdf(x), v), `x = ${x}`).toBeLessThan(1e-13);
    for (const [x, v] of cdfRef)
      expect(Math.abs(logNormalCdf(x) - Math.log(v)), `x = ${x}`).toBeLessThan(1e-13);
  });

  it('normalQuantile matches high-precision values and inverts normalCdf from 1e-300 to 1 − 1e-16', () => {
    const ref: [number, number][] = [
      [1e-300, -37.0470962993612],
      [1e-50, -14.933337534788489],
      [1e-10, -6.361340902404057],
      [0.001, -3.0902323061678136],
      [0.02, -2.053748910631823],
      [0.025, -1.9599639845400543],
      [0.2, -0.8416212335729142],
      [0.45, -0.12566134685507402],
    ];
    for (const [p, v] of ref) {
      expect(relErr(normalQuantile(p), v), `p = ${p}`).toBeLessThan(1e-14);
      // 1 − p is rounded, so only the central values keep full accuracy (and 1 − 1e-50 is 1).
      if (1 - p < 1)
        expect(relErr(normalQuantile(1 - p), -v), `p = 1 − ${p}`).toBeLessThan(p < 1e-3 ? 1e-6 : 1e-13);
    }
    expect(relErr(normalQuantile(0.975), 1.959963984540054)).toBeLessThan(1e-14);
    for (let e = -300; e <= -1; e += 0.25) {
      const p = 10 ** e;
      expect(relErr(normalCdf(normalQuantile(p)), p), `p = ${p}`).toBeLessThan(1e-12);
    }
    for (let p = 0.001; p < 1; p += 0.001) {
      expect(Math.abs(normalCdf(normalQuantile(p)) - p), `p = ${p}`).toBeLessThan(1e-15);
    }
    for (let x = -30; x <= 8; x += 0.37) {
      // For x > 0, Φ(x) is rounded near 1, which alone moves the quantile by up to ulp(1)/φ(x).
      const tol = 1e-12 * Math.max(1, Math.abs(x)) + (x > 0 ? 2.3e-16 / normalPdf(x) : 0);
      expect(Math.abs(normalQuantile(normalCdf(x)) - x), `x = ${x}`).toBeLessThan(tol);
    }
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.5)).toBeNaN();
    expect(normalQuantile(-0.1)).toBeNaN();
  });
});

describe('gamma function and incomplete gamma', () => {
  it('logGamma matches high-precision values', () => {
    const ref: [number, number][] = [
      [1e-8, 18.42068073818021],
      [0.1, 2.252712651734206],
      [0.5, 0.5723649429247001],
      [1.5, -0.12078223763524522],
      [3, 0.6931471805599453],
      [7.25, 7.0521854507385395],
      [14.5, 23.862765841689086],
      [20, 39.339884187199495],
      [171.5, 709.1431630309282],
      [1e6, 12815504.569147611],
    ];
    for (const [x, v] of ref)
      expect(Math.abs(logGamma(x) - v), `x = ${x}`).toBeLessThan(1e-14 * Math.max(1, Math.abs(v)));
    expect(Math.abs(logGamma(1))).toBeLessThan(1e-14);
    expect(Math.abs(logGamma(2))).toBeLessThan(1e-14);
    expect(logGamma(0)).toBeNaN();
  });

  it('chiSquaredCdf reproduces chi-squared quantile tables to 1e-10', () => {
    const table: [number, number, number][] = [
      // [probability, dof, quantile]
      [0.01, 1, 0.00015708785790970184],
      [0.01, 10, 2.5582121601872063],
      [0.05, 2, 0.10258658877510106],
      [0.05, 10, 3.9402991361190605],
      [0.05, 100, 77.92946516501726],
      [0.5, 1, 0.454936423119572],
      [0.5, 3, 2.3659738843753377],
      [0.5, 30, 29.336031516661585],
      [0.95, 1, 3.841458820694124],
      [0.95, 2, 5.991464547107979],
      [0.95, 5, 11.070497693516351],
      [0.95, 10, 18.307038053275146],
      [0.95, 30, 43.77297182574219],
      [0.99, 1, 6.6348966010212145],
      [0.99, 3, 11.344866730144373],
      [0.99, 10, 23.209251158954356],
      [0.999, 5, 20.515005652432873],
      [0.999, 100, 149.44925277903886],
    ];
    for (const [p, k, x] of table) {
      expect(Math.abs(chiSquaredCdf(x, k) - p), `k = ${k}, p = ${p}`).toBeLessThan(1e-10);
      expect(Math.abs(chiSquaredSurvival(x, k) - (1 - p)), `k = ${k}, p = ${p}`).toBeLessThan(1e-10);
    }
  });

  it('gammaCdf matches closed forms: integer shapes (Erlang), shape ½ (erf) and rates', () => {
    for (const k of [1, 2, 3, 7]) {
      for (const x of [0.01, 0.5, 2, 5, 11, 30]) {
        let s = 0;
        let term = 1;
        for (let j = 0; j < k; j++) {
          s += term;
          term *= x / (j + 1);
        }
        const sf = Math.exp(-x) * s;
        expect(Math.abs(gammaCdf(x, k) - (1 - sf)), `k = ${k}, x = ${x}`).toBeLessThan(1e-14);
        expect(relErr(gammaSurvival(x, k), sf), `k = ${k}, x = ${x}`).toBeLessThan(1e-12);
        expect(Math.abs(gammaCdf(x / 4, k, 4) - gammaCdf(x, k))).toBeLessThan(1e-15);
      }
    }
    // P(½, x) = erf(√x) = 2Φ(√(2x)) − 1.
    for (const x of [1e-6, 0.1, 1, 4, 20]) {
      expect(Math.abs(gammaCdf(x, 0.5) - (2 * normalCdf(Math.sqrt(2 * x)) - 1)), `x = ${x}`).toBeLessThan(
        1e-14,
      );
    }
    expect(gammaCdf(1, 0.5)).toBeCloseTo(0.8427007929497149, 14); // erf(1)
  });

  it('gammaCdf and gammaSurvival match high-precision values (relative error < 1e-11)', () => {
    const P: [number, number, number][] = [
      [0.5, 0.2, 0.4729107431344619],
      [0.1, 3, 0.9984347282528856],
      [2.5, 1, 0.15085496391539036],
      [3, 12, 0.9994777419499671],
      [10, 7, 0.16950406276132657],
      [10, 13, 0.8341881233827079],
      [50, 45, 0.24680203440017026],
      [50, 70, 0.994859497541494],
      [500, 480, 0.1862819731903246],
      [0.01, 1e-5, 0.8963367982671973],
    ];
    for (const [a, x, v] of P) expect(relErr(gammaCdf(x, a), v), `a = ${a}, x = ${x}`).toBeLessThan(1e-11);
    const Q: [number, number, number][] = [
      [3, 40, 3.572865928700226e-15],
      [10, 60, 2.85150775555202e-16],
      [0.5, 30, 9.485737571073848e-15],
      [50, 120, 1.600822679334483e-13],
    ];
    for (const [a, x, v] of Q)
      expect(relErr(gammaSurvival(x, a), v), `a = ${a}, x = ${x}`).toBeLessThan(1e-11);
    expect(gammaCdf(0, 2)).toBe(0);
    expect(gammaCdf(-1, 2)).toBe(0);
    expect(gammaCdf(Infinity, 2)).toBe(1);
    expect(() => gammaCdf(1, 0)).toThrow(RangeError);
    expect(() => gammaCdf(1, 1, 0)).toThrow(RangeError);
  });
});

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

describe('studentQuantile', () => {
  it('matches scipy’s t quantiles at 97.5% (within 1% at ν = 3, 0.2% from ν = 5)', () => {
    // scipy.stats.t.ppf(0.975, ν)
    const ref: [number, number, number][] = [
      [1, 12.706204736174698, 1e-12],
      [2, 4.302652729749464, 1e-12],
      [3, 3.1824463052837078, 1e-2],
      [5, 2.5705818356363146, 2e-3],
      [9, 2.262157162798205, 2e-4],
      [19, 2.0930240544083087, 1e-5],
      [49, 2.0095752371292392, 1e-6],
    ];
    for (const [nu, t, tol] of ref) expect(relErr(studentQuantile(0.975, nu), t)).toBeLessThan(tol);
    expect(studentQuantile(0.975, 1e9)).toBeCloseTo(normalQuantile(0.975), 8);
    expect(studentQuantile(0.975, 0)).toBeNaN();
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
