/** Descriptive statistics of samples and chain traces, and the ln-mean summaries of MSEs. */
import { studentQuantile } from './normal';

/** A sorted copy of a sample, refusing an empty sample and NaN (`fn` names the caller). */
export function sortedCopy(samples: ArrayLike<number>, fn: string): Float64Array {
  if (samples.length === 0) throw new RangeError(`${fn}: empty sample`);
  const s = Float64Array.from(samples).sort();
  if (Number.isNaN(s[s.length - 1])) throw new RangeError(`${fn}: sample contains NaN`); // NaN sorts last
  return s;
}

/** Arithmetic mean (NaN for an empty sample). */
export function mean(samples: ArrayLike<number>): number {
  const n = samples.length;
  let s = 0;
  for (let i = 0; i < n; i++) s += samples[i];
  return s / n;
}

/** Unbiased sample variance (denominator n − 1), by the corrected two-pass algorithm. NaN if n < 2. */
export function variance(samples: ArrayLike<number>): number {
  const n = samples.length;
  if (n < 2) return NaN;
  const m = mean(samples);
  let s2 = 0;
  let s1 = 0;
  for (let i = 0; i < n; i++) {
    const d = samples[i] - m;
    s1 += d;
    s2 += d * d;
  }
  return (s2 - (s1 * s1) / n) / (n - 1);
}

/**
 * Quantile of an already sorted (ascending) sample, by linear interpolation between order statistics
 * (Hyndman–Fan type 7, the default of R and NumPy): h = (n − 1)p, x_⌊h⌋ + (h − ⌊h⌋)(x_⌊h⌋+1 − x_⌊h⌋).
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) throw new RangeError('quantile: empty sample');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile: p must be in [0, 1], got ${p}`);
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  if (lo >= n - 1) return sorted[n - 1];
  return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
}

/** Sample quantile (type 7, see quantileSorted); sorts a copy, so use quantileSorted for many quantiles. */
export function quantile(samples: ArrayLike<number>, p: number): number {
  return quantileSorted(sortedCopy(samples, 'quantile'), p);
}

/**
 * Effective sample size of a (stationary) Markov chain trace, n / τ with the integrated autocorrelation
 * time τ = 1 + 2 Σ_{t≥1} ρ_t estimated by Geyer's (1992) initial monotone sequence estimator: the sums of
 * adjacent autocorrelations Γ_k = ρ_{2k} + ρ_{2k+1} are accumulated while positive and forced to be
 * non-increasing. Autocovariances use the biased 1/n normalisation and direct sums, computed lazily lag by
 * lag, so the cost is O(n · L) where L is the truncation lag (≈ a few τ). As in Stan, τ is bounded below by
 * 1/log10(n), so antithetic chains may report ESS > n. Returns NaN for a constant trace and n for n < 4.
 */
export function effectiveSampleSize(trace: ArrayLike<number>): number {
  const n = trace.length;
  if (n < 4) return n;
  const m = mean(trace);
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = trace[i] - m;
  const autocov = (lag: number): number => {
    let s = 0;
    for (let i = 0, j = lag; j < n; i++, j++) s += x[i] * x[j];
    return s / n;
  };
  const c0 = autocov(0);
  if (!(c0 > 0)) return NaN;
  let sum = 0; // Σ Γ_k
  let prev = Infinity;
  for (let k = 0; 2 * k + 1 < n; k++) {
    let g = (k === 0 ? c0 : autocov(2 * k)) + autocov(2 * k + 1);
    g /= c0;
    if (!(g > 0)) break;
    if (g > prev) g = prev;
    sum += g;
    prev = g;
  }
  const tau = Math.max(2 * sum - 1, 1 / Math.log10(n));
  return n / tau;
}

/** ln of the mean and of the median MSE over draws (rare far draws dominate the mean; the median shows the bulk). */
export function lnMeanAndMedian(mses: readonly number[]): { lnMeanMse: number; lnMedianMse: number } {
  const sorted = [...mses].sort((x, y) => x - y);
  const k = sorted.length;
  const median = k % 2 ? sorted[(k - 1) / 2] : (sorted[k / 2 - 1] + sorted[k / 2]) / 2;
  return { lnMeanMse: Math.log(sorted.reduce((s, x) => s + x, 0) / k), lnMedianMse: Math.log(median) };
}

/**
 * ln of the mean of independent positive values with its standard error and a two-sided interval at `level`,
 * by the delta method: Var(ln x̄) ≈ s²/(k·x̄²), s² the sample variance of the k values. The interval is
 * symmetric on the log scale, which follows the right skew of a mean of MSEs better than x̄ ± t·s/√k does;
 * t is Student's quantile with k − 1 degrees of freedom (for few values).
 * Pass one value per independent unit (e.g. the mean MSE of each chain's group of pairs): values that share a
 * chain are correlated and would make the interval too short. With fewer than two values se and the interval
 * are NaN.
 */
export function lnMeanInterval(
  values: readonly number[],
  level = 0.95,
): { lnMean: number; se: number; ci: [number, number] } {
  if (!(level > 0 && level < 1))
    throw new RangeError(`lnMeanInterval: level must be in (0, 1), got ${level}`);
  const k = values.length;
  const m = mean(values);
  const se = k >= 2 ? Math.sqrt(variance(values) / k) / m : NaN;
  const lnMean = Math.log(m);
  const t = studentQuantile(0.5 + level / 2, k - 1);
  return { lnMean, se, ci: [lnMean - t * se, lnMean + t * se] };
}
