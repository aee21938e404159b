import { describe, expect, it } from 'vitest';
import { generate } from '../data';
import { dataManifold } from '../data/manifolds';
import { fitGeodesicRegression } from '../regression/geodesicRegression';
import {
  DEFAULT_KNG_JOINT,
  MIXTURE_SAMPLER,
  prepareKngJoint,
  rejectionDraws,
  WALK_SAMPLER,
  type KngJointSettings,
} from '../privacy/kngJoint';
import { Rng } from '../sampling/rng';
import { ksTwoSample } from '../sampling/stats';
import { epsilonLowerBound } from './bounds';
import { jointAuditStatistics, jointReleases, releaseFit, worstCaseJointNeighbour } from './jointSampler';

/*
 * The sampler audit on S² at n = 12, where the exact target can be drawn by rejection. The power check: the
 * audit's pair and statistics must catch a sampler known to leak (the walk started at the non-private fit for 20
 * steps). Then the mixture sampler: its releases follow the exact target on D and on D′ in every audit statistic,
 * and the same audit finds no leak.
 */

const M = dataManifold('sphere');
const data = generate('sphere', { n: 12, seed: 4, noise: 0.01 });
const xs = data.xs;
const fit = fitGeodesicRegression(M, xs, data.ys);
const neighbour = worstCaseJointNeighbour(M, xs, data.ys, fit);
const settings = (over: Partial<KngJointSettings>): KngJointSettings => ({
  ...DEFAULT_KNG_JOINT,
  clip: 0.3,
  epsP: 0.6,
  epsV: 0.6,
  epsE: 0.3,
  xRange: [0, 1],
  ...over,
});
const pair = (over: Partial<KngJointSettings>) =>
  [data.ys, neighbour.ys].map((ys) => prepareKngJoint(M, xs, ys, settings(over)));
const [mixD, mixD2] = pair(MIXTURE_SAMPLER);
const fits = [releaseFit(mixD, data.ys), releaseFit(mixD2, neighbour.ys)];
const statistics = jointAuditStatistics(mixD, mixD2, fits[0], fits[1]);
const claimed = mixD.calibration.epsilon;
const N = 300;

describe('the kng-joint sampler audit', () => {
  it('the pair moves the least-squares fit by far more than the target is wide', () => {
    const apart = M.dist(fits[0].subarray(0, 3), fits[1].subarray(0, 3));
    expect(apart).toBeGreaterThan(mixD.calibration.sigmaP);
  });

  it('has power: the walk started at the non-private fit for 4 steps leaks more than the claimed ε', () => {
    const [onD, onD2] = pair({ ...WALK_SAMPLER, replicas: 1, burnIn: 2, frozenSteps: 2 }).map(
      (ctx, side) => jointReleases(ctx, fits[side], N, [1, side]).draws,
    );
    const f = statistics['nearer to D′’s fit'];
    const bound = epsilonLowerBound(Float64Array.from(onD, f), Float64Array.from(onD2, f), 0);
    expect(bound.lower).toBeGreaterThan(claimed);
  });

  it('the mixture from the public start follows the exact target on D and on D′, and leaks no more', () => {
    const releases = [mixD, mixD2].map((ctx, side) => jointReleases(ctx, 'public', N, [2, side]).draws);
    const exact = [mixD, mixD2].map((ctx, side) => rejectionDraws(ctx, N, Rng.fromKey(3, side), 4e6)!);
    for (const [name, f] of Object.entries(statistics)) {
      for (const side of [0, 1]) {
        expect(exact[side], 'rejection draws').not.toBeNull();
        const t = ksTwoSample(releases[side].map(f), exact[side].map(f));
        expect(t.pValue, `${name}, ${side ? 'D′' : 'D'}`).toBeGreaterThan(0.001);
      }
      const bound = epsilonLowerBound(
        Float64Array.from(releases[0], f),
        Float64Array.from(releases[1], f),
        0,
      );
      expect(bound.lower, name).toBeLessThanOrEqual(claimed);
    }
  });
});
