/**
 * SPD(k): k×k symmetric positive definite matrices (row-major Float64Array of length k²), with the
 * affine-invariant metric ⟨u,w⟩_P = tr(P⁻¹uP⁻¹w) (scale 1, as geomstats' SPDAffineMetric) or the
 * log-Euclidean metric ⟨u,w⟩_P = ⟨dlog_P u, dlog_P w⟩_F (docs/geometry.md). Tangent vectors are symmetric k×k
 * matrices; only their symmetric part is used.
 *
 * Both metrics make SPD(k) a Hadamard manifold (injectivity radius ∞), so log and transport are defined
 * everywhere. Points are validated (finite, symmetric, positive definite) and a GeometryError names the
 * operation and the offending argument.
 *
 * The two metrics live in `affine.ts` and `logEuclidean.ts`; what they share (the per-point cache, scratch
 * buffers, argument checks) in `shared.ts`.
 */
import type { Manifold } from '../types';
import { affineSpd } from './affine';
import { logEuclideanSpd } from './logEuclidean';
import { spdContext, type SpdMetric } from './shared';

export { affineVolumeGrowth, WELL_CONDITIONED_MAX } from './affine';
export type { SpdMetric } from './shared';

/** Symmetric matrices k×k with a symmetric positive definite matrix per point (k ≥ 1). */
export function spd(k: number, metric: SpdMetric = 'affine'): Manifold {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`spd(k): k must be a positive integer, got ${k}`);
  if (metric !== 'affine' && metric !== 'logEuclidean')
    throw new RangeError(`spd(k, metric): metric must be 'affine' or 'logEuclidean', got ${String(metric)}`);
  const context = spdContext(k, metric);
  return metric === 'affine' ? affineSpd(context) : logEuclideanSpd(context);
}
