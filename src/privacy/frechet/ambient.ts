/**
 * Ambient (Euclidean) ℓ₂ K-norm Laplace baselines for private Fréchet means (004 §5, Thm 4; docs/frechet.md):
 * noise with density ∝ exp(−‖z‖₂/σ) added in an embedding space, σ = Δ/ε with an ambient sensitivity
 * (the K-norm normaliser is translation invariant, so Δ/ε is ε-DP).
 *
 * - Sphere: in R³ around the mean; the chordal sensitivity 2 sin(Δ/2) ≤ Δ (`chordalSensitivity`).
 *   Optionally projected back to S² (post-processing, still private).
 * - SPD(k): in vecd coordinates of Sym(k) (Frobenius-isometric) around the arithmetic mean, with the
 *   Frobenius sensitivity 2(e^r − 1)/n (`frobeniusSensitivity`); the output may fail to be SPD — releases
 *   report it and `fractionNotSpd` summarises (004 reports ~25% at n = 20–40). Optional projection onto SPD
 *   (eigenvalue clipping) is post-processing.
 */
import { projectSPD, symDim, symToVecd, vecdToSym } from '../../geometry/linalg';
import { kNormLaplace } from '../../sampling/distributions';
import type { Rng } from '../../sampling/rng';
import { isSpd } from './tangentGaussian';

export interface AmbientSphereRelease {
  /** The raw noisy point of R³. */
  raw: Float64Array;
  /** raw/‖raw‖ when projected (null if not requested or raw = 0). */
  projected: Float64Array | null;
}

/** ℓ₂ K-norm Laplace in R³ around a point of S² (σ from the chordal sensitivity). */
export function ambientSphereLaplace(
  mean: Float64Array,
  sigma: number,
  rng: Rng,
  project = true,
): AmbientSphereRelease {
  if (!(sigma > 0) || !Number.isFinite(sigma))
    throw new RangeError(`ambientSphereLaplace: σ must be a positive finite number (got ${sigma})`);
  const noise = kNormLaplace(rng, 3, sigma);
  const raw = Float64Array.from(mean, (m, i) => m + noise[i]);
  let projected: Float64Array | null = null;
  if (project) {
    const r = Math.hypot(raw[0], raw[1], raw[2]);
    if (r > 0) projected = Float64Array.from(raw, (x) => x / r);
  }
  return { raw, projected };
}

export interface AmbientSpdRelease {
  /** The noisy symmetric matrix. */
  matrix: Float64Array;
  isSpd: boolean;
  /** Its projection onto SPD (eigenvalue clipping) when requested. */
  projected: Float64Array | null;
}

/** ℓ₂ K-norm Laplace in vecd coordinates of Sym(k) around `center` (e.g. the arithmetic mean). */
export function ambientSpdLaplace(
  center: Float64Array,
  k: number,
  sigma: number,
  rng: Rng,
  project = false,
): AmbientSpdRelease {
  if (!(sigma > 0) || !Number.isFinite(sigma))
    throw new RangeError(`ambientSpdLaplace: σ must be a positive finite number (got ${sigma})`);
  const d = symDim(k);
  const x = symToVecd(center, k);
  const noise = kNormLaplace(rng, d, sigma);
  for (let i = 0; i < d; i++) x[i] += noise[i];
  const matrix = vecdToSym(x, k);
  const spdOk = isSpd(matrix, k);
  return { matrix, isSpd: spdOk, projected: project ? (spdOk ? matrix : projectSPD(matrix, k)) : null };
}

/** Fraction of releases whose matrix is not SPD. */
export function fractionNotSpd(releases: readonly { isSpd: boolean }[]): number {
  if (releases.length === 0) return NaN;
  let bad = 0;
  for (const r of releases) if (!r.isSpd) bad++;
  return bad / releases.length;
}
