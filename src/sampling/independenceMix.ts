import type { RandomWalkTarget, StepRunner } from './mh';
import type { Rng } from './rng';

/**
 * A proposal that does not depend on the current state (an independence proposal), with its log density q with
 * respect to the same reference measure as the target's exp(−U). `draw` writes a state into `out` and returns
 * ln q of it; a draw that lands where the proposal's formula does not hold (a point it cannot reach one-to-one)
 * returns −Infinity, and the step then stays where it is. `logDensity(z)` is −Infinity where q is 0.
 */
export interface IndependenceProposal {
  draw(rng: Rng, out: Float64Array): number;
  logDensity(z: Float64Array): number;
}

/** Counts of the independence moves of one runner (over all its steps, and over those after the burn-in). */
export interface IndependenceCounts {
  tried: number;
  accepted: number;
  triedAfter: number;
  acceptedAfter: number;
}

/**
 * Steps of a Metropolis–Hastings chain on exp(−U) whose kernel is a mixture: with probability `weight` an
 * independence move z → z′ ~ q, accepted with probability min(1, exp(U(z) − U(z′) + ln q(z) − ln q(z′))), else
 * the target's own symmetric random-walk move. Each kernel is in detailed balance with exp(−U), so their
 * mixture is too; the choice of kernel does not depend on the state. The random walk's step adapts (during
 * burn-in) on its own moves only, as `stepsInJavaScript` does.
 */
export function stepsWithIndependence(
  target: RandomWalkTarget,
  proposal: IndependenceProposal,
  weight: number,
  counts: IndependenceCounts = { tried: 0, accepted: 0, triedAfter: 0, acceptedAfter: 0 },
): StepRunner {
  if (!(weight >= 0 && weight <= 1)) throw new RangeError('stepsWithIndependence: weight in [0, 1]');
  let candidate: Float64Array = new Float64Array(target.size);
  const maxStep = target.maxStep ?? Infinity;
  let walkSteps = 0;
  // ln q of the last state an independence move accepted, kept with a copy of that state: replica swaps and
  // random-walk moves change the state behind the runner's back, so it is reused only while the state is equal
  const known = new Float64Array(target.size).fill(NaN);
  let knownLogQ = 0;
  const logQOf = (z: Float64Array) => {
    let same = true;
    for (let i = 0; i < z.length && same; i++) same = z[i] === known[i];
    if (same) return knownLogQ;
    return proposal.logDensity(z);
  };
  return (state, from, to, rng, burnIn, adaptTarget) => {
    let { z, u, step } = state;
    const original = z;
    for (let t = from + 1; t <= to; t++) {
      const independent = weight > 0 && rng.uniform() < weight;
      let accept: boolean;
      if (independent) {
        const logQNew = proposal.draw(rng, candidate);
        counts.tried++;
        if (t > burnIn) counts.triedAfter++;
        if (logQNew === -Infinity) accept = false;
        else {
          const uNew = target.potential(candidate);
          const logRatio = u - uNew + logQOf(z) - logQNew;
          accept = logRatio >= 0 || rng.uniform() < Math.exp(logRatio);
          if (accept) {
            u = uNew;
            known.set(candidate);
            knownLogQ = logQNew;
          }
        }
        if (accept) {
          counts.accepted++;
          if (t > burnIn) counts.acceptedAfter++;
        }
      } else {
        target.propose(z, step, rng, candidate);
        const uNew = target.potential(candidate);
        accept = uNew <= u || rng.uniform() < Math.exp(u - uNew);
        if (accept) u = uNew;
        if (t <= burnIn && adaptTarget !== undefined) {
          walkSteps++;
          // Robbins–Monro on the walk's own moves, fading so the chain after burn-in is a plain MH chain
          step = Math.min(maxStep, step * Math.exp(((accept ? 1 : 0) - adaptTarget) / Math.sqrt(walkSteps)));
        }
      }
      if (accept) {
        const tmp = z;
        z = candidate;
        candidate = tmp;
      }
      if (t <= burnIn) {
        if (accept) state.acceptedBurnIn++;
      } else if (accept) state.acceptedAfter++;
    }
    if (z !== original) {
      original.set(z); // the state stays in the caller's array
      candidate = z;
    }
    state.u = u;
    state.step = step;
  };
}
