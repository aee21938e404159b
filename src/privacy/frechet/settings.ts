/**
 * What a Fréchet-mean mechanism is calibrated and released with (calibration.ts, release.ts). The
 * experiment's spec extends these settings with its grid (sizes, ε, replicates, seed).
 */
import type { SpdMetric } from '../../geometry/spd';
import type { ConformalSign } from './conformal';
import type { SigmaRule } from './laplace';
import type { GaussianCalibration } from './tangentGaussian';

/** The space of the data: the unit sphere S², or SPD(k). */
export type FrechetManifold = 'sphere' | 'spd';

export interface FrechetReleaseSpec {
  manifold: FrechetManifold;
  /** SPD metric of the mean and of the intrinsic mechanisms (ignored on the sphere). */
  metric: SpdMetric;
  /** Public data radius: sphere — cap radius r (< π/4); SPD — 002's r (eigenvalues in [e^{−r}, e^{r}]). */
  radius: number;
  /** δ of the Gaussian mechanisms. */
  delta: number;
  calibration: GaussianCalibration;
  /** Laplace scale Δ/ε ('paper') or 2Δ/ε ('strict'); truncated targets always use 2Δ/ε. */
  sigmaRule: SigmaRule;
  /** Log-Euclidean Riemannian Laplace: exact sampler (default) or MH as in 002. */
  rlSampler?: 'exact' | 'mcmc';
  /** MH burn-in of the samplers that need one (affine RL, LE RL with mcmc, conformal). Default 2000. */
  burnIn?: number;
  /** Conformal-DP settings (see conformal.ts). */
  conformal?: FrechetConformalSettings;
  /** The user's own data instead of synthetic data; here only their presence matters (no public sample). */
  points?: Float64Array[];
  /** The radius was computed from the data (not a public bound): every release is labelled not private. */
  radiusFromData?: boolean;
}

export interface FrechetConformalSettings {
  /**
   * Where φ comes from: 'private' — the data being released, as in 003; 'public' — a public reference sample
   * drawn independently from the same distribution (fixed for all replicates). Default 'private'. Neither makes
   * the release ε-DP with the computable conformal distance (see conformal.ts), so conformal rows are always
   * labelled not private; 'public' removes the leak through φ itself.
   */
  phiSource?: 'private' | 'public';
  /** Size of the public reference sample (default: n). */
  publicN?: number;
  kNeighbors?: number;
  sign?: ConformalSign;
  gain?: number;
}
