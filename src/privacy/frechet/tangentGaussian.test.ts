import { describe, expect, it } from 'vitest';
import { spd } from '../../geometry';
import { createSymEig, expm, symDim, symEig, vecdToSym } from '../../geometry/linalg';
import { Rng } from '../../sampling/rng';
import { chiSquaredCdf, ksOneSample, normalCdf } from '../../sampling/stats';
import {
  analyticSigma,
  arithmeticMean,
  classicalSigma,
  extrinsicGaussian,
  gaussianDelta,
  gaussianSigma,
  isSpd,
  tangentGaussian,
} from './tangentGaussian';

describe('tangent Gaussian release', () => {
  for (const k of [2, 4]) {
    it(`k = ${k}: ρ_LE²/σ² ~ χ²_d exactly (KS), and a 1.2σ law is rejected`, () => {
      const d = symDim(k);
      const M = spd(k, 'logEuclidean');
      const rng = Rng.fromKey(601, k);
      const x0 = Float64Array.from({ length: d }, (_, i) => 0.4 * Math.cos(2 * i + 1));
      const eta = expm(vecdToSym(x0, k), k);
      const sigma = 0.15;
      const n = 4000;
      const q = new Float64Array(n);
      const qWrong = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const rho = M.dist(eta, tangentGaussian(eta, k, sigma, rng));
        q[i] = (rho * rho) / (sigma * sigma);
        qWrong[i] = q[i] / 1.44; // the same draws normalised by 1.2σ: must not look χ²_d
      }
      expect(ksOneSample(q, (x) => chiSquaredCdf(x, d)).pValue).toBeGreaterThan(1e-3);
      // power: samples at 1.2σ tested against χ²_d at σ
      const rng2 = Rng.fromKey(602, k);
      const q12 = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const rho = M.dist(eta, tangentGaussian(eta, k, 1.2 * sigma, rng2));
        q12[i] = (rho * rho) / (sigma * sigma);
      }
      expect(ksOneSample(q12, (x) => chiSquaredCdf(x, d)).pValue).toBeLessThan(1e-3);
      expect(ksOneSample(qWrong, (x) => chiSquaredCdf(x, d)).pValue).toBeLessThan(1e-3);
    });
  }
});

describe('Gaussian calibration', () => {
  it('classical σ = Δ√(2 ln(1.25/δ))/ε, refused for ε ≥ 1', () => {
    expect(classicalSigma(0.01, 0.5, 1e-6)).toBeCloseTo((0.01 * Math.sqrt(2 * Math.log(1.25e6))) / 0.5, 14);
    expect(() => classicalSigma(1, 1, 1e-5)).toThrow(/only proven for ε < 1/);
    expect(() => classicalSigma(1, 2, 1e-5)).toThrow(RangeError);
    expect(() => gaussianSigma(1, 1.5, 1e-5, 'classical')).toThrow(/analytic/);
  });

  it('Balle–Wang numbers at ε = 1, δ = 1e−5: analytic ≈ 3.73Δ vs classical (limit) ≈ 4.84Δ', () => {
    expect(analyticSigma(1, 1, 1e-5)).toBeCloseTo(3.73, 2);
    expect(analyticSigma(2.5, 1, 1e-5) / 2.5).toBeCloseTo(analyticSigma(1, 1, 1e-5), 10); // scales with Δ
    // classical at ε = 1 is the ε → 1⁻ limit of the formula
    expect(classicalSigma(1, 1 - 1e-12, 1e-5)).toBeCloseTo(4.84, 2);
  });

  it('analytic σ ≤ classical σ for ε < 1 (several δ)', () => {
    for (const dp of [1e-3, 1e-5, 1e-6, 1e-9])
      for (const eps of [0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 0.99]) {
        expect(analyticSigma(0.003, eps, dp)).toBeLessThanOrEqual(classicalSigma(0.003, eps, dp));
      }
  });

  it('analytic σ attains δ exactly and satisfies the condition (checked with Φ directly, small ε)', () => {
    for (const eps of [0.1, 0.5, 1, 3]) {
      const s = analyticSigma(1, eps, 1e-5);
      expect(gaussianDelta(1, eps, s)).toBeLessThanOrEqual(1e-5);
      expect(gaussianDelta(1, eps, s * (1 - 1e-9))).toBeGreaterThan(1e-5);
      const direct = normalCdf(1 / (2 * s) - eps * s) - Math.exp(eps) * normalCdf(-1 / (2 * s) - eps * s);
      expect(direct).toBeCloseTo(1e-5, 10);
    }
  });

  it('privacy loss: gaussianDelta equals the hockey-stick divergence of N(0,σ²) vs N(Δ,σ²) (numerical)', () => {
    // δ(ε) = ∫ max(0, p(x) − e^ε q(x)) dx, p = N(0, σ²), q = N(Δ, σ²): an independent check of the
    // Balle–Wang condition (including the sign 002 misprints).
    const Delta = 1;
    for (const [eps, sigma] of [
      [0.5, 2],
      [1, 3.73],
      [2, 1],
      [0.1, 10],
    ]) {
      const lo = -12 * sigma;
      const hi = 12 * sigma + Delta;
      const m = 200000;
      const h = (hi - lo) / m;
      const f = (x: number) => {
        const p = Math.exp(-(x * x) / (2 * sigma * sigma));
        const q = Math.exp(-((x - Delta) ** 2) / (2 * sigma * sigma));
        return Math.max(0, p - Math.exp(eps) * q) / (sigma * Math.sqrt(2 * Math.PI));
      };
      let s = 0;
      for (let i = 0; i < m; i++) s += h * f(lo + (i + 0.5) * h);
      expect(gaussianDelta(Delta, eps, sigma)).toBeCloseTo(s, 9);
      expect(Math.abs(gaussianDelta(Delta, eps, sigma) - s)).toBeLessThan(1e-6 * s + 1e-12);
    }
  });

  it('analytic σ is finite, positive and decreasing in ε up to 1000 (no overflow past ε ≈ 709)', () => {
    let prev = Infinity;
    for (const eps of [0.01, 0.1, 1, 5, 10, 50, 100, 300, 700, 709, 710, 720, 800, 1000]) {
      const s = analyticSigma(1, eps, 1e-5);
      expect(Number.isFinite(s)).toBe(true);
      expect(s).toBeGreaterThan(0);
      expect(s).toBeLessThan(prev);
      expect(gaussianDelta(1, eps, s)).toBeLessThanOrEqual(1e-5);
      expect(gaussianDelta(1, eps, s)).toBeGreaterThan(0.99e-5);
      prev = s;
    }
  });
});

describe('extrinsic Gaussian baseline', () => {
  it('adds Frobenius-isotropic noise to the arithmetic mean and reports SPD-ness correctly', () => {
    const k = 3;
    const rng = Rng.fromKey(611);
    const ys = Array.from({ length: 10 }, () =>
      expm(
        vecdToSym(
          Float64Array.from({ length: 6 }, () => 0.2 * rng.normal()),
          k,
        ),
        k,
      ),
    );
    const mean = arithmeticMean(ys);
    let notSpd = 0;
    let sq = 0;
    const n = 2000;
    const sigma = 0.4;
    for (let i = 0; i < n; i++) {
      const r = extrinsicGaussian(mean, k, sigma, rng);
      const eig = symEig(r.matrix, k, createSymEig(k));
      expect(r.isSpd).toBe(eig.values[0] > 0);
      expect(isSpd(r.matrix, k)).toBe(r.isSpd);
      if (!r.isSpd) notSpd++;
      for (let j = 0; j < 9; j++) sq += (r.matrix[j] - mean[j]) ** 2;
    }
    expect(notSpd).toBeGreaterThan(0);
    expect(notSpd).toBeLessThan(n);
    // E‖noise‖_F² = dσ²
    expect(sq / n / (6 * sigma * sigma)).toBeGreaterThan(0.93);
    expect(sq / n / (6 * sigma * sigma)).toBeLessThan(1.07);
  });
});
