/**
 * Auditing kng-joint's samplers (docs/audit.md, "kng-joint's samplers"). The target is ε-DP; what a sampler can
 * add is a release law that depends on the data beyond the target's, most plausibly through the non-private
 * least-squares fit (where a chain started, or where the 'mixture' sampler's proposal is built). So the pair and
 * the statistics aim there:
 *
 * - the pair (`worstCaseJointNeighbour`): the record whose covariate is farthest from the middle of the range
 *   (its clipped pull on ∇_v is the largest, ×|t|) has its response reflected through its fitted value as far as
 *   the space allows. Its clipped pull flips direction, the most one record can move the gradients, and the
 *   least-squares fit moves as far as one record can move it;
 * - the statistics (`jointAuditStatistics`), larger = "looks like D′": the target's own log-likelihood ratio
 *   U_D − U_D′ (the best test against the exact target), the position along the line between the two
 *   least-squares fits, and the distance to D's fit minus that to D′'s (catches a share of releases left at a fit).
 */
import type { Manifold } from '../geometry/types';
import {
  jointPotential,
  publicStart,
  responsesInBall,
  runJointChain,
  type KngJointContext,
} from '../privacy/kngJoint';
import { fitGeodesicRegression } from '../regression/geodesicRegression';
import { Rng } from '../sampling/rng';

/**
 * D′ of (xs, ys) with least-squares fit (p̂, v̂): the record whose covariate is farthest from the middle of their
 * range, its response moved to Exp(ŷᵢ, −L·rᵢ/‖rᵢ‖) with L = 0.999 × the injectivity radius (on SPD, where it is
 * infinite, L = `farLength`: far outside any public response ball, which pulls it onto the ball's edge).
 */
export function worstCaseJointNeighbour(
  M: Manifold,
  xs: ArrayLike<number>,
  ys: readonly Float64Array[],
  fit: { p: Float64Array; v: Float64Array },
  farLength = 20,
): { ys: Float64Array[]; index: number } {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    lo = Math.min(lo, xs[i]);
    hi = Math.max(hi, xs[i]);
  }
  const mid = (lo + hi) / 2;
  let index = 0;
  for (let i = 1; i < xs.length; i++) if (Math.abs(xs[i] - mid) > Math.abs(xs[index] - mid)) index = i;
  const fitted = M.exp(
    fit.p,
    fit.v.map((c) => c * xs[index]),
  );
  const r = M.log(fitted, ys[index]);
  const len = M.norm(fitted, r);
  const length = Number.isFinite(M.injectivityRadius) ? 0.999 * M.injectivityRadius : farLength;
  const y = M.exp(
    fitted,
    r.map((c) => (-length * c) / len),
  );
  const ys2 = ys.slice();
  ys2[index] = y;
  return { ys: ys2, index };
}

/** The least-squares fit of the data as a release sees them (centred covariates, responses in the public ball). */
export function releaseFit(ctx: KngJointContext, ys: readonly Float64Array[]): Float64Array {
  const a = ctx.M.ambientDim;
  const fit = fitGeodesicRegression(ctx.M, ctx.ts, responsesInBall(ctx.M, ys, ctx.calibration.yRadius).ys);
  const z = new Float64Array(2 * a);
  z.set(fit.p);
  z.set(fit.v, a);
  return z;
}

/** Distance between states [p, v] and [q, w]: d(p, q) and ‖Γ_{p→q}v − w‖ combined. */
export function stateDistance(M: Manifold, z: Float64Array, w: Float64Array): number {
  const a = M.ambientDim;
  const p = z.subarray(0, a);
  const q = w.subarray(0, a);
  const moved = M.transport(p, q, z.subarray(a));
  let dv = 0;
  for (let i = 0; i < a; i++) dv += (moved[i] - w[a + i]) ** 2;
  return Math.hypot(M.dist(p, q), Math.sqrt(dv));
}

/**
 * The audit's statistics of a release z = [p, v] (larger: more like D′), given D's and D′'s contexts and fits.
 * Positions are taken in the chart at D's fit, (Log_p̂ p, Γ_{p→p̂}v − v̂), so that they do not depend on how a
 * point is represented (on shape space a preshape is one of a circle of rotations).
 */
export function jointAuditStatistics(
  ctxD: KngJointContext,
  ctxD2: KngJointContext,
  fitD: Float64Array,
  fitD2: Float64Array,
): Record<string, (z: Float64Array) => number> {
  const M = ctxD.M;
  const a = M.ambientDim;
  const pHat = fitD.subarray(0, a);
  const vHat = fitD.subarray(a);
  const chart = (z: Float64Array) => {
    const p = z.subarray(0, a);
    const v = M.transport(p, pHat, z.subarray(a));
    return { a: M.log(pHat, p), b: v.map((x, i) => x - vHat[i]) };
  };
  const u = chart(fitD2);
  const len2 = M.inner(pHat, u.a, u.a) + M.inner(pHat, u.b, u.b);
  return {
    'log-likelihood ratio': (z) =>
      jointPotential(ctxD, z.subarray(0, a), z.subarray(a)) -
      jointPotential(ctxD2, z.subarray(0, a), z.subarray(a)),
    'along the fits': (z) => {
      const c = chart(z);
      return (M.inner(pHat, c.a, u.a) + M.inner(pHat, c.b, u.b)) / len2;
    },
    'nearer to D′’s fit': (z) => stateDistance(M, z, fitD) - stateDistance(M, z, fitD2),
  };
}

/**
 * N releases [p, v] of a context, release i on the stream (key…, i), each chain from the public start or (a
 * sampler that is not private, for power checks) from `fit`; and the mean seconds per release.
 */
export function jointReleases(
  ctx: KngJointContext,
  start: 'public' | Float64Array,
  N: number,
  key: readonly [number, ...number[]],
): { draws: Float64Array[]; seconds: number } {
  const a = ctx.M.ambientDim;
  const draws: Float64Array[] = [];
  let seconds = 0;
  for (let i = 0; i < N; i++) {
    const r = Rng.fromKey(...key, i);
    const t = performance.now();
    const c = runJointChain(
      ctx,
      (k) => (start === 'public' ? publicStart(ctx.M, r.split(0, k)) : Float64Array.from(start)),
      r.split(1),
    );
    seconds += (performance.now() - t) / 1000;
    const z = new Float64Array(2 * a);
    z.set(c.p);
    z.set(c.v, a);
    draws.push(z);
  }
  return { draws, seconds: N > 0 ? seconds / N : 0 };
}
