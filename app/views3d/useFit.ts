import { useMemo, useState } from 'react';
import type { ReleaseCell } from '../../src/experiments';
import { nonPrivateFit } from '../release/releasedPairs';

export interface Fit {
  pHat: Float64Array;
  vHat: Float64Array;
  lnMse: number;
}

/**
 * The non-private fit carried by the release cells, as a value that keeps its identity while its numbers do not
 * change (every release brings new arrays), and that stays while a new release for the same data is being
 * computed (its cells arrive empty at first). Geometry built from it is then not rebuilt, and does not flicker.
 */
export function useNonPrivateFit(cells: readonly ReleaseCell[], dim: number, data: unknown): Fit | null {
  const raw = nonPrivateFit(cells, dim);
  const key = raw ? `${Array.from(raw.pHat).join(',')}|${Array.from(raw.vHat).join(',')}|${raw.lnMse}` : '';
  // keyed by the numbers, not by the arrays' identity
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fit = useMemo(() => (raw ? { pHat: raw.pHat, vHat: raw.vHat, lnMse: raw.lnMse } : null), [key]);
  const [kept, setKept] = useState<{ data: unknown; fit: Fit } | null>(null);
  if (fit && (kept?.fit !== fit || kept.data !== data)) setKept({ data, fit });
  if (fit) return fit;
  return kept && kept.data === data ? kept.fit : null;
}
