/** Conditions that the claims of several mechanisms share. */
import type { Condition } from '../statement';

/** `n = 50 is public`: every sensitivity of the lab divides by n, so neighbours keep it. */
export function publicN(n: number | readonly number[]): Condition {
  const list = typeof n === 'number' ? [n] : n;
  return {
    text: `n = ${list.join(', ')} is public`,
    holdsForThisData: true,
    failure: 'n is not public',
  };
}

/** Covariates rescaled by the data's own minimum and maximum (the lab's [0, 1] for paper 000's KNG and R^d). */
export const RESCALED_COVARIATES: Condition = {
  text: 'the covariates enter on a public scale (a range fixed before seeing the data)',
  holdsForThisData: false,
  failure:
    'the covariates are rescaled to [0, 1] by the data’s own minimum and maximum, so one changed record can move ' +
    'every covariate, which the sensitivity does not cover',
};

export function exactDraw(chainStart: string): Condition {
  return {
    text: `each value is an exact draw from its density (Metropolis–Hastings chains ${chainStart} approximate it)`,
    holdsForThisData: null,
    failure: 'the draws are not exact',
  };
}
