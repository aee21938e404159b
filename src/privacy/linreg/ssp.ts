/**
 * Sufficient-statistics perturbation (SSP) for the line y = intercept + x·slope, x ∈ [0, 1], y ∈ R^d: the
 * classical "perturb XᵀX and Xᵀy" baseline (Dwork et al. 2014, Sheffet 2019, Wang 2018; diffprivlib's
 * LinearRegression is of this family), with pure ε-DP by the Laplace mechanism.
 *
 * Bounds. Each response coordinate is clipped into a box [lo_j, hi_j] and centred, ỹ_j = clip(y_j) − c_j with
 * c_j = (lo_j + hi_j)/2, so |ỹ_j| ≤ B_j = (hi_j − lo_j)/2. The box is public, or the data's own min and max
 * ('data': what diffprivlib does when given no bounds; it leaks, and the release is labelled not private).
 *
 * Statistics (n is public): S₁ = Σxᵢ, S₂ = Σxᵢ², T_j = Σỹᵢⱼ, U_j = Σxᵢỹᵢⱼ. Replacing one record changes
 * S₁ and S₂ by at most 1 each (x, x² ∈ [0, 1]) and T_j, U_j by at most 2B_j each (|xỹ_j| ≤ B_j), so the ℓ₁
 * sensitivity of the whole vector is Δ₁ = 2 + 4 Σ_j B_j. Every statistic gets independent Laplace noise of
 * scale b = Δ₁/ε: ε-DP.
 *
 * Post-processing (free of privacy cost): the noisy S₁, S₂ are projected onto what x ∈ [0, 1] allows
 * (0 ≤ S₁ ≤ n, S₁²/n ≤ S₂ ≤ S₁); then slope_j = (U_j − S₁T_j/n)/(S₂ − S₁²/n) and intercept_j =
 * c_j + T_j/n − (S₁/n)·slope_j. When the projected spread S₂ − S₁²/n is 0 the noise has erased all
 * information about the slope: the release is the flat line at the noisy mean (counted as `degenerate`).
 */
import { exponential } from '../../sampling/distributions';
import type { Rng } from '../../sampling/rng';
import { checkEps, checkLinregData, type LinregData, type LinregRelease } from './line';

export interface SspOptions {
  /** Response box: the data's own range ('data', not private) or public bounds per coordinate. */
  yBounds: 'data' | { lo: readonly number[]; hi: readonly number[] };
}

export const DEFAULT_SSP_OPTIONS: SspOptions = { yBounds: 'data' };

/** ℓ₁ sensitivity 2 + 4 Σ B_j of (S₁, S₂, T, U) for response half-widths B_j (x ∈ [0, 1]). */
export function sspSensitivity(halfWidths: ArrayLike<number>): number {
  let s = 0;
  for (let j = 0; j < halfWidths.length; j++) s += halfWidths[j];
  return 2 + 4 * s;
}

/** Laplace(0, b) variate: a random sign times an Exponential of mean b. */
export function laplace(rng: Rng, b: number): number {
  const e = exponential(rng, 1 / b);
  return rng.uniform() < 0.5 ? -e : e;
}

/** The response box in force (data-driven or public, checked). */
function responseBox(data: LinregData, d: number, opts: SspOptions): { lo: Float64Array; hi: Float64Array } {
  if (opts.yBounds === 'data') {
    const lo = new Float64Array(d).fill(Infinity);
    const hi = new Float64Array(d).fill(-Infinity);
    for (const y of data.ys)
      for (let j = 0; j < d; j++) {
        lo[j] = Math.min(lo[j], y[j]);
        hi[j] = Math.max(hi[j], y[j]);
      }
    return { lo, hi };
  }
  const { lo, hi } = opts.yBounds;
  if (lo.length !== d || hi.length !== d)
    throw new RangeError(`SSP: the response bounds give ${lo.length} and ${hi.length} values for d = ${d}`);
  for (let j = 0; j < d; j++)
    if (!(Number.isFinite(lo[j]) && Number.isFinite(hi[j]) && lo[j] <= hi[j]))
      throw new RangeError(
        `SSP: response bounds of coordinate ${j + 1} must be finite with lo ≤ hi (got [${lo[j]}, ${hi[j]}])`,
      );
  return { lo: Float64Array.from(lo), hi: Float64Array.from(hi) };
}

/** Exact (clipped, centred) statistics as one vector [S₁, S₂, T₁…T_d, U₁…U_d], and the box they used. */
export interface SspStatistics {
  values: Float64Array;
  centre: Float64Array;
  /** ℓ₁ sensitivity Δ₁ of `values`. */
  sensitivity: number;
  /** Response values moved into the box. */
  clipped: number;
}

export function sspStatistics(data: LinregData, opts: SspOptions = DEFAULT_SSP_OPTIONS): SspStatistics {
  const d = checkLinregData(data, 'SSP');
  const { xs, ys } = data;
  const { lo, hi } = responseBox(data, d, opts);
  const centre = lo.map((l, j) => (l + hi[j]) / 2);
  const values = new Float64Array(2 + 2 * d);
  let clipped = 0;
  for (let i = 0; i < ys.length; i++) {
    const x = xs[i];
    values[0] += x;
    values[1] += x * x;
    for (let j = 0; j < d; j++) {
      const y = ys[i][j];
      const yc = Math.min(hi[j], Math.max(lo[j], y));
      if (yc !== y) clipped++;
      values[2 + j] += yc - centre[j];
      values[2 + d + j] += x * (yc - centre[j]);
    }
  }
  return { values, centre, sensitivity: sspSensitivity(hi.map((h, j) => (h - lo[j]) / 2)), clipped };
}

/** The line from (noisy) statistics, after projecting S₁, S₂ onto what x ∈ [0, 1] allows (post-processing). */
export function sspLine(
  values: Float64Array,
  centre: Float64Array,
  n: number,
): { intercept: Float64Array; slope: Float64Array; degenerate: boolean } {
  const d = centre.length;
  const s1 = Math.min(n, Math.max(0, values[0]));
  const s2 = Math.min(s1, Math.max((s1 * s1) / n, values[1]));
  const spread = s2 - (s1 * s1) / n;
  const degenerate = !(spread > 0);
  const slope = new Float64Array(d);
  if (!degenerate)
    for (let j = 0; j < d; j++) slope[j] = (values[2 + d + j] - (s1 * values[2 + j]) / n) / spread;
  const intercept = centre.map((c, j) => c + values[2 + j] / n - (s1 / n) * slope[j]);
  return { intercept, slope, degenerate };
}

export interface SspRelease extends LinregRelease {
  /** Laplace scale b = Δ₁/ε of every statistic. */
  noiseScale: number;
  sensitivity: number;
  /** The noisy statistics [S₁, S₂, T, U] before projection. */
  noisyStatistics: Float64Array;
  /** Response values moved into the public box. */
  clipped: number;
  /** The noisy spread of x was 0 after projection: the slope is 0. */
  degenerate: boolean;
}

export function sspRelease(
  data: LinregData,
  eps: number,
  rng: Rng,
  opts: SspOptions = DEFAULT_SSP_OPTIONS,
): SspRelease {
  checkEps(eps, 'SSP');
  const stats = sspStatistics(data, opts);
  const b = stats.sensitivity / eps;
  const noisy = stats.values.map((v) => v + laplace(rng, b));
  const { intercept, slope, degenerate } = sspLine(noisy, stats.centre, data.ys.length);
  const notes: string[] = [];
  if (opts.yBounds === 'data')
    notes.push(
      'SSP: the response bounds are the data’s own min and max (as diffprivlib does without bounds): this release is not private.',
    );
  if (stats.clipped > 0)
    notes.push(
      `SSP: ${stats.clipped} response value${stats.clipped === 1 ? ' was' : 's were'} clipped into the public bounds.`,
    );
  return {
    intercept,
    slope,
    isPrivate: opts.yBounds !== 'data',
    guarantee: 'ε-DP (Laplace on the sufficient statistics)',
    delta: 0,
    notes,
    noiseScale: b,
    sensitivity: stats.sensitivity,
    noisyStatistics: noisy,
    clipped: stats.clipped,
    degenerate,
  };
}
