import type { Manifold } from '../../../src/geometry/types';
import type { ReleasedPair } from '../../release/releasedPairs';

/**
 * The released footpoints' mean distance from the non-private one (null before any): how far the privacy noise
 * moves the fit's footpoint, which grows with the shape space's dimension (the view's landmark caption, and the
 * lesson's shapes slides).
 */
export function meanFootpointDistance(
  M: Pick<Manifold, 'dist'>,
  pHat: Float64Array,
  pairs: readonly Pick<ReleasedPair, 'p'>[],
): number | null {
  if (pairs.length === 0) return null;
  return pairs.reduce((a, pr) => a + M.dist(pr.p, pHat), 0) / pairs.length;
}
