/**
 * The split advisor's answer as the lab shows it: the advice for the current settings (if one has been computed)
 * and the advisor's state in words — shared by the advice panel, the split plot's caption and the lesson.
 */
import type { Advice } from '../../src/experiments';
import { adviceKey, useAdvice, type AdviceRun } from '../compute/advise';
import { useLab } from '../store';
import { timesInWords } from './curveShape';

/**
 * The advisor's run in `status` while it belongs to the current settings (null otherwise). Only a run in that
 * status is selected, so a running advisor's progress re-renders none of the plots that draw a finished advice.
 */
function useRunForSettings(status: AdviceRun['status']): AdviceRun | null {
  const run = useAdvice((s) => (s.run?.status === status ? s.run : null));
  const settings = useLab((s) => s.settings);
  const imported = useLab((s) => s.imported[s.settings.workspace]);
  return run && run.key === adviceKey(settings, imported, run.source) ? run : null;
}

/** The advice for the current settings, if one has been computed (null when settings moved on). */
export function useCurrentAdvice(): Advice | null {
  return useRunForSettings('done')?.advice ?? null;
}

/**
 * The coarse sweep's first answer while the sweeps refine it, for the current settings (null otherwise, and once
 * the advice is done).
 */
export function useFirstAnswer(): Advice | null {
  return useRunForSettings('running')?.firstAnswer ?? null;
}

/** The advice in words: its summary and how far its best split stays above the non-private error. */
export function adviceInWords(advice: Advice): string {
  return `${advice.summary} At its best split the error is ${timesInWords(Math.exp(advice.excess))} the non-private one.`;
}

/** What a running advisor is doing, in words. */
export function advisorProgress(run: Pick<AdviceRun, 'stage' | 'done' | 'total'>): string {
  return `Sweeping the split (${run.stage === 'coarse' ? 'coarse' : 'fine, more pairs'}): ${run.done} of ${run.total ? `at most ${run.total}` : '…'} chain groups…`;
}
