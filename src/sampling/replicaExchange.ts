import { stepsInJavaScript, type ChainState, type RandomWalkTarget, type StepRunner } from './mh';
import type { Rng } from './rng';

/**
 * Replica exchange (parallel tempering): K random-walk Metropolis chains on exp(−β_k U), β_0 = 1 > β_1 > … , run
 * side by side; every `swapEvery` steps neighbouring temperatures propose to trade states and accept with
 * probability min(1, exp((β_k − β_{k+1})(U(z_k) − U(z_{k+1})))). That keeps the product of the tempered laws
 * invariant, so the β = 1 replica is a Metropolis chain for exp(−U) that a hot replica can pull out of a well the
 * random walk alone would not leave.
 */
export interface ReplicaOptions {
  /** Inverse temperatures, β_0 = 1 first and decreasing. */
  betas: readonly number[];
  /** Steps per replica with the step adapting toward `adaptTarget`, then `frozenSteps` with it fixed. */
  burnIn: number;
  frozenSteps: number;
  adaptTarget: number;
  /** Initial step radius of every replica. */
  step: number;
  /** Steps between swap rounds (even pairs, then odd pairs, alternately). */
  swapEvery: number;
  /** Record the β = 1 replica's U every `traceEvery` steps (0 = none). */
  traceEvery?: number;
  /**
   * Optional: replica k's steps, each a Metropolis–Hastings kernel for exp(−β_k U) (default: the target's random
   * walk, `stepsInJavaScript`).
   */
  runners?: (beta: number, k: number) => StepRunner;
}

export interface ReplicaResult {
  /** The β = 1 replica's final state. */
  z: Float64Array;
  /** U at that state. */
  u: number;
  /** Acceptance rate of the β = 1 replica over the frozen steps, and its step there. */
  acceptanceRate: number;
  step: number;
  /** Fraction of accepted swaps per neighbouring pair (k, k + 1). */
  swapRates: Float64Array;
  /** The β = 1 replica's U every traceEvery steps over burn-in and frozen steps. */
  trace: Float64Array;
}

/**
 * `target` gives U (β = 1) and the proposal; `starts` the K starting states, each inside the support.
 * `rng.split(k)` drives replica k, `rng.split(K)` the swaps.
 */
export function runReplicaExchange(
  target: RandomWalkTarget,
  starts: readonly Float64Array[],
  rng: Rng,
  opts: ReplicaOptions,
): ReplicaResult {
  const { betas, burnIn, frozenSteps, swapEvery } = opts;
  const K = betas.length;
  if (K < 1 || starts.length !== K || betas[0] !== 1)
    throw new RangeError('runReplicaExchange: one start per temperature, β_0 = 1 first');
  if (!(swapEvery >= 1)) throw new RangeError('runReplicaExchange: swapEvery ≥ 1');
  const runners = betas.map((beta, k) =>
    opts.runners
      ? opts.runners(beta, k)
      : stepsInJavaScript({
          size: target.size,
          maxStep: target.maxStep,
          propose: target.propose,
          potential: (z) => beta * target.potential(z),
        }),
  );
  const rngs = betas.map((_, k) => rng.split(k));
  const swapRng = rng.split(K);
  // unscaled U of each replica's state, kept beside the chain's β·U
  const states: ChainState[] = starts.map((s, k) => {
    const z = Float64Array.from(s);
    const u = betas[k] * target.potential(z);
    if (!Number.isFinite(u)) throw new RangeError('runReplicaExchange: a start lies outside the support');
    return { z, u, step: opts.step, acceptedBurnIn: 0, acceptedAfter: 0 };
  });
  const total = burnIn + frozenSteps;
  const traceEvery = opts.traceEvery ?? 0;
  const trace = new Float64Array(traceEvery > 0 ? Math.floor(total / traceEvery) + 1 : 0);
  if (traceEvery > 0) trace[0] = states[0].u;
  const swaps = new Float64Array(Math.max(K - 1, 0));
  const tries = new Float64Array(Math.max(K - 1, 0));
  let round = 0;
  for (let t = 0; t < total;) {
    let to = Math.min(total, t + swapEvery);
    if (traceEvery > 0) to = Math.min(to, (Math.floor(t / traceEvery) + 1) * traceEvery);
    for (let k = 0; k < K; k++) runners[k](states[k], t, to, rngs[k], burnIn, opts.adaptTarget);
    t = to;
    if (traceEvery > 0 && t % traceEvery === 0) trace[t / traceEvery] = states[0].u;
    if (t % swapEvery !== 0 && t !== total) continue;
    for (let k = round % 2; k + 1 < K; k += 2) {
      const a = states[k];
      const b = states[k + 1];
      const uA = a.u / betas[k];
      const uB = b.u / betas[k + 1];
      tries[k]++;
      const logRatio = (betas[k] - betas[k + 1]) * (uA - uB);
      if (logRatio >= 0 || swapRng.uniform() < Math.exp(logRatio)) {
        const z = a.z;
        a.z = b.z;
        b.z = z;
        a.u = betas[k] * uB;
        b.u = betas[k + 1] * uA;
        swaps[k]++;
      }
    }
    round++;
  }
  const cold = states[0];
  return {
    z: cold.z,
    u: cold.u,
    acceptanceRate: frozenSteps > 0 ? cold.acceptedAfter / frozenSteps : 0,
    step: cold.step,
    swapRates: swaps.map((s, k) => (tries[k] > 0 ? s / tries[k] : 0)),
    trace,
  };
}
