/**
 * DPGR on R^d (paper 001 §4.2): the KNG release of geodesic regression, which on flat space is linear
 * regression, with the exact samplers of `../euclideanKng.ts` (no MCMC): the footpoint (intercept) first with
 * ε_p = ε/2, then the slope given it with ε_v = ε/2, total ε by sequential composition.
 *
 * Calibration is the project's (`calibrateKng`, docs/kng.md): Δ_p = Δ_v = 2τ/n on flat space, σ = Δ/ε (the
 * paper's rule) or 2Δ/ε (strict), τ the fit's largest residual (the paper's choice, which leaks: the release
 * is then labelled not private) or a public bound. The paper's argument also assumes every residual is ≤ τ
 * and feeds the non-private slope v̂ to the footpoint step; we follow it and say so.
 */
import { euclidean } from '../../geometry/euclidean';
import { Rng } from '../../sampling/rng';
import { exactFootpoint, exactShootingVector } from '../euclideanKng';
import { calibrateKng, DEFAULT_KNG_SETTINGS, type KngCalibration } from '../kng';
import type { SigmaRule } from '../sensitivity';
import {
  checkEps,
  checkLinregData,
  maxResidualNorm,
  olsFit,
  type Line,
  type LinregData,
  type LinregRelease,
} from './line';

export interface DpgrOptions {
  /** Residual bound: 'data' = the fit's largest residual (as in the paper; not private) or a public number. */
  tau: 'data' | number;
  sigmaRule: SigmaRule;
}

export const DEFAULT_DPGR_OPTIONS: DpgrOptions = { tau: 'data', sigmaRule: 'paper' };

/** The KNG calibration at total budget ε split equally (ε_p = ε_v = ε/2). */
export function dpgrCalibration(data: LinregData, eps: number, opts: DpgrOptions, fit: Line): KngCalibration {
  const d = checkLinregData(data, 'DPGR');
  checkEps(eps, 'DPGR');
  if (opts.tau !== 'data' && !(opts.tau > 0 && Number.isFinite(opts.tau)))
    throw new RangeError(`DPGR: a public τ must be a positive finite number (got ${opts.tau})`);
  return calibrateKng(
    {
      M: euclidean(d),
      xs: data.xs,
      ys: data.ys,
      pHat: fit.intercept,
      vHat: fit.slope,
      maxResidual: maxResidualNorm(data, fit),
    },
    { ...DEFAULT_KNG_SETTINGS, epsP: eps / 2, epsV: eps / 2, tau: opts.tau, sigmaRule: opts.sigmaRule },
  );
}

/**
 * One DPGR release. `fit` (the OLS line of `data`) may be passed when it is already known. The footpoint and
 * the slope draw from child streams 0 and 1 of `rng`, so a release is the same whatever ran before it.
 */
export function dpgrRelease(
  data: LinregData,
  eps: number,
  rng: Rng,
  opts: DpgrOptions = DEFAULT_DPGR_OPTIONS,
  fit: Line = olsFit(data),
): LinregRelease & { calibration: KngCalibration } {
  const cal = dpgrCalibration(data, eps, opts, fit);
  const intercept = exactFootpoint(fit.intercept, cal.sigmaP, rng.split(0));
  const slope = exactShootingVector(data.xs, data.ys, intercept, cal.sigmaV, rng.split(1));
  return {
    intercept,
    slope,
    isPrivate: cal.isPrivate,
    guarantee: 'ε-DP (KNG, ε_p = ε_v = ε/2)',
    delta: 0,
    notes: cal.notes,
    calibration: cal,
  };
}
