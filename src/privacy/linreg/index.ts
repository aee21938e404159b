/**
 * Private linear regression on R^d (docs/euclidean.md): DPGR (the KNG release of geodesic regression with
 * the exact Euclidean samplers) against two standard baselines — sufficient-statistics perturbation and
 * noisy clipped gradient descent — and the non-private least-squares line, all behind one interface:
 * (data with x ∈ [0, 1], total ε, rng, settings) → a line and what it guarantees.
 */
import type { Rng } from '../../sampling/rng';
import { DEFAULT_DPGR_OPTIONS, dpgrRelease, type DpgrOptions } from './dpgr';
import { DEFAULT_DPSGD_OPTIONS, dpsgdRelease, type DpsgdOptions } from './dpsgd';
import { checkEps, olsFit, type Line, type LinregData, type LinregRelease } from './line';
import { DEFAULT_SSP_OPTIONS, sspRelease, type SspOptions } from './ssp';

export {
  checkEps,
  checkLinregData,
  lineMse,
  maxResidualNorm,
  olsFit,
  type Line,
  type LinregData,
  type LinregRelease,
} from './line';
export { dpgrCalibration, dpgrRelease, DEFAULT_DPGR_OPTIONS, type DpgrOptions } from './dpgr';
export {
  laplace,
  sspLine,
  sspRelease,
  sspSensitivity,
  sspStatistics,
  DEFAULT_SSP_OPTIONS,
  type SspOptions,
  type SspRelease,
  type SspStatistics,
} from './ssp';
export {
  clipInPlace,
  dpsgdNoiseSd,
  dpsgdRelease,
  DEFAULT_DPSGD_OPTIONS,
  type DpsgdOptions,
  type DpsgdRelease,
} from './dpsgd';

export const LINREG_METHODS = ['dpgr', 'ssp', 'dpsgd', 'nonprivate'] as const;
export type LinregMethod = (typeof LINREG_METHODS)[number];

/** Names for tables, legends and messages. */
export const LINREG_METHOD_LABELS: Record<LinregMethod, string> = {
  dpgr: 'DPGR (KNG)',
  ssp: 'SSP (Laplace)',
  dpsgd: 'DP-SGD (noisy GD)',
  nonprivate: 'non-private OLS',
};

/** Settings of every method (each method reads its own part). */
export interface LinregSettings {
  dpgr: DpgrOptions;
  ssp: SspOptions;
  dpsgd: DpsgdOptions;
}

export const DEFAULT_LINREG_SETTINGS: LinregSettings = {
  dpgr: DEFAULT_DPGR_OPTIONS,
  ssp: DEFAULT_SSP_OPTIONS,
  dpsgd: DEFAULT_DPSGD_OPTIONS,
};

/** Throws unless `name` is a method. */
export function checkMethod(name: string): LinregMethod {
  if ((LINREG_METHODS as readonly string[]).includes(name)) return name as LinregMethod;
  throw new RangeError(
    `unknown linear-regression method "${name}"; the methods are ${LINREG_METHODS.join(', ')}`,
  );
}

/**
 * One release of `method` at total budget ε. `fit` (the OLS line of `data`) may be passed to avoid
 * recomputing it; the non-private method returns it (ε is checked but unused).
 */
export function releaseLine(
  method: LinregMethod,
  data: LinregData,
  eps: number,
  rng: Rng,
  settings: LinregSettings = DEFAULT_LINREG_SETTINGS,
  fit?: Line,
): LinregRelease {
  switch (method) {
    case 'dpgr':
      return dpgrRelease(data, eps, rng, settings.dpgr, fit ?? olsFit(data));
    case 'ssp':
      return sspRelease(data, eps, rng, settings.ssp);
    case 'dpsgd':
      return dpsgdRelease(data, eps, rng, settings.dpsgd);
    case 'nonprivate': {
      checkEps(eps, 'non-private OLS');
      const line = fit ?? olsFit(data);
      return {
        intercept: line.intercept,
        slope: line.slope,
        isPrivate: false,
        guarantee: 'none (the least-squares line of the data)',
        delta: 0,
        notes: [],
      };
    }
    default:
      throw new RangeError(`unknown linear-regression method "${String(method)}"`);
  }
}
