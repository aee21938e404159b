/**
 * The log-Euclidean Riemannian Laplace by Metropolis–Hastings, as 002 samples it (geomstats, burn-in
 * 10,000–50,000). We have an exact sampler (`logEuclideanLaplace`); this one exists to time the MCMC route
 * (002 Fig. 4: 14 s per release at k = 30 with 10,000 burn-in steps) and to be checked against the exact law.
 *
 * In vecd∘logm coordinates the LE metric is Euclidean, so the target is ∝ exp(−‖x‖/σ) on R^d (x the offset
 * from logm η); a Gaussian random walk is symmetric, and the standard MH ratio applies (002's printed ratio is
 * garbled; docs/paper-errors.md). The chain starts at the centre and its final state is the release.
 */
import { expm, logm, symDim, symToVecd, vecdToSym } from '../../geometry/linalg';
import { runChain, type RandomWalkTarget } from '../../sampling/mh';
import type { Rng } from '../../sampling/rng';

export interface LaplaceMcmcOptions {
  /** MH steps before the kept (final) state. Default 10,000 (002's smallest burn-in). */
  burnIn?: number;
  /** Adapt the step during burn-in toward this acceptance rate (default 0.234, optimal in high dimension). */
  adaptTarget?: number;
}

export interface LaplaceMcmcRelease {
  point: Float64Array;
  /** The offset x in vecd∘logm coordinates (‖x‖ = ρ_LE(η, release)). */
  offset: Float64Array;
  acceptanceRate: number;
}

/** Draw from the LE Laplace centred at η with scale σ by random-walk MH in vecd∘logm coordinates. */
export function logEuclideanLaplaceMcmc(
  eta: Float64Array,
  k: number,
  sigma: number,
  rng: Rng,
  opts: LaplaceMcmcOptions = {},
): LaplaceMcmcRelease {
  if (!(sigma > 0) || !Number.isFinite(sigma))
    throw new RangeError(`logEuclideanLaplaceMcmc: σ must be a positive finite number (got ${sigma})`);
  const d = symDim(k);
  const target: RandomWalkTarget = {
    size: d,
    potential(x) {
      let r2 = 0;
      for (let i = 0; i < d; i++) r2 += x[i] * x[i];
      return Math.sqrt(r2) / sigma;
    },
    propose(x, step, r, out) {
      r.normals(out, 0, d); // a block of the normal() stream: the same numbers
      for (let i = 0; i < d; i++) out[i] = x[i] + step * out[i];
    },
  };
  // Each coordinate of the target has sd ≈ σ√(d+1) (E‖x‖² = d(d+1)σ²); 2.38/√d of that is the classic
  // random-walk scale, i.e. ≈ 2.4σ, adapted further during burn-in.
  const res = runChain(target, new Float64Array(d), rng, {
    burnIn: opts.burnIn ?? 10_000,
    draws: 1,
    step: 2.4 * sigma,
    adaptTarget: opts.adaptTarget ?? 0.234,
  });
  const offset = res.draws[res.draws.length - 1];
  const x = symToVecd(logm(eta, k), k);
  for (let i = 0; i < d; i++) x[i] += offset[i];
  return { point: expm(vecdToSym(x, k), k), offset, acceptanceRate: res.burnInAcceptanceRate };
}
