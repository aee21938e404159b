import { describe, expect, it } from 'vitest';
import { corpusCallosumData } from '../../data/corpusCallosum';
import { spdData } from '../../data/spdData';
import { euclidean, kendall, spd, sphere, type Manifold } from '../../geometry';
import { sphereData } from '../../data/sphereData';
import { runChain } from '../../sampling/mh';
import { randomTangent } from '../../geometry/testkit';
import { fitGeodesicRegression } from '../../regression';
import { Rng } from '../../sampling/rng';
import { gradientNormKernel } from '.';
import { footpointTarget, shootingTarget } from '../kng';
import { fusedGeometry } from '.';

/** |a − b| ≤ tol·max(1, |b|) entrywise, NaN where b is NaN. */
function expectClose(a: Float64Array, b: Float64Array, tol: number) {
  for (let i = 0; i < b.length; i++) {
    if (Number.isNaN(b[i])) expect(a[i]).toBeNaN();
    else expect(Math.abs(a[i] - b[i])).toBeLessThan(tol * Math.max(1, Math.abs(b[i])));
  }
}

describe.each([
  ['SPD(2), affine', spd(2), () => spdData({ n: 15, noiseSd: 0.1, seed: 2 }), [1e-3, 0.3, 3, 40, 800]],
  ['Kendall, 50 landmarks', kendall(50), () => corpusCallosumData({ n: 15, seed: 3 }), [1e-3, 0.3, 1.5]],
] as const)('fused proposals on %s', (_, M: Manifold, data, steps) => {
  const { xs, ys } = data();
  const fit = fitGeodesicRegression(M, xs, ys);
  const kernel = gradientNormKernel(M, xs, ys, fit.p, fit.v);
  const fused = fusedGeometry(M)!;
  it('exists for this space', () => expect(fused).not.toBeNull());

  it('propose the Manifold path’s points from the same draws (1e-12), and leave the stream where it does', () => {
    // steps up to 800 on SPD(2): Exp beyond floating point, NaN in both (rejected)
    const fast = footpointTarget(M, kernel, 1, fused);
    const ref = footpointTarget(M, kernel, 1, null);
    const start = Rng.fromKey(4);
    const points = [fit.p, M.exp(fit.p, randomTangent(M, fit.p, start, 0.5))];
    const a = new Float64Array(M.ambientDim);
    const b = new Float64Array(M.ambientDim);
    for (const p of points)
      for (const step of steps)
        for (let t = 0; t < 20; t++) {
          const [ra, rb] = [Rng.fromKey(5, t), Rng.fromKey(5, t)];
          fast.propose(p, step, ra, a);
          ref.propose(p, step, rb, b);
          expectClose(a, b, 1e-12);
          expect(ra.uniform()).toBe(rb.uniform());
        }
  });

  it('shooting proposals and the ball’s norm agree with the Manifold path (1e-12)', () => {
    const p = M.exp(fit.p, randomTangent(M, fit.p, Rng.fromKey(6), 0.3));
    const radius = 1.2;
    const fast = shootingTarget(M, kernel, p, 1, radius, fused);
    const ref = shootingTarget(M, kernel, p, 1, radius, null);
    const rng = Rng.fromKey(7);
    const a = new Float64Array(M.ambientDim);
    const b = new Float64Array(M.ambientDim);
    for (let t = 0; t < 50; t++) {
      const v = randomTangent(M, p, rng, 2 * radius * rng.uniform());
      expect(Math.abs(fused.norm(p, v) - M.norm(p, v))).toBeLessThan(1e-12 * M.norm(p, v));
      expect(fast.potential(v)).toBe(ref.potential(v)); // same kernel; the same side of the radius
      const [ra, rb] = [Rng.fromKey(8, t), Rng.fromKey(8, t)];
      fast.propose(v, 0.2, ra, a);
      ref.propose(v, 0.2, rb, b);
      expectClose(a, b, 1e-12);
    }
  });
});

describe('fused proposals on S²', () => {
  const M = sphere();
  const { xs, ys } = sphereData({ n: 30, noiseVariance: 0.05, seed: 4 });
  const fit = fitGeodesicRegression(M, xs, ys);
  const kernel = gradientNormKernel(M, xs, ys, fit.p, fit.v);

  it('are bit for bit the Manifold path: the same chains, to the last digit', () => {
    const fused = fusedGeometry(M);
    expect(fused).not.toBeNull();
    const opts = { burnIn: 3000, draws: 5, step: 0.1, traceEvery: 1 };
    const a = runChain(footpointTarget(M, kernel, 0.05, fused), fit.p, Rng.fromKey(9), opts);
    const b = runChain(footpointTarget(M, kernel, 0.05, null), fit.p, Rng.fromKey(9), opts);
    expect(a.draws).toEqual(b.draws);
    expect(a.trace).toEqual(b.trace);
    const p = a.draws[0];
    const v0 = M.transport(fit.p, p, fit.v);
    const c = runChain(shootingTarget(M, kernel, p, 0.05, Math.PI, fused), v0, Rng.fromKey(10), opts);
    const d = runChain(shootingTarget(M, kernel, p, 0.05, Math.PI, null), v0, Rng.fromKey(10), opts);
    expect(c.draws).toEqual(d.draws);
    expect(c.trace).toEqual(d.trace);
  });
});

it('R^d keeps the Manifold path (nothing to fuse there)', () => {
  expect(fusedGeometry(euclidean(3))).toBeNull();
});

describe('fused SPD(2) geometry at the edge of floating point', () => {
  const M = spd(2);
  const fused = fusedGeometry(M)!;
  // A footpoint the footpoint chain released in the mechanism table's test (n = 12, ε = 1, burn-in 50): exactly
  // SPD (det = 1.06e-5 in rationals), but a·c − b² rounds to 0, and the fused geometry refused it. Its
  // condition number, 1.2e17, is beyond what doubles resolve: the affine norm there has no reliable digits on
  // either path (against exact rational arithmetic the Manifold path is off by up to 11%), so only the
  // acceptance is asserted here; agreement at ordinary points is asserted above.
  const p = Float64Array.of(413587.8328342841, 538330.4602924471, 538330.4602924471, 700696.8326236875);

  it('accepts the SPD matrices spd(2) accepts (the determinant without cancellation, rescaled far from 1)', () => {
    expect(p[0] * p[3] - p[1] * p[1]).toBe(0); // the cancellation that made the fused path refuse it
    const v = Float64Array.of(1, 0.5, 0.5, 2);
    expect(Number.isFinite(M.norm(p, v))).toBe(true);
    expect(Number.isFinite(fused.norm(p, v))).toBe(true);
    // far from 1 a·c over- or underflows: formed on p/scale, as the Manifold path does
    const q = Float64Array.of(2, 1, 1, 3);
    for (const scale of [1e-200, 1e200]) {
      const qs = q.map((x) => x * scale);
      const vs = v.map((x) => x * scale);
      expect(Math.abs(fused.norm(qs, vs) - M.norm(qs, vs))).toBeLessThan(1e-12 * M.norm(qs, vs));
    }
    expect(() => fused.norm(Float64Array.of(1, 1, 1, 1), v)).toThrow(/not symmetric positive definite/);
  });

  it('so a shooting chain at that footpoint runs on the fused path (it threw before)', () => {
    const { xs, ys } = spdData({ n: 12, noiseSd: 0.1, seed: 2 });
    const fit = fitGeodesicRegression(M, xs, ys);
    const kernel = gradientNormKernel(M, xs, ys, fit.p, fit.v);
    const target = shootingTarget(M, kernel, p, 1, 3, fused);
    const chain = runChain(target, new Float64Array(4), Rng.fromKey(12), { burnIn: 200, draws: 1, step: 1 });
    expect(chain.draws[0].every(Number.isFinite)).toBe(true);
    expect(chain.burnInAcceptanceRate).toBeGreaterThan(0);
  });
});

describe('fused SPD(2) transport and distance from the identity (the joint release’s proposal and domain)', () => {
  const M = spd(2);
  const fused = fusedGeometry(M)!;
  const rng = Rng.fromKey(13);
  const I = M.basePoint();
  // at distance r from I (condition number up to e^{2r}): both paths lose digits as r grows, so agreement is
  // asserted where p is well conditioned, and far out each is checked against what holds exactly
  const pointsAt = (radii: number[]) =>
    radii.flatMap((r) => Array.from({ length: 5 }, () => ({ r, p: M.exp(I, randomTangent(M, I, rng, r)) })));
  const near = pointsAt([1e-3, 0.5, 3]);
  const far = pointsAt([12]);

  it('transport: Γ_{p→q} w as the Manifold computes it (1e-10), an isometry far out', () => {
    const out = new Float64Array(4);
    for (let i = 0; i + 1 < near.length; i++) {
      const [p, q] = [near[i].p, near[i + 1].p];
      const w = randomTangent(M, p, rng, 1);
      fused.transport!(p, q, w, out);
      const ref = M.transport(p, q, w);
      const scale = Math.max(...ref.map(Math.abs), ...w.map(Math.abs));
      for (let j = 0; j < 4; j++) expect(Math.abs(out[j] - ref[j])).toBeLessThan(1e-10 * scale);
      expect(out[1]).toBe(out[2]);
    }
    for (let i = 0; i + 1 < far.length; i++) {
      const [p, q] = [far[i].p, far[i + 1].p];
      const w = randomTangent(M, p, rng, 1);
      fused.transport!(p, q, w, out);
      // ‖w‖ = 1; at condition numbers near 1e10 the Manifold path keeps the norm to ~6e-7, this one to ~1e-6
      expect(Math.abs(M.norm(q, out) - M.norm(p, w))).toBeLessThan(1e-5);
    }
  });

  it('transport: NaN where the second point is not SPD or not a number', () => {
    const out = new Float64Array(4);
    const w = Float64Array.of(1, 0, 0, 1);
    fused.transport!(I, Float64Array.of(1, 2, 2, 1), w, out);
    expect(out.every(Number.isNaN)).toBe(true);
    fused.transport!(I, new Float64Array(4).fill(NaN), w, out);
    expect(out.every(Number.isNaN)).toBe(true);
  });

  it('distFromBase: d(I, p) as the Manifold computes it (1e-12), NaN off SPD', () => {
    for (const { p } of near)
      expect(Math.abs(fused.distFromBase!(p) - M.dist(I, p))).toBeLessThan(1e-12 * Math.max(1, M.dist(I, p)));
    // d(I, Exp_I(v)) = |v|
    for (const { p, r } of far) expect(Math.abs(fused.distFromBase!(p) - r)).toBeLessThan(1e-10 * r);
    // far from 1 and badly conditioned, where a·c − b² cancels
    const q = Float64Array.of(2, 1, 1, 3);
    for (const scale of [1e-200, 1e200]) {
      const qs = q.map((x) => x * scale);
      expect(Math.abs(fused.distFromBase!(qs) - M.dist(I, qs))).toBeLessThan(1e-12 * M.dist(I, qs));
    }
    expect(fused.distFromBase!(Float64Array.of(1, 2, 2, 1))).toBeNaN();
    expect(fused.distFromBase!(new Float64Array(4).fill(NaN))).toBeNaN();
  });
});
