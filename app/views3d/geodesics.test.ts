import { describe, expect, it } from 'vitest';
import { sphere } from '../../src/geometry/sphere';
import { spd } from '../../src/geometry/spd';
import { Rng } from '../../src/sampling/rng';
import { coneCoords, ellipseOf, packSegments, sphereGeodesic, spdGeodesic, sym2 } from './geodesics';

describe('drawing geodesics', () => {
  it('sphere polyline agrees with the geometry core', () => {
    const M = sphere();
    const rng = Rng.fromKey(3, 1);
    for (let k = 0; k < 20; k++) {
      const p = M.projectPoint(Float64Array.of(rng.normal(), rng.normal(), rng.normal()));
      const v = M.projectTangent(p, Float64Array.of(rng.normal(), rng.normal(), rng.normal()));
      const line = sphereGeodesic(p, v, 8);
      for (let i = 0; i <= 8; i++) {
        const q = M.exp(
          p,
          v.map((z) => (z * i) / 8),
        );
        for (let j = 0; j < 3; j++) expect(line[3 * i + j]).toBeCloseTo(q[j], 5);
      }
    }
  });

  it('SPD(2) closed form agrees with the affine-invariant Exp', () => {
    const M = spd(2, 'affine');
    const rng = Rng.fromKey(4, 1);
    for (let k = 0; k < 20; k++) {
      const I = M.basePoint();
      const P = M.exp(I, M.randomTangent(I, rng));
      const V = M.randomTangent(P, rng);
      const pts = spdGeodesic(P, V, 6, 0, 1.5);
      pts.forEach((y, i) => {
        const want = sym2(
          M.exp(
            P,
            V.map((z) => (1.5 * z * i) / 6),
          ),
        );
        for (let j = 0; j < 3; j++) expect(y[j]).toBeCloseTo(want[j], 8);
      });
    }
  });

  it('ellipse convention: semi-axes √λ along the eigenvectors', () => {
    // y = R diag(4, 1) Rᵀ with R the rotation by 30°
    const t = Math.PI / 6;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const y: [number, number, number] = [4 * c * c + s * s, 3 * c * s, 4 * s * s + c * c];
    const e = ellipseOf(y)!;
    expect(e.major).toBeCloseTo(2, 12);
    expect(e.minor).toBeCloseTo(1, 12);
    expect(Math.abs(Math.sin(e.angle - t))).toBeLessThan(1e-12);
    expect(ellipseOf([1, 2, 1])).toBeNull();
  });

  it('the cone coordinates are an isometry of (a, √2 b, c) and put ac = b² at 45°', () => {
    const [x, y, z] = coneCoords([2, 1, 0.5]); // ac = b²: on the boundary
    expect(Math.hypot(x, z)).toBeCloseTo(y, 12);
    expect(x * x + y * y + z * z).toBeCloseTo(2 * 2 + 2 * 1 + 0.5 * 0.5, 12);
  });

  it('packs polylines into segment pairs with colours and a filter', () => {
    const a = Float32Array.of(0, 0, 0, 1, 0, 0, 2, 0, 0);
    const b = Float32Array.of(0, 1, 0, 0, 5, 0);
    const { positions, colors, count } = packSegments(
      [a, b],
      [
        [1, 0, 0],
        [0, 0, 1],
      ],
      (_x, y) => y < 3,
    );
    expect(count).toBe(2);
    expect(Array.from(positions)).toEqual([0, 0, 0, 1, 0, 0, 1, 0, 0, 2, 0, 0]);
    expect(Array.from(colors)).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]);
  });
});
