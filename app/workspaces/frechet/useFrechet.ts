import { useMemo } from 'react';
import type { FrechetDataset } from '../../../src/experiments/frechetData';
import { useLab } from '../../store';
import { viewClouds, viewDataset, type ViewCloud } from './jobs';

/**
 * The data set the view draws (the user's points, or replicate 0 of the experiment, generated here from the
 * same seed as in the workers, so its true mean is the centre of the releases), or an error message.
 * Regenerated only when the data settings change, not ε.
 */
export function useFrechetData(): { data: FrechetDataset | null; error: string | null } {
  const s = useLab((st) => st.settings);
  const imported = useLab((st) => st.imported.frechet);
  const { frechetSpace, metric, n, radius, radiusMode, seed, spread } = s;
  return useMemo(() => {
    try {
      return { data: viewDataset(s, imported), error: null };
    } catch (e) {
      return { data: null, error: e instanceof Error ? e.message : String(e) };
    }
    // keyed by the data settings only (ε, δ … do not change the data)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [frechetSpace, metric, n, radius, radiusMode, seed, spread, imported]);
}

/** The releases of the view grouped by mechanism, as far as they have arrived. */
export function useViewClouds(): ViewCloud[] {
  const cells = useLab((st) => st.frechetView.cells);
  return useMemo(() => viewClouds(cells), [cells]);
}
