import { useMemo } from 'react';
import { sweepSpec, SWEEP_POINTS } from '../compute/jobs';
import { splitVerdict, type SplitVerdict } from '../plots/curveShape';
import { mseModel, type MseModel } from '../plots/mseModel';
import { useLab } from '../store';

/**
 * The split plot's model and verdict as the plot decides them (MsePlots.tsx, MseFooter.tsx), for a slide's words
 * about it (figures and lessons run on synthetic data).
 */
export function useSplitPlot(): { model: MseModel; verdict: SplitVerdict } {
  const settings = useLab((s) => s.settings);
  const rows = useLab((s) => s.sweep.rows);
  return useMemo(() => {
    const model = mseModel(rows, 'unequal', settings.curves);
    const verdict = splitVerdict(model, SWEEP_POINTS, sweepSpec(settings, undefined).datasets.length);
    return { model, verdict };
  }, [rows, settings]);
}
