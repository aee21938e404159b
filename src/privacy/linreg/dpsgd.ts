/**
 * Noisy clipped gradient descent (DP-SGD with the full batch; Abadi et al. 2016, the algorithm of Opacus
 * without subsampling) for the line y = a + (x − ½)·b, x ∈ [0, 1], y ∈ R^d, released as intercept a − b/2,
 * slope b. The covariate is centred at ½ (a public constant) because it conditions the problem: the
 * curvature of the loss along the slope grows from E x² to E(x − ½)² + (E x − ½)², so fewer steps suffice.
 *
 * Step t (θ = (a, b) ∈ R^{2d}, θ₀ = 0): per-example gradients gᵢ = −(rᵢ, (xᵢ − ½)rᵢ) of ½‖rᵢ‖², with
 * rᵢ = yᵢ − a − (xᵢ − ½)b, each clipped to norm ≤ C; G = Σ clip(gᵢ) + N(0, s² I); θ ← θ − η G/n.
 *
 * Accounting (Gaussian differential privacy, Dong, Roth & Su 2022). Replacing one record moves Σ clip(gᵢ) by
 * at most 2C, so step t is the Gaussian mechanism with sensitivity 2C and noise s: μ₀-GDP with μ₀ = 2C/s.
 * T adaptively composed steps are μ-GDP with μ = √T·μ₀ (their Cor. 3.3, exact for Gaussian mechanisms), i.e.
 * exactly as private as one Gaussian mechanism with sensitivity 2C√T and noise s. μ-GDP is (ε, δ)-DP iff
 * δ ≥ Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2), the analytic-Gaussian condition of Balle & Wang (2018), so
 *   s = analyticSigma(2C√T, ε, δ)
 * is the smallest noise giving (ε, δ)-DP; no slack from a generic composition theorem. The released line is
 * post-processing of the T noisy gradients. Nothing here looks at the data to set C, T, η or θ₀.
 */
import { analyticSigma } from '../frechet/tangentGaussian';
import type { Rng } from '../../sampling/rng';
import { checkEps, checkLinregData, type LinregData, type LinregRelease } from './line';

export interface DpsgdOptions {
  /** δ of the (ε, δ) guarantee, in (0, 1). */
  delta: number;
  /** Per-example gradient clipping norm C > 0. */
  clip: number;
  /** Number of full-batch steps T ≥ 1. */
  steps: number;
  /** Step size η > 0 (on the mean gradient). */
  learningRate: number;
}

export const DEFAULT_DPSGD_OPTIONS: DpsgdOptions = { delta: 1e-5, clip: 0.5, steps: 50, learningRate: 0.5 };

function checkOptions(o: DpsgdOptions): void {
  if (!(o.delta > 0 && o.delta < 1)) throw new RangeError(`DP-SGD: δ must be in (0, 1) (got ${o.delta})`);
  if (!(o.clip > 0 && Number.isFinite(o.clip)))
    throw new RangeError(`DP-SGD: the clipping norm C must be a positive finite number (got ${o.clip})`);
  if (!(Number.isInteger(o.steps) && o.steps >= 1))
    throw new RangeError(`DP-SGD: the number of steps T must be an integer ≥ 1 (got ${o.steps})`);
  if (!(o.learningRate > 0 && Number.isFinite(o.learningRate)))
    throw new RangeError(`DP-SGD: the step size η must be a positive finite number (got ${o.learningRate})`);
}

/** Standard deviation s of the Gaussian noise added to each step's clipped-gradient sum, for (ε, δ)-DP. */
export function dpsgdNoiseSd(eps: number, opts: DpsgdOptions): number {
  checkEps(eps, 'DP-SGD');
  checkOptions(opts);
  return analyticSigma(2 * opts.clip * Math.sqrt(opts.steps), eps, opts.delta);
}

/**
 * Scales g (in place) to norm ≤ C; returns the factor applied (1 when g was already inside the ball).
 */
export function clipInPlace(g: Float64Array, clip: number): number {
  let s = 0;
  for (let k = 0; k < g.length; k++) s += g[k] * g[k];
  const norm = Math.sqrt(s);
  if (norm <= clip) return 1;
  const f = clip / norm;
  for (let k = 0; k < g.length; k++) g[k] *= f;
  return f;
}

export interface DpsgdRelease extends LinregRelease {
  /** Noise standard deviation s per step on the clipped-gradient sum. */
  noiseSd: number;
  /** Total GDP parameter μ = 2C√T/s. */
  mu: number;
  /** Fraction of per-example gradients that were clipped, over all steps. */
  clippedFraction: number;
}

/**
 * One release. `noise: false` runs the same clipped descent without noise (a check of the optimiser and of
 * the clipping bias; not private).
 */
export function dpsgdRelease(
  data: LinregData,
  eps: number,
  rng: Rng,
  opts: DpsgdOptions = DEFAULT_DPSGD_OPTIONS,
  { noise = true }: { noise?: boolean } = {},
): DpsgdRelease {
  const d = checkLinregData(data, 'DP-SGD');
  const s = dpsgdNoiseSd(eps, opts);
  const { xs, ys } = data;
  const n = ys.length;
  const { clip, steps, learningRate } = opts;
  const a = new Float64Array(d);
  const b = new Float64Array(d);
  const g = new Float64Array(2 * d); // one example's gradient: (∂a, ∂b)
  const sum = new Float64Array(2 * d);
  let clippedCount = 0;
  for (let t = 0; t < steps; t++) {
    sum.fill(0);
    for (let i = 0; i < n; i++) {
      const xc = xs[i] - 0.5;
      for (let j = 0; j < d; j++) {
        const r = ys[i][j] - a[j] - xc * b[j];
        g[j] = -r;
        g[d + j] = -xc * r;
      }
      if (clipInPlace(g, clip) < 1) clippedCount++;
      for (let k = 0; k < 2 * d; k++) sum[k] += g[k];
    }
    if (noise) for (let k = 0; k < 2 * d; k++) sum[k] += s * rng.normal();
    for (let j = 0; j < d; j++) {
      a[j] -= (learningRate * sum[j]) / n;
      b[j] -= (learningRate * sum[d + j]) / n;
    }
  }
  return {
    intercept: a.map((aj, j) => aj - 0.5 * b[j]),
    slope: b,
    isPrivate: noise,
    guarantee: '(ε, δ)-DP (Gaussian noise, GDP accounting)',
    delta: opts.delta,
    notes: noise ? [] : ['DP-SGD ran without noise: not private.'],
    noiseSd: s,
    mu: (2 * clip * Math.sqrt(steps)) / s,
    clippedFraction: clippedCount / (n * steps),
  };
}
