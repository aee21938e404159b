/**
 * Claims of releases without a privacy argument of their own: the non-private estimate, or a calibration
 * alone.
 */
import type { ReleaseClaim } from '../statement';
import { exactDraw } from './conditions';

/** A release of the data's own estimate: nothing is claimed. */
export function nonPrivateClaim(unit: string, what: string): ReleaseClaim {
  return {
    unit,
    epsilon: Infinity,
    delta: null,
    conditions: [
      {
        text: 'noise is added before release',
        holdsForThisData: false,
        failure: `${what} is printed as it is (ε = ∞)`,
      },
    ],
  };
}

/**
 * Any mechanism of the table from its calibration alone (the audit's mechanisms without a claim of their own):
 * its ε and δ, and its own verdict as the one condition.
 */
export function tableClaim(
  cal: { epsilon: number; delta: number; isPrivate: boolean; reason: string | null },
  unit: string,
  mcmc: boolean,
): ReleaseClaim {
  if (!Number.isFinite(cal.epsilon)) return nonPrivateClaim(unit, cal.reason ?? 'the estimate');
  return {
    unit,
    epsilon: cal.epsilon,
    delta: mcmc ? null : cal.delta,
    conditions: [
      {
        text: 'the calibration uses public bounds only',
        holdsForThisData: cal.isPrivate,
        failure: cal.reason ?? 'the calibration uses the data',
      },
      ...(mcmc ? [exactDraw('from a fixed start')] : []),
    ],
  };
}
