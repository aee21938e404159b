/**
 * The two target densities of paper 000's KNG release (`kng.ts`) as random-walk targets: the footpoint's
 * exp(−‖∇_p E(p, Γv̂)‖/σ_p) and the shooting vector's exp(−‖∇_v E(p̃, v)‖/σ_v) on its ball.
 */
import { GeometryError, type Manifold } from '../geometry/types';
import type { RandomWalkTarget } from '../sampling/mh';
import type { Rng } from '../sampling/rng';
import { fusedGeometry, type FusedGeometry, type GradientNormKernel } from './kernels';
import { power } from '../sampling/power';

/** Writes into `out` a vector uniform in the ball of radius r of T_p M (in the metric at p). */
export function uniformTangentBall(
  M: Manifold,
  p: Float64Array,
  r: number,
  rng: Rng,
  out: Float64Array,
): Float64Array {
  M.randomTangent(p, rng, out);
  const len = M.norm(p, out);
  const k = (r * power(rng.uniform(), 1 / M.dim)) / len;
  for (let i = 0; i < out.length; i++) out[i] *= k;
  return out;
}

/**
 * The footpoint target. Proposals and norms go through the fused geometry of M where there is one
 * (proposals.ts: the same steps as the Manifold's operations, without their per-call overhead); pass
 * `geometry: null` for the Manifold's own (the reference the tests compare with). With the fused geometry, a
 * kernel that runs whole chains (GradientNormKernel.chains) runs this target's steps: the same numbers.
 */
export function footpointTarget(
  M: Manifold,
  kernel: GradientNormKernel,
  sigmaP: number,
  geometry: FusedGeometry | null = fusedGeometry(M),
): RandomWalkTarget {
  const nu = new Float64Array(M.ambientDim);
  return {
    size: M.ambientDim,
    runSteps: geometry ? kernel.chains?.footpoint(sigmaP, M.dim) : undefined,
    // NaN marks a proposal Exp could not represent (e.g. an SPD matrix beyond floating point), and the domain
    // ends where points are too ill-conditioned to compare with the data (ImproperFootpoint): rejected.
    potential: (p) =>
      Number.isNaN(p[0]) || (M.wellConditioned && !M.wellConditioned(p))
        ? Infinity
        : kernel.footpointGradNorm(p) / sigmaP,
    propose: (p, step, rng, out) => {
      try {
        if (geometry) geometry.exp(p, geometry.tangentBall(p, step, rng, nu), out);
        else M.exp(p, uniformTangentBall(M, p, step, rng, nu), out);
      } catch (e) {
        // a start the geometry refuses (e.g. a fit beyond floating point on SPD) proposes nothing acceptable
        if (!(e instanceof GeometryError)) throw e;
        out.fill(NaN);
      }
    },
  };
}

export function shootingTarget(
  M: Manifold,
  kernel: GradientNormKernel,
  pTilde: Float64Array,
  sigmaV: number,
  vRadius: number,
  geometry: FusedGeometry | null = fusedGeometry(M),
): RandomWalkTarget {
  const nu = new Float64Array(M.ambientDim);
  const norm = geometry ?? M;
  return {
    size: M.ambientDim,
    runSteps: geometry ? kernel.chains?.shooting(pTilde, sigmaV, vRadius, M.dim) : undefined,
    potential: (v) =>
      norm.norm(pTilde, v) > vRadius ? Infinity : kernel.shootingGradNorm(pTilde, v) / sigmaV,
    propose: (v, step, rng, out) => {
      if (geometry) geometry.tangentBall(pTilde, step, rng, nu);
      else uniformTangentBall(M, pTilde, step, rng, nu);
      for (let i = 0; i < out.length; i++) out[i] = v[i] + nu[i];
    },
  };
}
