/**
 * One release of a Fréchet-mean mechanism for a data set, calibrated by calibration.ts: the noisy point, its
 * distance to the non-private Fréchet mean η in the mechanism's own distance (the manifold's metric for the
 * intrinsic mechanisms; R³ / Frobenius for the ambient ones, which release around η or the arithmetic mean and
 * may leave the space), and its Euclidean distance to η.
 */
import { sphere } from '../../geometry/sphere';
import { spd } from '../../geometry/spd';
import { normalVector } from '../../sampling/distributions';
import type { Rng } from '../../sampling/rng';
import { ambientSphereLaplace, ambientSpdLaplace } from './ambient';
import type { FrechetCalibration } from './calibration';
import type { ConformalField } from './conformal';
import { conformalLaplace, conformalRate } from './conformalLaplace';
import { affineSpdLaplace, logEuclideanLaplace, sphereLaplace } from './laplace';
import { logEuclideanLaplaceMcmc } from './laplaceMcmc';
import type { FrechetMechanism } from './mechanisms';
import type { FrechetReleaseSpec } from './settings';
import { extrinsicGaussian, frobeniusDistance, tangentGaussian } from './tangentGaussian';

/** What a release reads from the data set (the experiment's data sets have more). */
export interface FrechetReleaseData {
  /** The Fréchet mean η in the manifold's metric. */
  mean: Float64Array;
  /** Arithmetic mean in the ambient space: the centre of the SPD ambient mechanisms. */
  arithmeticMean: Float64Array;
  /** Centre and radius of the public data ball (the truncated affine Laplace). */
  center: Float64Array;
  ballRadius: number;
}

export interface FrechetRelease {
  point: Float64Array;
  /** Distance to η in the mechanism's own distance. */
  dist: number;
  euclidean: number;
  /** SPD ambient mechanisms: the release is not SPD. */
  notSpd?: boolean;
}

function euclideanDist(a: Float64Array, b: Float64Array): number {
  return frobeniusDistance(a, b);
}

/** A release of any mechanism but conformal (which needs φ: `releaseConformal`). */
export function releaseOne(
  spec: Pick<FrechetReleaseSpec, 'manifold' | 'metric' | 'rlSampler' | 'burnIn'>,
  mechanism: FrechetMechanism,
  k: number,
  cal: FrechetCalibration,
  data: FrechetReleaseData,
  rng: Rng,
): FrechetRelease {
  const eta = data.mean;
  const burnIn = spec.burnIn ?? 2000;
  if (spec.manifold === 'sphere') {
    const M = sphere();
    switch (mechanism) {
      case 'riemannian-laplace': {
        const z = sphereLaplace(eta, cal.sigma, rng);
        return { point: z, dist: M.dist(eta, z), euclidean: euclideanDist(eta, z) };
      }
      case 'ambient-laplace': {
        const z = ambientSphereLaplace(eta, cal.sigma, rng, false).raw;
        const e = euclideanDist(eta, z);
        return { point: z, dist: e, euclidean: e };
      }
      case 'extrinsic-gaussian': {
        const g = normalVector(rng, 3);
        const z = Float64Array.from(eta, (x, i) => x + cal.sigma * g[i]);
        const e = euclideanDist(eta, z);
        return { point: z, dist: e, euclidean: e };
      }
      default:
        throw new RangeError(`no ${mechanism} release on the sphere`);
    }
  }
  const M = spd(k, spec.metric);
  switch (mechanism) {
    case 'riemannian-laplace': {
      let z: Float64Array;
      if (spec.metric === 'logEuclidean')
        z =
          spec.rlSampler === 'mcmc'
            ? logEuclideanLaplaceMcmc(eta, k, cal.sigma, rng, { burnIn }).point
            : logEuclideanLaplace(eta, k, cal.sigma, rng);
      else
        z = affineSpdLaplace(eta, k, cal.sigma, rng, {
          burnIn,
          ...(cal.truncated ? { truncate: { center: data.center, radius: data.ballRadius } } : {}),
        }).point;
      return { point: z, dist: M.dist(eta, z), euclidean: euclideanDist(eta, z) };
    }
    case 'tangent-gaussian': {
      const z = tangentGaussian(eta, k, cal.sigma, rng);
      return { point: z, dist: M.dist(eta, z), euclidean: euclideanDist(eta, z) };
    }
    case 'extrinsic-gaussian': {
      const r = extrinsicGaussian(data.arithmeticMean, k, cal.sigma, rng);
      const e = euclideanDist(eta, r.matrix);
      return { point: r.matrix, dist: e, euclidean: e, notSpd: !r.isSpd };
    }
    case 'ambient-laplace': {
      const r = ambientSpdLaplace(data.arithmeticMean, k, cal.sigma, rng);
      const e = euclideanDist(eta, r.matrix);
      return { point: r.matrix, dist: e, euclidean: e, notSpd: !r.isSpd };
    }
    default:
      throw new RangeError(`no ${mechanism} release on SPD`);
  }
}

/**
 * A Conformal-DP release with φ given (from the data or a public sample), on S² or log-Euclidean SPD(k), and
 * its rate λ* = ε/(2√φ_max Δ).
 */
export function releaseConformal(
  spec: Pick<FrechetReleaseSpec, 'manifold' | 'burnIn'>,
  k: number,
  field: ConformalField,
  eps: number,
  sensitivity: number,
  mean: Float64Array,
  rng: Rng,
): { release: FrechetRelease; lambda: number } {
  const g = field.geometry;
  const lambda = conformalRate(eps, sensitivity, field.phiMax);
  const rel = conformalLaplace(field, g.toCoords(mean), lambda, rng, {
    burnIn: spec.burnIn ?? 2000,
  });
  const point = g.fromCoords(rel.coords);
  const M = spec.manifold === 'sphere' ? sphere() : spd(k, 'logEuclidean');
  return {
    release: { point, dist: M.dist(mean, point), euclidean: frobeniusDistance(mean, point) },
    lambda,
  };
}
