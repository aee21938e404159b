import { describe, expect, it } from 'vitest';
import { spd } from '../../src/geometry/spd';
import { magnifyFrom, type Sym2 } from './geodesics';

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
