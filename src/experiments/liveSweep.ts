import type { DataManifold } from '../data';
import type { ReleaseMechanism } from './release';

/** Chain groups per point of the lab's live sweep on the shape space (`liveSweepGroups`). */
export const LIVE_SHAPE_GROUPS = 4;

/**
 * Chain groups per budget point for the lab's live sweep: all of them, except for paper 000's sequential KNG on
 * Kendall's shape space, where one chain step costs several times the sphere's (96 dimensions at 50
 * landmarks) and the paper's m = 10 groups per point keep Fig. 2 computing about six times as long as Fig. 1:
 * there the live plots pool the first LIVE_SHAPE_GROUPS (40 of the paper's 100 pairs per point), and say so.
 * On Fig. 2's seeded data (the lab's seed 1) their standard errors (≈ 0.02 in ln MSE) are a small fraction of
 * what separates the curves, and the split plot's verdict is the same as with all 10 groups, from 2 groups on. Each group is drawn
 * exactly as in the full sweep; the command line runs the paper's full count.
 */
export function liveSweepGroups(
  manifold: DataManifold,
  mechanism: ReleaseMechanism | undefined,
): { groups?: number } {
  return manifold === 'kendall' && mechanism !== 'kng-joint' ? { groups: LIVE_SHAPE_GROUPS } : {};
}
