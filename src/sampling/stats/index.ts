/**
 * Statistics used by the distributional tests across the project (goodness of fit, MCMC diagnostics) and
 * the special functions they need. Everything here is deterministic double-precision code with no
 * dependencies; the accuracy of each function is stated in its comment and checked in stats.test.ts
 * against high-precision (mpmath) values.
 *
 * By family: `descriptive.ts` (means, variances, quantiles, effective sample size, ln-mean summaries),
 * `gamma.ts` (the gamma function, the gamma and chi-squared laws), `normal.ts` (the normal law and Student's
 * quantile), `goodnessOfFit.ts` (Kolmogorov–Smirnov and chi-squared tests).
 */
export {
  effectiveSampleSize,
  lnMeanAndMedian,
  lnMeanInterval,
  mean,
  quantile,
  quantileSorted,
  variance,
} from './descriptive';
export * from './gamma';
export * from './normal';
export * from './goodnessOfFit';
