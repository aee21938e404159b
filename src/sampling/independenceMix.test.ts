import { describe, expect, it } from 'vitest';
import { stepsWithIndependence, type IndependenceCounts, type IndependenceProposal } from './independenceMix';
import type { ChainState, RandomWalkTarget } from './mh';
import { Rng } from './rng';
import { ksOneSample, normalCdf } from './stats';

/** The standard normal on R, with a uniform random-walk move. */
const target: RandomWalkTarget = {
  size: 1,
  potential: (z) => 0.5 * z[0] * z[0],
  propose(z, step, rng, out) {
    out[0] = z[0] + step * (2 * rng.uniform() - 1);
  },
};

/** N(2, 2²): off-centre and wider, so that the Hastings term matters. */
const offCentre: IndependenceProposal = {
  draw(rng, out) {
    out[0] = 2 + 2 * rng.normal();
    return offCentre.logDensity(out);
  },
  logDensity: (z) => -0.5 * ((z[0] - 2) / 2) ** 2 - Math.log(2 * Math.sqrt(2 * Math.PI)),
};

function finalStates(proposal: IndependenceProposal, weight: number, steps: number) {
  return Array.from({ length: 400 }, (_, i) => {
    const rng = Rng.fromKey(21, i);
    const counts: IndependenceCounts = { tried: 0, accepted: 0, triedAfter: 0, acceptedAfter: 0 };
    const run = stepsWithIndependence(target, proposal, weight, counts);
    // far in the tail: the independence moves must bring it back
    const state: ChainState = {
      z: Float64Array.of(6),
      u: 18,
      step: 0.3,
      acceptedBurnIn: 0,
      acceptedAfter: 0,
    };
    run(state, 0, steps, rng, steps / 2, 0.4);
    expect(state.u).toBeCloseTo(target.potential(state.z), 12);
    return state.z[0];
  });
}

describe('stepsWithIndependence: a mixture of a random walk and an independence sampler', () => {
  it('draws the target from a far start, with the Hastings term for the proposal density', () => {
    expect(ksOneSample(finalStates(offCentre, 0.5, 40), normalCdf).pValue).toBeGreaterThan(0.001);
    // the walk alone, with a small step, has not left the tail in 40 steps
    expect(ksOneSample(finalStates(offCentre, 0, 40), normalCdf).pValue).toBeLessThan(1e-4);
    expect(ksOneSample(finalStates(offCentre, 1, 40), normalCdf).pValue).toBeGreaterThan(0.001);
  });

  it('without the Hastings term (the proposal taken as symmetric) the law is wrong: the test can fail', () => {
    const flat: IndependenceProposal = {
      draw: (rng, out) => (offCentre.draw(rng, out), 0),
      logDensity: () => 0,
    };
    expect(ksOneSample(finalStates(flat, 1, 40), normalCdf).pValue).toBeLessThan(1e-4);
  });

  it('a draw that reports density 0 (−Infinity) is not taken', () => {
    const never: IndependenceProposal = {
      draw: (_rng, out) => {
        out[0] = 0;
        return -Infinity;
      },
      logDensity: () => 0,
    };
    const rng = Rng.fromKey(22);
    const state: ChainState = {
      z: Float64Array.of(3),
      u: 4.5,
      step: 0.1,
      acceptedBurnIn: 0,
      acceptedAfter: 0,
    };
    stepsWithIndependence(target, never, 1)(state, 0, 50, rng, 0, undefined);
    expect(state.z[0]).toBe(3);
  });
});
