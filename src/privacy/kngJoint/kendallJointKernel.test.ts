import { describe, expect, it } from 'vitest';
import { kendall } from '../../geometry/kendall';
import { GeometryError, type Manifold } from '../../geometry/types';
import { randomTangent, relativeGap } from '../../geometry/testkit';
import { Rng } from '../../sampling/rng';
import { genericJointKernel } from './jointKernel';
import { jointKernel } from '.';
import { kendallJointKernel } from './kendallJointKernel';

/** A shape drawn uniformly (the projection of a standard Gaussian configuration). */
function randomShape(M: Manifold, rng: Rng): Float64Array {
  return M.projectPoint(Float64Array.from({ length: M.ambientDim }, () => rng.normal()));
}

/**
 * n records around the geodesic (p₀, v₀): covariates uniform on [−½, ½] (both ends included when n > 1), half the
 * responses within 0.3 of the geodesic's point, half uniform shapes (near π/2 away for many landmarks).
 */
function randomData(M: Manifold, rng: Rng, n: number, p0: Float64Array, v0: Float64Array) {
  const ts = Float64Array.from({ length: n }, () => rng.uniform() - 0.5);
  if (n > 1) {
    ts[0] = -0.5;
    ts[1] = 0.5;
  }
  const ys = Array.from(ts, (t, i) => {
    if (i % 2 === 1) return randomShape(M, rng);
    const q = M.exp(
      p0,
      v0.map((x) => t * x),
    );
    return M.exp(q, randomTangent(M, q, rng, 0.3 * rng.uniform()));
  });
  return { ts, ys };
}

describe('kendallJointKernel: the fused Kendall kernel is the generic one', () => {
  it('agrees to 1e-9 (relative) at random states, v = 0, |v| = π/2, for k = 3, 8, 50, n = 1, 7, 300 and clips below and above the residuals', () => {
    const rng = Rng.fromKey(91);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let worst = 0;
    let states = 0;
    let farthest = 0;
    let clippedResiduals = 0;
    let unclippedResiduals = 0;
    for (const k of [3, 8, 50]) {
      const M = kendall(k);
      for (const n of [1, 7, 300]) {
        const p0 = randomShape(M, rng);
        const v0 = randomTangent(M, p0, rng, 1);
        const { ts, ys } = randomData(M, rng, n, p0, v0);
        if (n === 7) {
          // at (p₀, v₀): a record on the footpoint (θ = 0), one at its cut locus (y ⊥ every rotation of p₀),
          // and one on the geodesic away from the footpoint (θ = 0 at t ≠ 0)
          ts[2] = 0;
          ys[2] = p0;
          ts[3] = 0;
          ys[3] = M.exp(p0, randomTangent(M, p0, rng, Math.PI / 2));
          expect(() => M.log(p0, ys[3])).toThrow(GeometryError);
          ts[4] = -0.3;
          ys[4] = M.exp(
            p0,
            v0.map((x) => -0.3 * x),
          );
        }
        // 0.05: below nearly every residual; 0.7: between; 1e3: above all of them
        for (const clip of [0.05, 0.7, 1e3]) {
          const generic = genericJointKernel(M, ts, ys, clip);
          const fused = kendallJointKernel(k, ts, ys, clip);
          for (let trial = 0; trial < 6; trial++) {
            const p = trial === 2 ? p0 : randomShape(M, rng);
            const length = trial === 0 ? 0 : trial === 1 ? Math.PI / 2 : (Math.PI / 2) * rng.uniform();
            const v = trial === 2 ? v0 : randomTangent(M, p, rng, length);
            generic.evaluate(p, v, a);
            fused.evaluate(p, v, b);
            expect(Number.isFinite(a[0] + a[1] + a[2])).toBe(true);
            worst = Math.max(worst, relativeGap(a, b));
            states++;
            if (clip === 0.7)
              for (let i = 0; i < n; i++) {
                const d = M.dist(
                  M.exp(
                    p,
                    v.map((x) => ts[i] * x),
                  ),
                  ys[i],
                );
                farthest = Math.max(farthest, d);
                if (d > clip) clippedResiduals++;
                else unclippedResiduals++;
              }
          }
        }
      }
    }
    expect(states).toBeGreaterThanOrEqual(150);
    expect(farthest).toBeGreaterThan(1.5);
    expect(clippedResiduals).toBeGreaterThan(0);
    expect(unclippedResiduals).toBeGreaterThan(0);
    expect(worst).toBeLessThan(1e-9);
  });

  // Both kernels form the residual y* − m q from unit vectors, so they differ by ~1e-16/θ relative (1e-9 at
  // θ = 1e-7); without its term-by-term branch the fused one would differ by ~1e-16/θ² in the energy.
  it('keeps the energy to 1e-9 (relative) when every residual is tiny: n = 1, θ from 1e-2 down to 1e-5', () => {
    const rng = Rng.fromKey(94);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let worst = 0;
    for (const k of [3, 8, 50]) {
      const M = kendall(k);
      for (const theta of [1e-2, 1e-3, 1e-4, 1e-5]) {
        const p = randomShape(M, rng);
        const v = randomTangent(M, p, rng, (Math.PI / 2) * rng.uniform());
        const t = rng.uniform() - 0.5;
        const q = M.exp(
          p,
          v.map((x) => t * x),
        );
        const ys = [M.exp(q, randomTangent(M, q, rng, theta))];
        const ts = Float64Array.of(t);
        genericJointKernel(M, ts, ys, 0.05).evaluate(p, v, a);
        kendallJointKernel(k, ts, ys, 0.05).evaluate(p, v, b);
        worst = Math.max(worst, relativeGap(a, b));
      }
    }
    expect(worst).toBeLessThan(1e-9);
  });

  it('the comparison would see a small error: one response moved by 1e-6 is caught', () => {
    const rng = Rng.fromKey(92);
    const M = kendall(8);
    const p0 = randomShape(M, rng);
    const { ts, ys } = randomData(M, rng, 7, p0, randomTangent(M, p0, rng, 1));
    const moved = ys.slice();
    moved[3] = M.exp(ys[3], randomTangent(M, ys[3], rng, 1e-6));
    const generic = genericJointKernel(M, ts, ys, 0.7);
    const fused = kendallJointKernel(8, ts, moved, 0.7);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let worst = 0;
    for (let trial = 0; trial < 10; trial++) {
      const p = randomShape(M, rng);
      const v = randomTangent(M, p, rng, (Math.PI / 2) * rng.uniform());
      generic.evaluate(p, v, a);
      fused.evaluate(p, v, b);
      worst = Math.max(worst, relativeGap(a, b));
    }
    expect(worst).toBeGreaterThan(1e-8);
  });

  it('fails where the generic kernel fails: all three +Infinity', () => {
    const rng = Rng.fromKey(93);
    const M = kendall(5);
    const p = randomShape(M, rng);
    const v = randomTangent(M, p, rng, 1);
    const { ts, ys } = randomData(M, rng, 7, p, v);
    const generic = genericJointKernel(M, ts, ys, 0.05);
    const fused = kendallJointKernel(5, ts, ys, 0.05);
    const shifted = p.map((x, j) => x + (j % 2 === 0 ? 1e-3 : 0));
    const vNaN = v.slice();
    vNaN[3] = NaN;
    const cases: [string, Float64Array, Float64Array][] = [
      ['p not of unit norm', p.map((x) => 1.01 * x), v],
      ['p not centred', shifted, v],
      ['p not finite', p.map((x, j) => (j === 2 ? NaN : x)), v],
      ['v not finite', p, vNaN],
      ['v infinite', p, v.map((x, j) => (j === 1 ? Infinity : x))],
      ['p of the wrong length', p.subarray(0, 8), v],
    ];
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    for (const [what, pp, vv] of cases) {
      generic.evaluate(pp, vv, a);
      fused.evaluate(pp, vv, b);
      expect([...a], what).toEqual([Infinity, Infinity, Infinity]);
      expect([...b], what).toEqual([Infinity, Infinity, Infinity]);
    }
    // a response that is not a preshape
    const bad = ys.slice();
    bad[2] = ys[2].map((x) => 2 * x);
    genericJointKernel(M, ts, bad, 0.05).evaluate(p, v, a);
    kendallJointKernel(5, ts, bad, 0.05).evaluate(p, v, b);
    expect([...a]).toEqual([Infinity, Infinity, Infinity]);
    expect([...b]).toEqual([Infinity, Infinity, Infinity]);
  });

  it('jointKernel picks it for Kendall shape space', () => {
    for (const k of [3, 8, 50]) {
      const M = kendall(k);
      const y = M.basePoint();
      expect(jointKernel(M, Float64Array.of(-0.5, 0.5), [y, y], 0.05).implementation).toBe(
        'JavaScript (Kendall)',
      );
    }
  });
});
