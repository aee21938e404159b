/**
 * The Conformal-DP release (conformal.ts): z ∝ exp(−λ* ρ*(η, z)) w.r.t. the conformal volume φ^{d/2} μ_g,
 * λ* = ε/(2√φ_max Δ), sampled by random-walk MH in normal coordinates at η (z = Exp_η(x), ρ(η, z) = |x|)
 * with the Jacobian J of Exp_η. The chain starts at η; the release is its final state after the burn-in.
 */
import { runChain, type RandomWalkTarget } from '../../sampling/mh';
import type { Rng } from '../../sampling/rng';
import type { ConformalField } from './conformal';
import { conformalGeodesicLength, conformalSigmaAt } from './conformalDistance';
import type { NormalChart } from './conformalGeometry';

/** λ* = ε/(2√φ_max Δ) (003 eq. 24). */
export function conformalRate(eps: number, delta: number, phiMax: number): number {
  if (!(eps > 0) || !Number.isFinite(eps)) throw new RangeError(`conformalRate: ε must be > 0 (got ${eps})`);
  if (!(delta > 0) || !Number.isFinite(delta))
    throw new RangeError(`conformalRate: Δ must be > 0 (got ${delta})`);
  if (!(phiMax > 0) || !Number.isFinite(phiMax))
    throw new RangeError(`conformalRate: φ_max must be a positive number (got ${phiMax})`);
  return eps / (2 * Math.sqrt(phiMax) * delta);
}

export interface ConformalLaplaceOptions {
  /** MH steps before the kept (final) state (default 2000). */
  burnIn?: number;
  /** Initial random-walk step (default ≈ 2.4·√((d+1)/d)/λ), adapted during burn-in toward `adaptTarget`. */
  step?: number;
  adaptTarget?: number;
}

export interface ConformalLaplaceRelease {
  /** The release in the geometry's coordinates. */
  coords: Float64Array;
  /** Its normal coordinates at η (|x| = ρ_g(η, release)). */
  x: Float64Array;
  acceptanceRate: number;
}

/**
 * The MH target in normal coordinates at η: U(x) = λ ρ̂*(η, Exp_η x) − (d/2)·log φ(Exp_η x) − log J(x).
 * Exposed for tests (numerical integration of the exact law).
 */
export function conformalLaplaceTarget(
  field: ConformalField,
  eta: Float64Array,
  lambda: number,
): RandomWalkTarget & { chart: NormalChart } {
  if (!(lambda > 0) || !Number.isFinite(lambda))
    throw new RangeError(`conformalLaplace: λ must be a positive number (got ${lambda})`);
  const g = field.geometry;
  const chart = g.chart(eta);
  const dim = g.dim;
  const scratch = { tx: new Float64Array(dim), p: new Float64Array(g.coordSize) };
  const end = new Float64Array(g.coordSize);
  return {
    size: dim,
    chart,
    potential(x) {
      let r2 = 0;
      for (let i = 0; i < dim; i++) r2 += x[i] * x[i];
      if (!(Math.sqrt(r2) < chart.maxRadius)) return Infinity;
      const len = conformalGeodesicLength(field, chart, x, scratch);
      const sigmaEnd = conformalSigmaAt(field, chart.exp(x, end));
      return lambda * len - dim * sigmaEnd - chart.logJacobian(x); // (d/2)·log φ = d·σ
    },
    propose(x, step, rng, out) {
      rng.normals(out, 0, dim); // a block of the normal() stream: the same numbers
      for (let i = 0; i < dim; i++) out[i] = x[i] + step * out[i];
    },
  };
}

/** One Conformal-DP release centred at η (coordinates), rate λ, by MH started at η. */
export function conformalLaplace(
  field: ConformalField,
  eta: Float64Array,
  lambda: number,
  rng: Rng,
  opts: ConformalLaplaceOptions = {},
): ConformalLaplaceRelease {
  const target = conformalLaplaceTarget(field, eta, lambda);
  const d = field.geometry.dim;
  const res = runChain(target, new Float64Array(d), rng, {
    burnIn: opts.burnIn ?? 2000,
    draws: 1,
    step: opts.step ?? (2.4 * Math.sqrt((d + 1) / d)) / lambda,
    adaptTarget: opts.adaptTarget ?? (d <= 2 ? 0.35 : 0.234),
  });
  const x = res.draws[res.draws.length - 1];
  const coords = target.chart.exp(x, new Float64Array(field.geometry.coordSize));
  return { coords, x, acceptanceRate: res.burnInAcceptanceRate };
}
