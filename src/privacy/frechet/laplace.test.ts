import { describe, expect, it } from 'vitest';
import { sphere, spd } from '../../geometry';
import { createSymEig, expm, symDim, symEig, symToVecd, vecdToSym } from '../../geometry/linalg';
import { Rng } from '../../sampling/rng';
import { gammaCdf, ksOneSample } from '../../sampling/stats';
import {
  affineLaplaceMaxSigma,
  affineLaplaceTarget,
  affineLogJacobian,
  affineSpd2RadialDensity,
  affineSpdLaplace,
  logEuclideanLaplace,
  sampleSphereLaplaceAngle,
  sigmaFor,
  sphereLaplace,
  sphereLaplaceAngleCdf,
  sphereLaplaceLogDensity,
} from './laplace';

/** CDF on [0, b] of an unnormalised density, by cumulative Simpson on a fine grid + linear interpolation. */
function numericCdf(f: (x: number) => number, b: number, m = 20000): (x: number) => number {
  const h = b / m;
  const cum = new Float64Array(m + 1);
  for (let i = 0; i < m; i++) {
    const x0 = i * h;
    cum[i + 1] = cum[i] + (h / 6) * (f(x0) + 4 * f(x0 + h / 2) + f(x0 + h));
  }
  const Z = cum[m];
  return (x: number) => {
    if (x <= 0) return 0;
    if (x >= b) return 1;
    const t = x / h;
    const i = Math.floor(t);
    return (cum[i] + (t - i) * (cum[i + 1] - cum[i])) / Z;
  };
}

describe('sigmaFor', () => {
  it('Δ/ε (paper) or 2Δ/ε (strict); truncation forces 2Δ/ε', () => {
    expect(sigmaFor(0.1, 0.5, 'paper')).toBeCloseTo(0.2, 15);
    expect(sigmaFor(0.1, 0.5, 'strict')).toBeCloseTo(0.4, 15);
    expect(sigmaFor(0.1, 0.5, 'strict', true)).toBeCloseTo(0.4, 15);
    expect(() => sigmaFor(0.1, 0.5, 'paper', true)).toThrow(/2Δ\/ε/);
    expect(() => sigmaFor(0.1, 0, 'paper')).toThrow(RangeError);
  });
});

describe('Riemannian Laplace on S² (exact)', () => {
  const M = sphere();
  const eta = M.projectPoint(Float64Array.of(0.3, -0.5, 0.8));

  it('angle CDF: closed form = numerical integration of e^{−θ/σ} sin θ', () => {
    const simpson = (f: (x: number) => number, a: number, b: number, m = 4000) => {
      const h = (b - a) / m;
      let s = 0;
      for (let i = 0; i < m; i++) {
        const x0 = a + i * h;
        s += (h / 6) * (f(x0) + 4 * f(x0 + h / 2) + f(x0 + h));
      }
      return s;
    };
    for (const sigma of [0.002, 0.05, 0.5, 3, 100]) {
      const f = (t: number) => Math.exp(-t / sigma) * Math.sin(t);
      const cut = Math.min(Math.PI, 60 * sigma);
      const Z = simpson(f, 0, cut) + (cut < Math.PI ? simpson(f, cut, Math.PI) : 0);
      for (const th of [1e-6, 1e-3, 0.01, 0.1, 0.5, 1, 2, 3]) {
        const num = th <= cut ? simpson(f, 0, th) : simpson(f, 0, cut) + simpson(f, cut, th);
        expect(Math.abs(sphereLaplaceAngleCdf(th, sigma) - num / Z)).toBeLessThan(1e-9);
      }
    }
    // relative accuracy in the lower tail (series branch): (1+a²)θ²/2 / (1+e^{−aπ}) to leading order
    expect(sphereLaplaceAngleCdf(1e-9, 1) / ((2 * 1e-18) / 2 / (1 + Math.exp(-Math.PI)))).toBeCloseTo(1, 6);
  });

  for (const sigma of [0.05, 0.5, 3]) {
    it(`radial law matches numerical integration (KS), σ = ${sigma}; power at 1.2σ`, () => {
      const rng = Rng.fromKey(501, Math.round(sigma * 100));
      const n = 4000;
      const rho = new Float64Array(n);
      for (let i = 0; i < n; i++) rho[i] = M.dist(eta, sphereLaplace(eta, sigma, rng));
      const F = numericCdf((t) => Math.exp(-t / sigma) * Math.sin(t), Math.PI);
      expect(ksOneSample(rho, F).pValue).toBeGreaterThan(1e-3);
      const wrong = numericCdf((t) => Math.exp(-t / (1.2 * sigma)) * Math.sin(t), Math.PI);
      if (sigma < 1) expect(ksOneSample(rho, wrong).pValue).toBeLessThan(1e-3);
    });
  }

  it('direction is uniform: mean of Log_η(z) is ≈ 0 and the release lies on S²', () => {
    const rng = Rng.fromKey(502);
    const sigma = 0.4;
    const n = 4000;
    const s = new Float64Array(3);
    const s2 = new Float64Array(3);
    for (let i = 0; i < n; i++) {
      const z = sphereLaplace(eta, sigma, rng);
      expect(Math.abs(Math.hypot(z[0], z[1], z[2]) - 1)).toBeLessThan(1e-12);
      const v = M.log(eta, z);
      for (let j = 0; j < 3; j++) {
        s[j] += v[j];
        s2[j] += v[j] * v[j];
      }
    }
    for (let j = 0; j < 3; j++) {
      const m = s[j] / n;
      const se = Math.sqrt((s2[j] / n - m * m) / n);
      expect(Math.abs(m)).toBeLessThan(4.5 * se + 1e-12);
    }
  });

  it('sampled angles invert the CDF (u ↦ θ ↦ F(θ) = u)', () => {
    for (const sigma of [1e-4, 0.01, 0.3, 10]) {
      const rng = Rng.fromKey(503, Math.round(sigma * 1e4));
      const rng2 = Rng.fromKey(503, Math.round(sigma * 1e4));
      for (let i = 0; i < 50; i++) {
        const th = sampleSphereLaplaceAngle(sigma, rng);
        const u = rng2.uniformOpen();
        expect(Math.abs(sphereLaplaceAngleCdf(th, sigma) - u)).toBeLessThan(1e-10);
      }
    }
  });

  it('privacy loss: the density is normalised and |log p(z|η) − log p(z|η′)| ≤ Δ/σ = ε, attained', () => {
    const sigma = 0.3;
    // normalised: 2π ∫ p(θ) sin θ dθ = 1
    const pole = Float64Array.of(0, 0, 1);
    const F = (t: number) =>
      2 *
      Math.PI *
      Math.exp(sphereLaplaceLogDensity(pole, Float64Array.of(Math.sin(t), 0, Math.cos(t)), sigma)) *
      Math.sin(t);
    let integral = 0;
    const m = 20000;
    for (let i = 0; i < m; i++) {
      const a = (i * Math.PI) / m;
      const h = Math.PI / m;
      integral += (h / 6) * (F(a) + 4 * F(a + h / 2) + F(a + h));
    }
    expect(integral).toBeCloseTo(1, 8);
    const Delta = 0.2;
    const eps = Delta / sigma;
    const eta2 = M.exp(pole, Float64Array.of(Delta, 0, 0));
    const rng = Rng.fromKey(504);
    let worst = -Infinity;
    for (let i = 0; i < 3000; i++) {
      const z = M.projectPoint(Float64Array.of(rng.normal(), rng.normal(), rng.normal()));
      const loss = sphereLaplaceLogDensity(pole, z, sigma) - sphereLaplaceLogDensity(eta2, z, sigma);
      worst = Math.max(worst, Math.abs(loss));
    }
    expect(worst).toBeLessThanOrEqual(eps + 1e-12);
    // z beyond η on the geodesic η′ → η: loss exactly ε
    const zFar = M.exp(pole, Float64Array.of(-0.5, 0, 0));
    const lossFar = sphereLaplaceLogDensity(pole, zFar, sigma) - sphereLaplaceLogDensity(eta2, zFar, sigma);
    expect(lossFar).toBeCloseTo(eps, 10);
  });
});

describe('Riemannian Laplace on log-Euclidean SPD(k) (exact)', () => {
  for (const k of [2, 3, 5]) {
    it(`k = ${k}: radius ~ Gamma(d, 1/σ) (KS) and E ρ² = d(d+1)σ²`, () => {
      const rng = Rng.fromKey(511, k);
      const d = symDim(k);
      const sigma = 0.07;
      const M = spd(k, 'logEuclidean');
      // a non-trivial centre
      const x0 = Float64Array.from({ length: d }, (_, i) => 0.3 * Math.sin(i + 1));
      const eta = expm(vecdToSym(x0, k), k);
      const n = 3000;
      const rho = new Float64Array(n);
      let s2 = 0;
      for (let i = 0; i < n; i++) {
        rho[i] = M.dist(eta, logEuclideanLaplace(eta, k, sigma, rng));
        s2 += rho[i] * rho[i];
      }
      expect(ksOneSample(rho, (x) => gammaCdf(x, d, 1 / sigma)).pValue).toBeGreaterThan(1e-3);
      const mean2 = s2 / n;
      const E2 = d * (d + 1) * sigma ** 2;
      const E4 = d * (d + 1) * (d + 2) * (d + 3) * sigma ** 4;
      const se = Math.sqrt((E4 - E2 * E2) / n);
      expect(Math.abs(mean2 - E2)).toBeLessThan(4 * se);
      // power: a 1.2σ Gamma law is rejected
      expect(ksOneSample(rho, (x) => gammaCdf(x, d, 1 / (1.2 * sigma))).pValue).toBeLessThan(1e-3);
    });
  }
});

describe('Riemannian Laplace on affine SPD(k) (MH)', () => {
  it('refuses σ ≥ √2 for k = 2 untruncated, accepts it with a truncation ball', () => {
    const I = Float64Array.of(1, 0, 0, 1);
    expect(affineLaplaceMaxSigma(2)).toBeCloseTo(Math.SQRT2, 15);
    expect(() => affineSpdLaplace(I, 2, Math.SQRT2, Rng.fromKey(1))).toThrow(/σ < 1\.414/);
    expect(() => affineSpdLaplace(I, 2, 3, Rng.fromKey(1))).toThrow(/truncate/);
    const M = spd(2, 'affine');
    const center = Float64Array.of(1.2, 0.1, 0.1, 0.9);
    expect(() =>
      affineSpdLaplace(Float64Array.of(9, 0, 0, 9), 2, 3, Rng.fromKey(1), {
        truncate: { center, radius: 1 },
      }),
    ).toThrow(/outside the truncation ball/);
    const rng = Rng.fromKey(521);
    for (let i = 0; i < 30; i++) {
      const r = affineSpdLaplace(I, 2, 3, rng, { truncate: { center, radius: 1 }, burnIn: 300 });
      expect(M.dist(center, r.point)).toBeLessThanOrEqual(1);
    }
  });

  it('log Jacobian of Exp_I agrees with finite differences of expm and the volume det(P)^{−(k+1)/2}', () => {
    for (const k of [2, 3]) {
      const d = symDim(k);
      const rng = Rng.fromKey(522, k);
      for (let t = 0; t < 4; t++) {
        const x = Float64Array.from({ length: d }, () => 0.8 * rng.normal());
        const h = 1e-6;
        const Jm = new Float64Array(d * d);
        for (let j = 0; j < d; j++) {
          const xp = Float64Array.from(x);
          const xm = Float64Array.from(x);
          xp[j] += h;
          xm[j] -= h;
          const zp = symToVecd(expm(vecdToSym(xp, k), k), k);
          const zm = symToVecd(expm(vecdToSym(xm, k), k), k);
          for (let i = 0; i < d; i++) Jm[i * d + j] = (zp[i] - zm[i]) / (2 * h);
        }
        // log|det Jm| by Gaussian elimination with partial pivoting
        let logDet = 0;
        for (let c = 0; c < d; c++) {
          let p = c;
          for (let r = c + 1; r < d; r++) if (Math.abs(Jm[r * d + c]) > Math.abs(Jm[p * d + c])) p = r;
          for (let q = 0; q < d; q++) [Jm[c * d + q], Jm[p * d + q]] = [Jm[p * d + q], Jm[c * d + q]];
          logDet += Math.log(Math.abs(Jm[c * d + c]));
          for (let r = c + 1; r < d; r++) {
            const f = Jm[r * d + c] / Jm[c * d + c];
            for (let q = c; q < d; q++) Jm[r * d + q] -= f * Jm[c * d + q];
          }
        }
        const eig = symEig(vecdToSym(x, k), k, createSymEig(k));
        const logDetP = eig.values.reduce((s, l) => s + l, 0);
        const expected = logDet - ((k + 1) / 2) * logDetP;
        expect(affineLogJacobian(x, k)).toBeCloseTo(expected, 6);
      }
    }
  });

  it('toPoint is Exp_η in whitened coordinates: ρ(η, z) = ‖x‖', () => {
    const M = spd(2, 'affine');
    const eta = Float64Array.of(2, 0.5, 0.5, 1);
    const target = affineLaplaceTarget(eta, 2, 0.5);
    const x = Float64Array.of(0.3, -0.2, 0.4);
    expect(M.dist(eta, target.toPoint(x))).toBeCloseTo(Math.hypot(0.3, -0.2, 0.4), 10);
  });

  for (const sigma of [0.3, 1]) {
    it(`k = 2, σ = ${sigma}: radial law of independent chains matches numerical integration (KS)`, () => {
      const M = spd(2, 'affine');
      const eta = Float64Array.of(2, 0.5, 0.5, 1);
      const rng = Rng.fromKey(523, sigma * 10);
      const n = 1500;
      const rho = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const r = affineSpdLaplace(eta, 2, sigma, rng, { burnIn: 300, fixedSteps: 100 });
        rho[i] = Math.hypot(r.coords[0], r.coords[1], r.coords[2]);
        if (i < 20) expect(Math.abs(M.dist(eta, r.point) - rho[i])).toBeLessThan(1e-6 * (1 + rho[i]));
      }
      const upper = sigma * 60;
      const F = numericCdf((t) => affineSpd2RadialDensity(t, sigma, 200), upper, 6000);
      expect(ksOneSample(rho, F).pValue).toBeGreaterThan(1e-3);
      // the flat (LE-like) law Gamma(3, 1/σ) ignores the volume growth and is rejected
      if (sigma >= 1) expect(ksOneSample(rho, (x) => gammaCdf(x, 3, 1 / sigma)).pValue).toBeLessThan(1e-3);
    });
  }
});
