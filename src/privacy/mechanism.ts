/**
 * One interface for everything that releases something private: KNG geodesic regression,
 * the Fréchet-mean mechanisms, the linear-regression baselines and the non-private fit (ε = ∞). The table of
 * them is `src/experiments/mechanisms/`; the privacy audit (`src/audit/`) works on any entry through this
 * interface alone.
 *
 * A mechanism is prepared on one data set (its non-private output, calibration and kernels computed once), then
 * releases as often as asked. Releases are flat vectors (a point, a matrix, or parameters concatenated: KNG
 * (p̃, ṽ), a line (intercept, slope)) in the ambient coordinates of the output space.
 */
import type { Manifold, ManifoldKind } from '../geometry/types';
import type { Rng } from '../sampling/rng';

/** The space a mechanism works on: the manifold kinds (geometry/types.ts ManifoldKind). */
export type SpaceKind = ManifoldKind;

/** The kind of space of a manifold (R^d has no family). */
export function spaceOf(M: Manifold): SpaceKind {
  return M.family?.kind ?? 'euclidean';
}

/** Which data a mechanism takes: regression data (x, y) or a sample of points (Fréchet mean). */
export type MechanismFamily = 'regression' | 'frechet' | 'linreg';

/** Data of a release: responses on M, with covariates in [0, 1] for regression (null for a Fréchet mean). */
export interface MechanismData {
  M: Manifold;
  xs: Float64Array | null;
  ys: readonly Float64Array[];
}

/** What a mechanism claims under the current settings. */
export interface MechanismCalibration {
  /** The claimed ε (total, by composition where the release has parts); Infinity for a non-private release. */
  epsilon: number;
  /** The claimed δ (0 for pure ε-DP). */
  delta: number;
  /** The main noise scale (σ of KNG/Laplace/Gaussian; NaN where there is none or it is per release). */
  sigma: number;
  /** The sensitivity σ was calibrated to (NaN where none). */
  sensitivity: number;
  /** False when the release is not private under these settings (the reason says why). */
  isPrivate: boolean;
  reason: string | null;
  notes: string[];
}

/** A mechanism prepared on one data set. */
export interface PreparedMechanism {
  calibration: MechanismCalibration;
  /** The non-private output the mechanism perturbs (same layout as a release). */
  nonPrivate: Float64Array;
  /** One release (a pure function of the data and the stream). */
  release(rng: Rng): Float64Array;
  /**
   * Log-density of an output given this data set where known, up to a constant that does not depend on the
   * data (so differences between two data sets are log-likelihood ratios), or up to a data-dependent constant
   * when `densityExact` is false (then differences are only a good test statistic). Null where unknown.
   */
  logDensity: ((z: Float64Array) => number) | null;
  densityExact: boolean;
  /**
   * The exact privacy loss sup_z |ln p(z | this) − ln p(z | other)| against the same mechanism prepared on a
   * neighbouring data set, where it has a closed form (pure ε-DP mechanisms with a known density and the same
   * noise scale on both); absent or null otherwise.
   */
  exactEpsilon?(other: PreparedMechanism): number | null;
  /** The trade-off curve of the best tests of this data set against `other` (quadrature), where known. */
  exactTradeOff?(other: PreparedMechanism): { alpha: number[]; beta: number[] } | null;
}

/** Settings of every mechanism; each reads its own part (see the table). */
export interface Mechanism<S> {
  /** Stable id (CLI `--mechanism` values, URLs). */
  id: string;
  label: string;
  family: MechanismFamily;
  /** The spaces it applies to. */
  spaces: readonly SpaceKind[];
  /** One line: what it releases and how. */
  blurb: string;
  prepare(data: MechanismData, settings: S): PreparedMechanism;
}
