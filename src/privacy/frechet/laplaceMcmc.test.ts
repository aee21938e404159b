import { describe, expect, it } from 'vitest';
import { spd } from '../../geometry';
import { expm, symDim, vecdToSym } from '../../geometry/linalg';
import { Rng } from '../../sampling/rng';
import { gammaCdf, ksOneSample } from '../../sampling/stats';
import { logEuclideanLaplaceMcmc } from './laplaceMcmc';

describe('log-Euclidean Laplace by MH (002’s route)', () => {
  it('k = 3: the final states of independent chains follow the exact radial law Gamma(d, 1/σ) (KS), not 1.15σ', () => {
    const k = 3;
    const d = symDim(k);
    const M = spd(k, 'logEuclidean');
    const eta = expm(
      vecdToSym(
        Float64Array.from({ length: d }, (_, i) => 0.2 * Math.sin(i + 1)),
        k,
      ),
      k,
    );
    const sigma = 0.05;
    const rng = Rng.fromKey(71);
    const rho = new Float64Array(400);
    let acceptance = 0;
    for (let i = 0; i < rho.length; i++) {
      const r = logEuclideanLaplaceMcmc(eta, k, sigma, rng, { burnIn: 400 });
      rho[i] = M.dist(eta, r.point);
      expect(Math.hypot(...r.offset)).toBeCloseTo(rho[i], 8);
      acceptance += r.acceptanceRate / rho.length;
    }
    expect(ksOneSample(rho, (x) => gammaCdf(x, d, 1 / sigma)).pValue).toBeGreaterThan(1e-3);
    expect(ksOneSample(rho, (x) => gammaCdf(x, d, 1 / (1.15 * sigma))).pValue).toBeLessThan(1e-3);
    expect(acceptance).toBeGreaterThan(0.15);
    expect(acceptance).toBeLessThan(0.4);
  });

  it('refuses a bad σ', () => {
    expect(() => logEuclideanLaplaceMcmc(expm(new Float64Array(4), 2), 2, 0, Rng.fromKey(1))).toThrow(/σ/);
  });
});
