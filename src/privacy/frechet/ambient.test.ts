import { describe, expect, it } from 'vitest';
import { sphere } from '../../geometry';
import { createSymEig, symEig } from '../../geometry/linalg';
import { Rng } from '../../sampling/rng';
import { gammaCdf, ksOneSample } from '../../sampling/stats';
import { ambientSphereLaplace, ambientSpdLaplace, fractionNotSpd } from './ambient';
import { chordalSensitivity, frechetSensitivity } from './sensitivity';

describe('ambient ℓ₂ K-norm Laplace', () => {
  it('sphere: noise norm ~ Gamma(3, 1/σ) in R³; projection lands on S²', () => {
    const M = sphere();
    const mean = M.projectPoint(Float64Array.of(0.2, 0.1, 1));
    const delta = chordalSensitivity(frechetSensitivity(M, Math.PI / 8, 20));
    const sigma = delta / 0.5;
    const rng = Rng.fromKey(701);
    const n = 3000;
    const r = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const rel = ambientSphereLaplace(mean, sigma, rng);
      r[i] = Math.hypot(rel.raw[0] - mean[0], rel.raw[1] - mean[1], rel.raw[2] - mean[2]);
      const p = rel.projected!;
      expect(Math.abs(Math.hypot(p[0], p[1], p[2]) - 1)).toBeLessThan(1e-12);
    }
    expect(ksOneSample(r, (x) => gammaCdf(x, 3, 1 / sigma)).pValue).toBeGreaterThan(1e-3);
    expect(ksOneSample(r, (x) => gammaCdf(x, 3, 1 / (1.15 * sigma))).pValue).toBeLessThan(1e-3);
    expect(ambientSphereLaplace(mean, sigma, rng, false).projected).toBeNull();
  });

  it('SPD: vecd noise, non-SPD outputs flagged correctly and counted', () => {
    const k = 2;
    const I = Float64Array.of(1, 0, 0, 1);
    const rng = Rng.fromKey(702);
    const rels = [];
    for (let i = 0; i < 2000; i++) {
      const rel = ambientSpdLaplace(I, k, 0.5, rng, true);
      const ev = symEig(rel.matrix, k, createSymEig(k)).values[0];
      expect(rel.isSpd).toBe(ev > 0);
      const pev = symEig(rel.projected!, k, createSymEig(k)).values[0];
      expect(pev).toBeGreaterThan(0);
      rels.push(rel);
    }
    const frac = fractionNotSpd(rels);
    expect(frac).toBeGreaterThan(0.05);
    expect(frac).toBeLessThan(0.6);
    expect(fractionNotSpd([])).toBeNaN();
  });
});
