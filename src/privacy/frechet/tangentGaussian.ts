/**
 * Tangent Gaussian mechanism for log-Euclidean Fréchet means of SPD(k) (paper 002; docs/frechet.md), its two
 * calibrations, and the extrinsic Gaussian baseline.
 *
 * Release: expm(logm η + σ·N(0, I_d)) with the noise drawn in vecd coordinates (off-diagonals × √2), which
 * is the isotropic Gaussian of the (flat) LE metric; hence ρ_LE²/σ² ~ χ²_d exactly, d = k(k+1)/2.
 *
 * Calibration for (ε, δ)-DP with LE sensitivity Δ:
 * - classical σ = Δ√(2 ln(1.25/δ))/ε (Dwork–Roth Thm A.1), valid only for ε < 1: refused otherwise;
 * - analytic (Balle–Wang 2018, Thm 8): the smallest σ with
 *     Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ) ≤ δ
 *   (002 prints the second argument with the wrong sign; docs/paper-errors.md), found by bisection on log σ,
 *   with e^ε Φ(b) evaluated as exp(ε + log Φ(b)) so that it does not overflow for ε ≳ 709.
 */
import { expm, logm, symDim, symToVecd, vecdToSym } from '../../geometry/linalg';
import { normalVector } from '../../sampling/distributions';
import type { Rng } from '../../sampling/rng';
import { logNormalCdf } from '../../sampling/stats';

export type GaussianCalibration = 'classical' | 'analytic';

function checkArgs(delta: number, eps: number, dp: number, fn: string): void {
  if (!(delta > 0) || !Number.isFinite(delta))
    throw new RangeError(`${fn}: Δ must be a positive finite number (got ${delta})`);
  if (!(eps > 0) || !Number.isFinite(eps))
    throw new RangeError(`${fn}: ε must be a positive finite number (got ${eps})`);
  if (!(dp > 0 && dp < 1)) throw new RangeError(`${fn}: δ must be in (0, 1) (got ${dp})`);
}

/** Classical Gaussian σ = Δ√(2 ln(1.25/δ))/ε; throws for ε ≥ 1, where it is not a valid calibration. */
export function classicalSigma(delta: number, eps: number, dp: number): number {
  checkArgs(delta, eps, dp, 'classicalSigma');
  if (!(eps < 1)) {
    throw new RangeError(
      `classicalSigma: the classical Gaussian calibration σ = Δ√(2 ln(1.25/δ))/ε is only proven for ε < 1 ` +
        `(got ε = ${eps}); use the analytic calibration`,
    );
  }
  return (delta * Math.sqrt(2 * Math.log(1.25 / dp))) / eps;
}

/**
 * δ achieved by the Gaussian mechanism with noise σ at privacy level ε (Balle–Wang Thm 8):
 * Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ), evaluated without overflow.
 */
export function gaussianDelta(delta: number, eps: number, sigma: number): number {
  const s = sigma / delta;
  const a = 1 / (2 * s) - eps * s;
  const b = -1 / (2 * s) - eps * s;
  const la = logNormalCdf(a);
  const lb = eps + logNormalCdf(b);
  // Φ(a) − e^{lb} = e^{la}(1 − e^{lb − la}); lb < la always (the mechanism's δ is ≥ 0).
  if (lb >= la) return 0;
  return Math.exp(la) * -Math.expm1(lb - la);
}

/** Analytic Gaussian σ (Balle–Wang): the smallest σ with gaussianDelta(Δ, ε, σ) ≤ δ, by bisection on log σ. */
export function analyticSigma(delta: number, eps: number, dp: number): number {
  checkArgs(delta, eps, dp, 'analyticSigma');
  // gaussianDelta is decreasing in σ: → 1 as σ → 0, → 0 as σ → ∞. Bracket in units of Δ.
  let lo = 1;
  let hi = 1;
  while (gaussianDelta(1, eps, lo) <= dp) {
    lo /= 2;
    if (lo < 1e-300) break;
  }
  while (gaussianDelta(1, eps, hi) > dp) {
    hi *= 2;
    if (hi > 1e300) throw new RangeError('analyticSigma: failed to bracket σ');
  }
  for (let it = 0; it < 200 && hi / lo > 1 + 1e-14; it++) {
    const mid = Math.sqrt(lo * hi);
    if (gaussianDelta(1, eps, mid) > dp) lo = mid;
    else hi = mid;
  }
  return hi * delta; // the upper end satisfies the constraint
}

/** σ by the chosen calibration. */
export function gaussianSigma(
  delta: number,
  eps: number,
  dp: number,
  calibration: GaussianCalibration,
): number {
  if (calibration === 'classical') return classicalSigma(delta, eps, dp);
  if (calibration === 'analytic') return analyticSigma(delta, eps, dp);
  throw new RangeError(
    `gaussianSigma: calibration must be 'classical' or 'analytic' (got ${String(calibration)})`,
  );
}

/** Tangent Gaussian release of an SPD(k) mean η: expm(logm η + N(0, σ² I_d) in vecd coordinates). */
export function tangentGaussian(eta: Float64Array, k: number, sigma: number, rng: Rng): Float64Array {
  if (!(sigma > 0) || !Number.isFinite(sigma))
    throw new RangeError(`tangentGaussian: σ must be a positive finite number (got ${sigma})`);
  const d = symDim(k);
  const x = symToVecd(logm(eta, k), k);
  const z = normalVector(rng, d);
  for (let i = 0; i < d; i++) x[i] += sigma * z[i];
  return expm(vecdToSym(x, k), k);
}

/** Arithmetic (ambient) mean of k×k matrices. */
export function arithmeticMean(ys: readonly Float64Array[]): Float64Array {
  if (ys.length === 0) throw new RangeError('arithmeticMean: no data');
  const out = new Float64Array(ys[0].length);
  for (const y of ys) for (let i = 0; i < out.length; i++) out[i] += y[i] / ys.length;
  return out;
}

/** Whether a symmetric k×k matrix is positive definite (Cholesky succeeds with positive pivots). */
export function isSpd(A: Float64Array, k: number): boolean {
  const L = new Float64Array(k * k);
  for (let j = 0; j < k; j++) {
    let s = A[j * k + j];
    for (let l = 0; l < j; l++) s -= L[j * k + l] ** 2;
    if (!(s > 0)) return false;
    const ljj = Math.sqrt(s);
    L[j * k + j] = ljj;
    for (let i = j + 1; i < k; i++) {
      let t = 0.5 * (A[i * k + j] + A[j * k + i]);
      for (let l = 0; l < j; l++) t -= L[i * k + l] * L[j * k + l];
      L[i * k + j] = t / ljj;
    }
  }
  return true;
}

export interface ExtrinsicRelease {
  /** The noisy symmetric matrix (not necessarily SPD). */
  matrix: Float64Array;
  isSpd: boolean;
}

/**
 * Extrinsic Gaussian baseline: center + N(0, σ² I_d) in vecd coordinates of Sym(k) (Frobenius-isotropic),
 * with σ calibrated to the Frobenius sensitivity of `center` — for the arithmetic mean of data in the LE
 * ball of radius r around I, 2(e^r − 1)/n (`frobeniusSensitivity`). 002 writes the LE mean as the centre;
 * the Frobenius bound is proven for the arithmetic mean, which is what we recommend passing. The output need
 * not be SPD; `isSpd` says whether it is (distances to it are then Euclidean/Frobenius).
 */
export function extrinsicGaussian(
  center: Float64Array,
  k: number,
  sigma: number,
  rng: Rng,
): ExtrinsicRelease {
  if (!(sigma > 0) || !Number.isFinite(sigma))
    throw new RangeError(`extrinsicGaussian: σ must be a positive finite number (got ${sigma})`);
  const d = symDim(k);
  const x = symToVecd(center, k);
  const z = normalVector(rng, d);
  for (let i = 0; i < d; i++) x[i] += sigma * z[i];
  const matrix = vecdToSym(x, k);
  return { matrix, isSpd: isSpd(matrix, k) };
}

/** Frobenius distance between two k×k matrices (the distance used for extrinsic/ambient releases). */
export function frobeniusDistance(A: Float64Array, B: Float64Array): number {
  let s = 0;
  for (let i = 0; i < A.length; i++) s += (A[i] - B[i]) ** 2;
  return Math.sqrt(s);
}
