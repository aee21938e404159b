/**
 * From two samples of a test statistic — scores of releases on D and on D′, larger meaning "looks like D′" —
 * to what they prove about the mechanism's privacy (docs/audit.md).
 *
 * (ε, δ)-DP says every test of "D or D′?" has false-positive rate α and false-negative rate β with
 * α + e^ε β ≥ 1 − δ and e^ε α + β ≥ 1 − δ, so one test with rates (α, β) shows ε ≥ ln((1 − δ − β)/α) and
 * ε ≥ ln((1 − δ − α)/β). The tests here are thresholds of the score, "say D′ when s > t" and "say D′ when
 * s ≤ t" (four bounds per threshold).
 *
 * Soundness (a 95% lower bound, never more than the data support). Picking the best threshold on the same data
 * that estimates its rates would overfit: with thousands of thresholds some look good by chance. We therefore
 * split the releases as jax_privacy's canary-score auditor does (ThresholdStrategy.Split; a Bonferroni
 * correction over all thresholds is the alternative, and costs more here): releases whose index is 0 mod 4
 * choose the threshold and the bound (by normal-approximation bounds, any rule is fine there); the other three
 * quarters, independent of that choice, evaluate that single test with one-sided 97.5% Clopper–Pearson upper
 * bounds on α and on β. Both hold together with probability ≥ 95%, so ε_lb = ln((1 − δ − β_hi)/α_hi) (or the
 * other inequality, whichever was chosen) is a 95% lower bound on the true ε. The point estimate is the same
 * test's bound from the evaluation counts (with ½ added to each count, so it stays finite).
 */
import { logGamma } from '../sampling/stats';

/** Regularised incomplete beta I_x(a, b) (continued fraction, Numerical Recipes §6.4). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (!(a > 0 && b > 0)) throw new RangeError(`regularizedBeta: a, b must be > 0 (got ${a}, ${b})`);
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(lnFront) * betaFraction(x, a, b)) / a;
  return 1 - (Math.exp(lnFront) * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** The p with I_p(a, b) = q (bisection to double precision; I is increasing in p). */
export function betaQuantile(q: number, a: number, b: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 200 && hi - lo > 1e-16; i++) {
    const mid = (lo + hi) / 2;
    if (regularizedBeta(mid, a, b) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * One-sided Clopper–Pearson bounds for k successes in m trials at confidence `level`: P(p ≤ hi) ≥ level and,
 * separately, P(p ≥ lo) ≥ level.
 */
export function clopperPearson(k: number, m: number, level: number): { lo: number; hi: number } {
  if (!(Number.isInteger(k) && Number.isInteger(m) && k >= 0 && k <= m && m >= 1))
    throw new RangeError(`clopperPearson: need integers 0 ≤ k ≤ m, m ≥ 1 (got k = ${k}, m = ${m})`);
  return {
    lo: k === 0 ? 0 : betaQuantile(1 - level, k, m - k + 1),
    hi: k === m ? 1 : betaQuantile(level, k + 1, m - k),
  };
}

/** Wilson's score upper bound (fast; used only to choose the test). */
function wilsonUpper(k: number, m: number, z: number): number {
  const p = k / m;
  const z2 = z * z;
  return Math.min(1, (p + z2 / (2 * m) + z * Math.sqrt((p * (1 - p)) / m + z2 / (4 * m * m))) / (1 + z2 / m));
}

/** A threshold test: "say D′ when s > t" ('above') or "when s ≤ t" ('below'), and which DP inequality it uses. */
export interface ThresholdTest {
  threshold: number;
  region: 'above' | 'below';
  /** 'alpha': ε ≥ ln((1 − δ − β)/α); 'beta': ε ≥ ln((1 − δ − α)/β). */
  inequality: 'alpha' | 'beta';
}

/** Errors of a test on two sorted samples: α = share of D scores it calls D′, β = share of D′ scores it calls D. */
export function testErrors(
  sortedD: Float64Array,
  sortedD2: Float64Array,
  t: number,
  region: 'above' | 'below',
): { fp: number; fn: number } {
  const aboveD = sortedD.length - upperIndex(sortedD, t);
  const aboveD2 = sortedD2.length - upperIndex(sortedD2, t);
  return region === 'above'
    ? { fp: aboveD, fn: sortedD2.length - aboveD2 }
    : { fp: sortedD.length - aboveD, fn: aboveD2 };
}

/** First index whose value is > t (values sorted ascending). */
function upperIndex(sorted: Float64Array, t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const boundOf = (alpha: number, beta: number, delta: number, inequality: 'alpha' | 'beta') =>
  inequality === 'alpha' ? Math.log((1 - delta - beta) / alpha) : Math.log((1 - delta - alpha) / beta);

/** Candidate thresholds: up to `max` distinct values spread over the pooled scores (and −∞). */
function candidates(sortedD: Float64Array, sortedD2: Float64Array, max: number): number[] {
  const pooled = Float64Array.from([...sortedD, ...sortedD2]).sort();
  const out = new Set<number>([-Infinity]);
  const step = Math.max(1, Math.floor(pooled.length / max));
  for (let i = 0; i < pooled.length; i += step) out.add(pooled[i]);
  if (pooled.length) out.add(pooled[pooled.length - 1]);
  return [...out];
}

/**
 * z of the selection's bounds: larger than the evaluation's 1.96 on purpose — among many thresholds with the
 * same true bound, the noisiest (fewest counts) look best by chance; a stiffer penalty on small counts picks
 * the well-supported ones, which evaluate better.
 */
const SELECTION_Z = 3;

/** The test with the best lower bound on the selection samples (normal-approximation bounds). */
export function chooseTest(
  sortedD: Float64Array,
  sortedD2: Float64Array,
  delta: number,
): ThresholdTest | null {
  const m0 = sortedD.length;
  const m1 = sortedD2.length;
  if (m0 === 0 || m1 === 0) return null;
  const z = SELECTION_Z;
  let best: ThresholdTest | null = null;
  let bestValue = -Infinity;
  for (const t of candidates(sortedD, sortedD2, 2000))
    for (const region of ['above', 'below'] as const) {
      const { fp, fn } = testErrors(sortedD, sortedD2, t, region);
      const aHi = wilsonUpper(fp, m0, z);
      const bHi = wilsonUpper(fn, m1, z);
      for (const inequality of ['alpha', 'beta'] as const) {
        const v = boundOf(aHi, bHi, delta, inequality);
        if (v > bestValue) {
          bestValue = v;
          best = { threshold: t, region, inequality };
        }
      }
    }
  return best;
}

export interface EpsilonBound {
  /** 95% lower bound on ε (≥ 0). */
  lower: number;
  /** Point estimate of the same test (counts + ½). */
  estimate: number;
  test: ThresholdTest | null;
  /** The evaluation counts and their one-sided 97.5% upper bounds. */
  alpha: number;
  beta: number;
  alphaHi: number;
  betaHi: number;
}

/** ε_lb from a chosen test evaluated on independent samples (sorted ascending). */
export function evaluateTest(
  test: ThresholdTest | null,
  sortedD: Float64Array,
  sortedD2: Float64Array,
  delta: number,
): EpsilonBound {
  const m0 = sortedD.length;
  const m1 = sortedD2.length;
  if (!test || m0 === 0 || m1 === 0)
    return { lower: 0, estimate: 0, test, alpha: NaN, beta: NaN, alphaHi: NaN, betaHi: NaN };
  const { fp, fn } = testErrors(sortedD, sortedD2, test.threshold, test.region);
  const alphaHi = clopperPearson(fp, m0, 0.975).hi;
  const betaHi = clopperPearson(fn, m1, 0.975).hi;
  const lower = boundOf(alphaHi, betaHi, delta, test.inequality);
  const estimate = boundOf((fp + 0.5) / (m0 + 1), (fn + 0.5) / (m1 + 1), delta, test.inequality);
  return {
    lower: Number.isFinite(lower) && lower > 0 ? lower : 0,
    estimate: Number.isFinite(estimate) && estimate > 0 ? estimate : 0,
    test,
    alpha: fp / m0,
    beta: fn / m1,
    alphaHi,
    betaHi,
  };
}

/** Confidence of `epsilonLowerBound`: two one-sided 97.5% Clopper–Pearson bounds that hold together. */
export const AUDIT_CONFIDENCE = 0.95;

/** Releases per side that evaluate the chosen test: those whose index is not 0 (mod 4). */
export function evaluationCount(releases: number): number {
  return releases - Math.ceil(releases / 4);
}

/**
 * The largest lower bound the audit can report from `releases` per side: a test that makes no error on the
 * m = evaluationCount(releases) evaluation releases of each side, so α_hi = β_hi = 1 − 0.025^{1/m} (the
 * Clopper–Pearson bound for 0 errors in m) and ε_lb = ln((1 − δ − β_hi)/α_hi) ≈ ln(m/ln 40) ≈ ln(N/4.9). A
 * mechanism whose ε is above this cannot be shown to leak more with N releases; more releases raise it.
 */
export function epsilonCeiling(releases: number, delta: number): number {
  const m = evaluationCount(releases);
  if (!(m >= 1)) return 0;
  const hi = clopperPearson(0, m, 0.975).hi;
  const eps = Math.log((1 - delta - hi) / hi);
  return Number.isFinite(eps) && eps > 0 ? eps : 0;
}

/** The whole procedure on scores in release order: index ≡ 0 (mod 4) selects, the rest evaluate. */
export function epsilonLowerBound(
  scoresD: ArrayLike<number>,
  scoresD2: ArrayLike<number>,
  delta: number,
): EpsilonBound {
  const split = (s: ArrayLike<number>) => {
    const sel: number[] = [];
    const ev: number[] = [];
    for (let i = 0; i < s.length; i++) (i % 4 === 0 ? sel : ev).push(s[i]);
    return [Float64Array.from(sel).sort(), Float64Array.from(ev).sort()];
  };
  const [selD, evD] = split(scoresD);
  const [selD2, evD2] = split(scoresD2);
  return evaluateTest(chooseTest(selD, selD2, delta), evD, evD2, delta);
}

/**
 * The empirical trade-off curve of the tests "say D′ when s > t" over all thresholds: (α, β) from (1, 0) to
 * (0, 1), at most `points` of them (evenly spread over the pooled scores).
 */
export function tradeOffCurve(
  scoresD: ArrayLike<number>,
  scoresD2: ArrayLike<number>,
  points = 201,
): { alpha: number[]; beta: number[] } {
  const d = Float64Array.from(scoresD).sort();
  const d2 = Float64Array.from(scoresD2).sort();
  const alpha: number[] = [];
  const beta: number[] = [];
  if (!d.length || !d2.length) return { alpha, beta };
  for (const t of candidates(d, d2, points - 1)) {
    const { fp, fn } = testErrors(d, d2, t, 'above');
    alpha.push(fp / d.length);
    beta.push(fn / d2.length);
  }
  return { alpha, beta };
}

/** The boundary of the (ε, δ)-DP region: the smallest β any test with false-positive rate α can have. */
export function privacyBoundary(alpha: number, eps: number, delta: number): number {
  return Math.max(0, 1 - delta - Math.exp(eps) * alpha, Math.exp(-eps) * (1 - delta - alpha));
}

/** Histograms of the two score samples over common bins (infinite scores go to the end bins). */
export function scoreHistograms(
  scoresD: ArrayLike<number>,
  scoresD2: ArrayLike<number>,
  bins = 40,
): { edges: number[]; countsD: number[]; countsD2: number[] } {
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of [scoresD, scoresD2])
    for (let i = 0; i < s.length; i++)
      if (Number.isFinite(s[i])) {
        lo = Math.min(lo, s[i]);
        hi = Math.max(hi, s[i]);
      }
  if (!(hi >= lo)) return { edges: [], countsD: [], countsD2: [] };
  if (hi === lo) {
    lo -= 0.5;
    hi += 0.5;
  }
  const width = (hi - lo) / bins;
  const edges = Array.from({ length: bins + 1 }, (_, i) => lo + i * width);
  const count = (s: ArrayLike<number>) => {
    const c = new Array<number>(bins).fill(0);
    for (let i = 0; i < s.length; i++) {
      if (Number.isNaN(s[i])) continue;
      c[Math.min(bins - 1, Math.max(0, Math.floor((s[i] - lo) / width)))]++;
    }
    return c;
  };
  return { edges, countsD: count(scoresD), countsD2: count(scoresD2) };
}
