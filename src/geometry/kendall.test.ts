import { describe, expect, it } from 'vitest';
import { alignTo, kendall } from './kendall';
import { expectClose, f64, reference, registerIdentityTests } from './testkit';

for (const k of [3, 5, 50]) {
  describe(`kendall(${k}) identities`, () => {
    registerIdentityTests(kendall(k), {
      distances: [1e-9, 1e-6, 1e-3, 0.1, 0.7, 1.2, 1.5],
      // beyond π/2 the minimizing geodesic from Exp(p,v) back to p is not γ: the adjoints must still hold
      adjointLengths: [0, 1e-7, 0.3, 1.1, 1.7, 2.0, 3.0, 4.5],
      cases: k === 50 ? 4 : 6,
    });
  });
}

describe('kendall constructor', () => {
  it('has the layout of docs/geometry.md', () => {
    const M = kendall(50);
    expect(M.name).toBe('kendall(50)');
    expect(M.ambientDim).toBe(100);
    expect(M.dim).toBe(96);
    expect(M.curvatureBounds).toEqual([1, 4]);
    expect(M.injectivityRadius).toBe(Math.PI / 2);
  });
  it('rejects fewer than 3 landmarks or non-integers', () => {
    expect(() => kendall(2)).toThrow(RangeError);
    expect(() => kendall(4.5)).toThrow(RangeError);
  });
});

/** Outputs of one reference case (geomstats, or its `mp` block). */
interface KendallValues {
  exp: number[];
  log: number[];
  dist: number;
  inner: number;
  q_aligned: number[];
  transport_aligned: number[];
  transport: number[];
}
interface KendallCase extends KendallValues {
  id: string;
  kind: string;
  p: number[];
  q: number[];
  v: number[];
  w: number[];
  mp: KendallValues;
}

for (const key of ['kendall5', 'kendall50'] as const) {
  describe(`${key} against geomstats reference`, () => {
    const block = reference()[key];
    const M = kendall(block.k_landmarks as number);
    const cases = block.cases as KendallCase[];
    it('has the expected cases', () => expect(cases.length).toBe(15));
    for (const c of cases) {
      it(c.id, () => {
        const [p, q, v, w] = [c.p, c.q, c.v, c.w].map(f64);
        for (const ref of [c, c.mp]) {
          expectClose(M.exp(p, v), ref.exp, 1e-12, 'exp');
          expectClose(M.log(p, q), ref.log, 1e-12, 'log');
          expectClose(alignTo(p, q), ref.q_aligned, 1e-12, 'q_aligned');
          expect(Math.abs(M.inner(p, v, w) - ref.inner)).toBeLessThanOrEqual(1e-12);
        }
        // geomstats integrates an ODE for the transport; mp is the closed form at 50 digits.
        expectClose(M.transport(p, q, w), c.mp.transport, 1e-12, 'transport vs mp');
        expectClose(M.transport(p, q, w), c.transport, 2e-9, 'transport vs geomstats');
        const qa = alignTo(p, q);
        expectClose(M.transport(p, qa, w), c.mp.transport_aligned, 1e-12, 'transport_aligned vs mp');
        expectClose(M.transport(p, qa, w), c.transport_aligned, 2e-9, 'transport_aligned vs geomstats');
        const d = M.dist(p, q);
        // geomstats' dist uses arccos, inaccurate for tiny distances: compare those with the mpmath values.
        if (c.kind === 'tiny') expect(Math.abs(d - c.dist)).toBeLessThanOrEqual(1e-8);
        else expect(Math.abs(d - c.dist)).toBeLessThanOrEqual(1e-12 + 1e-12 * c.dist);
        expect(Math.abs(d - c.mp.dist)).toBeLessThanOrEqual(1e-12 + 1e-12 * c.mp.dist);
      });
    }
  });
}
