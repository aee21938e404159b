import { describe, expect, it } from 'vitest';
import { euclideanData } from '../../data/euclideanData';
import { euclidean } from '../../geometry/euclidean';
import { energy, fitGeodesicRegression } from '../../regression';
import { Rng } from '../../sampling/rng';
import { gammaCdf, ksOneSample, mean, normalCdf, variance } from '../../sampling/stats';
import { gaussianDelta } from '../frechet/tangentGaussian';
import {
  clipInPlace,
  dpgrCalibration,
  dpgrRelease,
  dpsgdNoiseSd,
  dpsgdRelease,
  DEFAULT_DPSGD_OPTIONS,
  LINREG_METHODS,
  lineMse,
  maxResidualNorm,
  olsFit,
  releaseLine,
  sspLine,
  sspRelease,
  sspStatistics,
  type Line,
  type LinregData,
} from '.';

const data2 = euclideanData({ n: 60, d: 2, noiseSd: 0.3, seed: 4 });
const data1 = euclideanData({ n: 80, d: 1, noiseSd: 0.2, seed: 7 });

const dist = (a: Line, b: Line) =>
  Math.hypot(...a.intercept.map((v, j) => v - b.intercept[j]), ...a.slope.map((v, j) => v - b.slope[j]));

/** Laplace(0, b) CDF. */
const laplaceCdf = (b: number) => (x: number) => (x < 0 ? 0.5 * Math.exp(x / b) : 1 - 0.5 * Math.exp(-x / b));

describe('the shared line helpers', () => {
  it('OLS in closed form agrees with the project’s geodesic-regression fit on R^d, and MSE = 2E', () => {
    const fit = olsFit(data2);
    const gr = fitGeodesicRegression(euclidean(2), data2.xs, data2.ys);
    expect(dist(fit, { intercept: gr.p, slope: gr.v })).toBeLessThan(1e-6);
    const mse = lineMse(data2, fit);
    expect(mse).toBeCloseTo(2 * energy(euclidean(2), data2.xs, data2.ys, gr.p, gr.v), 9);
    expect(maxResidualNorm(data2, fit)).toBeCloseTo(gr.maxResidual, 6);
    // OLS minimises the MSE: any perturbation raises it.
    const moved = { intercept: fit.intercept.map((v) => v + 0.01), slope: fit.slope };
    expect(lineMse(data2, moved)).toBeGreaterThan(mse);
  });
});

describe('noiseless limit (ε → ∞): every mechanism recovers the least-squares line', () => {
  const fit = olsFit(data2);
  it('DPGR (both σ rules) and SSP at ε = 1e12', () => {
    for (const sigmaRule of ['paper', 'strict'] as const) {
      const r = dpgrRelease(data2, 1e12, Rng.fromKey(1), { tau: 'data', sigmaRule });
      expect(dist(r, fit)).toBeLessThan(1e-9);
    }
    expect(dist(sspRelease(data2, 1e12, Rng.fromKey(2)), fit)).toBeLessThan(1e-8);
    // …while at ε = 1 they are visibly noisy (the check above is not vacuous).
    expect(dist(dpgrRelease(data2, 1, Rng.fromKey(1)), fit)).toBeGreaterThan(1e-3);
    expect(dist(sspRelease(data2, 1, Rng.fromKey(2)), fit)).toBeGreaterThan(1e-3);
  });

  it('DP-SGD: the clipped descent without noise converges to OLS when C exceeds every gradient; with noise it does as ε grows', () => {
    const opts = { delta: 1e-5, clip: 50, steps: 2000, learningRate: 1 };
    const exact = dpsgdRelease(data2, 1, Rng.fromKey(3), opts, { noise: false });
    expect(exact.clippedFraction).toBe(0);
    expect(dist(exact, fit)).toBeLessThan(1e-10);
    const far = dist(dpsgdRelease(data2, 1, Rng.fromKey(3), opts), fit);
    const near = dist(dpsgdRelease(data2, 1e14, Rng.fromKey(3), opts), fit);
    expect(far).toBeGreaterThan(0.1);
    expect(near).toBeLessThan(1e-4);
  });

  it('with a small clipping norm the noiseless descent is biased (clipping acts), so the defaults are not OLS', () => {
    const r = dpsgdRelease(
      data2,
      1,
      Rng.fromKey(3),
      { ...DEFAULT_DPSGD_OPTIONS, clip: 0.05 },
      { noise: false },
    );
    expect(r.clippedFraction).toBeGreaterThan(0.5);
    expect(dist(r, fit)).toBeGreaterThan(1e-3);
  });
});

describe('DPGR calibration', () => {
  it('σ_p = σ_v = Δ/(ε/2) with Δ = 2τ/n (paper rule), twice that (strict), τ = the largest residual', () => {
    const eps = 1.5;
    const n = data2.ys.length;
    const tau = maxResidualNorm(data2, olsFit(data2));
    const paper = dpgrCalibration(data2, eps, { tau: 'data', sigmaRule: 'paper' }, olsFit(data2));
    expect(paper.tau).toBeCloseTo(tau, 12);
    expect(paper.sigmaP).toBeCloseTo((2 * tau) / n / (eps / 2), 12);
    expect(paper.sigmaV).toBeCloseTo(paper.sigmaP, 12);
    expect(paper.isPrivate).toBe(false);
    const strict = dpgrCalibration(data2, eps, { tau: 3, sigmaRule: 'strict' }, olsFit(data2));
    expect(strict.sigmaP).toBeCloseTo((2 * 2 * 3) / n / (eps / 2), 12);
    expect(strict.isPrivate).toBe(true);
  });

  it('the released intercept is p̂ + K-norm noise: ‖p̃ − p̂‖/σ_p ~ Gamma(d, 1); a σ off by 20% is rejected', () => {
    const eps = 2;
    const fit = olsFit(data2);
    const cal = dpgrCalibration(data2, eps, { tau: 'data', sigmaRule: 'paper' }, fit);
    const radii = Array.from({ length: 3000 }, (_, i) => {
      const r = dpgrRelease(data2, eps, Rng.fromKey(10, i), undefined, fit);
      return Math.hypot(r.intercept[0] - fit.intercept[0], r.intercept[1] - fit.intercept[1]) / cal.sigmaP;
    });
    expect(ksOneSample(radii, (x) => gammaCdf(x, 2, 1)).pValue).toBeGreaterThan(0.01);
    expect(ksOneSample(radii, (x) => gammaCdf(x, 2, 1 / 1.2)).pValue).toBeLessThan(1e-6);
  });
});

describe('SSP', () => {
  it('the noise on each statistic is Laplace(Δ₁/ε): KS and variance 2b² (±10%); a scale off by 20% is rejected', () => {
    const eps = 0.8;
    const stats = sspStatistics(data1);
    const draws = Array.from({ length: 4000 }, (_, i) => sspRelease(data1, eps, Rng.fromKey(20, i)));
    const b = draws[0].noiseScale;
    expect(b).toBeCloseTo(stats.sensitivity / eps, 12);
    for (let k = 0; k < stats.values.length; k++) {
      const noise = draws.map((r) => r.noisyStatistics[k] - stats.values[k]);
      expect(ksOneSample(noise, laplaceCdf(b)).pValue).toBeGreaterThan(0.001);
      expect(variance(noise) / (2 * b * b)).toBeGreaterThan(0.9);
      expect(variance(noise) / (2 * b * b)).toBeLessThan(1.1);
      expect(ksOneSample(noise, laplaceCdf(1.2 * b)).pValue).toBeLessThan(1e-3);
    }
  });

  it('sensitivity: replacing one record (even by an outlier) moves the clipped statistics by ≤ Δ₁ = 2 + 4ΣB_j in ℓ₁', () => {
    const rng = Rng.fromKey(21);
    const box = { yBounds: { lo: [-3, -1], hi: [3, 2] } };
    const delta1 = 2 + 4 * (3 + 1.5);
    let worst = 0;
    for (let trial = 0; trial < 500; trial++) {
      const i = rng.int(data2.ys.length);
      const ys = data2.ys.slice();
      const big = trial % 2 === 0 ? 1e6 : 1;
      ys[i] = Float64Array.of(big * (rng.uniform() * 2 - 1), big * (rng.uniform() * 2 - 1));
      const xs = Float64Array.from(data2.xs);
      xs[i] = rng.uniform();
      const a = sspStatistics(data2, box);
      const b = sspStatistics({ xs, ys }, box);
      expect(a.sensitivity).toBeCloseTo(delta1, 12);
      let l1 = 0;
      for (let k = 0; k < a.values.length; k++) l1 += Math.abs(a.values[k] - b.values[k]);
      worst = Math.max(worst, l1);
    }
    expect(worst).toBeLessThanOrEqual(delta1 + 1e-9);
    expect(worst).toBeGreaterThan(0.5 * delta1); // outliers at the box corners come close to the bound
  });

  it('public bounds clip (and say so); data bounds leak (and say so)', () => {
    const r = sspRelease(data2, 1, Rng.fromKey(22), { yBounds: { lo: [0, 0], hi: [0.1, 0.1] } });
    expect(r.clipped).toBeGreaterThan(0);
    expect(r.isPrivate).toBe(true);
    expect(r.notes.join(' ')).toMatch(/clipped into the public bounds/);
    const d = sspRelease(data2, 1, Rng.fromKey(22));
    expect(d.isPrivate).toBe(false);
    expect(d.notes.join(' ')).toMatch(/not private/);
  });

  it('post-processing: the line from exact statistics is OLS; a spread erased by noise gives a flat line, never NaN', () => {
    const stats = sspStatistics(data2);
    const exact = sspLine(stats.values, stats.centre, data2.ys.length);
    expect(dist(exact, olsFit(data2))).toBeLessThan(1e-9);
    const erased = Float64Array.from(stats.values);
    erased[1] = -100; // S₂ far below S₁²/n
    const flat = sspLine(erased, stats.centre, data2.ys.length);
    expect(flat.degenerate).toBe(true);
    expect(Array.from(flat.slope)).toEqual([0, 0]);
    expect(flat.intercept.every(Number.isFinite)).toBe(true);
    // S₂ above S₁ is impossible for x ∈ [0, 1] (x² ≤ x): it is projected to S₁, the largest spread allowed.
    const n = data2.ys.length;
    const high = Float64Array.from(stats.values);
    high[1] = 1e6;
    const s1 = high[0];
    const projected = sspLine(high, stats.centre, n);
    for (let j = 0; j < 2; j++)
      expect(projected.slope[j]).toBeCloseTo(
        (high[4 + j] - (s1 * high[2 + j]) / n) / (s1 - (s1 * s1) / n),
        12,
      );
  });
});

describe('DP-SGD', () => {
  it('the accountant: s = analytic-Gaussian σ of sensitivity 2C√T (tight: δ(ε) of the composition = δ)', () => {
    // Balle and Wang (2018): Δ = 1, ε = 1, δ = 1e-5 → σ ≈ 3.73.
    expect(dpsgdNoiseSd(1, { delta: 1e-5, clip: 0.5, steps: 1, learningRate: 1 })).toBeCloseTo(3.73, 2);
    const o = { delta: 1e-6, clip: 0.7, steps: 40, learningRate: 1 };
    const s = dpsgdNoiseSd(2, o);
    // T Gaussian steps of μ₀ = 2C/s compose to μ = √T μ₀: the mechanism of sensitivity 2C√T with noise s.
    expect(gaussianDelta(2 * o.clip * Math.sqrt(o.steps), 2, s)).toBeLessThanOrEqual(o.delta * (1 + 1e-9));
    expect(gaussianDelta(2 * o.clip * Math.sqrt(o.steps), 2, s * 0.99)).toBeGreaterThan(o.delta);
    // s grows like √T and C.
    expect(dpsgdNoiseSd(2, { ...o, steps: 160 }) / s).toBeCloseTo(2, 10);
    expect(dpsgdNoiseSd(2, { ...o, clip: 1.4 }) / s).toBeCloseTo(2, 10);
  });

  it('one step: the released parameters minus the noiseless ones are N(0, (ηs/n)²) per coordinate (KS, variance ±10%)', () => {
    const o = { delta: 1e-5, clip: 1, steps: 1, learningRate: 0.7 };
    const eps = 1;
    const n = data1.ys.length;
    const sd = (o.learningRate * dpsgdNoiseSd(eps, o)) / n;
    const base = dpsgdRelease(data1, eps, Rng.fromKey(0), o, { noise: false });
    // Back to the centred parameters a = intercept + slope/2, b = slope, in which the noise is isotropic.
    const ab = (l: Line) => [l.intercept[0] + l.slope[0] / 2, l.slope[0]];
    const [a0, b0] = ab(base);
    const draws = Array.from({ length: 3000 }, (_, i) => ab(dpsgdRelease(data1, eps, Rng.fromKey(30, i), o)));
    for (const [k, c0] of [
      [0, a0],
      [1, b0],
    ] as const) {
      const z = draws.map((v) => (v[k] - c0) / sd);
      expect(Math.abs(mean(z))).toBeLessThan(0.08);
      expect(variance(z)).toBeGreaterThan(0.9);
      expect(variance(z)).toBeLessThan(1.1);
      expect(ksOneSample(z, normalCdf).pValue).toBeGreaterThan(0.001);
      expect(ksOneSample(z, (x) => normalCdf(x / 1.2)).pValue).toBeLessThan(1e-3);
    }
  });

  it('clipping: every clipped gradient has norm ≤ C and keeps its direction; short ones are untouched', () => {
    const rng = Rng.fromKey(31);
    for (let t = 0; t < 2000; t++) {
      const g = Float64Array.from(
        { length: 1 + rng.int(6) },
        () => rng.normal() * 10 ** (rng.uniform() * 6 - 3),
      );
      const before = Float64Array.from(g);
      const c = 10 ** (rng.uniform() * 4 - 2);
      const f = clipInPlace(g, c);
      const norm = Math.hypot(...g);
      expect(norm).toBeLessThanOrEqual(c * (1 + 1e-12));
      if (Math.hypot(...before) <= c) expect(Array.from(g)).toEqual(Array.from(before));
      else expect(norm).toBeCloseTo(c, 9);
      g.forEach((v, k) => expect(v).toBeCloseTo(f * before[k], 12));
    }
  });

  it('one record, however extreme, moves a noiseless step by at most 2ηC/n (the sensitivity the noise is calibrated to)', () => {
    const o = { delta: 1e-5, clip: 0.5, steps: 1, learningRate: 0.8 };
    const n = data2.ys.length;
    const base = dpsgdRelease(data2, 1, Rng.fromKey(0), o, { noise: false });
    const rng = Rng.fromKey(32);
    let worst = 0;
    for (let t = 0; t < 200; t++) {
      const ys = data2.ys.slice();
      const xs = Float64Array.from(data2.xs);
      const i = rng.int(n);
      ys[i] = Float64Array.of(1e6 * rng.normal(), 1e6 * rng.normal());
      xs[i] = rng.uniform();
      const moved = dpsgdRelease({ xs, ys }, 1, Rng.fromKey(0), o, { noise: false });
      const da = moved.intercept.map(
        (v, j) => v + moved.slope[j] / 2 - base.intercept[j] - base.slope[j] / 2,
      );
      const db = moved.slope.map((v, j) => v - base.slope[j]);
      worst = Math.max(worst, Math.hypot(...da, ...db));
    }
    expect(worst).toBeLessThanOrEqual((2 * o.learningRate * o.clip) / n + 1e-12);
    expect(worst).toBeGreaterThan((o.learningRate * o.clip) / n); // the bound is nearly attained
  });
});

describe('bad input is refused with a message saying what and where', () => {
  const good: LinregData = data1;
  const cases: [string, () => unknown, RegExp][] = [
    ['ε = 0', () => dpgrRelease(good, 0, Rng.fromKey(1)), /ε must be a positive finite number \(got 0\)/],
    ['ε = NaN', () => sspRelease(good, NaN, Rng.fromKey(1)), /SSP: ε must be a positive finite number/],
    ['ε = ∞', () => dpsgdRelease(good, Infinity, Rng.fromKey(1)), /DP-SGD: ε must be/],
    [
      'x outside [0, 1]',
      () =>
        dpgrRelease(
          { xs: Float64Array.of(0, 2, 1), ys: [1, 2, 3].map((v) => Float64Array.of(v)) },
          1,
          Rng.fromKey(1),
        ),
      /covariate 2 is 2; the mechanisms need covariates rescaled to \[0, 1\]/,
    ],
    [
      'lengths differ',
      () => sspRelease({ xs: Float64Array.of(0, 1), ys: [Float64Array.of(1)] }, 1, Rng.fromKey(1)),
      /2 covariates but 1 responses/,
    ],
    [
      'ragged responses',
      () =>
        olsFit({
          xs: Float64Array.of(0, 1, 0.5),
          ys: [Float64Array.of(1, 2), Float64Array.of(1), Float64Array.of(1, 2)],
        }),
      /response 2 has 1 coordinates, the first has 2/,
    ],
    [
      'NaN response',
      () =>
        olsFit({
          xs: Float64Array.of(0, 1, 0.5),
          ys: [Float64Array.of(1), Float64Array.of(NaN), Float64Array.of(1)],
        }),
      /response 2, coordinate 1 is NaN/,
    ],
    [
      'one point',
      () => olsFit({ xs: Float64Array.of(0), ys: [Float64Array.of(1)] }),
      /at least 2 data points/,
    ],
    [
      'all x equal',
      () => olsFit({ xs: Float64Array.of(0.5, 0.5, 0.5), ys: [1, 2, 3].map((v) => Float64Array.of(v)) }),
      /all covariates are equal/,
    ],
    [
      'public τ = 0',
      () => dpgrRelease(good, 1, Rng.fromKey(1), { tau: 0, sigmaRule: 'paper' }),
      /public τ must be/,
    ],
    [
      'SSP bounds of the wrong length',
      () => sspRelease(good, 1, Rng.fromKey(1), { yBounds: { lo: [0, 0], hi: [1, 1] } }),
      /give 2 and 2 values for d = 1/,
    ],
    [
      'SSP lo > hi',
      () => sspRelease(good, 1, Rng.fromKey(1), { yBounds: { lo: [1], hi: [0] } }),
      /coordinate 1 must be finite with lo ≤ hi \(got \[1, 0\]\)/,
    ],
    [
      'δ = 0',
      () => dpsgdRelease(good, 1, Rng.fromKey(1), { ...DEFAULT_DPSGD_OPTIONS, delta: 0 }),
      /δ must be in \(0, 1\)/,
    ],
    [
      'C = −1',
      () => dpsgdRelease(good, 1, Rng.fromKey(1), { ...DEFAULT_DPSGD_OPTIONS, clip: -1 }),
      /clipping norm C/,
    ],
    [
      'T = 2.5',
      () => dpsgdRelease(good, 1, Rng.fromKey(1), { ...DEFAULT_DPSGD_OPTIONS, steps: 2.5 }),
      /steps T must be an integer/,
    ],
    [
      'η = 0',
      () => dpsgdRelease(good, 1, Rng.fromKey(1), { ...DEFAULT_DPSGD_OPTIONS, learningRate: 0 }),
      /step size η/,
    ],
    [
      'unknown method',
      () => releaseLine('lasso' as any, good, 1, Rng.fromKey(1)),
      /unknown linear-regression method "lasso"/,
    ],
  ];
  for (const [name, f, message] of cases) it(name, () => expect(f).toThrow(message));

  it('every method returns finite lines on good data (no NaN reaches a caller)', () => {
    for (const m of LINREG_METHODS)
      for (const eps of [0.01, 1, 100]) {
        const r = releaseLine(m, data2, eps, Rng.fromKey(40));
        expect([...r.intercept, ...r.slope].every(Number.isFinite)).toBe(true);
      }
  });
});
