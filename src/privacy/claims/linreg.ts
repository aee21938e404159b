/** What the linear-regression methods of R^d claim (docs/euclidean.md). */
import { fmtNumber as f, type Condition, type ReleaseClaim } from '../statement';
import { publicN, RESCALED_COVARIATES } from './conditions';
import { nonPrivateClaim } from './generic';
import { kngClaim } from './kng';

export interface LinregClaimInput {
  method: 'dpgr' | 'ssp' | 'dpsgd' | 'nonprivate';
  eps: number;
  n: number;
  /** DPGR: τ and the sampler's σ rule; the fit's largest residual. */
  tau: 'data' | number;
  tauInForce: number;
  sigmaRule: 'paper' | 'strict';
  maxResidual: number;
  /** SSP: the response box, 'data' when taken from the data. */
  yBounds: 'data' | { lo: readonly number[]; hi: readonly number[] };
  /** DP-SGD: its δ and clip. */
  delta: number;
  clip: number;
  /** Whether DP-SGD ran with noise (it does unless ε is infinite). */
  noise: boolean;
}

/** The linear-regression methods of R^d (docs/euclidean.md); every one sees the covariates rescaled by the data. */
export function linregClaim(input: LinregClaimInput): ReleaseClaim {
  if (input.method === 'nonprivate') return nonPrivateClaim('line', 'the least-squares line');
  if (input.method === 'dpgr')
    return kngClaim({
      release: 'pair',
      unit: 'line',
      settings: {
        epsP: input.eps / 2,
        epsV: input.eps / 2,
        sigmaRule: input.sigmaRule,
        tau: input.tau,
        tauM: 0,
        vDomain: 'ball',
        scheme: 'independent',
      },
      tau: input.tauInForce,
      tauM: 0,
      space: { name: 'R^d', diameter: Infinity, negativeCurvature: false, flat: true },
      n: input.n,
      maxResidual: input.maxResidual,
      covariatesPublic: false,
      exactSampler: true,
    });
  const conditions: Condition[] = [publicN(input.n), RESCALED_COVARIATES];
  if (input.method === 'ssp') {
    const b = input.yBounds;
    conditions.push(
      b === 'data'
        ? {
            text: 'the response box is public',
            holdsForThisData: false,
            failure: 'the response bounds are the data’s own minimum and maximum',
          }
        : {
            text: `the response box [${b.lo.map(f).join(', ')}] … [${b.hi.map(f).join(', ')}] is public (responses outside it are clipped)`,
            holdsForThisData: true,
            failure: 'the response box is not public',
          },
    );
    return { unit: 'line', epsilon: input.eps, delta: 0, conditions };
  }
  conditions.push({
    text: `per-example gradients are clipped to the public norm C = ${f(input.clip)}`,
    holdsForThisData: true,
    failure: 'the clip is not public',
  });
  if (!input.noise)
    conditions.push({
      text: 'Gaussian noise is added to every step',
      holdsForThisData: false,
      failure: 'DP-SGD ran without noise',
    });
  return { unit: 'line', epsilon: input.eps, delta: input.delta, conditions };
}
