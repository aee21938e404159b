/**
 * Seeded synthetic data for the private Fréchet-mean experiments (papers 004, 002, 003; docs/experiments.md).
 *
 * - Sphere S² (004 §5.2): points uniform (w.r.t. area) in the geodesic cap B_r(m₀) around the north pole
 *   m₀ = (0, 0, 1); r < π/4 so that 004 Thm 2 applies.
 * - SPD(k) (002 §5): X = Q diag(λ) Qᵀ with λᵢ uniform on [e^{−r}, e^{r}] and Q Haar-distributed. Then
 *   ‖logm X‖_F ≤ √k·r: the data lie in the ball of radius R = √k·r around I, in the log-Euclidean metric and
 *   in the affine one (the two distances from I coincide).
 * - Heterogeneous (003): a dense cluster holding 80% of the points plus a sparse background (20%) spread
 *   over the whole public ball, so the density varies strongly while the public radius — and hence the
 *   sensitivity — stays the same as for homogeneous data. Sphere: cluster = cap of radius r/5 centred at
 *   distance r/2 from m₀; SPD: cluster = logm X in the Frobenius ball of radius R/5 around a fixed symmetric
 *   C with ‖C‖_F = R/2. (Both stay inside B_R: R/2 + R/5 < R.)
 */
import { expm, spdEig, symDim, symToVecd, vecdToSym } from '../geometry/linalg';
import { frechetMean } from '../geometry/mean';
import { sphere } from '../geometry/sphere';
import { spd, type SpdMetric } from '../geometry/spd';
import { frechetBallRadius } from '../privacy/frechet/sensitivity';
import type { FrechetManifold } from '../privacy/frechet/settings';
import { arithmeticMean } from '../privacy/frechet/tangentGaussian';
import { uniformInBall } from '../sampling/distributions';
import type { Rng } from '../sampling/rng';

/** Share of the points in the dense cluster of heterogeneous data. */
export const HETEROGENEOUS_CLUSTER_SHARE = 0.8;

export interface FrechetDataOptions {
  manifold: FrechetManifold;
  /** SPD size (ignored on the sphere). */
  k: number;
  /** Metric of the Fréchet mean on SPD (ignored on the sphere). */
  metric: SpdMetric;
  n: number;
  /** Sphere: the cap radius r; SPD: 002's r (eigenvalues in [e^{−r}, e^{r}]). */
  radius: number;
  heterogeneous?: boolean;
}

export interface FrechetDataset {
  points: Float64Array[];
  /** The Fréchet mean in the manifold's metric (sphere: geodesic; SPD: affine or log-Euclidean). */
  mean: Float64Array;
  /** Arithmetic mean of the points in the ambient space (R³ or Sym(k)): the centre of the SPD baselines. */
  arithmeticMean: Float64Array;
  /** Centre m₀ of the public data ball (north pole, or I). */
  center: Float64Array;
  /** Radius of the public data ball in the manifold metric (sphere r; SPD √k·r). */
  ballRadius: number;
}

/** Haar-distributed k×k orthogonal matrix (row-major): Gram–Schmidt of a Gaussian matrix, column by column. */
export function haarOrthogonal(k: number, rng: Rng): Float64Array {
  const Q = new Float64Array(k * k);
  for (let j = 0; j < k; j++) {
    let norm: number;
    do {
      for (let i = 0; i < k; i++) Q[i * k + j] = rng.normal();
      // modified Gram–Schmidt against the previous columns, twice ("twice is enough")
      for (let pass = 0; pass < 2; pass++)
        for (let l = 0; l < j; l++) {
          let s = 0;
          for (let i = 0; i < k; i++) s += Q[i * k + l] * Q[i * k + j];
          for (let i = 0; i < k; i++) Q[i * k + j] -= s * Q[i * k + l];
        }
      norm = 0;
      for (let i = 0; i < k; i++) norm += Q[i * k + j] ** 2;
      norm = Math.sqrt(norm);
    } while (!(norm > 1e-8));
    for (let i = 0; i < k; i++) Q[i * k + j] /= norm;
  }
  return Q;
}

const NORTH = Float64Array.of(0, 0, 1);

/** Uniform (area) point of the cap of radius r around the unit vector c. */
function uniformInCap(c: Float64Array, r: number, rng: Rng): Float64Array {
  const M = sphere();
  // cos θ uniform on [cos r, 1] makes the point area-uniform in the cap.
  const cosT = 1 - rng.uniform() * (1 - Math.cos(r));
  const theta = Math.acos(Math.min(1, cosT));
  const v = new Float64Array(3);
  let nv: number;
  do {
    M.randomTangent(c, rng, v);
    nv = Math.hypot(v[0], v[1], v[2]);
  } while (!(nv > 1e-12));
  for (let i = 0; i < 3; i++) v[i] *= theta / nv;
  return M.exp(c, v);
}

/** A 002 matrix X = Q diag(λ) Qᵀ and its logarithm Q diag(log λ) Qᵀ (known exactly: no logm needed). */
function spd002(k: number, r: number, rng: Rng): { X: Float64Array; log: Float64Array } {
  const Q = haarOrthogonal(k, rng);
  const lo = Math.exp(-r);
  const hi = Math.exp(r);
  const lambda = Array.from({ length: k }, () => lo + (hi - lo) * rng.uniform());
  const logLambda = lambda.map(Math.log);
  const X = new Float64Array(k * k);
  const L = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = i; j < k; j++) {
      let s = 0;
      let t = 0;
      for (let l = 0; l < k; l++) {
        const q = Q[i * k + l] * Q[j * k + l];
        s += q * lambda[l];
        t += q * logLambda[l];
      }
      X[i * k + j] = X[j * k + i] = s;
      L[i * k + j] = L[j * k + i] = t;
    }
  return { X, log: L };
}

/** The fixed centre C (‖C‖_F = R/2) of the SPD dense cluster, in vecd coordinates. */
function spdClusterCenter(k: number, R: number): Float64Array {
  const d = symDim(k);
  const c = Float64Array.from({ length: d }, (_, i) => Math.cos(1.7 * i + 0.3));
  const norm = Math.hypot(...c);
  for (let i = 0; i < d; i++) c[i] *= R / 2 / norm;
  return c;
}

/** The data set of one replicate. `rng` is consumed (pass a stream dedicated to the data). */
export function frechetData(opts: FrechetDataOptions, rng: Rng): FrechetDataset {
  const { manifold, k, n, radius } = opts;
  if (!(n >= 2) || !Number.isInteger(n))
    throw new RangeError(`frechetData: n must be an integer ≥ 2 (got ${n})`);
  if (!(radius > 0) || !Number.isFinite(radius))
    throw new RangeError(`frechetData: the data radius r must be a positive number (got ${radius})`);
  const clustered = opts.heterogeneous ? Math.round(HETEROGENEOUS_CLUSTER_SHARE * n) : 0;
  const points: Float64Array[] = [];
  if (manifold === 'sphere') {
    const M = sphere();
    const clusterCenter = M.exp(NORTH, Float64Array.of(radius / 2, 0, 0));
    for (let i = 0; i < n; i++)
      points.push(
        i < clustered ? uniformInCap(clusterCenter, radius / 5, rng) : uniformInCap(NORTH, radius, rng),
      );
    const mean = frechetMean(M, points, { init: NORTH });
    return {
      points,
      mean,
      arithmeticMean: arithmeticMean(points),
      center: Float64Array.from(NORTH),
      ballRadius: radius,
    };
  }
  if (!(k >= 1) || !Number.isInteger(k))
    throw new RangeError(`frechetData: k must be an integer ≥ 1 (got ${k})`);
  const R = frechetBallRadius('spd', k, radius);
  const d = symDim(k);
  const c = clustered > 0 ? spdClusterCenter(k, R) : null;
  // Log-Euclidean mean in closed form from the points' logarithms (which the generator knows exactly); it
  // also starts the affine gradient descent.
  const logSum = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    let l: Float64Array;
    if (c && i < clustered) {
      l = uniformInBall(rng, d, R / 5);
      for (let j = 0; j < d; j++) l[j] += c[j];
      points.push(expm(vecdToSym(l, k), k));
    } else {
      const g = spd002(k, radius, rng);
      points.push(g.X);
      l = symToVecd(g.log, k);
    }
    for (let j = 0; j < d; j++) logSum[j] += l[j] / n;
  }
  const leMean = expm(vecdToSym(logSum, k), k);
  const mean = opts.metric === 'affine' ? frechetMean(spd(k, 'affine'), points, { init: leMean }) : leMean;
  const I = new Float64Array(k * k);
  for (let i = 0; i < k; i++) I[i * k + i] = 1;
  return { points, mean, arithmeticMean: arithmeticMean(points), center: I, ballRadius: R };
}

/**
 * The user's own points as a data set: their Fréchet mean (sphere: from the normalised arithmetic mean;
 * SPD: from the log-Euclidean mean), arithmetic mean, and the public ball of the radius setting — a cap of
 * radius r (its centre is not needed: no sphere mechanism truncates) or the ball of radius √k·r around I.
 */
export function frechetPointsDataset(
  manifold: FrechetManifold,
  k: number,
  metric: SpdMetric,
  points: Float64Array[],
  radius: number,
): FrechetDataset {
  const am = arithmeticMean(points);
  if (manifold === 'sphere') {
    const norm = Math.hypot(am[0], am[1], am[2]);
    const init = norm > 1e-9 ? am.map((c) => c / norm) : points[0];
    return {
      points,
      mean: frechetMean(sphere(), points, { init }),
      arithmeticMean: am,
      center: Float64Array.from(NORTH),
      ballRadius: radius,
    };
  }
  const leMean = frechetMean(spd(k, 'logEuclidean'), points);
  const mean = metric === 'affine' ? frechetMean(spd(k, 'affine'), points, { init: leMean }) : leMean;
  const I = new Float64Array(k * k);
  for (let i = 0; i < k; i++) I[i * k + i] = 1;
  return { points, mean, arithmeticMean: am, center: I, ballRadius: frechetBallRadius('spd', k, radius) };
}

/**
 * The smallest radius r the data satisfy, in the radius setting's meaning: sphere — the largest geodesic
 * distance from their Fréchet mean (a cap of that radius around it holds them all); SPD — the largest |log λ|
 * over the eigenvalues of all matrices (so every eigenvalue lies in [e^{−r}, e^{r}]). Computed from the data,
 * so a release calibrated with it is not private.
 */
export function frechetDataRadius(data: FrechetDataset, manifold: FrechetManifold, k: number): number {
  let r = 0;
  if (manifold === 'sphere') {
    const M = sphere();
    for (const p of data.points) r = Math.max(r, M.dist(data.mean, p));
    return r;
  }
  for (const p of data.points) {
    const { values } = spdEig(p, k, 'data point');
    r = Math.max(r, Math.abs(Math.log(values[0])), Math.abs(Math.log(values[k - 1])));
  }
  return r;
}
