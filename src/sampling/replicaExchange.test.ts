import { describe, expect, it } from 'vitest';
import type { RandomWalkTarget } from './mh';
import { runReplicaExchange } from './replicaExchange';
import { Rng } from './rng';
import { ksOneSample, normalCdf } from './stats';

/** Two narrow modes, weights 0.3 at −4 and 0.7 at +4, sd 0.5: a barrier of about 30 in U between them. */
const W = 0.3;
const SD = 0.5;
const bimodal: RandomWalkTarget = {
  size: 1,
  potential: (z) => {
    const a = Math.exp(-0.5 * ((z[0] + 4) / SD) ** 2);
    const b = Math.exp(-0.5 * ((z[0] - 4) / SD) ** 2);
    return -Math.log(W * a + (1 - W) * b);
  },
  propose: (z, step, rng, out) => {
    out[0] = z[0] + step * (2 * rng.uniform() - 1);
  },
};
const exactCdf = (x: number) => W * normalCdf((x + 4) / SD) + (1 - W) * normalCdf((x - 4) / SD);

function finalStates(betas: number[], runs: number): number[] {
  return Array.from({ length: runs }, (_, i) => {
    const starts = betas.map(() => Float64Array.of(-4)); // every replica in the smaller mode
    const r = runReplicaExchange(bimodal, starts, Rng.fromKey(31, i), {
      betas,
      burnIn: 600,
      frozenSteps: 300,
      adaptTarget: 0.3,
      step: 0.5,
      swapEvery: 5,
    });
    return r.z[0];
  });
}

describe('replica exchange', () => {
  it('the β = 1 replica draws a two-mode law with the right weights, where a plain chain stays in its start mode', () => {
    const tempered = finalStates([1, 0.2, 0.04, 0.008], 400);
    expect(ksOneSample(tempered, exactCdf).pValue).toBeGreaterThan(0.001);
    const upper = tempered.filter((x) => x > 0).length / tempered.length;
    expect(Math.abs(upper - (1 - W))).toBeLessThan(4 * Math.sqrt((W * (1 - W)) / 400));
    const plain = finalStates([1], 200);
    expect(plain.every((x) => x < 0)).toBe(true);
    expect(ksOneSample(plain, exactCdf).pValue).toBeLessThan(1e-6);
  });

  it('reports swap rates per neighbouring pair, and refuses a ladder that does not start at β = 1', () => {
    const starts = [Float64Array.of(-4), Float64Array.of(4)];
    const opts = { burnIn: 100, frozenSteps: 100, adaptTarget: 0.3, step: 0.5, swapEvery: 5 };
    const r = runReplicaExchange(bimodal, starts, Rng.fromKey(2), { ...opts, betas: [1, 0.5] });
    expect(r.swapRates.length).toBe(1);
    expect(r.swapRates[0]).toBeGreaterThan(0);
    expect(r.swapRates[0]).toBeLessThanOrEqual(1);
    expect(() => runReplicaExchange(bimodal, starts, Rng.fromKey(2), { ...opts, betas: [0.5, 1] })).toThrow(
      /β_0 = 1/,
    );
  });
});
