/**
 * The Fréchet-mean experiment's table (frechet.ts): one row per cell, with means and standard errors over the
 * cell's replicates, and the column order of the lab's and the CLI's CSV.
 */
import type { FrechetMechanism } from '../privacy/frechet/mechanisms';
import type { FrechetCell } from './frechet';
import { FRECHET_MECHANISMS } from './frechetSpec';

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

/** Mean of a list (NaN when empty). */
export const meanOf = (xs: readonly number[]) =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;

/** Standard error of the mean, sd/√n (NaN below two values). */
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
