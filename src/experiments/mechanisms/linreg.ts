/** The table's linear-regression methods of R^d (x ∈ [0, 1]): DPGR, SSP, DP-SGD and least squares. */
import { conditionalSlope } from '../../privacy/euclideanKng';
import { frobeniusDistance } from '../../privacy/frechet/tangentGaussian';
import { dpgrCalibration, olsFit, releaseLine, type LinregMethod } from '../../privacy/linreg';
import { spaceOf, type MechanismData, type PreparedMechanism } from '../../privacy/mechanism';
import { Rng } from '../../sampling/rng';
import { concat, needCovariates, type MechanismSettings } from './shared';

export function prepareLinreg(
  method: LinregMethod,
  data: MechanismData,
  s: MechanismSettings,
): PreparedMechanism {
  const xs = needCovariates(data, method);
  if (spaceOf(data.M) !== 'euclidean')
    throw new RangeError(`${method} is defined on R^d (not ${data.M.name})`);
  const ld = { xs, ys: data.ys };
  const fit = olsFit(ld);
  // what the method guarantees (and why not, with data-driven bounds) comes with a release
  const probe = releaseLine(method, ld, s.eps, Rng.fromKey(0, 0xca1), s.linreg, fit);
  let sigma = NaN;
  let sensitivity = NaN;
  let logDensity: ((z: Float64Array) => number) | null = null;
  let exactEpsilon: PreparedMechanism['exactEpsilon'];
  if (method === 'dpgr') {
    // Exact K-norm densities (paper 001): p̃ ∝ exp(−‖p − p̂‖/σ_p); ṽ | p̃ ∝ exp(−m₂‖v − β*(p̃)‖/σ_v), whose
    // normaliser ∝ (σ_v/m₂)^d depends on the covariates; both normalisers are included.
    const cal = dpgrCalibration(ld, s.eps, s.linreg.dpgr, fit);
    const d = fit.intercept.length;
    sigma = cal.sigmaP;
    sensitivity = cal.deltaP;
    logDensity = (z) => {
      const p = z.subarray(0, d);
      const v = z.subarray(d);
      const { beta, m2 } = conditionalSlope(xs, data.ys, p);
      return (
        -frobeniusDistance(p, fit.intercept) / cal.sigmaP -
        d * Math.log(cal.sigmaP) -
        (m2 * frobeniusDistance(v, beta)) / cal.sigmaV +
        d * Math.log(m2 / cal.sigmaV)
      );
    };
    // With the same covariates (the audit's neighbours keep x): footpoint ‖Δp̂‖/σ_p, plus the slope's
    // m₂‖Δβ*‖/σ_v where β*(p̃) = v̂ − (p̃ − p̂)·x̄/m₂ (OLS normal equations), so Δβ* = Δv̂ + Δp̂·x̄/m₂ for every p̃.
    const m2 = xs.reduce((a, x) => a + x * x, 0) / xs.length;
    const xBar = xs.reduce((a, x) => a + x, 0) / xs.length;
    exactEpsilon = (other) => {
      if (other.calibration.sigma !== cal.sigmaP) return null;
      const o = other.nonPrivate;
      let dp = 0;
      let db = 0;
      for (let j = 0; j < d; j++) {
        const dpj = fit.intercept[j] - o[j];
        dp += dpj * dpj;
        db += (fit.slope[j] - o[d + j] + (dpj * xBar) / m2) ** 2;
      }
      return Math.sqrt(dp) / cal.sigmaP + (m2 * Math.sqrt(db)) / cal.sigmaV;
    };
  }
  return {
    calibration: {
      epsilon: method === 'nonprivate' ? Infinity : s.eps,
      delta: probe.delta,
      sigma,
      sensitivity,
      isPrivate: probe.isPrivate,
      reason: probe.isPrivate ? null : (probe.notes[0] ?? probe.guarantee),
      notes: probe.notes,
    },
    nonPrivate: concat(fit.intercept, fit.slope),
    release: (rng) => {
      const line = releaseLine(method, ld, s.eps, rng, s.linreg, fit);
      return concat(line.intercept, line.slope);
    },
    logDensity,
    densityExact: method === 'dpgr',
    ...(exactEpsilon ? { exactEpsilon } : {}),
  };
}
