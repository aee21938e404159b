/** What the joint clipped KNG release claims (docs/kng-joint.md). */
import { fmtNumber as f, type ReleaseClaim } from '../statement';
import { exactDraw, publicN } from './conditions';

export interface JointClaimInput {
  /** ε = ε_E + ε_p + ε_v of one pair. */
  epsilon: number;
  n: number;
  clip: number;
  /** Whether c is the space's default (fixed by the tool) or was given. */
  clipGiven: boolean;
  range: readonly [number, number];
  /** False when no public range was given and the data's own was used. */
  rangeIsPublic: boolean;
}

/** The joint clipped KNG (docs/kng-joint.md): ε-DP for any data given public n, c and covariate range. */
export function jointClaim(input: JointClaimInput): ReleaseClaim {
  const [lo, hi] = input.range;
  return {
    unit: 'pair (p̃, ṽ)',
    epsilon: input.epsilon,
    epsilonNote: 'ε_E + ε_p + ε_v',
    delta: null,
    conditions: [
      publicN(input.n),
      {
        text: `the clip c = ${f(input.clip)} was fixed before seeing the data`,
        // the space's default is fixed by the tool; a given c is the user's word
        holdsForThisData: input.clipGiven ? null : true,
        failure: 'the clip was chosen from the data',
      },
      {
        text: `the covariate range [${f(lo)}, ${f(hi)}] is public (covariates outside it are clamped)`,
        holdsForThisData: input.rangeIsPublic,
        failure: `no public covariate range was given, so the data's own range [${f(lo)}, ${f(hi)}] is used`,
      },
      exactDraw('from a public start'),
    ],
  };
}
