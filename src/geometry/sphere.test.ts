import { describe, expect, it } from 'vitest';
import { sphere } from './sphere';
import { GeometryError } from './types';
import { expectClose, f64, reference, registerIdentityTests } from './testkit';

const M = sphere();

describe('sphere identities', () => {
  registerIdentityTests(M, {
    distances: [1e-9, 1e-6, 1e-3, 0.5, 1.5, 2.5, 3.0],
    adjointLengths: [0, 1e-7, 0.4, 1.5, 3.0, 4.0, 6.0],
  });
});

describe('sphere against geomstats reference', () => {
  const cases = reference().sphere.cases as any[];
  it('has the expected cases', () => expect(cases.length).toBe(30));
  for (const c of cases) {
    it(c.id, () => {
      const [p, q, v, w] = [c.p, c.q, c.v, c.w].map(f64);
      expectClose(M.exp(p, v), c.exp, 1e-12, 'exp');
      expectClose(M.log(p, q), c.log, 1e-12, 'log');
      expectClose(M.transport(p, q, w), c.transport, 1e-12, 'transport');
      expect(Math.abs(M.inner(p, v, w) - c.inner)).toBeLessThanOrEqual(1e-12);
      const d = M.dist(p, q);
      // geomstats uses arccos, inaccurate for tiny distances: compare those with the mpmath values.
      if (c.kind === 'tiny') expect(Math.abs(d - c.dist)).toBeLessThanOrEqual(1e-8);
      expect(Math.abs(d - c.mp.dist)).toBeLessThanOrEqual(1e-12 + 1e-12 * c.mp.dist);
    });
  }
});

describe('sphere cut locus and edge cases', () => {
  const p = f64([0, 0, 1]);
  const anti = f64([0, 0, -1]);
  it('log and transport throw a clear error for antipodal points, dist returns π', () => {
    expect(() => M.log(p, anti)).toThrow(GeometryError);
    expect(() => M.log(p, anti)).toThrow(/antipodal/);
    expect(() => M.transport(p, anti, f64([1, 0, 0]))).toThrow(/antipodal/);
    expect(M.dist(p, anti)).toBe(Math.PI);
  });
  it('resolves a distance of 1e-8 (arccos cannot)', () => {
    const t = 1e-8;
    const q = f64([Math.sin(t), 0, Math.cos(t)]);
    expect(Math.abs(M.dist(p, q) - t) / t).toBeLessThan(1e-7);
  });
  it('exp wraps around for |v| > π', () => {
    const q = M.exp(p, f64([2 * Math.PI, 0, 0]));
    expectClose(q, p, 1e-12, 'full turn');
  });
});
