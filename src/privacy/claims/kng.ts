/** What paper 000's sequential KNG release claims (docs/kng.md), and the conditions its argument needs. */
import type { Manifold } from '../../geometry/types';
import { dataRadius, type RegressionInput } from '../kngCalibration';
import type { KngSettings } from '../kngSettings';
import { fmtNumber as f, type Condition, type ReleaseClaim } from '../statement';
import { exactDraw, publicN, RESCALED_COVARIATES } from './conditions';

/** FOOTPOINT_LEAK_NOTE (../kngCalibration.ts) as a condition: it never holds. */
const FOOTPOINT_MOVES: Condition = {
  text: 'the footpoint’s density moves between neighbours only as far as its sensitivity allows',
  holdsForThisData: false,
  failure:
    'the footpoint is drawn given the non-private slope v̂(D), which its sensitivity 2τ/n does not cover, so ' +
    'the footpoint release is not ε_p-DP (measured on R¹: 1.18 ε_p)',
};

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
