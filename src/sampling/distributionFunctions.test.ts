import { describe, expect, it } from 'vitest';
import {
  chiSquaredCdf,
  chiSquaredSurvival,
  gammaCdf,
  gammaSurvival,
  logGamma,
  logNormalCdf,
  normalCdf,
  normalPdf,
  normalQuantile,
} from './stats';
import { studentQuantile } from './stats';

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
