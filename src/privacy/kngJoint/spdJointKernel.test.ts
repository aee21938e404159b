import { describe, expect, it } from 'vitest';
import { spd } from '../../geometry/spd';
import { randomTangent, relativeGap } from '../../geometry/testkit';
import { Rng } from '../../sampling/rng';
import { genericJointKernel } from './jointKernel';
import { jointKernel } from '.';
import { spdJointKernel } from './spdJointKernel';

const M = spd(2);
const I = M.basePoint();

/** A point at a uniform distance up to R from c, in a random direction. */
function pointNear(rng: Rng, c: Float64Array, R: number): Float64Array {
  const u = M.randomTangent(c, rng);
  const k = (R * rng.uniform()) / M.norm(c, u);
  return M.exp(
    c,
    u.map((x) => k * x),
  );
}

function randomData(rng: Rng, n: number) {
  const ts = Float64Array.from({ length: n }, () => rng.uniform() - 0.5);
  // responses up to 3 from I and footpoints up to 3 from I: residuals up to about 6
  const ys = Array.from({ length: n }, () => pointNear(rng, I, 3));
  return { ts, ys };
}

describe('spdJointKernel: the fused SPD(2) kernel is the generic one', () => {
  it('agrees to 1e-9 (relative) at random states, v = 0, |v| = 4, for n = 1, 7, 300 and clips below and above the residuals', () => {
    const rng = Rng.fromKey(77);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let worst = 0;
    let states = 0;
    let farthest = 0;
    let clippedResiduals = 0;
    let unclippedResiduals = 0;
    for (const n of [1, 7, 300]) {
      const { ts, ys } = randomData(rng, n);
      // a response 3 from I, and (trial 4) a footpoint 3 from I on the other side: distance 6
      const away = randomTangent(M, I, rng, 3);
      ys[n - 1] = M.exp(I, away);
      const opposite = M.exp(
        I,
        away.map((x) => -x),
      );
      if (n === 7) {
        ts[0] = 0; // a record on the footpoint itself
        ys[1] = I.map((x) => 2.5 * x); // with p = I and v ∝ I: a residual along the identity (r̂ = 0)
      }
      // 0.05: below nearly every residual; 1.5: between; 1e3: above all of them
      for (const clip of [0.05, 1.5, 1e3]) {
        const generic = genericJointKernel(M, ts, ys, clip);
        const fused = spdJointKernel(ts, ys, clip);
        for (let trial = 0; trial < 25; trial++) {
          const p = trial === 2 || trial === 3 ? I : trial === 4 ? opposite : pointNear(rng, I, 3);
          const length = trial === 0 ? 0 : trial === 1 ? 4 : 4 * rng.uniform();
          let v = randomTangent(M, p, rng, length);
          // v ∝ p (h = 0), and v ∝ p up to 1e-5 (|h| and r̂/m̂ tiny, non-zero): the series branches
          if (trial === 2) v = I.map((x) => 0.3 * x);
          if (trial === 3) v = I.map((x, i) => 0.3 * x + 1e-5 * v[i]);
          generic.evaluate(p, v, a);
          fused.evaluate(p, v, b);
          expect(Number.isFinite(a[0] + a[1] + a[2])).toBe(true);
          worst = Math.max(worst, relativeGap(a, b));
          states++;
          if (clip === 1.5 && n <= 7)
            for (let i = 0; i < n; i++) {
              const d = M.dist(
                M.exp(
                  p,
                  v.map((x) => ts[i] * x),
                ),
                ys[i],
              );
              farthest = Math.max(farthest, M.dist(p, ys[i]));
              if (d > clip) clippedResiduals++;
              else unclippedResiduals++;
            }
        }
      }
    }
    expect(states).toBeGreaterThanOrEqual(200);
    expect(farthest).toBeGreaterThan(5.99);
    expect(clippedResiduals).toBeGreaterThan(0);
    expect(unclippedResiduals).toBeGreaterThan(0);
    expect(worst).toBeLessThan(1e-9);
  });

  it('the comparison would see a small error: one response moved by 1e-6 is caught', () => {
    const rng = Rng.fromKey(78);
    const { ts, ys } = randomData(rng, 7);
    const moved = ys.map((y) => Float64Array.from(y));
    moved[3][0] *= 1 + 1e-6;
    const generic = genericJointKernel(M, ts, ys, 1.5);
    const fused = spdJointKernel(ts, moved, 1.5);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let worst = 0;
    for (let trial = 0; trial < 10; trial++) {
      const p = pointNear(rng, I, 3);
      const v = randomTangent(M, p, rng, 4 * rng.uniform());
      generic.evaluate(p, v, a);
      fused.evaluate(p, v, b);
      worst = Math.max(worst, relativeGap(a, b));
    }
    expect(worst).toBeGreaterThan(1e-8);
  });

  it('fails where the generic kernel fails: all three +Infinity', () => {
    const rng = Rng.fromKey(79);
    const { ts, ys } = randomData(rng, 7);
    const generic = genericJointKernel(M, ts, ys, 0.05);
    const fused = spdJointKernel(ts, ys, 0.05);
    const p = pointNear(rng, I, 2);
    const v = randomTangent(M, p, rng, 1);
    const cases: [string, Float64Array, Float64Array][] = [
      ['p not positive definite', Float64Array.of(1, 0, 0, -1), v],
      ['p not symmetric', Float64Array.of(1, 0.5, 0, 1), v],
      ['p not finite', Float64Array.of(1, 0, 0, NaN), v],
      ['v not finite', p, Float64Array.of(0, Infinity, Infinity, 0)],
      // e^{tμ} beyond floating point at the extreme covariates
      ['v too long', I, Float64Array.of(1e4, 0, 0, 1e4)],
    ];
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    for (const [what, pp, vv] of cases) {
      generic.evaluate(pp, vv, a);
      fused.evaluate(pp, vv, b);
      expect([...a], what).toEqual([Infinity, Infinity, Infinity]);
      expect([...b], what).toEqual([Infinity, Infinity, Infinity]);
    }
    // a response that is not SPD
    const bad = ys.slice();
    bad[2] = Float64Array.of(1, 2, 2, 1);
    genericJointKernel(M, ts, bad, 0.05).evaluate(p, v, a);
    spdJointKernel(ts, bad, 0.05).evaluate(p, v, b);
    expect([...a]).toEqual([Infinity, Infinity, Infinity]);
    expect([...b]).toEqual([Infinity, Infinity, Infinity]);
  });

  it('jointKernel picks it for affine SPD(2) only', () => {
    const ts = Float64Array.of(-0.5, 0.5);
    const ys = [I, I];
    expect(jointKernel(spd(2), ts, ys, 0.05).implementation).toBe(
      spdJointKernel(ts, ys, 0.05).implementation,
    );
    expect(jointKernel(spd(2, 'logEuclidean'), ts, ys, 0.05).implementation).toBe('JavaScript (generic)');
    const I3 = spd(3).basePoint();
    expect(jointKernel(spd(3), ts, [I3, I3], 0.05).implementation).toBe('JavaScript (generic)');
  });
});
