/**
 * Private Fréchet means: seeded experiments shared by the command line (`frechet`) and the lab
 * (docs/frechet.md).
 *
 * One job = cells (n, k, ε, mechanism); a cell makes `reps` releases, replicate i on its own data set
 * (seeded by (seed, n, k, i), so every mechanism and ε sees the same data sets), and reports the distance of
 * each release to the non-private Fréchet mean. Cells depend on (spec, index) only. The spec and its layout
 * are in frechetSpec.ts, the table in frechetRows.ts; the mechanisms are calibrated and released by
 * privacy/frechet/calibration.ts and release.ts.
 *
 * Errors: intrinsic mechanisms in the manifold's metric; ambient/extrinsic ones in the Euclidean (R³ or
 * Frobenius) distance from the raw release to the Fréchet mean (`distance` says which). Every row also has the
 * Euclidean distance of all mechanisms, so that 004's Fig. 1 comparison (Euclidean for both) can be made.
 */
import { calibrateFrechet } from '../privacy/frechet/calibration';
import { buildConformalField, type ConformalField } from '../privacy/frechet/conformal';
import { conformalFactorAt } from '../privacy/frechet/conformalDistance';
import {
  logEuclideanConformalGeometry,
  sphereConformalGeometry,
  type ConformalGeometry,
} from '../privacy/frechet/conformalGeometry';
import type { FrechetMechanism } from '../privacy/frechet/mechanisms';
import { releaseConformal, releaseOne, type FrechetRelease } from '../privacy/frechet/release';
import { Rng } from '../sampling/rng';
import { defineTask } from '../workers/defineTask';
import type { FrechetDataset } from './frechetData';
import { aggregateFrechet, meanOf, type FrechetRow } from './frechetRows';
import {
  FRECHET_MECHANISMS,
  frechetCellCount,
  frechetCellKey,
  frechetDataset,
  frechetPublicSample,
  type FrechetSpec,
} from './frechetSpec';

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

/** One cell: `reps` releases of one mechanism at (n, k, ε), each replicate on its own data set. */
export function frechetCell(
  spec: FrechetSpec,
  index: number,
  scratch: FrechetScratch = frechetSetup(),
): FrechetCell {
  const { mechanism, epsIndex, eps, k, n } = frechetCellKey(spec, index);
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
    let r: FrechetRelease;
    try {
      if (conformal) {
        // φ is part of the mechanism's work when it comes from the private data (timed); the public one is not.
        const t0 = performance.now();
        const field = fromPublic
          ? (scratch.publicField ??= frechetConformalField(spec, n, k, data))
          : (scratch.privateFields[rep] ??= frechetConformalField(spec, n, k, data));
        const t1 = performance.now();
        const { release, lambda } = releaseConformal(spec, k, field, eps, cal.sensitivity, data.mean, rng);
        r = release;
        cell.seconds += ((fromPublic ? 0 : t1 - t0) + performance.now() - t1) / 1000;
        inverseRates.push(1 / lambda);
        cell.phi!.min.push(field.phiMin);
        cell.phi!.max.push(field.phiMax);
        cell.phi!.atMean.push(conformalFactorAt(field, field.geometry.toCoords(data.mean)));
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
