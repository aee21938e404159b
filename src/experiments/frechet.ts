/**
 * Private Fréchet means: seeded experiments shared by the command line (`frechet`) and the lab
 * (docs/frechet.md).
 *
 * One job = cells (n, k, ε, mechanism); a cell makes `reps` releases, replicate i on its own data set
 * (seeded by (seed, n, k, i), so every mechanism and ε sees the same data sets), and reports the distance of
 * each release to the non-private Fréchet mean. Cells depend on (spec, index) only.
 *
 * Mechanisms (papers 004, 002, 003):
 * - riemannian-laplace: density ∝ exp(−ρ(η, z)/σ). S²: exact; SPD log-Euclidean: exact (or MCMC, to time
 *   002's route); SPD affine: MH (untruncated only for σ < 1/c_k, e.g. √2 for k = 2; otherwise truncated to
 *   the public data ball, which needs σ = 2Δ/ε — with rule 'paper' the cell is not applicable).
 * - tangent-gaussian (002): expm(logm η + N(0, σ²I)), (ε, δ)-DP; log-Euclidean SPD only.
 * - extrinsic-gaussian (002): Gaussian in the ambient space (R³ around the Fréchet mean with the chordal
 *   sensitivity; Sym(k) around the arithmetic mean with the Frobenius sensitivity 2(e^R − 1)/n).
 * - ambient-laplace (004): ℓ₂ K-norm Laplace in the same ambient spaces, σ = Δ_ambient/ε.
 * - conformal (003): see `privacy/frechet/conformal.ts`.
 * Errors: intrinsic mechanisms in the manifold's metric; ambient/extrinsic ones in the Euclidean (R³ or
 * Frobenius) distance from the raw release to the Fréchet mean (`distance` says which). Every row also has the
 * Euclidean distance of all mechanisms, so that 004's Fig. 1 comparison (Euclidean for both) can be made.
 */
import { symDim } from '../geometry/linalg';
import { frechetMean } from '../geometry/mean';
import { sphere } from '../geometry/sphere';
import { spd, type SpdMetric } from '../geometry/spd';
import { ambientSphereLaplace, ambientSpdLaplace } from '../privacy/frechet/ambient';
import {
  affineLaplaceMaxSigma,
  affineSpdLaplace,
  logEuclideanLaplace,
  sigmaFor,
  sphereLaplace,
  sphereLaplaceAnglePdf,
  type SigmaRule,
} from '../privacy/frechet/laplace';
import {
  buildConformalField,
  conformalFactorAt,
  conformalLaplace,
  conformalRate,
  logEuclideanConformalGeometry,
  sphereConformalGeometry,
  type ConformalField,
  type ConformalGeometry,
  type ConformalSign,
} from '../privacy/frechet/conformal';
import { logEuclideanLaplaceMcmc } from '../privacy/frechet/laplaceMcmc';
import { FRECHET_MECHANISM_IDS, type FrechetMechanism } from '../privacy/frechet/mechanisms';
import { chordalSensitivity, frechetSensitivity, frobeniusSensitivity } from '../privacy/frechet/sensitivity';
import {
  extrinsicGaussian,
  frobeniusDistance,
  gaussianSigma,
  tangentGaussian,
  type GaussianCalibration,
} from '../privacy/frechet/tangentGaussian';
import { normalVector } from '../sampling/distributions';
import { Rng } from '../sampling/rng';
import { defineTask } from '../workers/defineTask';
import {
  frechetBallRadius,
  frechetData,
  frechetPointsDataset,
  type FrechetDataset,
  type FrechetManifold,
} from './frechetData';

export type { FrechetManifold, FrechetDataset };

export type { FrechetMechanism };

/** Every mechanism, in a fixed order (its index keys the random streams: toggling one changes no other). */
export const FRECHET_MECHANISMS: readonly FrechetMechanism[] = FRECHET_MECHANISM_IDS;

export interface FrechetSpec {
  manifold: FrechetManifold;
  /** SPD sizes k (one data set family each). Ignored on the sphere (S², written k = 2). */
  ks: number[];
  /** SPD metric of the mean and of the intrinsic mechanisms (ignored on the sphere). */
  metric: SpdMetric;
  /** Data-set sizes. */
  ns: number[];
  /** Public data radius: sphere — cap radius r (< π/4); SPD — 002's r (eigenvalues in [e^{−r}, e^{r}]). */
  radius: number;
  eps: number[];
  /** δ of the Gaussian mechanisms. */
  delta: number;
  mechanisms: FrechetMechanism[];
  calibration: GaussianCalibration;
  /** Laplace scale Δ/ε ('paper') or 2Δ/ε ('strict'); truncated targets always use 2Δ/ε. */
  sigmaRule: SigmaRule;
  /** Replicates (data set + release) per cell. */
  reps: number;
  seed: number;
  /** 003: dense cluster + sparse background instead of homogeneous data. */
  heterogeneous?: boolean;
  /** Log-Euclidean Riemannian Laplace: exact sampler (default) or MH as in 002. */
  rlSampler?: 'exact' | 'mcmc';
  /** MH burn-in of the samplers that need one (affine RL, LE RL with mcmc, conformal). Default 2000. */
  burnIn?: number;
  /** Releases kept per cell for drawing (the first ones). Default 20. */
  keep?: number;
  /** Conformal-DP settings (see privacy/frechet/conformal.ts). */
  conformal?: FrechetConformalSettings;
  /**
   * The user's own data instead of the generator: unit 3-vectors, or k×k SPD matrices row-major. Every
   * replicate then releases the mean of these points (only the noise differs); `ns` must be [points.length]
   * and, on SPD, `ks` [k]. `radius` keeps its meaning (sphere: the data lie in a cap of radius r; SPD: their
   * eigenvalues in [e^{−r}, e^{r}]).
   */
  points?: Float64Array[];
  /** The radius was computed from the data (not a public bound): every release is labelled not private. */
  radiusFromData?: boolean;
}

export interface FrechetConformalSettings {
  /**
   * Where φ comes from: 'private' — the data being released, as in 003; 'public' — a public reference sample
   * drawn independently from the same distribution (fixed for all replicates). Default 'private'. Neither makes
   * the release ε-DP with the computable conformal distance (see privacy/frechet/conformal.ts), so conformal
   * rows are always labelled not private; 'public' removes the leak through φ itself.
   */
  phiSource?: 'private' | 'public';
  /** Size of the public reference sample (default: n). */
  publicN?: number;
  kNeighbors?: number;
  sign?: ConformalSign;
  gain?: number;
}

export interface FrechetCell {
  mechanism: FrechetMechanism;
  n: number;
  k: number;
  eps: number;
  /** False when the mechanism does not apply to these settings (see notes); then there are no releases. */
  applicable: boolean;
  /** Noise scale: Laplace σ, Gaussian σ, conformal 1/λ*. NaN when not applicable. */
  sigma: number;
  /** Sensitivity used (in the mechanism's own distance). */
  sensitivity: number;
  /** 'riemannian': dists are in the manifold's metric; 'euclidean': in R³ / Frobenius. */
  distance: 'riemannian' | 'euclidean';
  /** The first `keep` releases (raw: ambient SPD releases may not be SPD). */
  releases: Float64Array[];
  /** Distance of each release to the non-private Fréchet mean (per replicate). */
  dists: number[];
  sqDists: number[];
  /** Euclidean (R³ chord / Frobenius) distance of each release to the Fréchet mean. */
  euclideanDists: number[];
  /** Seconds spent releasing (all replicates), without data generation. */
  seconds: number;
  /** SPD ambient/extrinsic: releases that are not SPD. */
  notSpdCount?: number;
  /** E ρ² in closed form where known (exact LE Laplace d(d+1)σ², tangent Gaussian dσ², …), else null. */
  theoryMeanSqDist: number | null;
  /** Conformal: φ_min, φ_max and φ at the Fréchet mean, per replicate. */
  phi?: { min: number[]; max: number[]; atMean: number[] };
  isPrivate: boolean;
  notes: string[];
}

export interface FrechetRow {
  mechanism: FrechetMechanism;
  n: number;
  k: number;
  eps: number;
  sigma: number;
  sensitivity: number;
  distance: 'riemannian' | 'euclidean';
  meanDist: number;
  /** Standard error of meanDist (sd/√reps), for ±2SE bars. */
  seDist: number;
  meanSqDist: number;
  meanEuclideanDist: number;
  seEuclideanDist: number;
  theoryMeanSqDist: number | null;
  secondsPerRelease: number;
  fractionNotSpd: number | null;
  /** Conformal: means over replicates of φ_min, φ_max and φ(η); null for other mechanisms. */
  phiMin: number | null;
  phiMax: number | null;
  phiAtMean: number | null;
  reps: number;
  applicable: boolean;
  isPrivate: boolean;
  notes: string[];
}

/** Column order of Fréchet rows in tables (CSV of the lab and the CLI). */
export const FRECHET_ROW_COLUMNS: readonly (keyof FrechetRow)[] = [
  'mechanism',
  'n',
  'k',
  'eps',
  'sigma',
  'sensitivity',
  'distance',
  'meanDist',
  'seDist',
  'meanSqDist',
  'meanEuclideanDist',
  'seEuclideanDist',
  'theoryMeanSqDist',
  'secondsPerRelease',
  'fractionNotSpd',
  'phiMin',
  'phiMax',
  'phiAtMean',
  'reps',
  'applicable',
  'isPrivate',
  'notes',
];

// ---------------------------------------------------------------------------------------------------------
// Spec checks and layout
// ---------------------------------------------------------------------------------------------------------

/** Throws a RangeError naming the first bad field of a spec (empty lists are fine: no cells). */
export function checkFrechetSpec(spec: FrechetSpec): void {
  const fail = (msg: string) => {
    throw new RangeError(`Fréchet experiment: ${msg}`);
  };
  if (spec.manifold !== 'sphere' && spec.manifold !== 'spd')
    fail(`manifold must be 'sphere' or 'spd' (got ${String(spec.manifold)})`);
  if (spec.metric !== 'affine' && spec.metric !== 'logEuclidean')
    fail(`metric must be 'affine' or 'logEuclidean' (got ${String(spec.metric)})`);
  if (spec.ns.some((n) => !Number.isInteger(n) || n < 2))
    fail(`every n must be an integer ≥ 2 (got ${spec.ns.join(', ')})`);
  if (spec.manifold === 'spd' && spec.ks.some((k) => !Number.isInteger(k) || k < 1))
    fail(`every k must be an integer ≥ 1 (got ${spec.ks.join(', ')})`);
  if (spec.eps.some((e) => !(e > 0) || !Number.isFinite(e)))
    fail(`every ε must be a positive number (got ${spec.eps.join(', ')})`);
  if (!(spec.delta > 0 && spec.delta < 1)) fail(`δ must be in (0, 1) (got ${spec.delta})`);
  if (!(spec.radius > 0) || !Number.isFinite(spec.radius))
    fail(`the data radius r must be a positive number (got ${spec.radius})`);
  if (!Number.isInteger(spec.reps) || spec.reps < 1) fail(`reps must be an integer ≥ 1 (got ${spec.reps})`);
  for (const m of spec.mechanisms)
    if (!FRECHET_MECHANISMS.includes(m))
      fail(`unknown mechanism "${String(m)}" (the mechanisms are ${FRECHET_MECHANISMS.join(', ')})`);
  const c = spec.conformal;
  if (c) {
    if (c.phiSource !== undefined && c.phiSource !== 'private' && c.phiSource !== 'public')
      fail(`conformal φ source must be 'private' or 'public' (got ${String(c.phiSource)})`);
    if (c.publicN !== undefined && !(Number.isInteger(c.publicN) && c.publicN >= 3))
      fail(`the public reference sample needs an integer size ≥ 3 (got ${c.publicN})`);
    if (c.kNeighbors !== undefined && !(Number.isInteger(c.kNeighbors) && c.kNeighbors >= 1))
      fail(`conformal k-NN must be an integer ≥ 1 (got ${c.kNeighbors})`);
    if (c.gain !== undefined && !(c.gain >= 0 && Number.isFinite(c.gain)))
      fail(`conformal gain must be a number ≥ 0 (got ${c.gain})`);
  }
  if (spec.burnIn !== undefined && !(Number.isInteger(spec.burnIn) && spec.burnIn >= 0))
    fail(`burn-in must be an integer ≥ 0 (got ${spec.burnIn})`);
  const pts = spec.points;
  if (pts) {
    if (spec.ns.some((n) => n !== pts.length))
      fail(`with your own points, n must be their number ${pts.length} (got ${spec.ns.join(', ')})`);
    const k = spec.manifold === 'sphere' ? 2 : spec.ks[0];
    if (spec.manifold === 'spd' && spec.ks.some((kk) => kk !== k))
      fail(`with your own points, k must be their size (got ${spec.ks.join(', ')})`);
    const size = spec.manifold === 'sphere' ? 3 : k * k;
    if (pts.some((p) => p.length !== size))
      fail(
        `every point must have ${size} entries (${spec.manifold === 'sphere' ? 'a unit 3-vector' : `a ${k}×${k} matrix`})`,
      );
  }
}

/** The k values of a spec (the sphere has one: 2). */
export function frechetKs(spec: FrechetSpec): number[] {
  return spec.manifold === 'sphere' ? [2] : spec.ks;
}

/** Number of cells; also checks the spec (the pool calls this first, so a bad spec fails with its message). */
export function frechetCellCount(spec: FrechetSpec): number {
  checkFrechetSpec(spec);
  return spec.ns.length * frechetKs(spec).length * spec.eps.length * spec.mechanisms.length;
}

/** Cell index → (n, k, ε, mechanism); mechanisms vary fastest so partial results cover all of them early. */
function cellKey(spec: FrechetSpec, index: number) {
  const ks = frechetKs(spec);
  const nm = spec.mechanisms.length;
  const ne = spec.eps.length;
  const nk = ks.length;
  const m = index % nm;
  const e = Math.floor(index / nm) % ne;
  const ki = Math.floor(index / (nm * ne)) % nk;
  const ni = Math.floor(index / (nm * ne * nk));
  return { mechanism: spec.mechanisms[m], epsIndex: e, eps: spec.eps[e], k: ks[ki], n: spec.ns[ni] };
}

/** The random stream of replicate `rep`'s synthetic data for (n, k) (the lab's view draws replicate 0). */
export const frechetDataStream = (seed: number, n: number, k: number, rep: number) =>
  Rng.fromKey(seed, 0xda7a, n, k, rep);

/** The data set of replicate `rep` for (n, k): the same for every mechanism and ε (the user's own, if given). */
export function frechetDataset(spec: FrechetSpec, n: number, k: number, rep: number): FrechetDataset {
  if (spec.points) return frechetPointsDataset(spec.manifold, k, spec.metric, spec.points, spec.radius);
  return frechetData(
    {
      manifold: spec.manifold,
      k,
      metric: spec.metric,
      n,
      radius: spec.radius,
      heterogeneous: spec.heterogeneous,
    },
    frechetDataStream(spec.seed, n, k, rep),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Calibration: Δ, σ and whether the mechanism applies
// ---------------------------------------------------------------------------------------------------------

export interface FrechetCalibration {
  applicable: boolean;
  sigma: number;
  sensitivity: number;
  distance: 'riemannian' | 'euclidean';
  isPrivate: boolean;
  theoryMeanSqDist: number | null;
  notes: string[];
  /** Affine RL: truncate to the public ball (σ ≥ 1/c_k). */
  truncated?: boolean;
}

/** E θ² of the S² Laplace angle, by Simpson's rule on [0, π]. */
function sphereLaplaceMeanSq(sigma: number): number {
  const m = 4000;
  let s = 0;
  for (let i = 0; i <= m; i++) {
    const t = (Math.PI * i) / m;
    const w = i === 0 || i === m ? 1 : i % 2 === 1 ? 4 : 2;
    s += w * t * t * sphereLaplaceAnglePdf(t, sigma);
  }
  return (s * Math.PI) / (3 * m);
}

function notApplicable(distance: 'riemannian' | 'euclidean', note: string): FrechetCalibration {
  return {
    applicable: false,
    sigma: NaN,
    sensitivity: NaN,
    distance,
    isPrivate: true,
    theoryMeanSqDist: null,
    notes: [note],
  };
}

/** Δ of the Fréchet mean in the manifold's metric (004 Thm 2: κ ≤ 0 on SPD gives 2R/n). */
export function intrinsicSensitivity(
  spec: Pick<FrechetSpec, 'manifold' | 'radius'>,
  n: number,
  k: number,
): number {
  const R = frechetBallRadius(spec.manifold, k, spec.radius);
  return spec.manifold === 'sphere' ? frechetSensitivity(sphere(), R, n) : (2 * R) / n;
}

/**
 * Δ, σ and applicability of a mechanism for (n, k, ε). A radius taken from the data makes every release not
 * private (it tells the noise scale something about the data, like a data-driven τ); the user's own data have
 * no public reference sample for Conformal-DP's φ.
 */
export function calibrateFrechet(
  spec: FrechetSpec,
  mechanism: FrechetMechanism,
  n: number,
  k: number,
  eps: number,
): FrechetCalibration {
  if (spec.points && mechanism === 'conformal' && spec.conformal?.phiSource === 'public')
    return notApplicable(
      'riemannian',
      'there is no public reference sample for your own data: choose φ from the data (not private)',
    );
  const cal = calibrateMechanism(spec, mechanism, n, k, eps);
  if (!spec.radiusFromData || !cal.applicable) return cal;
  return {
    ...cal,
    isPrivate: false,
    notes: [
      `NOT PRIVATE: the radius r = ${spec.radius.toPrecision(4)} behind the sensitivity was taken from the data`,
      ...cal.notes,
    ],
  };
}

function calibrateMechanism(
  spec: FrechetSpec,
  mechanism: FrechetMechanism,
  n: number,
  k: number,
  eps: number,
): FrechetCalibration {
  const onSphere = spec.manifold === 'sphere';
  const R = frechetBallRadius(spec.manifold, k, spec.radius);
  const d = onSphere ? 2 : symDim(k);
  try {
    switch (mechanism) {
      case 'riemannian-laplace': {
        const delta = intrinsicSensitivity(spec, n, k);
        const sigma = sigmaFor(delta, eps, spec.sigmaRule);
        const base = {
          applicable: true,
          sensitivity: delta,
          distance: 'riemannian' as const,
          isPrivate: true,
        };
        if (onSphere)
          return {
            ...base,
            sigma,
            theoryMeanSqDist: sphereLaplaceMeanSq(sigma),
            notes: ['S²: exact sampler'],
          };
        if (spec.metric === 'logEuclidean') {
          const mcmc = spec.rlSampler === 'mcmc';
          return {
            ...base,
            sigma,
            theoryMeanSqDist: d * (d + 1) * sigma * sigma,
            notes: [
              mcmc
                ? `log-Euclidean: MH with burn-in ${spec.burnIn ?? 2000} (ε-DP for an exact draw; the sampler's δ is not certified)`
                : 'log-Euclidean: exact sampler (radius ~ Gamma(d, 1/σ))',
            ],
          };
        }
        const limit = affineLaplaceMaxSigma(k);
        if (sigma < limit)
          return {
            ...base,
            sigma,
            theoryMeanSqDist: null,
            notes: [`affine: MH with burn-in ${spec.burnIn ?? 2000} (approximate DP)`],
          };
        if (spec.sigmaRule === 'paper')
          return notApplicable(
            'riemannian',
            `affine SPD(${k}): σ = Δ/ε = ${sigma.toPrecision(3)} ≥ ${limit.toPrecision(3)}, where the untruncated ` +
              'Laplace density does not exist; truncating to the public data ball needs σ = 2Δ/ε (sigma rule "strict")',
          );
        return {
          ...base,
          sigma,
          theoryMeanSqDist: null,
          truncated: true,
          notes: [
            `affine SPD(${k}): σ = ${sigma.toPrecision(3)} ≥ ${limit.toPrecision(3)}, so the target is truncated ` +
              `to the public data ball B_${R.toPrecision(3)}(I) (004 Thm 3); MH, approximate DP`,
          ],
        };
      }
      case 'tangent-gaussian': {
        if (onSphere || spec.metric !== 'logEuclidean')
          return notApplicable(
            'riemannian',
            'the tangent Gaussian (002) privatises the log-Euclidean mean of SPD matrices: use manifold spd with metric logEuclidean',
          );
        const delta = (2 * R) / n;
        const sigma = gaussianSigma(delta, eps, spec.delta, spec.calibration);
        return {
          applicable: true,
          sigma,
          sensitivity: delta,
          distance: 'riemannian',
          isPrivate: true,
          theoryMeanSqDist: d * sigma * sigma,
          notes: [`(ε, δ)-DP with δ = ${spec.delta}, ${spec.calibration} calibration`],
        };
      }
      case 'extrinsic-gaussian':
      case 'ambient-laplace': {
        const gaussian = mechanism === 'extrinsic-gaussian';
        const delta = onSphere
          ? chordalSensitivity(intrinsicSensitivity(spec, n, k))
          : frobeniusSensitivity(R, n);
        const sigma = gaussian ? gaussianSigma(delta, eps, spec.delta, spec.calibration) : delta / eps;
        const D = onSphere ? 3 : symDim(k);
        return {
          applicable: true,
          sigma,
          sensitivity: delta,
          distance: 'euclidean',
          isPrivate: true,
          // centred at the Fréchet mean on S² (no bias); on SPD the centre is the arithmetic mean
          theoryMeanSqDist: onSphere ? (gaussian ? D : D * (D + 1)) * sigma * sigma : null,
          notes: [
            onSphere
              ? 'R³ around the Fréchet mean, chordal sensitivity; error = Euclidean distance of the raw release'
              : 'Sym(k) around the arithmetic mean (Frobenius sensitivity 2(e^R − 1)/n); error = Frobenius distance to the Fréchet mean',
            ...(gaussian ? [`(ε, δ)-DP with δ = ${spec.delta}, ${spec.calibration} calibration`] : []),
          ],
        };
      }
      case 'conformal': {
        if (!onSphere && spec.metric !== 'logEuclidean')
          return notApplicable(
            'riemannian',
            'conformal-DP is implemented on S² and log-Euclidean SPD (003 works with log-matrices): use metric logEuclidean',
          );
        const c = spec.conformal ?? {};
        const fromPublic = c.phiSource === 'public';
        const delta = intrinsicSensitivity(spec, n, k);
        return {
          applicable: true,
          sigma: NaN, // 1/λ* = 2√φ_max·Δ/ε depends on φ, filled in per replicate
          sensitivity: delta,
          distance: 'riemannian',
          // Not ε-DP in either case (privacy/frechet/conformal.ts, "Privacy"): the notes say why.
          isPrivate: false,
          theoryMeanSqDist: null,
          notes: [
            fromPublic
              ? `NOT PRIVATE: φ comes from a public reference sample of ${c.publicN ?? n} points, but the ` +
                'computable conformal distance (g*-length of the g-geodesic) lacks the triangle inequality ' +
                '003’s proof needs; measured privacy loss exceeds ε for non-constant φ'
              : 'NOT PRIVATE: φ (hence the metric, φ_max and the noise) is estimated from the private data itself, as in 003',
            `λ* = ε/(2√φ_max Δ); sign ${c.sign ?? 'dense-contracts'}, gain ${c.gain ?? 1}, k-NN ${c.kNeighbors ?? 10}; ` +
              `MH with burn-in ${spec.burnIn ?? 2000}`,
          ],
        };
      }
    }
  } catch (e) {
    return notApplicable('riemannian', e instanceof Error ? e.message : String(e));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Releases
// ---------------------------------------------------------------------------------------------------------

interface Release {
  point: Float64Array;
  dist: number;
  euclidean: number;
  notSpd?: boolean;
}

function euclideanDist(a: Float64Array, b: Float64Array): number {
  return frobeniusDistance(a, b);
}

export function releaseOne(
  spec: FrechetSpec,
  mechanism: FrechetMechanism,
  k: number,
  cal: FrechetCalibration,
  data: FrechetDataset,
  rng: Rng,
): Release {
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

// ---------------------------------------------------------------------------------------------------------
// The task
// ---------------------------------------------------------------------------------------------------------

/** Per-worker cache: the data sets (and conformal fields) of the (n, k) last used (cells of one (n, k) are contiguous). */
export interface FrechetScratch {
  key: string;
  datasets: FrechetDataset[];
  /** Conformal φ from each replicate's own data. */
  privateFields: ConformalField[];
  /** Conformal φ from the public reference sample. */
  publicField: ConformalField | null;
}

export function frechetSetup(): FrechetScratch {
  return { key: '', datasets: [], privateFields: [], publicField: null };
}

function useKey(scratch: FrechetScratch, n: number, k: number): void {
  const key = `${n}/${k}`;
  if (scratch.key !== key) {
    scratch.key = key;
    scratch.datasets = [];
    scratch.privateFields = [];
    scratch.publicField = null;
  }
}

function conformalGeometry(spec: FrechetSpec, k: number): ConformalGeometry {
  return spec.manifold === 'sphere' ? sphereConformalGeometry() : logEuclideanConformalGeometry(k);
}

/** The public reference sample of (n, k): same distribution as the data, its own random stream. */
export function frechetPublicSample(spec: FrechetSpec, n: number, k: number): Float64Array[] {
  const size = spec.conformal?.publicN ?? n;
  return frechetData(
    {
      manifold: spec.manifold,
      k,
      metric: spec.metric,
      n: size,
      radius: spec.radius,
      heterogeneous: spec.heterogeneous,
    },
    Rng.fromKey(spec.seed, 0x9ab1, n, k),
  ).points;
}

/** φ for a replicate's data set: from its own points ('private') or from the public reference sample. */
export function frechetConformalField(
  spec: FrechetSpec,
  n: number,
  k: number,
  data: FrechetDataset,
): ConformalField {
  const g = conformalGeometry(spec, k);
  const c = spec.conformal ?? {};
  const sample = c.phiSource === 'public' ? frechetPublicSample(spec, n, k) : data.points;
  return buildConformalField(
    g,
    sample.map((p) => g.toCoords(p)),
    { kNeighbors: c.kNeighbors, sign: c.sign, gain: c.gain },
  );
}

export function frechetCell(
  spec: FrechetSpec,
  index: number,
  scratch: FrechetScratch = frechetSetup(),
): FrechetCell {
  const { mechanism, epsIndex, eps, k, n } = cellKey(spec, index);
  const cal = calibrateFrechet(spec, mechanism, n, k, eps);
  const cell: FrechetCell = {
    mechanism,
    n,
    k,
    eps,
    applicable: cal.applicable,
    sigma: cal.sigma,
    sensitivity: cal.sensitivity,
    distance: cal.distance,
    releases: [],
    dists: [],
    sqDists: [],
    euclideanDists: [],
    seconds: 0,
    theoryMeanSqDist: cal.theoryMeanSqDist,
    isPrivate: cal.isPrivate,
    notes: [...cal.notes],
  };
  if (!cal.applicable) return cell;
  const keep = spec.keep ?? 20;
  useKey(scratch, n, k);
  const mIndex = FRECHET_MECHANISMS.indexOf(mechanism);
  let notSpd = 0;
  const checksSpd =
    spec.manifold === 'spd' && (mechanism === 'ambient-laplace' || mechanism === 'extrinsic-gaussian');
  const conformal = mechanism === 'conformal';
  const fromPublic = spec.conformal?.phiSource === 'public';
  const inverseRates: number[] = [];
  if (conformal) cell.phi = { min: [], max: [], atMean: [] };
  const fail = (rep: number, e: unknown) => {
    cell.applicable = false;
    const message = e instanceof Error ? e.message : String(e);
    // Intrinsic SPD noise of Frobenius size ≳ 30 in log coordinates gives matrices whose eigenvalues span more
    // than double precision (expm then logm no longer round-trips): say so rather than only echo linalg.
    const hint = /positive definite|not finite|not representable/.test(message)
      ? ' — the release is not representable in double precision (the noise is too large in log ' +
        'coordinates for this k and σ; its E ρ² is still the closed form where one is given)'
      : '';
    cell.notes.push(`replicate ${rep}: ${message}${hint}`);
    cell.releases = [];
    cell.dists = [];
    cell.sqDists = [];
    cell.euclideanDists = [];
    return cell;
  };
  for (let rep = 0; rep < spec.reps; rep++) {
    // the user's own points are one data set for all replicates (its mean is computed once)
    const data = (scratch.datasets[spec.points ? 0 : rep] ??= frechetDataset(spec, n, k, rep));
    const rng = Rng.fromKey(spec.seed, 0xf7ec, mIndex, n, k, epsIndex, rep);
    let r: Release;
    try {
      if (conformal) {
        // φ is part of the mechanism's work when it comes from the private data (timed); the public one is not.
        const t0 = performance.now();
        const field = fromPublic
          ? (scratch.publicField ??= frechetConformalField(spec, n, k, data))
          : (scratch.privateFields[rep] ??= frechetConformalField(spec, n, k, data));
        const t1 = performance.now();
        const g = field.geometry;
        const lambda = conformalRate(eps, cal.sensitivity, field.phiMax);
        const rel = conformalLaplace(field, g.toCoords(data.mean), lambda, rng, {
          burnIn: spec.burnIn ?? 2000,
        });
        const point = g.fromCoords(rel.coords);
        const M = spec.manifold === 'sphere' ? sphere() : spd(k, 'logEuclidean');
        r = { point, dist: M.dist(data.mean, point), euclidean: frobeniusDistance(data.mean, point) };
        cell.seconds += ((fromPublic ? 0 : t1 - t0) + performance.now() - t1) / 1000;
        inverseRates.push(1 / lambda);
        cell.phi!.min.push(field.phiMin);
        cell.phi!.max.push(field.phiMax);
        cell.phi!.atMean.push(conformalFactorAt(field, g.toCoords(data.mean)));
      } else {
        const t0 = performance.now();
        r = releaseOne(spec, mechanism, k, cal, data, rng);
        cell.seconds += (performance.now() - t0) / 1000;
      }
    } catch (e) {
      return fail(rep, e);
    }
    if (rep < keep) cell.releases.push(r.point);
    cell.dists.push(r.dist);
    cell.sqDists.push(r.dist * r.dist);
    cell.euclideanDists.push(r.euclidean);
    if (r.notSpd) notSpd++;
  }
  if (checksSpd) cell.notSpdCount = notSpd;
  if (conformal) cell.sigma = meanOf(inverseRates);
  return cell;
}

const meanOf = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
function seOf(xs: readonly number[]): number {
  if (xs.length < 2) return NaN;
  const m = meanOf(xs);
  const v = xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1);
  return Math.sqrt(v / xs.length);
}

/** One row per cell computed so far (partial results give partial tables), sorted by mechanism, n, k, ε. */
export function aggregateFrechet(cells: readonly (FrechetCell | undefined)[]): FrechetRow[] {
  const rows: FrechetRow[] = [];
  for (const c of cells) {
    if (!c) continue;
    const reps = c.dists.length;
    rows.push({
      mechanism: c.mechanism,
      n: c.n,
      k: c.k,
      eps: c.eps,
      sigma: c.sigma,
      sensitivity: c.sensitivity,
      distance: c.distance,
      meanDist: meanOf(c.dists),
      seDist: seOf(c.dists),
      meanSqDist: meanOf(c.sqDists),
      meanEuclideanDist: meanOf(c.euclideanDists),
      seEuclideanDist: seOf(c.euclideanDists),
      theoryMeanSqDist: c.theoryMeanSqDist,
      secondsPerRelease: reps > 0 ? c.seconds / reps : NaN,
      fractionNotSpd: c.notSpdCount !== undefined && reps > 0 ? c.notSpdCount / reps : null,
      phiMin: c.phi && reps > 0 ? meanOf(c.phi.min) : null,
      phiMax: c.phi && reps > 0 ? meanOf(c.phi.max) : null,
      phiAtMean: c.phi && reps > 0 ? meanOf(c.phi.atMean) : null,
      reps,
      applicable: c.applicable,
      isPrivate: c.isPrivate,
      notes: c.notes,
    });
  }
  const order = (m: FrechetMechanism) => FRECHET_MECHANISMS.indexOf(m);
  rows.sort((a, b) => order(a.mechanism) - order(b.mechanism) || a.n - b.n || a.k - b.k || a.eps - b.eps);
  return rows;
}

/** The whole experiment on this thread (tests, small runs); the worker pool runs the same cells. */
export function runFrechet(spec: FrechetSpec): FrechetRow[] {
  const scratch = frechetSetup();
  return aggregateFrechet(
    Array.from({ length: frechetCellCount(spec) }, (_, i) => frechetCell(spec, i, scratch)),
  );
}

export const frechetTask = defineTask<FrechetSpec, FrechetCell, FrechetScratch>({
  cellCount: frechetCellCount,
  setup: frechetSetup,
  cell: frechetCell,
});

// ---------------------------------------------------------------------------------------------------------
// 004 Fig. 1 (first and third panels): empirical sensitivity of the Fréchet mean vs n, against the bound
// ---------------------------------------------------------------------------------------------------------

export interface FrechetSensitivitySpec {
  manifold: FrechetManifold;
  k: number;
  metric: SpdMetric;
  ns: number[];
  radius: number;
  /** Adjacent pairs per n. */
  pairs: number;
  seed: number;
}

export interface FrechetSensitivityRow {
  n: number;
  pair: number;
  /** ρ(x̄, x̄′) for D and D′ differing in their last point. */
  empirical: number;
  /** 004 Thm 2 for the public radius. */
  bound: number;
}

/** Number of cells (one per adjacent pair: n varies slowest); checks the spec. */
export function frechetSensitivityCellCount(spec: FrechetSensitivitySpec): number {
  const fail = (msg: string) => {
    throw new RangeError(`Fréchet sensitivity experiment: ${msg}`);
  };
  if (spec.manifold !== 'sphere' && spec.manifold !== 'spd')
    fail(`manifold must be 'sphere' or 'spd' (got ${String(spec.manifold)})`);
  if (spec.ns.some((n) => !Number.isInteger(n) || n < 2))
    fail(`every n must be an integer ≥ 2 (got ${spec.ns.join(', ')})`);
  if (!Number.isInteger(spec.pairs) || spec.pairs < 1)
    fail(`pairs must be an integer ≥ 1 (got ${spec.pairs})`);
  if (!(spec.radius > 0) || !Number.isFinite(spec.radius))
    fail(`the data radius r must be a positive number (got ${spec.radius})`);
  if (spec.manifold === 'spd' && !(Number.isInteger(spec.k) && spec.k >= 1))
    fail(`k must be an integer ≥ 1 (got ${spec.k})`);
  return spec.ns.length * spec.pairs;
}

/**
 * One adjacent pair: n + 1 points from the experiment's generator, seeded by (seed, n, k, pair); D drops the
 * last, D′ the second-to-last (the other n − 1 are shared).
 */
export function frechetSensitivityCell(spec: FrechetSensitivitySpec, index: number): FrechetSensitivityRow {
  const { manifold, k, metric, radius } = spec;
  const n = spec.ns[Math.floor(index / spec.pairs)];
  const pair = index % spec.pairs;
  const M = manifold === 'sphere' ? sphere() : spd(k, metric);
  const R = frechetBallRadius(manifold, k, radius);
  const bound = manifold === 'sphere' ? frechetSensitivity(M, R, n) : (2 * R) / n;
  const all = frechetData(
    { manifold, k, metric, n: n + 1, radius },
    Rng.fromKey(spec.seed, 0x5e45, n, k, pair),
  ).points;
  const D = all.slice(0, n);
  const D2 = [...all.slice(0, n - 1), all[n]];
  const meanOfSet = (ys: Float64Array[]) => frechetMean(M, ys, { init: ys[0] });
  return { n, pair, empirical: M.dist(meanOfSet(D), meanOfSet(D2)), bound };
}

/** All pairs on this thread (the command line); the lab runs the same cells as the `frechetSensitivity` task. */
export function frechetSensitivityExperiment(spec: FrechetSensitivitySpec): FrechetSensitivityRow[] {
  return Array.from({ length: frechetSensitivityCellCount(spec) }, (_, i) => frechetSensitivityCell(spec, i));
}

export const frechetSensitivityTask = defineTask<FrechetSensitivitySpec, FrechetSensitivityRow>({
  cellCount: frechetSensitivityCellCount,
  cell: frechetSensitivityCell,
});
