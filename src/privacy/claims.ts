/**
 * What each mechanism of the lab claims for one release under the settings in force, with the conditions its
 * privacy argument needs (`statement.ts` turns claims into an output's statement). Inputs are plain values, so
 * the CLI, the lab and the tests can state a claim without preparing the mechanism again.
 */
import type { Manifold } from '../geometry/types';
import { dataRadius, type KngSettings, type RegressionInput } from './kng';
import { fmtNumber, type Condition, type ReleaseClaim } from './statement';

const f = fmtNumber;

/** `n = 50 is public`: every sensitivity of the lab divides by n, so neighbours keep it. */
function publicN(n: number | readonly number[]): Condition {
  const list = typeof n === 'number' ? [n] : n;
  return {
    text: `n = ${list.join(', ')} is public`,
    holdsForThisData: true,
    failure: 'n is not public',
  };
}

/** Covariates rescaled by the data's own minimum and maximum (the lab's [0, 1] for paper 000's KNG and R^d). */
const RESCALED_COVARIATES: Condition = {
  text: 'the covariates enter on a public scale (a range fixed before seeing the data)',
  holdsForThisData: false,
  failure:
    'the covariates are rescaled to [0, 1] by the data’s own minimum and maximum, so one changed record can move ' +
    'every covariate, which the sensitivity does not cover',
};

/** kng.ts FOOTPOINT_LEAK_NOTE as a condition: it never holds. */
const FOOTPOINT_MOVES: Condition = {
  text: 'the footpoint’s density moves between neighbours only as far as its sensitivity allows',
  holdsForThisData: false,
  failure:
    'the footpoint is drawn given the non-private slope v̂(D), which its sensitivity 2τ/n does not cover, so ' +
    'the footpoint release is not ε_p-DP (measured on R¹: 1.18 ε_p)',
};

function exactDraw(chainStart: string): Condition {
  return {
    text: `each value is an exact draw from its density (Metropolis–Hastings chains ${chainStart} approximate it)`,
    holdsForThisData: null,
    failure: 'the draws are not exact',
  };
}

export interface KngClaimInput {
  /** The released pair, or the footpoint alone (the audit's kng-footpoint). */
  release: 'pair' | 'footpoint';
  /** What one release is called (default 'pair (p̃, ṽ)' or 'footpoint'; DPGR: 'line'). */
  unit?: string;
  settings: Pick<KngSettings, 'epsP' | 'epsV' | 'sigmaRule' | 'tau' | 'tauM' | 'vDomain' | 'scheme'>;
  /** τ and τ_m in force (the data's own where 'data'). */
  tau: number;
  tauM: number;
  space: {
    name: string;
    /** The largest distance between two points (π on S², π/2 on Kendall shapes); Infinity where unbounded. */
    diameter: number;
    /** Curvature < 0 somewhere (SPD, affine): the sensitivity then also needs τ_m. */
    negativeCurvature: boolean;
    /** Flat (R^d): the targets are proper without a domain. */
    flat: boolean;
  };
  n: number | readonly number[];
  /** The largest residual of the fit (over every data set of the output) and the responses' radius around their mean. */
  maxResidual: number;
  dataRadius?: number;
  /** False where the covariates were rescaled by the data's own range (everything but kng-joint). */
  covariatesPublic: boolean;
  /** The exact K-norm samplers of R^d (DPGR) instead of Markov chains. */
  exactSampler: boolean;
}

/**
 * Paper 000's sequential KNG (docs/kng.md). Its argument needs public bounds that hold wherever the chains
 * evaluate the gradient, σ = 2Δ/ε (the normaliser depends on the data), a proper shooting-vector target,
 * independent chains and a footpoint target that moves with the data only as far as its sensitivity allows —
 * which it never does: the footpoint is drawn given the non-private slope v̂(D) (FOOTPOINT_LEAK_NOTE), so no
 * KNG pair is private. What does hold when nothing else fails is said in `partial`.
 */
export function kngClaim(input: KngClaimInput): ReleaseClaim {
  const { settings: s, space } = input;
  const pair = input.release === 'pair';
  const conditions: Condition[] = [publicN(input.n)];
  if (!input.covariatesPublic) conditions.push(RESCALED_COVARIATES);
  if (s.tau === 'data')
    conditions.push({
      text: 'τ, the bound on the residuals, is public (fixed before seeing the data)',
      holdsForThisData: false,
      failure: `τ = ${f(input.tau)} is the largest residual of the data, so the noise scale depends on them`,
    });
  else {
    const everywhere = s.tau >= space.diameter;
    const exceeded = input.maxResidual > s.tau;
    // At least the diameter: true of any data. Flat: one record moves the gradient by the same amount at every
    // (p, v), so the fit's residuals tell. Below the diameter of a bounded space the chains visit candidates
    // whose residuals exceed τ. Elsewhere (SPD) the tool can check the fit only.
    const holds = everywhere
      ? true
      : exceeded || Number.isFinite(space.diameter)
        ? false
        : space.flat
          ? true
          : null;
    conditions.push({
      text: `every residual ≤ τ = ${f(s.tau)}${everywhere || space.flat ? '' : ' wherever the chains evaluate the gradient'}`,
      holdsForThisData: holds,
      failure: exceeded
        ? `the data's largest residual ${f(input.maxResidual)} exceeds the public τ = ${f(s.tau)}`
        : `τ = ${f(s.tau)} is below the diameter ${f(space.diameter)} of ${space.name}, so residuals far from ` +
          'the fit exceed it',
    });
  }
  if (space.negativeCurvature) {
    if (s.tauM === 'data')
      conditions.push({
        text: 'τ_m, the radius of a ball holding the responses, is public',
        holdsForThisData: false,
        failure: `τ_m = ${f(input.tauM)} is the radius of the data, so the noise scale depends on them`,
      });
    else {
      const r = input.dataRadius ?? NaN;
      conditions.push({
        text: `every response lies within τ_m = ${f(s.tauM)} of the responses' Fréchet mean`,
        holdsForThisData: Number.isFinite(r) ? r <= s.tauM : null,
        failure: `the responses reach ${f(r)} from their mean, beyond τ_m = ${f(s.tauM)}`,
      });
    }
  }
  conditions.push({
    text: 'σ = 2Δ/ε (the strict rule: KNG’s normaliser depends on the data)',
    holdsForThisData: s.sigmaRule === 'strict',
    failure: 'σ = Δ/ε (the paper’s rule) bounds the privacy loss by 2ε, not ε',
  });
  if (pair && !space.flat)
    conditions.push({
      text: 'the shooting vector ranges over a public ball, where its density is proper',
      holdsForThisData: s.vDomain === 'ball',
      failure: 'the shooting vector ranges over the whole tangent plane, where its density can be improper',
    });
  if (!input.exactSampler)
    conditions.push({
      text: 'each released value is the final state of its own chain (the independent scheme)',
      holdsForThisData: s.scheme === 'independent',
      failure:
        'the consecutive scheme releases successive states of one chain started at the non-private fit, which ' +
        'the argument does not cover',
    });
  conditions.push(FOOTPOINT_MOVES);
  if (!input.exactSampler) conditions.push(exactDraw('started at the non-private fit'));

  const failed = conditions.filter((c) => c.holdsForThisData === false);
  const onlyFootpoint = failed.every((c) => c === RESCALED_COVARIATES || c === FOOTPOINT_MOVES);
  const given = input.covariatesPublic ? '' : ' (with the rescaled covariates taken as public)';
  const exact = input.exactSampler ? '' : ', for the exact target';
  return {
    unit: input.unit ?? (pair ? 'pair (p̃, ṽ)' : 'footpoint'),
    epsilon: pair ? s.epsP + s.epsV : s.epsP,
    epsilonNote: pair ? 'ε_p + ε_v' : 'ε_p',
    delta: input.exactSampler ? 0 : null,
    conditions,
    ...(pair && onlyFootpoint
      ? {
          partial:
            `Each shooting vector is ε_v-DP given the released footpoint${given}${exact}, ` +
            'but the footpoint release is not ε_p-DP, so the pair is not private',
        }
      : {}),
  };
}

/** What kngClaim needs to know of a space. */
export function kngSpace(M: Manifold): KngClaimInput['space'] {
  const [lower, upper] = M.curvatureBounds;
  return {
    name: M.name,
    diameter: Number.isFinite(M.injectivityRadius) && upper > 0 ? M.injectivityRadius : Infinity,
    negativeCurvature: lower < 0,
    flat: lower === 0 && upper === 0,
  };
}

/**
 * kngClaim for releases of paper 000's KNG on one or more data sets (a sweep's sizes): the bounds in force are
 * the largest over the data sets, and the public ones are checked against each. The covariates are the lab's,
 * rescaled by the data's own range.
 */
export function kngClaimFor(
  regs: readonly RegressionInput[],
  settings: KngSettings,
  release: 'pair' | 'footpoint' = 'pair',
): ReleaseClaim {
  const space = kngSpace(regs[0].M);
  const maxResidual = Math.max(...regs.map((r) => r.maxResidual));
  const radius = space.negativeCurvature ? Math.max(...regs.map((r) => dataRadius(r.M, r.ys))) : undefined;
  return kngClaim({
    release,
    settings,
    tau: settings.tau === 'data' ? maxResidual : settings.tau,
    tauM: settings.tauM === 'data' ? (radius ?? 0) : settings.tauM,
    space,
    n: regs.map((r) => r.ys.length),
    maxResidual,
    ...(radius !== undefined ? { dataRadius: radius } : {}),
    covariatesPublic: false,
    exactSampler: false,
  });
}

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
