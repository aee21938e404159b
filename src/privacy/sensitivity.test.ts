import { describe, expect, it } from 'vitest';
import { kngSensitivity, kngSigma } from './sensitivity';

describe('KNG sensitivities (000 eqs. (19), (44))', () => {
  it('non-negative curvature: Δ_p = Δ_v = 2τ/n', () => {
    expect(kngSensitivity(1, 20, 0.3, 0)).toEqual({ deltaP: 0.03, deltaV: 0.03 });
    expect(kngSensitivity(0, 50, 1, 5)).toEqual({ deltaP: 0.04, deltaV: 0.04 });
  });
  it('SPD(2) affine, κ_l = −1/2: cosh and sinh(x)/x forms', () => {
    const tau = 0.05,
      tauM = 1.2,
      n = 20;
    const x = 2 * Math.sqrt(0.5) * (tauM + tau);
    const { deltaP, deltaV } = kngSensitivity(-0.5, n, tau, tauM);
    expect(deltaP).toBeCloseTo(((2 * tau) / n) * Math.cosh(x), 15);
    // the paper's eq. (44): τ sinh(2√−κ(τm+τ)) / (n √−κ (τm+τ))
    expect(deltaV).toBeCloseTo((tau * Math.sinh(x)) / (n * Math.sqrt(0.5) * (tauM + tau)), 15);
    expect(deltaP).toBeGreaterThan(deltaV);
    expect(deltaV).toBeGreaterThan((2 * tau) / n);
  });
  it('is continuous as κ_l → 0⁻', () => {
    const a = kngSensitivity(-1e-14, 10, 0.2, 0.5);
    expect(a.deltaP).toBeCloseTo(0.04, 12);
    expect(a.deltaV).toBeCloseTo(0.04, 12);
  });
  it('refuses bad inputs with a message', () => {
    expect(() => kngSensitivity(1, 0, 1, 0)).toThrow(/n must be/);
    expect(() => kngSensitivity(1, 10, NaN, 0)).toThrow(/τ must be/);
    expect(() => kngSensitivity(-0.5, 10, 1, -1)).toThrow(/τ_m/);
  });
  it('σ rules: paper Δ/ε, strict 2Δ/ε', () => {
    expect(kngSigma(0.1, 0.5, 'paper')).toBeCloseTo(0.2, 15);
    expect(kngSigma(0.1, 0.5, 'strict')).toBeCloseTo(0.4, 15);
    expect(() => kngSigma(0.1, 0, 'paper')).toThrow(/ε must be/);
  });
});
