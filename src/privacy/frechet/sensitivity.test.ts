import { describe, expect, it } from 'vitest';
import { sphere, spd } from '../../geometry';
import { frechetMean } from '../../geometry/mean';
import { Rng } from '../../sampling/rng';
import { uniformInTangentBall } from '../../sampling/distributions';
import {
  chordalSensitivity,
  empiricalSensitivity,
  frechetCurvatureFactor,
  frechetRadiusLimit,
  frechetSensitivity,
  frechetSensitivityBound,
  frobeniusSensitivity,
  leSensitivitySynthetic,
} from './sensitivity';

describe('Fréchet-mean sensitivity bound (004 Thm 2)', () => {
  it('is 2r/n for κ ≤ 0 and 2r(2−h)/(nh) with h = 2r√κ cot(2r√κ) for κ > 0', () => {
    expect(frechetSensitivityBound(0.7, 10, 0)).toBeCloseTo(0.14, 15);
    expect(frechetSensitivityBound(0.7, 10, -0.5)).toBeCloseTo(0.14, 15);
    const r = Math.PI / 8;
    const h = (Math.PI / 4) * (1 / Math.tan(Math.PI / 4));
    expect(frechetCurvatureFactor(r, 1)).toBeCloseTo(h, 14);
    expect(frechetSensitivity(sphere(), r, 20)).toBeCloseTo((2 * r * (2 - h)) / (20 * h), 14);
    // κ = 4 is the sphere of radius ½: same as r doubled on the unit sphere, up to the length scale.
    expect(frechetSensitivityBound(r / 2, 20, 4)).toBeCloseTo(frechetSensitivityBound(r, 20, 1) / 2, 14);
    // small-x series agrees with x cot x
    expect(frechetCurvatureFactor(2e-5, 1)).toBeCloseTo(4e-5 / Math.tan(4e-5), 15);
    // the bound exceeds the flat one and increases with r
    expect(frechetSensitivityBound(r, 20, 1)).toBeGreaterThan((2 * r) / 20);
    expect(frechetSensitivityBound(0.7, 20, 1)).toBeGreaterThan(frechetSensitivityBound(0.6, 20, 1));
  });

  it('refuses r ≥ r* = ½ min(inj, π/(2√κ)) with a clear message', () => {
    expect(frechetRadiusLimit(1, Math.PI)).toBeCloseTo(Math.PI / 4, 15);
    expect(() => frechetSensitivity(sphere(), Math.PI / 4, 10)).toThrow(/r\* = ½·min\(inj, π\/\(2√κ\)\)/);
    expect(() => frechetSensitivity(sphere(), 1, 10)).toThrow(RangeError);
    expect(() => frechetSensitivityBound(0.1, 0, 1)).toThrow(/n must be/);
    // Hadamard: any finite radius
    expect(frechetSensitivity(spd(2, 'affine'), 50, 10)).toBeCloseTo(10, 12);
  });

  it('LE sensitivity of 002 synthetic data is 2√k·r/n (√k/1000 for r = 1/4, n = 500)', () => {
    for (const k of [2, 5, 30])
      expect(leSensitivitySynthetic(k, 0.25, 500)).toBeCloseTo(Math.sqrt(k) / 1000, 15);
    expect(frobeniusSensitivity(0.25, 500)).toBeCloseTo((2 * (Math.exp(0.25) - 1)) / 500, 15);
    expect(chordalSensitivity(0.3)).toBeLessThanOrEqual(0.3);
    expect(chordalSensitivity(0.3)).toBeCloseTo(2 * Math.sin(0.15), 15);
  });
});

describe('empirical sensitivity ≤ bound on adjacent data sets', () => {
  const M = sphere();
  const m0 = M.basePoint();
  const r = Math.PI / 8;

  const inBall = (rng: Rng) => M.exp(m0, uniformInTangentBall(M, m0, r * 0.999999, rng));
  const boundary = (angle: number) => {
    const v = Float64Array.of(Math.cos(angle) * r * 0.999999, Math.sin(angle) * r * 0.999999, 0);
    return M.exp(m0, v);
  };

  for (const n of [10, 20, 40]) {
    it(`sphere, r = π/8, n = ${n}`, () => {
      const rng = Rng.fromKey(401, n);
      const bound = frechetSensitivity(M, r, n);
      let worst = 0;
      for (let t = 0; t < 150; t++) {
        const ys = Array.from({ length: n }, () => inBall(rng));
        const ys2 = ys.slice();
        // random replacement, or the reflection of x_n through m0 (far apart)
        if (t % 2 === 0) ys2[n - 1] = inBall(rng);
        else {
          const v = M.log(m0, ys[n - 1]);
          ys2[n - 1] = M.exp(
            m0,
            Float64Array.from(v, (x) => -x),
          );
        }
        worst = Math.max(worst, empiricalSensitivity(M, ys, ys2) / bound);
      }
      // adversarial: n−1 points on one boundary point, replace the last across the ball
      const a = boundary(0);
      const b = boundary(Math.PI);
      const ys = Array.from({ length: n }, () => a);
      const ys2 = ys.slice();
      ys2[n - 1] = b;
      const adv = empiricalSensitivity(M, ys, ys2) / bound;
      worst = Math.max(worst, adv);
      expect(worst).toBeLessThanOrEqual(1);
      // not vacuous: the adversarial pair reaches a sizeable fraction of the bound (flat value 2r/n ≈ 0.65Δ)
      expect(adv).toBeGreaterThan(0.5);
    });
  }

  it('affine SPD(2): ≤ 2r/n (κ ≤ 0)', () => {
    const P = spd(2, 'affine');
    const I = P.basePoint();
    const rng = Rng.fromKey(402);
    const rr = 1;
    for (const n of [10, 20, 40]) {
      const bound = frechetSensitivity(P, rr, n);
      let worst = 0;
      for (let t = 0; t < 40; t++) {
        const ys = Array.from({ length: n }, () => P.exp(I, uniformInTangentBall(P, I, rr, rng)));
        const ys2 = ys.slice();
        ys2[n - 1] = P.exp(
          I,
          Float64Array.from(P.log(I, ys[n - 1]), (x) => -x),
        );
        worst = Math.max(worst, empiricalSensitivity(P, ys, ys2) / bound);
      }
      expect(worst).toBeLessThanOrEqual(1);
      expect(worst).toBeGreaterThan(0.2);
    }
  });

  it('empiricalSensitivity is the distance of the two means', () => {
    const rng = Rng.fromKey(403);
    const ys = Array.from({ length: 5 }, () => inBall(rng));
    const ys2 = ys.slice();
    ys2[0] = inBall(rng);
    expect(empiricalSensitivity(M, ys, ys2)).toBeCloseTo(M.dist(frechetMean(M, ys), frechetMean(M, ys2)), 14);
    expect(() => empiricalSensitivity(M, ys, ys2.slice(1))).toThrow(/differ in size/);
  });
});
