/**
 * Statistics used by the distributional tests across the project (goodness of fit, MCMC diagnostics) and
 * the special functions they need. Everything here is deterministic double-precision code with no
 * dependencies; the accuracy of each function is stated in its comment and checked in stats.test.ts
 * against high-precision (mpmath) values.
 */

/** Result of a hypothesis test: the statistic and its (asymptotic) p-value. */
export interface TestResult {
  statistic: number;
  pValue: number;
}

const LOG_SQRT_2PI = 0.9189385332046728; // ½ ln(2π)
const SQRT_2PI = 2.5066282746310002;

// ---------------------------------------------------------------------------------------------------------
// Descriptive statistics
// ---------------------------------------------------------------------------------------------------------

function sortedCopy(samples: ArrayLike<number>, fn: string): Float64Array {
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

// ---------------------------------------------------------------------------------------------------------
// Gamma function and incomplete gamma
// ---------------------------------------------------------------------------------------------------------

/**
 * ln Γ(x) for x > 0: Stirling's series (terms up to B₁₄/z¹³, truncation < 1e-19 for z ≥ 15) after the
 * recurrence Γ(x) = Γ(x + k)/(x(x+1)…(x+k−1)) has moved the argument to ≥ 15. Absolute error ≲ 1e-14
 * for moderate x, relative error ~1e-15 for large x. NaN for x ≤ 0.
 */
export function logGamma(x: number): number {
  if (!(x > 0)) return NaN;
  if (x === Infinity) return Infinity;
  let shift = 0;
  if (x < 15) {
    let prod = 1;
    while (x < 15) {
      prod *= x;
      x += 1;
    }
    shift = Math.log(prod);
  }
  const z2 = 1 / (x * x);
  // Bernoulli terms B_{2k} / (2k(2k−1) z^{2k−1}).
  const series =
    (1 / 12 +
      z2 *
        (-1 / 360 +
          z2 * (1 / 1260 + z2 * (-1 / 1680 + z2 * (1 / 1188 + z2 * (-691 / 360360 + z2 * (1 / 156))))))) /
    x;
  return (x - 0.5) * Math.log(x) - x + LOG_SQRT_2PI + series - shift;
}

/** ln of the prefactor x^a e^{−x} / Γ(a) shared by the series and the continued fraction. */
function logGammaPrefactor(a: number, x: number): number {
  return a * Math.log(x) - x - logGamma(a);
}

const GAMMA_EPS = 1e-16;
const GAMMA_MAX_ITER = 100000;
const TINY = 1e-300;

/** Series for P(a, x), good for x < a + 1. */
function gammaPSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < GAMMA_MAX_ITER; n++) {
    term *= x / (a + n);
    sum += term;
    if (term < sum * GAMMA_EPS) break;
  }
  return sum * Math.exp(logGammaPrefactor(a, x));
}

/** Legendre continued fraction for Q(a, x) (modified Lentz), good for x ≥ a + 1. */
function gammaQContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < GAMMA_MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < GAMMA_EPS) break;
  }
  return Math.exp(logGammaPrefactor(a, x)) * h;
}

function checkGammaArgs(shape: number, rate: number, fn: string): void {
  if (!(shape > 0) || !Number.isFinite(shape)) throw new RangeError(`${fn}: shape must be > 0, got ${shape}`);
  if (!(rate > 0)) throw new RangeError(`${fn}: rate must be > 0, got ${rate}`);
}

/**
 * CDF of Gamma(shape, rate) at x: the regularized lower incomplete gamma P(shape, rate·x), by the power
 * series when rate·x < shape + 1 and by the continued fraction for Q = 1 − P otherwise. Relative accuracy
 * ~1e-13 for shape ≲ 1e3 (it degrades like shape·1e-16 through the prefactor for larger shapes).
 */
export function gammaCdf(x: number, shape: number, rate = 1): number {
  checkGammaArgs(shape, rate, 'gammaCdf');
  if (Number.isNaN(x)) return NaN;
  const y = rate * x;
  if (y <= 0) return 0;
  if (y === Infinity) return 1;
  return y < shape + 1 ? gammaPSeries(shape, y) : 1 - gammaQContinuedFraction(shape, y);
}

/** Survival function 1 − gammaCdf, computed directly (accurate in the upper tail). */
export function gammaSurvival(x: number, shape: number, rate = 1): number {
  checkGammaArgs(shape, rate, 'gammaSurvival');
  if (Number.isNaN(x)) return NaN;
  const y = rate * x;
  if (y <= 0) return 1;
  if (y === Infinity) return 0;
  return y < shape + 1 ? 1 - gammaPSeries(shape, y) : gammaQContinuedFraction(shape, y);
}

/** CDF of the chi-squared law with k > 0 degrees of freedom (= Gamma(k/2, rate 1/2)). */
export function chiSquaredCdf(x: number, k: number): number {
  return gammaCdf(x, k / 2, 0.5);
}

/** Survival function of the chi-squared law (upper-tail p-value of a chi-squared statistic). */
export function chiSquaredSurvival(x: number, k: number): number {
  return gammaSurvival(x, k / 2, 0.5);
}

// ---------------------------------------------------------------------------------------------------------
// Normal distribution
// ---------------------------------------------------------------------------------------------------------

/** |x| below which Φ uses the Taylor series; above it, the continued fraction of the Mills ratio. */
const NORMAL_SPLIT = 2.5;

/** Standard normal density. */
export function normalPdf(x: number): number {
  return Math.exp(-0.5 * x * x - LOG_SQRT_2PI);
}

/** Φ(x) − ½ = φ(x)·Σ x^{2n+1}/(2n+1)!! (Marsaglia 2004), for |x| ≤ NORMAL_SPLIT. */
function normalCentral(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let i = 3; i < 200; i += 2) {
    term *= x2 / i;
    sum += term;
    if (Math.abs(term) <= 1e-17 * Math.abs(sum)) break;
  }
  return sum * normalPdf(x);
}

/**
 * Mills ratio R(t) = (1 − Φ(t))/φ(t) for t ≥ NORMAL_SPLIT, from the continued fraction
 * R(t) = 1/(t + 1/(t + 2/(t + 3/(t + …)))) evaluated by the modified Lentz method.
 */
function millsRatio(t: number): number {
  let f = t;
  let c = t;
  let d = 0;
  for (let k = 1; k < 5000; k++) {
    d = t + k * d;
    if (d === 0) d = TINY;
    c = t + k / c;
    if (c === 0) c = TINY;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return 1 / f;
}

/**
 * Standard normal CDF Φ(x), with relative accuracy ≲ 5e-14 everywhere including the lower tail (it
 * underflows to 0 only below x ≈ −38.5).
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (Math.abs(x) <= NORMAL_SPLIT) return 0.5 + normalCentral(x);
  if (x < 0) return x === -Infinity ? 0 : normalPdf(x) * millsRatio(-x);
  return x === Infinity ? 1 : 1 - normalPdf(x) * millsRatio(x);
}

/**
 * ln Φ(x), accurate (relative ~1e-14) far into the lower tail, where it behaves like
 * −x²/2 − ln(−x) − ½ln(2π): computed there as −x²/2 − ½ln(2π) + ln R(−x) without forming Φ. For x > 0 it
 * is log1p(−Φ(−x)), accurate when Φ(x) is close to 1.
 */
export function logNormalCdf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < -NORMAL_SPLIT)
    return x === -Infinity ? -Infinity : -0.5 * x * x - LOG_SQRT_2PI + Math.log(millsRatio(-x));
  if (x <= 0) return Math.log(0.5 + normalCentral(x));
  return x === Infinity ? 0 : Math.log1p(-normalCdf(-x));
}

// Acklam's rational approximations (relative error < 1.15e-9), refined below by Halley steps.
const ACKLAM_A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
  2.506628277459239,
];
const ACKLAM_B = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
];
const ACKLAM_C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const ACKLAM_D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
const ACKLAM_P_LOW = 0.02425;

/** Acklam's initial approximation of Φ⁻¹(p) for 0 < p ≤ ½. */
function acklamLower(p: number): number {
  if (p < ACKLAM_P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    const [c1, c2, c3, c4, c5, c6] = ACKLAM_C;
    const [d1, d2, d3, d4] = ACKLAM_D;
    return (
      (((((c1 * q + c2) * q + c3) * q + c4) * q + c5) * q + c6) /
      ((((d1 * q + d2) * q + d3) * q + d4) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  const [a1, a2, a3, a4, a5, a6] = ACKLAM_A;
  const [b1, b2, b3, b4, b5] = ACKLAM_B;
  return (
    ((((((a1 * r + a2) * r + a3) * r + a4) * r + a5) * r + a6) * q) /
    (((((b1 * r + b2) * r + b3) * r + b4) * r + b5) * r + 1)
  );
}

/**
 * Standard normal quantile Φ⁻¹(p): Acklam's approximation followed by Halley refinement, on Φ itself in the
 * central region and on ln Φ in the lower tail (so it stays accurate down to the smallest subnormal p).
 * Relative accuracy ~1e-14; p > ½ is handled by symmetry through the exact 1 − p. Returns ∓Infinity at 0
 * and 1 and NaN outside [0, 1].
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p > 0.5) return -normalQuantile(1 - p);
  let x = acklamLower(p);
  if (p >= ACKLAM_P_LOW) {
    const e = normalCdf(x) - p;
    const u = e * SQRT_2PI * Math.exp(0.5 * x * x);
    return x - u / (1 + 0.5 * x * u);
  }
  const logP = Math.log(p);
  for (let iter = 0; iter < 4; iter++) {
    // g(x) = ln Φ(x) − ln p, g' = h = φ/Φ, g'' = −h(x + h).
    const lc = logNormalCdf(x);
    const g = lc - logP;
    const h = Math.exp(-0.5 * x * x - LOG_SQRT_2PI - lc);
    const dx = g / (h + 0.5 * g * (x + h));
    x -= dx;
    if (Math.abs(dx) <= 1e-15 * Math.abs(x)) break;
  }
  return x;
}

// ---------------------------------------------------------------------------------------------------------
// Goodness-of-fit tests
// ---------------------------------------------------------------------------------------------------------

/**
 * Survival function of the Kolmogorov distribution, Q(λ) = P(K > λ) = 2 Σ_{j≥1} (−1)^{j−1} e^{−2j²λ²},
 * using the Jacobi-transformed series 1 − (√(2π)/λ) Σ_{j≥1} e^{−(2j−1)²π²/(8λ²)} for λ < 1.18 where the
 * alternating series converges slowly. Accurate to ~1e-15 absolute.
 */
export function kolmogorovSurvival(lambda: number): number {
  if (Number.isNaN(lambda)) return NaN;
  if (lambda <= 0) return 1;
  if (lambda < 1.18) {
    const k = (-Math.PI * Math.PI) / (8 * lambda * lambda);
    let s = 0;
    for (let j = 1; j < 20; j++) {
      const t = Math.exp((2 * j - 1) * (2 * j - 1) * k);
      s += t;
      if (t < 1e-17 * s) break;
    }
    return Math.min(1, Math.max(0, 1 - (SQRT_2PI / lambda) * s));
  }
  let s = 0;
  for (let j = 1; j < 100; j++) {
    const t = Math.exp(-2 * j * j * lambda * lambda);
    s += j % 2 === 1 ? t : -t;
    if (t < 1e-17 * s) break;
  }
  return Math.min(1, Math.max(0, 2 * s));
}

/**
 * One-sample Kolmogorov–Smirnov test of `samples` against a continuous CDF. The statistic is
 * D = sup |F_n − F|; the p-value is the Kolmogorov survival function at (√n + 0.12 + 0.11/√n)·D
 * (Stephens' 1970 small-sample correction, as in Numerical Recipes). Calibration under the null is
 * checked in stats.test.ts (n = 50: rejection rate ≈ 5% at the 5% level).
 * Throws on an empty sample or NaN values.
 */
export function ksOneSample(samples: ArrayLike<number>, cdf: (x: number) => number): TestResult {
  const s = sortedCopy(samples, 'ksOneSample');
  const n = s.length;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const f = cdf(s[i]);
    const dPlus = (i + 1) / n - f;
    const dMinus = f - i / n;
    if (dPlus > d) d = dPlus;
    if (dMinus > d) d = dMinus;
  }
  if (Number.isNaN(d)) throw new RangeError('ksOneSample: the CDF returned NaN');
  const sn = Math.sqrt(n);
  return { statistic: d, pValue: kolmogorovSurvival((sn + 0.12 + 0.11 / sn) * d) };
}

/**
 * Two-sample Kolmogorov–Smirnov test: D = sup |F_a − F_b| (ties handled by advancing both samples past
 * equal values), p-value from the Kolmogorov distribution at (√n_e + 0.12 + 0.11/√n_e)·D with
 * n_e = n_a n_b / (n_a + n_b).
 */
export function ksTwoSample(a: ArrayLike<number>, b: ArrayLike<number>): TestResult {
  const sa = sortedCopy(a, 'ksTwoSample');
  const sb = sortedCopy(b, 'ksTwoSample');
  const n = sa.length;
  const m = sb.length;
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < n && j < m) {
    const v = Math.min(sa[i], sb[j]);
    while (i < n && sa[i] <= v) i++;
    while (j < m && sb[j] <= v) j++;
    const diff = Math.abs(i / n - j / m);
    if (diff > d) d = diff;
  }
  const en = Math.sqrt((n * m) / (n + m));
  return { statistic: d, pValue: kolmogorovSurvival((en + 0.12 + 0.11 / en) * d) };
}

/**
 * Pearson chi-squared goodness-of-fit test of observed counts against expected counts (same total), with
 * k − 1 − `fittedParameters` degrees of freedom. Expected counts should be ≳ 5 for the asymptotics.
 */
export function chiSquaredTest(
  observed: ArrayLike<number>,
  expected: ArrayLike<number>,
  fittedParameters = 0,
): TestResult {
  const k = observed.length;
  if (expected.length !== k) throw new RangeError('chiSquaredTest: observed and expected differ in length');
  const dof = k - 1 - fittedParameters;
  if (dof < 1) throw new RangeError(`chiSquaredTest: ${dof} degrees of freedom`);
  let stat = 0;
  for (let i = 0; i < k; i++) {
    const e = expected[i];
    if (!(e > 0)) throw new RangeError(`chiSquaredTest: expected count ${e} in cell ${i}`);
    const diff = observed[i] - e;
    stat += (diff * diff) / e;
  }
  return { statistic: stat, pValue: chiSquaredSurvival(stat, dof) };
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

/**
 * Quantile of Student's t with ν degrees of freedom, p ≥ ½: exact for ν = 1 (Cauchy) and ν = 2, else by the
 * Cornish–Fisher expansion in 1/ν around the normal quantile (Abramowitz and Stegun 26.7.5). At p = 0.975 the
 * relative error is below 1% for ν = 3 and below 0.2% from ν = 5 (stats.test.ts, against scipy); it grows in the
 * far tail at small ν. NaN for ν < 1.
 */
export function studentQuantile(p: number, nu: number): number {
  if (!(nu >= 1)) return NaN;
  // closed forms where the expansion is poor
  if (nu === 1) return Math.tan(Math.PI * (p - 0.5));
  if (nu === 2) return (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
  const z = normalQuantile(p);
  const z2 = z * z;
  return (
    z +
    (z * (z2 + 1)) / (4 * nu) +
    (z * ((5 * z2 + 16) * z2 + 3)) / (96 * nu * nu) +
    (z * (((3 * z2 + 19) * z2 + 17) * z2 - 15)) / (384 * nu * nu * nu)
  );
}
