/** Goodness-of-fit tests: Kolmogorov–Smirnov (one and two samples) and Pearson's chi-squared. */
import { SQRT_2PI } from './constants';
import { sortedCopy } from './descriptive';
import { chiSquaredSurvival } from './gamma';

/** Result of a hypothesis test: the statistic and its (asymptotic) p-value. */
export interface TestResult {
  statistic: number;
  pValue: number;
}

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
