import type { Rng } from './rng';

/**
 * Random-walk Metropolis–Hastings on a manifold or a tangent space. The target is exp(−U(z)) with respect to
 * the Riemannian volume; proposals are symmetric with respect to that volume (uniform in a tangent ball pushed
 * through Exp), so the acceptance probability is min(1, exp(U(z) − U(z'))) with no Hastings correction.
 */
export interface RandomWalkTarget {
  /** Length of the state array. */
  readonly size: number;
  /** U(z) = −log density up to a constant; +Infinity outside the support. */
  potential(z: Float64Array): number;
  /** Writes into `out` a symmetric proposal from z with step radius `step`. */
  propose(z: Float64Array, step: number, rng: Rng, out: Float64Array): void;
  /** Largest useful step: the adaptation does not grow the step beyond it (default: unbounded). */
  readonly maxStep?: number;
  /**
   * Optional: the same steps in one call — for a kernel that runs the whole loop elsewhere (WebAssembly) with
   * the same proposals, potentials and random stream, so the chain is the same bit for bit (its tests show it).
   */
  runSteps?: StepRunner;
}

/** What runChain carries from step to step. */
export interface ChainState {
  /** The current state (written in place). */
  z: Float64Array;
  /** U(z). */
  u: number;
  /** The proposal's step radius. */
  step: number;
  acceptedBurnIn: number;
  acceptedAfter: number;
}

/**
 * Steps from + 1 … to of a chain: per step a proposal, the Metropolis–Hastings test, and for t ≤ burnIn the
 * step adaptation toward adaptTarget (none when undefined).
 */
export type StepRunner = (
  state: ChainState,
  from: number,
  to: number,
  rng: Rng,
  burnIn: number,
  adaptTarget: number | undefined,
) => void;

export interface ChainOptions {
  /** Steps discarded before any draw is kept. */
  burnIn: number;
  /** States kept after burn-in (1 for the "independent chains" scheme: the final state). */
  draws: number;
  /** Initial step radius of the proposal. */
  step: number;
  /** Adapt the step during burn-in toward this acceptance rate (Robbins–Monro on log step). */
  adaptTarget?: number;
  /** Record U along the chain, every `traceEvery` steps (0 = no trace). */
  traceEvery?: number;
}

export interface ChainResult {
  /** The kept states (the last one is the final state of the chain). */
  draws: Float64Array[];
  /** Acceptance rate after burn-in (over the whole chain when no steps follow the burn-in). */
  acceptanceRate: number;
  /** Acceptance rate during burn-in. */
  burnInAcceptanceRate: number;
  /** Step radius in force after burn-in (differs from the initial one when adapting). */
  step: number;
  /** U along the chain (if requested). */
  trace: Float64Array;
  /** Steps taken in total. */
  steps: number;
}

/** runChain's steps in JavaScript, through the target's propose and potential. */
export function stepsInJavaScript(target: RandomWalkTarget): StepRunner {
  let proposal: Float64Array = new Float64Array(target.size);
  const maxStep = target.maxStep ?? Infinity;
  return (state, from, to, rng, burnIn, adaptTarget) => {
    let { z, u, step } = state;
    const original = z;
    for (let t = from + 1; t <= to; t++) {
      target.propose(z, step, rng, proposal);
      const uNew = target.potential(proposal);
      const accept = uNew <= u || rng.uniform() < Math.exp(u - uNew);
      if (accept) {
        const tmp = z;
        z = proposal;
        proposal = tmp;
        u = uNew;
      }
      if (t <= burnIn) {
        if (accept) state.acceptedBurnIn++;
        if (adaptTarget !== undefined) {
          // Robbins–Monro: the adaptation fades so the chain after burn-in is a plain MH chain.
          step = Math.min(maxStep, step * Math.exp(((accept ? 1 : 0) - adaptTarget) / Math.sqrt(t)));
        }
      } else if (accept) state.acceptedAfter++;
    }
    if (z !== original) {
      original.set(z); // the state stays in the caller's array
      proposal = z;
    }
    state.u = u;
    state.step = step;
  };
}

export function runChain(
  target: RandomWalkTarget,
  start: Float64Array,
  rng: Rng,
  opts: ChainOptions,
): ChainResult {
  const { burnIn, draws } = opts;
  if (!(draws >= 1) || !(burnIn >= 0)) throw new RangeError('runChain: need draws ≥ 1 and burnIn ≥ 0');
  const total = burnIn + draws - 1; // the start counts as state 0; the final state is state `total`
  const traceEvery = opts.traceEvery ?? 0;
  const trace = new Float64Array(traceEvery > 0 ? Math.floor(total / traceEvery) + 1 : 0);
  const z = Float64Array.from(start);
  const state: ChainState = {
    z,
    u: target.potential(z),
    step: opts.step,
    acceptedBurnIn: 0,
    acceptedAfter: 0,
  };
  if (!Number.isFinite(state.u))
    throw new RangeError('runChain: the chain must start inside the support of the target');
  const runSteps = target.runSteps ?? stepsInJavaScript(target);
  const kept: Float64Array[] = [];
  if (traceEvery > 0) trace[0] = state.u;
  if (burnIn === 0) kept.push(Float64Array.from(z));
  // the burn-in in one call, then one step per kept state; calls end where the trace records
  for (let t = 0; t < total;) {
    let to = t < burnIn ? burnIn : t + 1;
    if (traceEvery > 0) to = Math.min(to, (Math.floor(t / traceEvery) + 1) * traceEvery);
    runSteps(state, t, to, rng, burnIn, opts.adaptTarget);
    t = to;
    if (traceEvery > 0 && t % traceEvery === 0) trace[t / traceEvery] = state.u;
    if (t >= burnIn) kept.push(Float64Array.from(z));
  }
  const after = total - burnIn;
  const { acceptedBurnIn, acceptedAfter } = state;
  return {
    draws: kept,
    acceptanceRate: after > 0 ? acceptedAfter / after : burnIn > 0 ? acceptedBurnIn / burnIn : 0,
    burnInAcceptanceRate: burnIn > 0 ? acceptedBurnIn / burnIn : 0,
    step: state.step,
    trace,
    steps: total,
  };
}
