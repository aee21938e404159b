/** What a Fréchet-mean mechanism claims (docs/frechet.md). */
import { fmtNumber as f, type Condition, type ReleaseClaim } from '../statement';
import { exactDraw, publicN } from './conditions';

export interface FrechetClaimInput {
  mechanism: string;
  eps: number;
  n: number;
  /** The mechanism applies to these settings (else its row has no releases). */
  applicable: boolean;
  /** The mechanism's own verdict and notes (`calibrateFrechet`). */
  isPrivate: boolean;
  notes: readonly string[];
  /** (ε, δ) mechanisms: their δ. */
  gaussianDelta: number | null;
  /** Metropolis–Hastings instead of an exact sampler (affine Laplace, MH log-Euclidean Laplace, conformal). */
  mcmc: boolean;
  /** Where the public ball's radius r comes from, and the radius the data reach (own data). */
  radius: number;
  radiusSource: 'synthetic' | 'public' | 'data';
  dataRadius?: number;
}

/** A Fréchet-mean mechanism (docs/frechet.md): ε (or (ε, δ)) for data in a public ball. */
export function frechetClaim(input: FrechetClaimInput): ReleaseClaim {
  const r = f(input.radius);
  const conditions: Condition[] = [publicN(input.n)];
  if (!input.applicable)
    conditions.push({
      text: `${input.mechanism} applies to these settings`,
      holdsForThisData: false,
      failure: input.notes.join('; ') || 'the mechanism does not apply',
    });
  conditions.push(
    input.radiusSource === 'data'
      ? {
          text: 'the radius r of the ball holding the data is public',
          holdsForThisData: false,
          failure: `the radius r = ${r} behind the sensitivity was taken from the data`,
        }
      : {
          text: `the data lie in the public ball of radius r = ${r}`,
          holdsForThisData:
            input.radiusSource === 'synthetic' ? true : (input.dataRadius ?? Infinity) <= input.radius,
          failure: `the data reach r = ${f(input.dataRadius ?? NaN)}, beyond the public r = ${r}`,
        },
  );
  const own = input.notes.find((n) => /^NOT PRIVATE/.test(n) && !/taken from the data/.test(n));
  if (input.applicable && !input.isPrivate && own)
    conditions.push({
      text: 'the noise scale and the metric do not depend on the data',
      holdsForThisData: false,
      failure: own.replace(/^NOT PRIVATE:\s*/, ''),
    });
  if (input.mcmc) conditions.push(exactDraw('from a fixed start'));
  const gaussian = input.gaussianDelta !== null;
  return {
    unit: 'mean',
    epsilon: input.eps,
    delta: input.mcmc ? null : gaussian ? input.gaussianDelta : 0,
    conditions,
  };
}
