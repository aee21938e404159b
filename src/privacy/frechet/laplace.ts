/**
 * Riemannian Laplace mechanism for Fréchet means (paper 004; docs/frechet.md): a release z with density
 * ∝ exp(−ρ(η, z)/σ) with respect to the Riemannian volume, centred at the (non-private) mean η.
 *
 * - S² (unit sphere): exact. The angle θ = ρ(η, z) has density ∝ e^{−θ/σ} sin θ on [0, π] (sampled by
 *   inverting its closed-form CDF); the direction in T_η is uniform.
 * - Log-Euclidean SPD(k): exact. In vecd∘logm coordinates the LE metric is Euclidean, so the release is
 *   expm(logm η + r·u) with r ~ Gamma(d, rate 1/σ), u uniform on S^{d−1}, d = k(k+1)/2.
 * - Affine-invariant SPD(k): Metropolis–Hastings (Hajri et al.), run in normal coordinates at η where the
 *   target is ∝ e^{−‖x‖/σ}·J(x) w.r.t. Lebesgue measure (J the Jacobian of Exp_η), with a Gaussian random
 *   walk (symmetric) proposal and the standard MH ratio (002's printed ratio is garbled;
 *   docs/paper-errors.md). J grows like exp(c_k ρ), c_k = ½√(k(k²−1)/3) (c₂ = 1/√2), so the untruncated
 *   density exists only for σ < 1/c_k (σ < √2 for k = 2). Larger σ is refused unless the target is truncated
 *   to a public ball B_R(m₀) (004 Thm 3); the truncated normaliser depends on the centre, so then σ must be
 *   2Δ/ε.
 *
 * σ rule: 'strict' σ = 2Δ/ε is always ε-DP; 'paper' σ = Δ/ε is ε-DP only when the normaliser does not
 * depend on the centre (whole sphere, whole SPD; not for a truncated target). `sigmaFor` enforces this.
 */
import { expm, logm, symDim, symEig, symToVecd, vecdToSym, createSymEig } from '../../geometry/linalg';
import { sphere } from '../../geometry/sphere';
import { affineVolumeGrowth, spd } from '../../geometry/spd';
import { kNormLaplace } from '../../sampling/distributions';
import { runChain, type RandomWalkTarget } from '../../sampling/mh';
import type { Rng } from '../../sampling/rng';

import type { SigmaRule } from '../sensitivity';

export type { SigmaRule };

/**
 * Laplace scale: Δ/ε ('paper') or 2Δ/ε ('strict'). A truncated target forces 2Δ/ε: passing
 * `truncated = true` with rule 'paper' throws, so that a caller cannot silently lose the guarantee.
 */
export function sigmaFor(delta: number, eps: number, rule: SigmaRule, truncated = false): number {
  if (!(eps > 0) || !Number.isFinite(eps))
    throw new RangeError(`sigmaFor: ε must be a positive finite number (got ${eps})`);
  if (!(delta > 0) || !Number.isFinite(delta))
    throw new RangeError(`sigmaFor: Δ must be a positive finite number (got ${delta})`);
  if (rule !== 'paper' && rule !== 'strict')
    throw new RangeError(`sigmaFor: rule must be 'paper' or 'strict' (got ${String(rule)})`);
  if (truncated && rule === 'paper') {
    throw new RangeError(
      "sigmaFor: a truncated Laplace target has a centre-dependent normaliser, so σ must be 2Δ/ε (rule 'strict'); " +
        "σ = Δ/ε ('paper') would only give 2ε-DP",
    );
  }
  return ((rule === 'strict' ? 2 : 1) * delta) / eps;
}

function checkSigma(sigma: number, fn: string): void {
  if (!(sigma > 0) || !Number.isFinite(sigma))
    throw new RangeError(`${fn}: σ must be a positive finite number (got ${sigma})`);
}

// ---------------------------------------------------------------------------------------------------------
// S²

/**
 * N(θ) = (1 + a²)∫₀^θ e^{−at} sin t dt = 1 − e^{−aθ}(cos θ + a sin θ), a = 1/σ. With w = i − a it equals
 * (1 + a²)·Im[expm1(wθ)/w]; the closed form cancels for small |wθ|, where the power series
 * (1 + a²)·θ·Σ_{n≥1} Im(wⁿ)θⁿ/(n+1)! is used instead.
 */
function sphereRadialMass(theta: number, a: number): number {
  const wr = -a;
  const absW = Math.sqrt(1 + a * a);
  if (absW * theta < 0.5) {
    // series: terms shrink at least like 0.5ⁿ/(n+1)!
    let pr = 1; // Re(wⁿ θⁿ)
    let pi = 0; // Im(wⁿ θⁿ)
    let fact = 1; // (n+1)!
    let sum = 0;
    for (let n = 1; n < 40; n++) {
      const nr = (pr * wr - pi) * theta; // multiply by wθ, w = −a + i
      const ni = (pr + pi * wr) * theta;
      pr = nr;
      pi = ni;
      fact *= n + 1;
      const term = pi / fact;
      sum += term;
      if (Math.abs(term) < 1e-17 * Math.abs(sum)) break;
    }
    return (1 + a * a) * theta * sum;
  }
  return 1 - Math.exp(-a * theta) * (Math.cos(theta) + a * Math.sin(theta));
}

/** CDF of the angle θ = ρ(η, z) of the S² Laplace: ∝ ∫₀^θ e^{−t/σ} sin t dt, normalised on [0, π]. */
export function sphereLaplaceAngleCdf(theta: number, sigma: number): number {
  checkSigma(sigma, 'sphereLaplaceAngleCdf');
  if (theta <= 0) return 0;
  if (theta >= Math.PI) return 1;
  const a = 1 / sigma;
  return sphereRadialMass(theta, a) / (1 + Math.exp(-a * Math.PI));
}

/** Density of the angle θ on [0, π]: (1 + a²) e^{−aθ} sin θ / (1 + e^{−aπ}), a = 1/σ. */
export function sphereLaplaceAnglePdf(theta: number, sigma: number): number {
  checkSigma(sigma, 'sphereLaplaceAnglePdf');
  if (theta < 0 || theta > Math.PI) return 0;
  const a = 1 / sigma;
  return ((1 + a * a) * Math.exp(-a * theta) * Math.sin(theta)) / (1 + Math.exp(-a * Math.PI));
}

/**
 * log of the S² Laplace density w.r.t. area at z for centre η: −ρ(η, z)/σ − log Z, with
 * Z = 2π σ²(1 + e^{−π/σ})/(1 + σ²) (independent of η: the sphere is homogeneous).
 */
export function sphereLaplaceLogDensity(eta: Float64Array, z: Float64Array, sigma: number): number {
  checkSigma(sigma, 'sphereLaplaceLogDensity');
  const a = 1 / sigma;
  const logZ = Math.log(2 * Math.PI) + Math.log1p(Math.exp(-a * Math.PI)) - Math.log1p(a * a);
  return -sphere().dist(eta, z) / sigma - logZ;
}

/** θ by inversion of the CDF: safeguarded Newton on [0, π]. */
export function sampleSphereLaplaceAngle(sigma: number, rng: Rng): number {
  checkSigma(sigma, 'sampleSphereLaplaceAngle');
  const u = rng.uniformOpen();
  let lo = 0;
  let hi = Math.PI;
  // Start from the Gamma(2, 1/σ) approximation's mean, clipped.
  let t = Math.min(2 * sigma, Math.PI / 2);
  for (let it = 0; it < 200; it++) {
    const f = sphereLaplaceAngleCdf(t, sigma) - u;
    if (f > 0) hi = t;
    else lo = t;
    const p = sphereLaplaceAnglePdf(t, sigma);
    let next = p > 0 ? t - f / p : NaN;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - t) <= 1e-15 * Math.max(1, t) || hi - lo <= 4e-16 * Math.max(hi, 1e-300)) {
      t = next;
      break;
    }
    t = next;
  }
  return t;
}

/** Exact draw from the Riemannian Laplace on the unit sphere S² ⊂ R³ centred at η. */
export function sphereLaplace(eta: Float64Array, sigma: number, rng: Rng): Float64Array {
  checkSigma(sigma, 'sphereLaplace');
  const M = sphere();
  const theta = sampleSphereLaplaceAngle(sigma, rng);
  const v = new Float64Array(3);
  let nv: number;
  do {
    M.randomTangent(eta, rng, v);
    nv = M.norm(eta, v);
  } while (!(nv > 1e-12));
  for (let i = 0; i < 3; i++) v[i] *= theta / nv;
  return M.exp(eta, v);
}

// ---------------------------------------------------------------------------------------------------------
// Log-Euclidean SPD(k)

/**
 * Exact draw from the log-Euclidean Riemannian Laplace on SPD(k) centred at η: expm(logm η + r·u) in vecd
 * coordinates (an isometry to R^d), r ~ Gamma(d, rate 1/σ), u uniform (the ℓ₂ K-norm noise of R^d).
 * E ρ² = d(d + 1)σ² (docs/frechet.md; 004 Thm 3's "d(d−1)" is a typo).
 */
export function logEuclideanLaplace(eta: Float64Array, k: number, sigma: number, rng: Rng): Float64Array {
  checkSigma(sigma, 'logEuclideanLaplace');
  const d = symDim(k);
  const x = symToVecd(logm(eta, k), k);
  const noise = kNormLaplace(rng, d, sigma);
  for (let i = 0; i < d; i++) x[i] += noise[i];
  return expm(vecdToSym(x, k), k);
}

// ---------------------------------------------------------------------------------------------------------
// Affine-invariant SPD(k), MH

/** The largest σ (exclusive) for which the untruncated affine Laplace exists: 1/c_k (√2 for k = 2). */
export function affineLaplaceMaxSigma(k: number): number {
  return k >= 2 ? 1 / affineVolumeGrowth(k) : Infinity;
}

/** log(sinh u / u), stable for all u ≥ 0. */
function logSinhc(u: number): number {
  if (u < 1e-4) return (u * u) / 6;
  return u + Math.log(-Math.expm1(-2 * u) / (2 * u));
}

/**
 * log J(x): the log Jacobian of Exp_η in orthonormal (whitened vecd) coordinates x, J = Π_{i<j}
 * sinh(|λᵢ−λⱼ|/2)/(|λᵢ−λⱼ|/2) with λ the eigenvalues of X = vecd⁻¹(x).
 */
export function affineLogJacobian(x: ArrayLike<number>, k: number): number {
  if (k === 1) return 0;
  if (k === 2) {
    const dl = Math.sqrt((x[0] - x[1]) ** 2 + 2 * x[2] * x[2]);
    return logSinhc(dl / 2);
  }
  const eig = symEig(vecdToSym(x, k), k, createSymEig(k));
  let s = 0;
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) s += logSinhc(Math.abs(eig.values[i] - eig.values[j]) / 2);
  return s;
}

/**
 * Unnormalised density of ρ = ρ(η, z) for the affine SPD(2) Laplace: ρ² e^{−ρ/σ} ∫₀¹ g(ρ√2·√(1−t²)) dt,
 * g(δ) = sinh(δ/2)/(δ/2) (the traceless part of a uniform direction has norm √(1−t²), t uniform on [−1,1]).
 * Used as the reference for testing the MH sampler.
 */
export function affineSpd2RadialDensity(rho: number, sigma: number, nodes = 200): number {
  if (rho <= 0) return 0;
  // Gauss–Legendre would do; composite Simpson in t is plenty for smooth g.
  const m = nodes % 2 === 0 ? nodes : nodes + 1;
  let s = 0;
  for (let i = 0; i <= m; i++) {
    const t = i / m;
    const w = i === 0 || i === m ? 1 : i % 2 === 1 ? 4 : 2;
    s += w * Math.exp(logSinhc((rho * Math.SQRT2 * Math.sqrt(Math.max(0, 1 - t * t))) / 2));
  }
  s /= 3 * m;
  return rho * rho * Math.exp(-rho / sigma) * s;
}

export interface AffineLaplaceOptions {
  /** MH steps before the kept (final) state. Default 2000. */
  burnIn?: number;
  /** Initial random-walk step (standard deviation per coordinate); default σ. */
  step?: number;
  /** Adapt the step during burn-in toward this acceptance rate (default 0.3; null to switch off). */
  adaptTarget?: number | null;
  /** Plain (non-adaptive) MH steps after burn-in before the kept state. Default 200. */
  fixedSteps?: number;
  /**
   * Restrict the target to the public ball B_R(m₀) (affine distance). Required when σ ≥ 1/c_k; the caller
   * must then use σ = 2Δ/ε (`sigmaFor(…, 'strict', true)`). m₀ must be public (not the data mean).
   */
  truncate?: { center: Float64Array; radius: number };
}

export interface AffineLaplaceRelease {
  point: Float64Array;
  /** Whitened normal coordinates x at η of the release (‖x‖ = ρ(η, z)). */
  coords: Float64Array;
  acceptanceRate: number;
  step: number;
}

/**
 * The MH target in whitened vecd coordinates x at η (z = η^½ expm(vecd⁻¹ x) η^½, ρ(η, z) = ‖x‖):
 * U(x) = ‖x‖/σ − log J(x), plus +∞ outside the truncation ball. Exposed for tests.
 */
export function affineLaplaceTarget(
  eta: Float64Array,
  k: number,
  sigma: number,
  truncate?: { center: Float64Array; radius: number },
): RandomWalkTarget & { toPoint(x: Float64Array): Float64Array } {
  checkSigma(sigma, 'affineSpdLaplace');
  const d = symDim(k);
  const limit = affineLaplaceMaxSigma(k);
  if (!truncate && !(sigma < limit)) {
    throw new RangeError(
      `affineSpdLaplace: the untruncated Laplace density on affine SPD(${k}) exists only for σ < ${limit} ` +
        `(${k === 2 ? '√2' : `1/c_k`}; volume grows like e^{${affineVolumeGrowth(k).toFixed(4)}ρ}); got σ = ${sigma}. ` +
        'Pass truncate: { center, radius } (a public ball) and use σ = 2Δ/ε',
    );
  }
  if (truncate && !(truncate.radius > 0))
    throw new RangeError(`affineSpdLaplace: truncation radius must be > 0 (got ${truncate.radius})`);
  const M = spd(k, 'affine');
  const half = symEig(eta, k, createSymEig(k));
  // η^½ from the eigendecomposition
  const sq = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let l = 0; l < k; l++)
        s += half.vectors[i * k + l] * Math.sqrt(half.values[l]) * half.vectors[j * k + l];
      sq[i * k + j] = s;
    }
  const toPoint = (x: Float64Array): Float64Array => {
    const E = expm(vecdToSym(x, k), k);
    const out = new Float64Array(k * k);
    // sq · E · sq
    const t = new Float64Array(k * k);
    for (let i = 0; i < k; i++)
      for (let j = 0; j < k; j++) {
        let s = 0;
        for (let l = 0; l < k; l++) s += sq[i * k + l] * E[l * k + j];
        t[i * k + j] = s;
      }
    for (let i = 0; i < k; i++)
      for (let j = 0; j < k; j++) {
        let s = 0;
        for (let l = 0; l < k; l++) s += t[i * k + l] * sq[l * k + j];
        out[i * k + j] = s;
      }
    for (let i = 0; i < k; i++)
      for (let j = i + 1; j < k; j++) {
        const s = 0.5 * (out[i * k + j] + out[j * k + i]);
        out[i * k + j] = s;
        out[j * k + i] = s;
      }
    return out;
  };
  return {
    size: d,
    potential(x) {
      let r2 = 0;
      for (let i = 0; i < d; i++) r2 += x[i] * x[i];
      const u = Math.sqrt(r2) / sigma - affineLogJacobian(x, k);
      if (truncate && !(M.dist(truncate.center, toPoint(x)) <= truncate.radius)) return Infinity;
      return u;
    },
    propose(x, step, rng, out) {
      rng.normals(out, 0, d); // a block of the normal() stream: the same numbers
      for (let i = 0; i < d; i++) out[i] = x[i] + step * out[i];
    },
    toPoint,
  };
}

/**
 * Draw from the affine-invariant Riemannian Laplace on SPD(k) centred at η by MH (the final state of one
 * chain started at η, so independent calls give independent draws). With truncation, η must lie in the
 * ball (the chain starts there).
 */
export function affineSpdLaplace(
  eta: Float64Array,
  k: number,
  sigma: number,
  rng: Rng,
  opts: AffineLaplaceOptions = {},
): AffineLaplaceRelease {
  const target = affineLaplaceTarget(eta, k, sigma, opts.truncate);
  const start = new Float64Array(target.size);
  if (!Number.isFinite(target.potential(start))) {
    throw new RangeError(
      'affineSpdLaplace: the centre η lies outside the truncation ball B_R(m₀); the data mean must lie in it',
    );
  }
  const adapt = opts.adaptTarget === undefined ? 0.3 : (opts.adaptTarget ?? undefined);
  const res = runChain(target, start, rng, {
    burnIn: opts.burnIn ?? 2000,
    draws: 1 + (opts.fixedSteps ?? 200),
    step: opts.step ?? sigma,
    adaptTarget: adapt,
  });
  const coords = res.draws[res.draws.length - 1];
  return {
    point: target.toPoint(coords),
    coords,
    acceptanceRate: res.acceptanceRate,
    step: res.step,
  };
}
