/**
 * The mechanism table: every release of the lab behind the one interface of
 * `src/privacy/mechanism.ts` — KNG geodesic regression (the footpoint alone and the sequential pair), the
 * non-private fit (ε = ∞), each Fréchet-mean mechanism (from `privacy/frechet/mechanisms.ts`, calibrated and
 * released by `privacy/frechet/calibration.ts` and `release.ts`), the exact Euclidean K-norm mean, and the linear-regression methods
 * (DPGR, SSP, DP-SGD). The audit and the CLI's `audit --mechanism` read it; a new entry (its info in
 * mechanismInfo.ts, its preparation in `prepareOf` below) appears in both.
 *
 * Outputs (flat, ambient coordinates): KNG — p̃ then ṽ; the non-private fit — p̂ then v̂; a Fréchet mechanism —
 * the raw release (ambient baselines: the point of R³ or Sym(k) before any projection); a line — intercept then
 * slope.
 */
import { logm, symToVecd } from '../geometry/linalg';
import { frechetMean } from '../geometry/mean';
import type { SpdMetric } from '../geometry/spd';
import type { Manifold } from '../geometry/types';
import { sphereLaplaceTradeOff } from '../privacy/frechet/tradeOff';
import { conditionalSlope } from '../privacy/euclideanKng';
import type { ConformalField } from '../privacy/frechet/conformal';
import { conformalLaplace, conformalRate } from '../privacy/frechet/conformalLaplace';
import {
  FRECHET_MECHANISM_TABLE,
  type FrechetMechanism,
  type FrechetMechanismInfo,
} from '../privacy/frechet/mechanisms';
import { sphereLaplaceLogDensity } from '../privacy/frechet/laplace';
import {
  arithmeticMean,
  frobeniusDistance,
  type GaussianCalibration,
} from '../privacy/frechet/tangentGaussian';
import {
  prepareKng,
  releaseKngFootpoint,
  releaseKngGroup,
  type KngCalibration,
  type KngSettings,
} from '../privacy/kng';
import {
  dpgrCalibration,
  olsFit,
  releaseLine,
  type LinregMethod,
  type LinregSettings,
} from '../privacy/linreg';
import type {
  Mechanism,
  MechanismCalibration,
  MechanismData,
  PreparedMechanism,
  SpaceKind,
} from '../privacy/mechanism';
import type { SigmaRule } from '../privacy/sensitivity';
import { fitGeodesicRegression } from '../regression';
import {
  DEFAULT_DOMAIN,
  DEFAULT_KNG_JOINT,
  splitJointBudget,
  jointPotential,
  prepareKngJoint,
  releaseKngJointChain,
  reparametrise,
} from '../privacy/kngJoint';
import { kNormLaplace } from '../sampling/distributions';
import { Rng } from '../sampling/rng';
import { calibrateFrechet } from '../privacy/frechet/calibration';
import { releaseOne } from '../privacy/frechet/release';
import type { FrechetConformalSettings } from '../privacy/frechet/settings';
import { frechetConformalField } from './frechet';
import type { FrechetSpec } from './frechetSpec';
import type { FrechetDataset } from './frechetData';
import { MECHANISM_INFO, PRIVATE_LINREG_METHODS, type MechanismInfo } from './mechanismInfo';

/** Settings of the Fréchet-mean mechanisms (the public data ball and the calibration). */
export interface FrechetMechanismSettings {
  /** SPD metric of the mean and of the intrinsic mechanisms (ignored elsewhere). */
  metric: SpdMetric;
  /** Public data radius (sphere: cap radius r; SPD: 002's r, ball √k·r around I; R^d: ball radius). */
  radius: number;
  delta: number;
  calibration: GaussianCalibration;
  sigmaRule: SigmaRule;
  rlSampler?: 'exact' | 'mcmc';
  burnIn?: number;
  conformal?: FrechetConformalSettings;
}

/** Everything any mechanism of the table reads. */
export interface MechanismSettings {
  /** Total budget of the Fréchet and linear-regression mechanisms (KNG reads ε_p, ε_v from `kng`). */
  eps: number;
  kng: KngSettings;
  frechet: FrechetMechanismSettings;
  linreg: LinregSettings;
}

export type TableMechanism = Mechanism<MechanismSettings>;

const concat = (a: Float64Array, b: Float64Array) => {
  const out = new Float64Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

/** ρ(o, o′)/σ for a location family exp(−ρ(z, o)/σ)/Z with Z independent of o; null when the σ differ. */
function locationLoss(
  self: PreparedMechanism,
  other: PreparedMechanism,
  rho: (a: Float64Array, b: Float64Array) => number,
) {
  const s = self.calibration.sigma;
  return s === other.calibration.sigma ? rho(self.nonPrivate, other.nonPrivate) / s : null;
}

function spaceOf(M: Manifold): SpaceKind {
  return M.family?.kind ?? 'euclidean';
}

function needCovariates(data: MechanismData, who: string): Float64Array {
  if (!data.xs) throw new RangeError(`${who}: needs regression data (covariates and responses)`);
  return data.xs;
}

// ---------------------------------------------------------------------------------------------------------
// KNG geodesic regression and the non-private fit
// ---------------------------------------------------------------------------------------------------------

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
function prepareKngMechanism(data: MechanismData, s: MechanismSettings, pair: boolean): PreparedMechanism {
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
function prepareKngJointMechanism(data: MechanismData, s: MechanismSettings): PreparedMechanism {
  const xs = needCovariates(data, 'kng-joint');
  const { M, ys } = data;
  const total = s.kng.epsP + s.kng.epsV;
  const kind = spaceOf(M);
  const ctx = prepareKngJoint(M, xs, ys, {
    ...DEFAULT_KNG_JOINT,
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

function prepareNonPrivateFit(data: MechanismData): PreparedMechanism {
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

// ---------------------------------------------------------------------------------------------------------
// Fréchet means
// ---------------------------------------------------------------------------------------------------------

/** The experiment's view of a data set: its means and the public ball (centre: north pole, I or 0). */
function frechetDataset(M: Manifold, ys: readonly Float64Array[], k: number, s: FrechetMechanismSettings) {
  const space = spaceOf(M);
  const center = new Float64Array(M.ambientDim);
  if (space === 'sphere') center[2] = 1;
  else if (space === 'spd') for (let i = 0; i < k; i++) center[i * k + i] = 1;
  const points = ys.map((y) => Float64Array.from(y));
  return {
    points,
    mean: frechetMean(M, points, { init: center }),
    arithmeticMean: arithmeticMean(points),
    center,
    ballRadius: space === 'spd' ? Math.sqrt(k) * s.radius : s.radius,
  } satisfies FrechetDataset;
}

function frechetSpecFor(
  space: 'sphere' | 'spd',
  k: number,
  n: number,
  s: MechanismSettings,
  id: FrechetMechanism,
) {
  const f = s.frechet;
  return {
    manifold: space,
    ks: [k],
    metric: f.metric,
    ns: [n],
    radius: f.radius,
    eps: [s.eps],
    delta: f.delta,
    mechanisms: [id],
    calibration: f.calibration,
    sigmaRule: f.sigmaRule,
    reps: 1,
    seed: 0,
    rlSampler: f.rlSampler,
    burnIn: f.burnIn,
    conformal: f.conformal,
  } satisfies FrechetSpec;
}

/** k of SPD(k) from a k×k matrix's length. */
const spdSize = (M: Manifold) => Math.round(Math.sqrt(M.ambientDim));

function prepareFrechetMechanism(
  info: FrechetMechanismInfo,
  data: MechanismData,
  s: MechanismSettings,
): PreparedMechanism {
  const { M, ys } = data;
  const space = spaceOf(M);
  if (space !== 'sphere' && space !== 'spd')
    throw new RangeError(`${info.label} is defined on the sphere and on SPD matrices (not ${M.name})`);
  const k = space === 'spd' ? spdSize(M) : 2;
  const spec = frechetSpecFor(space, k, ys.length, s, info.id);
  const cal = calibrateFrechet(spec, info.id, ys.length, k, s.eps);
  if (!cal.applicable) throw new RangeError(`${info.label}: ${cal.notes.join('; ')}`);
  const ds = frechetDataset(M, ys, k, s.frechet);
  const gaussian = info.id === 'tangent-gaussian' || info.id === 'extrinsic-gaussian';
  const ambientCentre = space === 'sphere' ? ds.mean : ds.arithmeticMean;
  const calibration: MechanismCalibration = {
    epsilon: s.eps,
    delta: gaussian ? s.frechet.delta : 0,
    sigma: cal.sigma,
    sensitivity: cal.sensitivity,
    isPrivate: cal.isPrivate,
    reason: cal.isPrivate ? null : cal.notes[0],
    notes: cal.notes,
  };
  let logDensity: ((z: Float64Array) => number) | null = null;
  let densityExact = true;
  const sigma = cal.sigma;
  switch (info.id) {
    case 'riemannian-laplace':
      // Homogeneous spaces: the normaliser does not depend on the centre (unless truncated to the data ball).
      logDensity =
        space === 'sphere'
          ? (z) => sphereLaplaceLogDensity(ds.mean, z, sigma)
          : (z) => -M.dist(ds.mean, z) / sigma;
      densityExact = !cal.truncated;
      break;
    case 'tangent-gaussian': {
      const c = symToVecd(logm(ds.mean, k), k);
      logDensity = (z) => {
        const l = symToVecd(logm(z, k), k);
        let q = 0;
        for (let i = 0; i < l.length; i++) q += (l[i] - c[i]) ** 2;
        return -q / (2 * sigma * sigma);
      };
      break;
    }
    case 'extrinsic-gaussian':
      logDensity = (z) => -(frobeniusDistance(z, ambientCentre) ** 2) / (2 * sigma * sigma);
      break;
    case 'ambient-laplace':
      logDensity = (z) => -frobeniusDistance(z, ambientCentre) / sigma;
      break;
    case 'conformal':
      densityExact = false;
      break;
  }
  let field: ConformalField | null = null;
  const release =
    info.id === 'conformal'
      ? (rng: Rng) => {
          field ??= frechetConformalField(spec, ys.length, k, ds);
          const g = field.geometry;
          const lambda = conformalRate(s.eps, cal.sensitivity, field.phiMax);
          const rel = conformalLaplace(field, g.toCoords(ds.mean), lambda, rng, {
            burnIn: s.frechet.burnIn ?? 2000,
          });
          return g.fromCoords(rel.coords);
        }
      : (rng: Rng) => releaseOne(spec, info.id, k, cal, ds, rng).point;
  const pureLocation =
    (info.id === 'riemannian-laplace' &&
      !cal.truncated &&
      (space === 'sphere' || s.frechet.metric === 'logEuclidean')) ||
    info.id === 'ambient-laplace';
  const rho =
    info.id === 'ambient-laplace' ? frobeniusDistance : (a: Float64Array, b: Float64Array) => M.dist(a, b);
  return {
    calibration,
    nonPrivate: Float64Array.from(
      info.id === 'extrinsic-gaussian' || info.id === 'ambient-laplace' ? ambientCentre : ds.mean,
    ),
    release,
    logDensity,
    densityExact,
    ...(pureLocation
      ? {
          exactEpsilon(this: PreparedMechanism, other: PreparedMechanism) {
            return locationLoss(this, other, rho);
          },
        }
      : {}),
    ...(pureLocation && info.id === 'riemannian-laplace' && space === 'sphere'
      ? {
          exactTradeOff(this: PreparedMechanism, other: PreparedMechanism) {
            return other.calibration.sigma === sigma
              ? sphereLaplaceTradeOff(ds.mean, other.nonPrivate, sigma)
              : null;
          },
        }
      : {}),
  };
}

/**
 * The exact Euclidean K-norm mechanism for the mean of points in a public ball of radius r in R^d: the KNG of
 * E(z) = (1/2n) Σ‖yᵢ − z‖² (∇E = z − ȳ, ℓ₂ sensitivity Δ = 2r/n), density ∝ exp(−‖z − ȳ‖/σ), normaliser
 * independent of the data: ε-DP for σ ≥ Δ/ε ('paper'), ε/2 for the strict σ = 2Δ/ε.
 */
function prepareEuclideanKnorm(data: MechanismData, s: MechanismSettings): PreparedMechanism {
  const { M, ys } = data;
  if (spaceOf(M) !== 'euclidean')
    throw new RangeError(`the Euclidean K-norm mean is defined on R^d (not ${M.name})`);
  const d = M.ambientDim;
  const n = ys.length;
  const mean = arithmeticMean(ys);
  const sensitivity = (2 * s.frechet.radius) / n;
  const sigma = ((s.frechet.sigmaRule === 'strict' ? 2 : 1) * sensitivity) / s.eps;
  return {
    calibration: {
      epsilon: s.eps,
      delta: 0,
      sigma,
      sensitivity,
      isPrivate: true,
      reason: null,
      notes: [`data assumed in the public ball of radius ${s.frechet.radius} around 0`],
    },
    nonPrivate: mean,
    release: (rng) => {
      const z = kNormLaplace(rng, d, sigma);
      for (let i = 0; i < d; i++) z[i] += mean[i];
      return z;
    },
    logDensity: (z) => -frobeniusDistance(z, mean) / sigma,
    densityExact: true,
    exactEpsilon(other) {
      return locationLoss(this, other, frobeniusDistance);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Linear regression (R^d, x ∈ [0, 1])
// ---------------------------------------------------------------------------------------------------------

function prepareLinreg(method: LinregMethod, data: MechanismData, s: MechanismSettings): PreparedMechanism {
  const xs = needCovariates(data, method);
  if (spaceOf(data.M) !== 'euclidean')
    throw new RangeError(`${method} is defined on R^d (not ${data.M.name})`);
  const ld = { xs, ys: data.ys };
  const fit = olsFit(ld);
  // what the method guarantees (and why not, with data-driven bounds) comes with a release
  const probe = releaseLine(method, ld, s.eps, Rng.fromKey(0, 0xca1), s.linreg, fit);
  let sigma = NaN;
  let sensitivity = NaN;
  let logDensity: ((z: Float64Array) => number) | null = null;
  let exactEpsilon: PreparedMechanism['exactEpsilon'];
  if (method === 'dpgr') {
    // Exact K-norm densities (paper 001): p̃ ∝ exp(−‖p − p̂‖/σ_p); ṽ | p̃ ∝ exp(−m₂‖v − β*(p̃)‖/σ_v), whose
    // normaliser ∝ (σ_v/m₂)^d depends on the covariates; both normalisers are included.
    const cal = dpgrCalibration(ld, s.eps, s.linreg.dpgr, fit);
    const d = fit.intercept.length;
    sigma = cal.sigmaP;
    sensitivity = cal.deltaP;
    logDensity = (z) => {
      const p = z.subarray(0, d);
      const v = z.subarray(d);
      const { beta, m2 } = conditionalSlope(xs, data.ys, p);
      return (
        -frobeniusDistance(p, fit.intercept) / cal.sigmaP -
        d * Math.log(cal.sigmaP) -
        (m2 * frobeniusDistance(v, beta)) / cal.sigmaV +
        d * Math.log(m2 / cal.sigmaV)
      );
    };
    // With the same covariates (the audit's neighbours keep x): footpoint ‖Δp̂‖/σ_p, plus the slope's
    // m₂‖Δβ*‖/σ_v where β*(p̃) = v̂ − (p̃ − p̂)·x̄/m₂ (OLS normal equations), so Δβ* = Δv̂ + Δp̂·x̄/m₂ for every p̃.
    const m2 = xs.reduce((a, x) => a + x * x, 0) / xs.length;
    const xBar = xs.reduce((a, x) => a + x, 0) / xs.length;
    exactEpsilon = (other) => {
      if (other.calibration.sigma !== cal.sigmaP) return null;
      const o = other.nonPrivate;
      let dp = 0;
      let db = 0;
      for (let j = 0; j < d; j++) {
        const dpj = fit.intercept[j] - o[j];
        dp += dpj * dpj;
        db += (fit.slope[j] - o[d + j] + (dpj * xBar) / m2) ** 2;
      }
      return Math.sqrt(dp) / cal.sigmaP + (m2 * Math.sqrt(db)) / cal.sigmaV;
    };
  }
  return {
    calibration: {
      epsilon: method === 'nonprivate' ? Infinity : s.eps,
      delta: probe.delta,
      sigma,
      sensitivity,
      isPrivate: probe.isPrivate,
      reason: probe.isPrivate ? null : (probe.notes[0] ?? probe.guarantee),
      notes: probe.notes,
    },
    nonPrivate: concat(fit.intercept, fit.slope),
    release: (rng) => {
      const line = releaseLine(method, ld, s.eps, rng, s.linreg, fit);
      return concat(line.intercept, line.slope);
    },
    logDensity,
    densityExact: method === 'dpgr',
    ...(exactEpsilon ? { exactEpsilon } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The table: MECHANISM_INFO's entries (mechanismInfo.ts) with how each one prepares
// ---------------------------------------------------------------------------------------------------------

/** How the entry `info` of MECHANISM_INFO prepares. */
function prepareOf(info: MechanismInfo): TableMechanism['prepare'] {
  const frechet = FRECHET_MECHANISM_TABLE.find((f) => f.id === info.id);
  if (frechet) return (data, s) => prepareFrechetMechanism(frechet, data, s);
  const method = PRIVATE_LINREG_METHODS.find((m) => m === info.id);
  if (method) return (data, s) => prepareLinreg(method, data, s);
  if (info.id === 'kng') return (data, s) => prepareKngMechanism(data, s, true);
  if (info.id === 'kng-footpoint') return (data, s) => prepareKngMechanism(data, s, false);
  if (info.id === 'kng-joint') return prepareKngJointMechanism;
  if (info.id === 'nonprivate') return (data) => prepareNonPrivateFit(data);
  if (info.id === 'euclidean-knorm') return prepareEuclideanKnorm;
  throw new Error(`mechanism "${info.id}" has no prepare`);
}

// pure: a page that names none of this table (the lab's, which lists MECHANISM_INFO) does not load it
export const MECHANISMS: readonly TableMechanism[] = /* @__PURE__ */ MECHANISM_INFO.map((info) => ({
  ...info,
  prepare: prepareOf(info),
}));

/**
 * The methods of the linear-regression comparison (the CLI's `linreg --method` values and default): the
 * table's linear-regression mechanisms in table order, then its non-private fit as the baseline.
 */
export function linregMethodIds(table: readonly TableMechanism[] = MECHANISMS): string[] {
  return [...table.filter((m) => m.family === 'linreg').map((m) => m.id), 'nonprivate'];
}
