/**
 * Sensitivities of the KNG gradients of geodesic regression (paper 000, Thm 3.3 and App. D, eqs. (19), (44);
 * docs/kng.md). κ_l is the lower sectional-curvature bound, τ bounds the residual norms, τ_m is the radius of
 * a ball holding the responses.
 */
export interface KngSensitivity {
  deltaP: number;
  deltaV: number;
}

export function kngSensitivity(kappaLower: number, n: number, tau: number, tauM: number): KngSensitivity {
  if (!(n >= 1)) throw new RangeError(`sensitivity: n must be ≥ 1 (got ${n})`);
  if (!(tau >= 0) || !Number.isFinite(tau))
    throw new RangeError(`sensitivity: τ must be a finite number ≥ 0 (got ${tau})`);
  if (kappaLower >= 0) return { deltaP: (2 * tau) / n, deltaV: (2 * tau) / n };
  if (!(tauM >= 0) || !Number.isFinite(tauM)) {
    throw new RangeError(
      `sensitivity: τ_m must be a finite number ≥ 0 on negatively curved spaces (got ${tauM})`,
    );
  }
  const s = Math.sqrt(-kappaLower);
  const rho = tauM + tau; // geodesic lengths are at most 2(τ_m + τ)  (000, App. C)
  const x = 2 * s * rho;
  const deltaP = ((2 * tau) / n) * Math.cosh(x);
  // τ sinh(x) / (n √−κ (τ_m + τ)) = (2τ/n)·sinh(x)/x, written so that x → 0 is exact.
  const sinhc = Math.abs(x) < 1e-6 ? 1 + (x * x) / 6 : Math.sinh(x) / x;
  return { deltaP, deltaV: ((2 * tau) / n) * sinhc };
}

export type SigmaRule = 'paper' | 'strict';

/** KNG noise scale: σ = Δ/ε as in the paper's experiments, or σ = 2Δ/ε as KNG theory requires in general. */
export function kngSigma(delta: number, eps: number, rule: SigmaRule): number {
  if (!(eps > 0) || !Number.isFinite(eps))
    throw new RangeError(`ε must be a positive finite number (got ${eps})`);
  return ((rule === 'strict' ? 2 : 1) * delta) / eps;
}
