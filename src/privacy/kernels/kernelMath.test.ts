import { describe, expect, it } from 'vitest';
import { cosOnHalfTurn, sinOnHalfTurn, thetaOverSin } from './kernelMath';

describe('kernel scalar helpers', () => {
  it('polynomial cos and sin match Math.cos and Math.sin on [0, π] and fall back outside it', () => {
    let worst = 0;
    for (let i = 0; i <= 200_000; i++) {
      const t = (Math.PI * i) / 200_000;
      worst = Math.max(
        worst,
        Math.abs(cosOnHalfTurn(t) - Math.cos(t)),
        Math.abs(sinOnHalfTurn(t) - Math.sin(t)),
      );
    }
    expect(worst).toBeLessThan(1e-15);
    for (const t of [-2, -1e-9, 3.2, 7, 100]) {
      expect(cosOnHalfTurn(t)).toBe(Math.cos(t));
      expect(sinOnHalfTurn(t)).toBe(Math.sin(t));
    }
  });

  it('θ/sin θ from (sin²θ, cos θ) matches atan2 on every branch, down to the cut locus', () => {
    let worst = 0;
    const check = (theta: number) => {
      const sn = Math.sin(theta),
        cs = Math.cos(theta);
      const exact = Math.atan2(sn, cs) / sn;
      worst = Math.max(worst, Math.abs(thetaOverSin(sn * sn, cs) - exact) / exact);
    };
    for (let i = 1; i < 100_000; i++) check((Math.PI * i) / 100_000); // series, dot ≥ 0 and dot < 0 branches
    for (let e = 1; e <= 12; e++) {
      check(10 ** -e); // tiny residuals
      check(Math.PI - 10 ** -e); // nearly antipodal
    }
    expect(worst).toBeLessThan(1e-14);
    expect(thetaOverSin(0, 1)).toBe(1);
    expect(thetaOverSin(0, -1)).toBe(-1); // antipodal: undefined
  });
});
