/** The table's means: every Fréchet-mean mechanism, and the exact Euclidean K-norm mean of R^d. */
import { logm, symToVecd } from '../../geometry/linalg';
import { frechetMean } from '../../geometry/mean';
import type { Manifold } from '../../geometry/types';
import { calibrateFrechet } from '../../privacy/frechet/calibration';
import type { ConformalField } from '../../privacy/frechet/conformal';
import { conformalLaplace, conformalRate } from '../../privacy/frechet/conformalLaplace';
import { sphereLaplaceLogDensity } from '../../privacy/frechet/laplace';
import type { FrechetMechanism, FrechetMechanismInfo } from '../../privacy/frechet/mechanisms';
import { releaseOne } from '../../privacy/frechet/release';
import { arithmeticMean, frobeniusDistance } from '../../privacy/frechet/tangentGaussian';
import { sphereLaplaceTradeOff } from '../../privacy/frechet/tradeOff';
import {
  spaceOf,
  type MechanismCalibration,
  type MechanismData,
  type PreparedMechanism,
} from '../../privacy/mechanism';
import { kNormLaplace } from '../../sampling/distributions';
import type { Rng } from '../../sampling/rng';
import { frechetConformalField } from '../frechet';
import type { FrechetDataset } from '../frechetData';
import type { FrechetSpec } from '../frechetSpec';
import { locationLoss, type FrechetMechanismSettings, type MechanismSettings } from './shared';

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

export function prepareFrechetMechanism(
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
export function prepareEuclideanKnorm(data: MechanismData, s: MechanismSettings): PreparedMechanism {
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
