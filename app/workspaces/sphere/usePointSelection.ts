import type { ThreeEvent } from '@react-three/fiber';
import { useCallback, useState, type KeyboardEvent } from 'react';
import type { RegressionData } from '../../../src/data';
import { pickAuditRecord, type AuditRecordState } from '../../audit/record';
import { isGlobeClick } from '../../audit/RecordMarks3d';
import type { P3 } from './lift';

/**
 * The point inspector's selection: a click on a data point selects it (in the Audit tab: makes it the replaced
 * record), N / P step through the points, Esc clears.
 */
export function usePointSelection(
  data: RegressionData,
  points: readonly P3[],
  audit: AuditRecordState | null,
) {
  const [selected, setSelected] = useState<{ key: unknown; index: number } | null>(null);
  // a selection belongs to one data set
  const sel = selected && selected.key === data ? selected.index : null;

  const onPick = useCallback(
    (i: number, e: ThreeEvent<MouseEvent>) => {
      if (!isGlobeClick(points[i], e)) return;
      e.stopPropagation();
      // with the Audit tab shown, a click picks the record the audit replaces
      if (audit) pickAuditRecord(i + 1);
      else setSelected({ key: data, index: i });
    },
    [points, data, audit],
  );

  const onKey = (e: KeyboardEvent) => {
    const n = data.ys.length;
    if (e.key === 'n' || e.key === 'N' || e.key === ']') {
      setSelected({ key: data, index: sel === null ? 0 : (sel + 1) % n });
      return true;
    }
    if (e.key === 'p' || e.key === 'P' || e.key === '[') {
      setSelected({ key: data, index: sel === null ? n - 1 : (sel - 1 + n) % n });
      return true;
    }
    if (e.key === 'Escape' && sel !== null) {
      setSelected(null);
      return true;
    }
    return false;
  };

  return { sel, onPick, onKey, clear: () => setSelected(null) };
}
