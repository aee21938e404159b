/**
 * runChain's bookkeeping (src/sampling/mh.ts) for the kernels' runSteps: U of the current state, the proposal's
 * step, the accepted counts — loaded from the caller's block (its first four f64) before the steps, stored after —
 * and metropolis(), the MH test and the Robbins–Monro step adaptation of one step in mh.ts's order.
 */

import { jsExp, uniform } from './rng';

let u: f64 = 0,
  step: f64 = 0,
  acceptedBurnIn: f64 = 0,
  acceptedAfter: f64 = 0;

export function beginSteps(block: usize): void {
  u = load<f64>(block);
  step = load<f64>(block, 8);
  acceptedBurnIn = load<f64>(block, 16);
  acceptedAfter = load<f64>(block, 24);
}

export function endSteps(block: usize): void {
  store<f64>(block, u);
  store<f64>(block, step, 8);
  store<f64>(block, acceptedBurnIn, 16);
  store<f64>(block, acceptedAfter, 24);
}

/** The proposal's step radius now. */
export function currentStep(): f64 {
  return step;
}

/** Step t, whose proposal has potential uNew: true if the chain moves there (the caller takes the proposal). */
export function metropolis(uNew: f64, t: i32, burnIn: i32, adaptTarget: f64): bool {
  const accept = uNew <= u || uniform() < jsExp(u - uNew);
  if (accept) u = uNew;
  if (t <= burnIn) {
    if (accept) acceptedBurnIn++;
    // no adaptation when adaptTarget is NaN
    if (!isNaN(adaptTarget)) step *= jsExp(((accept ? 1.0 : 0.0) - adaptTarget) / Math.sqrt(<f64>t));
  } else if (accept) acceptedAfter++;
  return accept;
}
