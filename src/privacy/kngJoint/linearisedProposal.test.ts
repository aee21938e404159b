import { describe, expect, it } from 'vitest';
import { generate } from '../../data';
import { kendall } from '../../geometry/kendall';
import type { Manifold } from '../../geometry/types';
import { Rng } from '../../sampling/rng';
import { logBallVolume } from '../../geometry/expJacobian';
import {
  DEFAULT_DOMAIN,
  DEFAULT_KNG_JOINT,
  linearisedProposal,
  MIXTURE_MAX_DIMENSION,
  prepareKngJoint,
  WALK_SAMPLER,
  type KngJointSettings,
} from '.';
import { chartCoordinates, chartState } from './jointChart';
import { dataManifold } from '../../data/manifolds';
import { spd } from '../../geometry/spd';

const contexts = new Map<string, ReturnType<typeof prepareKngJoint>>();

/** A joint context with the linearised law on a space of the lab (4 landmarks on Kendall) at size n. */
function context(kind: 'sphere' | 'spd' | 'kendall', n: number) {
  const key = `${kind} ${n}`;
  if (!contexts.has(key)) contexts.set(key, prepareContext(kind, n));
  return contexts.get(key)!;
}

function prepareContext(kind: 'sphere' | 'spd' | 'kendall', n: number, over: Partial<KngJointSettings> = {}) {
  const landmarks = kind === 'kendall' ? 4 : undefined;
  const M: Manifold = kind === 'kendall' ? kendall(4) : dataManifold(kind);
  const data = generate(kind, { n, seed: 3, landmarks, noise: kind === 'sphere' ? 0.01 : undefined });
  const xs = 'covariates' in data && data.covariates ? data.covariates.raw : data.xs;
  const range = 'covariates' in data && data.covariates ? data.covariates.publicRange : ([0, 1] as const);
  const s: KngJointSettings = {
    ...DEFAULT_KNG_JOINT,
    clip: DEFAULT_DOMAIN[kind].clip,
    xRange: range,
    proposal: 'mixture',
    ...over,
  };
  return prepareKngJoint(M, xs, data.ys, s);
}

/** Mean and standard error of a sample. */
function meanSe(xs: number[]) {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
  return { m, se: Math.sqrt(v / xs.length) };
}

describe('the linearised proposal: chart and density', () => {
  for (const kind of ['sphere', 'kendall', 'spd'] as const) {
    it(`${kind}: the chart and its coordinates invert each other`, () => {
      const ctx = context(kind, 60);
      const law = ctx.linearised!;
      expect(law).toBeTruthy();
      const D = 2 * law.d;
      const rng = Rng.fromKey(5);
      const a = ctx.M.ambientDim;
      for (let trial = 0; trial < 5; trial++) {
        const xi = Float64Array.from({ length: D }, () => 0.3 * rng.normal());
        const p = new Float64Array(a);
        const v = new Float64Array(a);
        expect(chartState(law, xi, p, v)).toBe(true);
        const back = new Float64Array(D);
        expect(chartCoordinates(law, p, v, back)).toBe(true);
        for (let i = 0; i < D; i++) expect(back[i]).toBeCloseTo(xi[i], 9);
      }
    });

    it(`${kind}: the linearised density integrates to the share of its draws that land in the domain`, () => {
      // Widened (scale 40; 25 on Kendall, whose v-ball is small) so that it spreads over radii where the Jacobian of Exp is far from 1. Its mass inside
      // the covering law's support, counted from its own draws, must equal E_broad[q_lin/q_broad], estimated from
      // draws of the covering law: that ties together det A, Z_d, the Jacobian and the covering law's density.
      const ctx = context(kind, 60);
      const law = ctx.linearised!;
      const lin = linearisedProposal(law, { broadWeight: 0, scale: kind === 'kendall' ? 25 : 40 });
      const broad = linearisedProposal(law, { broadWeight: 1 });
      const rng = Rng.fromKey(6);
      const z = new Float64Array(2 * ctx.M.ambientDim);
      const draws = 10000;
      let landed = 0;
      for (let i = 0; i < draws; i++)
        if (lin.draw(rng, z) > -Infinity && broad.logBroad(z) > -Infinity) landed++;
      const ratios: number[] = [];
      const withoutJacobian: number[] = [];
      const logA = new Float64Array(ctx.M.ambientDim);
      for (let i = 0; i < (kind === 'kendall' ? 40000 : 20000); i++) {
        broad.draw(rng, z);
        const r = Math.exp(lin.logLinearised(z) - broad.logBroad(z));
        ratios.push(r);
        const coords = new Float64Array(2 * law.d);
        const inChart = chartCoordinates(
          law,
          z.subarray(0, ctx.M.ambientDim),
          z.subarray(ctx.M.ambientDim),
          coords,
          logA,
        );
        withoutJacobian.push(inChart ? r * Math.exp(law.logJacobian(law.pHat, logA)) : 0);
      }
      const mass = landed / draws;
      const est = meanSe(ratios);
      const se = Math.hypot(est.se, Math.sqrt((mass * (1 - mass)) / draws));
      expect(Math.abs(est.m - mass)).toBeLessThan(4 * se);
      expect(mass).toBeGreaterThan(0.03);
      if (kind !== 'spd') {
        // negative control: without the Jacobian the same estimate misses by far more than its error
        const wrong = meanSe(withoutJacobian);
        expect(Math.abs(wrong.m - mass)).toBeGreaterThan(5 * Math.hypot(wrong.se, se));
      }
    });
  }

  for (const kind of ['sphere', 'kendall', 'spd'] as const) {
    it(`${kind}: with wide copies (widths) the linearised share's density integrates to its draws' mass too`, () => {
      // as above, for a mixture of copies widened in either block: each component's normaliser and share
      const ctx = context(kind, 60);
      const law = ctx.linearised!;
      const widths = [
        [1, 1],
        [3, 1],
        [1, 3],
        [3, 3],
      ] as const;
      const scale = kind === 'kendall' ? 8 : 13;
      const lin = linearisedProposal(law, { broadWeight: 0, scale, widths });
      const broad = linearisedProposal(law, { broadWeight: 1 });
      const rng = Rng.fromKey(8);
      const z = new Float64Array(2 * ctx.M.ambientDim);
      const draws = 10000;
      let landed = 0;
      for (let i = 0; i < draws; i++)
        if (lin.draw(rng, z) > -Infinity && broad.logBroad(z) > -Infinity) landed++;
      const ratios: number[] = [];
      for (let i = 0; i < (kind === 'kendall' ? 40000 : 20000); i++) {
        broad.draw(rng, z);
        ratios.push(Math.exp(lin.logLinearised(z) - broad.logBroad(z)));
      }
      const mass = landed / draws;
      const est = meanSe(ratios);
      const se = Math.hypot(est.se, Math.sqrt((mass * (1 - mass)) / draws));
      expect(Math.abs(est.m - mass)).toBeLessThan(4 * se);
      expect(mass).toBeGreaterThan(0.03);
      // and it is the mixture's density, not the law's alone
      const single = linearisedProposal(law, { broadWeight: 0, scale });
      expect(lin.logLinearised(z)).not.toBeCloseTo(single.logLinearised(z), 3);
    });
  }

  it('sphere and Kendall: the covering law integrates to 1 (against the uniform law of the domain)', () => {
    // E_broad[u/q_broad] = 1 for u the uniform density of the domain, 1/(vol M · V_d(R_v)); the weights are
    // bounded (J ≤ 1), so the estimate is sharp. Without the Jacobian it would be V_d(R_b)/vol M instead.
    for (const kind of ['sphere', 'kendall'] as const) {
      const ctx = context(kind, 60);
      const broad = linearisedProposal(ctx.linearised!, { broadWeight: 1 });
      const d = ctx.M.dim;
      // vol(S²) = 4π; vol(CP^m) = π^m/m! for the shape space's metric (curvature 1 … 4), m = 2 here
      const logVolume = kind === 'sphere' ? Math.log(4 * Math.PI) : 2 * Math.log(Math.PI) - Math.log(2);
      const logUniform = -logVolume - logBallVolume(d, ctx.calibration.vRadius);
      const z = new Float64Array(2 * ctx.M.ambientDim);
      const rng = Rng.fromKey(7);
      const weights: number[] = [];
      for (let i = 0; i < 4000; i++) {
        broad.draw(rng, z);
        weights.push(Math.exp(logUniform - broad.logBroad(z)));
      }
      const { m, se } = meanSe(weights);
      expect(Math.abs(m - 1)).toBeLessThan(4 * se + 1e-3);
      expect(se).toBeLessThan(0.02);
    }
  });

  it('where the space has no closed-form Jacobian (SPD(3)) the mixture falls back to the papers’ random walk', () => {
    const M = spd(3);
    const rng = Rng.fromKey(8);
    const ys = Array.from({ length: 20 }, () =>
      M.exp(
        M.basePoint(),
        M.randomTangent(M.basePoint(), rng).map((x) => 0.2 * x),
      ),
    );
    const xs = Array.from({ length: 20 }, (_, i) => i / 19);
    const ctx = prepareKngJoint(M, xs, ys, {
      ...DEFAULT_KNG_JOINT,
      clip: 0.05,
      xRange: [0, 1],
      proposal: 'mixture',
      replicas: 1,
      burnIn: 100,
    });
    expect(ctx.linearised).toBeNull();
    expect(ctx.settings.proposal).toBe('walk');
    expect(ctx.settings.replicas).toBe(WALK_SAMPLER.replicas);
    expect(ctx.settings.burnIn).toBe(WALK_SAMPLER.burnIn);
  });

  it('on shapes above MIXTURE_MAX_DIMENSION (9 landmarks: 14) the walk runs, without building the law', () => {
    const data = generate('kendall', { n: 20, seed: 3, landmarks: 9 });
    const M = kendall(9);
    expect(M.dim).toBeGreaterThan(MIXTURE_MAX_DIMENSION);
    const xs = 'covariates' in data && data.covariates ? data.covariates.raw : data.xs;
    const range = 'covariates' in data && data.covariates ? data.covariates.publicRange : ([0, 1] as const);
    const ctx = prepareKngJoint(M, xs, data.ys, { ...DEFAULT_KNG_JOINT, clip: 0.05, xRange: range });
    expect(DEFAULT_KNG_JOINT.proposal).toBe('mixture');
    expect(ctx.linearised).toBeNull();
    expect(ctx.settings).toMatchObject(WALK_SAMPLER);
  });
});
