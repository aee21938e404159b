import { describe, expect, it } from 'vitest';
import { spd } from '../../src/geometry/spd';
import { autoMagnify, magnifyFrom, type Sym2 } from './geodesics';

const M = spd(2, 'affine');
const full = (y: Sym2) => Float64Array.of(y[0], y[1], y[1], y[2]);

describe('magnifyFrom (Fig. 8: private differences drawn × k)', () => {
  it('puts the point k times as far along the same geodesic, and gives y back for k = 1', () => {
    const base: Sym2 = [2, 0.3, 1];
    const y: Sym2 = [2.1, 0.25, 1.05];
    expect(magnifyFrom(base, y, 1)).toBe(y);
    const z = magnifyFrom(base, y, 10)!;
    const d = M.dist(full(base), full(y));
    expect(M.dist(full(base), full(z))).toBeCloseTo(10 * d, 9);
    // same direction: the midpoint-free check — Log(base, z) = 10 · Log(base, y)
    const lz = M.log(full(base), full(z));
    const ly = M.log(full(base), full(y));
    lz.forEach((v, i) => expect(v).toBeCloseTo(10 * ly[i], 9));
  });
});

describe('autoMagnify: the strip enlarges private differences only where true size would show nothing', () => {
  // diag(e^a, e^a) lies at affine-invariant distance √2·|a| from the identity
  const at = (d: number): Sym2 => [Math.exp(d / Math.SQRT2), 0, Math.exp(d / Math.SQRT2)];
  const np: Sym2[] = [at(0), at(0), at(0)];
  const draws = (d: number) => [np.map(() => at(d)), np.map(() => at(d))];
  it('keeps true size where the typical difference shows (≥ 0.07) or there is none', () => {
    expect(M.dist(full(at(0)), full(at(0.1)))).toBeCloseTo(0.1, 12);
    expect(autoMagnify(np, draws(0.1))).toBe(1);
    expect(autoMagnify(np, draws(0))).toBe(1);
    expect(autoMagnify(np, [])).toBe(1);
  });
  it('picks the smallest factor that makes it show: ×5, then ×20 (its largest, even if still small)', () => {
    expect(autoMagnify(np, draws(0.02))).toBe(5);
    expect(autoMagnify(np, draws(0.005))).toBe(20);
    expect(autoMagnify(np, draws(0.0001))).toBe(20);
  });
  it('decides on the median: one wild draw does not move it', () => {
    const priv = [...draws(0.1), np.map(() => at(3))];
    expect(autoMagnify(np, priv)).toBe(1);
    expect(autoMagnify(np, [...draws(0.005), np.map(() => at(3))])).toBe(20);
  });
});
