import { describe, expect, it } from 'vitest';
import { generate } from '../../data';
import { dataManifold } from '../../data/manifolds';
import { expLogJacobian } from '../../geometry/expJacobian';
import { kendall } from '../../geometry/kendall';
import type { Manifold } from '../../geometry/types';
import { stepsWithIndependence, type IndependenceProposal } from '../../sampling/independenceMix';
import { runReplicaExchange } from '../../sampling/replicaExchange';
import { Rng } from '../../sampling/rng';
import { ksTwoSample } from '../../sampling/stats';
import { uniformInBall, uniformInTangentBall } from '../../sampling/distributions';
import {
  DEFAULT_KNG_JOINT,
  jointPotential,
  linearisedProposal,
  MIXTURE_SAMPLER,
  prepareKngJoint,
  publicStart,
  rejectionDraws,
  runJointChain,
  type KngJointContext,
  type KngJointSettings,
} from '.';
import { jointTarget } from './sampler';

/*
 * The 'mixture' sampler (random walk + independence draws from the linearised law) against exact draws of the
 * target at small n, where exact rejection sampling is affordable: two-sample Kolmogorov–Smirnov on U, on the
 * distances of p to the fit and of v's length, and on coordinates. Each comparison could fail: the last test runs
 * the same chain with the Jacobian of Exp left out of the proposal's density and sees it miss.
 */

const settings = (over: Partial<KngJointSettings>): KngJointSettings => ({
  ...DEFAULT_KNG_JOINT,
  clip: 0.3,
  epsP: 0.6,
  epsV: 0.6,
  epsE: 0.3,
  xRange: [0, 1],
  ...MIXTURE_SAMPLER,
  ...over,
});

function contextOn(kind: 'sphere' | 'kendall' | 'spd', n: number, over: Partial<KngJointSettings> = {}) {
  const M: Manifold = kind === 'kendall' ? kendall(4) : dataManifold(kind);
  const data = generate(kind, {
    n,
    seed: 4,
    landmarks: kind === 'kendall' ? 4 : undefined,
    noise: kind === 'sphere' ? 0.01 : undefined,
  });
  const xs = 'covariates' in data && data.covariates ? data.covariates.raw : data.xs;
  const range = 'covariates' in data && data.covariates ? data.covariates.publicRange : ([0, 1] as const);
  return prepareKngJoint(M, xs, data.ys, settings({ xRange: range, ...over }));
}

/**
 * Exact draws on SPD(2) by rejection from the covering law (p = Exp_I(a), a uniform in the ball of radius R_p, v
 * uniform in the ball of radius R_v; density 1/(V·J_I(a)·V′)): accept with probability e^{−U}·J_I(a)/J_max ≤ 1,
 * J_max = J at the largest whitened gap √2·R_p.
 */
function spdRejectionDraws(ctx: KngJointContext, count: number, rng: Rng): Float64Array[] {
  const { M, calibration: cal } = ctx;
  const I = M.basePoint();
  const basis = M.tangentBasis(I);
  const logJ = expLogJacobian(M)!;
  const x = Math.SQRT2 * cal.pRadius * 0.5;
  const logJMax = Math.log(Math.sinh(x) / x);
  const a = M.ambientDim;
  const draws: Float64Array[] = [];
  const c = new Float64Array(M.dim);
  while (draws.length < count) {
    uniformInBall(rng, M.dim, cal.pRadius, c);
    const t = new Float64Array(a);
    basis.forEach((e, i) => e.forEach((x, k) => (t[k] += c[i] * x)));
    const z = new Float64Array(2 * a);
    M.exp(I, t, z.subarray(0, a));
    uniformInTangentBall(M, z.subarray(0, a), cal.vRadius, rng, z.subarray(a));
    const logAccept = -jointPotential(ctx, z.subarray(0, a), z.subarray(a)) + logJ(I, t) - logJMax;
    if (Math.log(rng.uniform()) < logAccept) draws.push(z);
  }
  return draws;
}

/** Statistics compared between the two samples. */
function statistics(ctx: KngJointContext) {
  const { M } = ctx;
  const a = M.ambientDim;
  const law = ctx.linearised!;
  return {
    U: (z: Float64Array) => jointPotential(ctx, z.subarray(0, a), z.subarray(a)),
    'distance of p to the fit': (z: Float64Array) => M.dist(z.subarray(0, a), law.pHat),
    '‖v‖': (z: Float64Array) => M.norm(z.subarray(0, a), z.subarray(a)),
    // a coordinate of Log_p̂ p and of v carried back to p̂: directions, not only lengths
    'p along e₁': (z: Float64Array) => M.inner(law.pHat, M.log(law.pHat, z.subarray(0, a)), law.basis[0]),
    'v along e₂': (z: Float64Array) =>
      M.inner(law.pHat, M.transport(z.subarray(0, a), law.pHat, z.subarray(a)), law.basis[1 % M.dim]),
  };
}

function mixtureDraws(ctx: KngJointContext, count: number, key: number) {
  const a = ctx.M.ambientDim;
  return Array.from({ length: count }, (_, i) => {
    const r = Rng.fromKey(key, i);
    const c = runJointChain(ctx, (k) => publicStart(ctx.M, r.split(0, k)), r.split(1));
    const z = new Float64Array(2 * a);
    z.set(c.p);
    z.set(c.v, a);
    return z;
  });
}

function pValues(ctx: KngJointContext, exact: Float64Array[], other: Float64Array[]) {
  return Object.entries(statistics(ctx)).map(([name, f]) => {
    const t = ksTwoSample(exact.map(f), other.map(f));
    return { name, pValue: t.pValue, d: t.statistic };
  });
}

/** S² at n = 12 and its exact draws, shared by two tests. */
let sphereCase: { ctx: KngJointContext; exact: Float64Array[] } | undefined;
function sphereAt12() {
  if (!sphereCase) {
    const ctx = contextOn('sphere', 12);
    sphereCase = { ctx, exact: rejectionDraws(ctx, 300, Rng.fromKey(8), 2e6)! };
  }
  return sphereCase;
}

describe("kng-joint 'mixture' sampler: its draws follow the exact target", () => {
  it('S², n = 12: one chain of 200 steps from the public start agrees with exact rejection draws', () => {
    const { ctx, exact } = sphereAt12();
    expect(ctx.linearised).toBeTruthy();
    expect(exact).not.toBeNull();
    for (const t of pValues(ctx, exact, mixtureDraws(ctx, 300, 9)))
      expect(t.pValue, t.name).toBeGreaterThan(0.001);
  });

  it('Kendall shape space (4 landmarks), n = 12: agree with exact rejection draws', () => {
    const ctx = contextOn('kendall', 12, { clip: 0.2 });
    const exact = rejectionDraws(ctx, 300, Rng.fromKey(10), 4e6)!;
    expect(exact).not.toBeNull();
    for (const t of pValues(ctx, exact, mixtureDraws(ctx, 300, 11)))
      expect(t.pValue, t.name).toBeGreaterThan(0.001);
  });

  it('SPD(2), n = 8: agree with exact draws by rejection from the covering law', () => {
    const ctx = contextOn('spd', 8, { clip: 0.1 });
    const exact = spdRejectionDraws(ctx, 250, Rng.fromKey(12));
    for (const t of pValues(ctx, exact, mixtureDraws(ctx, 250, 13)))
      expect(t.pValue, t.name).toBeGreaterThan(0.001);
  });

  it('the same chain with the Jacobian of Exp left out of the proposal density misses (the test can fail)', () => {
    // independence moves only, from the linearised law widened so that it reaches where J is far from 1
    const { ctx, exact } = sphereAt12();
    const law = ctx.linearised!;
    const a = ctx.M.ambientDim;
    const run = (proposal: IndependenceProposal, key: number) =>
      Array.from({ length: 300 }, (_, i) => {
        const r = Rng.fromKey(key, i);
        const target = jointTarget(ctx);
        return runReplicaExchange(target, [publicStart(ctx.M, r.split(0))], r.split(1), {
          betas: [1],
          burnIn: 0,
          frozenSteps: 60,
          adaptTarget: 0.3,
          step: 0.5,
          swapEvery: 10,
          runners: () => stepsWithIndependence(target, proposal, 1),
        }).z;
      });
    const right = linearisedProposal(law, { scale: 8, broadWeight: 0.2 });
    const logA = new Float64Array(a);
    const wrong: IndependenceProposal = {
      draw: (rng, out) => (right.draw(rng, out) === -Infinity ? -Infinity : wrong.logDensity(out)),
      logDensity: (z) => {
        const p = z.subarray(0, a);
        ctx.M.log(law.pHat, p, logA);
        return right.logDensity(z) + law.logJacobian(law.pHat, logA);
      },
    };
    const min = (ts: { pValue: number }[]) => Math.min(...ts.map((t) => t.pValue));
    expect(min(pValues(ctx, exact, run(right, 14)))).toBeGreaterThan(0.001);
    expect(min(pValues(ctx, exact, run(wrong, 14)))).toBeLessThan(1e-4);
  });
});
