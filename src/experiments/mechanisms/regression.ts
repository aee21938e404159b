/**
 * The table's geodesic-regression releases: paper 000's KNG (pair or footpoint), kng-joint and the
 * non-private fit.
 */
import { frobeniusDistance } from '../../privacy/frechet/tangentGaussian';
import {
  prepareKng,
  releaseKngFootpoint,
  releaseKngGroup,
  type KngCalibration,
  type KngSettings,
} from '../../privacy/kng';
import {
  DEFAULT_DOMAIN,
  DEFAULT_KNG_JOINT,
  splitJointBudget,
  jointPotential,
  prepareKngJoint,
  releaseKngJointChain,
  reparametrise,
} from '../../privacy/kngJoint';
import { spaceOf, type MechanismData, type PreparedMechanism } from '../../privacy/mechanism';
import { fitGeodesicRegression } from '../../regression';
import { jointSamplerSettings } from '../jointSettings';
import { concat, locationLoss, needCovariates, type MechanismSettings } from './shared';

function kngReason(cal: KngCalibration): string | null {
  return cal.isPrivate
    ? null
    : (cal.notes.find((n) => /not private/.test(n)) ?? 'bounds from the private data');
}

/**
 * KNG: one footpoint chain and one shooting-vector chain (m = 1: one released pair, whatever the lab's m).
 * The log-density −‖∇_p E(p̃, Γv̂; D)‖/σ_p − ‖∇_v E(p̃, ṽ; D)‖/σ_v is unnormalised: the normalisers depend on
 * the data (which is why KNG theory asks for σ = 2Δ/ε).
 */
export function prepareKngMechanism(
  data: MechanismData,
  s: MechanismSettings,
  pair: boolean,
): PreparedMechanism {
  const xs = needCovariates(data, 'KNG');
  const { M, ys } = data;
  const fit = fitGeodesicRegression(M, xs, ys);
  const settings: KngSettings = { ...s.kng, m: 1 };
  const ctx = prepareKng({ M, xs, ys, pHat: fit.p, vHat: fit.v, maxResidual: fit.maxResidual }, settings);
  const cal = ctx.calibration;
  const d = M.ambientDim;
  const footpointLogDensity = (p: Float64Array) => -ctx.kernel.footpointGradNorm(p) / cal.sigmaP;
  return {
    calibration: {
      epsilon: pair ? settings.epsP + settings.epsV : settings.epsP,
      delta: 0,
      sigma: cal.sigmaP,
      sensitivity: cal.deltaP,
      isPrivate: cal.isPrivate,
      reason: kngReason(cal),
      notes: cal.notes,
    },
    nonPrivate: pair ? concat(fit.p, fit.v) : Float64Array.from(fit.p),
    release: (rng) => {
      if (!pair) return Float64Array.from(releaseKngFootpoint(ctx, rng, 0));
      const g = releaseKngGroup(ctx, rng, 0);
      return concat(g.footpoints[0], g.shootingVectors[0][0]);
    },
    logDensity: pair
      ? (z) => {
          const p = z.subarray(0, d);
          const v = z.subarray(d);
          if (M.norm(p, v) > cal.vRadius) return -Infinity;
          return footpointLogDensity(p) - ctx.kernel.shootingGradNorm(p, v) / cal.sigmaV;
        }
      : footpointLogDensity,
    densityExact: false,
    // On R^d the footpoint target is exp(−‖p − p̂‖/σ_p) (∇_p E(p, v̂) = p − p̂ at the fit's v̂): its loss is exact.
    ...(!pair && spaceOf(M) === 'euclidean'
      ? {
          exactEpsilon(this: PreparedMechanism, other: PreparedMechanism) {
            return locationLoss(this, other, frobeniusDistance);
          },
        }
      : {}),
  };
}

/**
 * kng-joint with the table's total budget ε = ε_p + ε_v: the space's energy share to the energy term, the rest
 * halved between p and v; the space's clip and domain, covariates on the public range [0, 1].
 * Its log-density is exact up to the data-dependent normaliser.
 */
export function prepareKngJointMechanism(data: MechanismData, s: MechanismSettings): PreparedMechanism {
  const xs = needCovariates(data, 'kng-joint');
  const { M, ys } = data;
  const total = s.kng.epsP + s.kng.epsV;
  const kind = spaceOf(M);
  const ctx = prepareKngJoint(M, xs, ys, {
    ...DEFAULT_KNG_JOINT,
    ...jointSamplerSettings(s.jointSampler),
    ...splitJointBudget(total, 0.5, kind),
    clip: (DEFAULT_DOMAIN[kind] ?? DEFAULT_DOMAIN.sphere).clip,
    xRange: [0, 1],
    m: 1,
  });
  const cal = ctx.calibration;
  const fit = fitGeodesicRegression(M, xs, ys);
  const mid = reparametrise(M, fit.p, fit.v, 0.5, 1);
  const d = M.ambientDim;
  return {
    calibration: {
      epsilon: cal.epsilon,
      delta: 0,
      sigma: cal.sigmaP,
      sensitivity: cal.deltaP,
      isPrivate: true,
      reason: null,
      notes: ["ε-DP for the exact target; the sampler's δ is not certified"],
    },
    nonPrivate: concat(mid.p, mid.v),
    release: (rng) => {
      const r = releaseKngJointChain(ctx, rng, 0);
      return concat(r.p, r.v);
    },
    logDensity: (z) => -jointPotential(ctx, z.subarray(0, d), z.subarray(d)),
    densityExact: false,
  };
}

export function prepareNonPrivateFit(data: MechanismData): PreparedMechanism {
  const xs = needCovariates(data, 'the non-private fit');
  const fit = fitGeodesicRegression(data.M, xs, data.ys);
  const out = concat(fit.p, fit.v);
  return {
    calibration: {
      epsilon: Infinity,
      delta: 0,
      sigma: NaN,
      sensitivity: NaN,
      isPrivate: false,
      reason: 'the non-private fit is released as it is',
      notes: [],
    },
    nonPrivate: out,
    release: () => Float64Array.from(out),
    logDensity: null,
    densityExact: false,
  };
}
