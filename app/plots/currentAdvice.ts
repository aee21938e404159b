/**
 * The split advisor's answer as the lab shows it: the advice for the current settings (if one has been computed)
 * and the advisor's state in words — shared by the advice panel, the split plot's caption and the lesson.
 */
import type { Advice } from '../../src/experiments';
import { adviceKey, useAdvice, type AdviceRun } from '../compute/advise';
import { useLab } from '../store';
import { timesInWords } from './curveShape';

/** The advice for the current settings, if one has been computed (null when settings moved on). */
export function useCurrentAdvice(): Advice | null {
  // the finished run only: a running advisor's progress, a store write per frame, re-renders none of the plots
  // that draw the advice
  const done = useAdvice((s) => (s.run?.status === 'done' ? s.run : null));
  const settings = useLab((s) => s.settings);
  const imported = useLab((s) => s.imported[s.settings.workspace]);
  if (!done) return null;
  return done.key === adviceKey(settings, imported, done.source) ? done.advice : null;
}

/**
 * The coarse sweep's first answer while the fine sweep refines it, for the current settings (null otherwise, and
 * once the advice is done).
 */
export function useFirstAnswer(): Advice | null {
  const running = useAdvice((s) => (s.run?.status === 'running' && s.run.firstAnswer ? s.run : null));
  const settings = useLab((s) => s.settings);
  const imported = useLab((s) => s.imported[s.settings.workspace]);
  if (!running?.firstAnswer) return null;
  return running.key === adviceKey(settings, imported, running.source) ? running.firstAnswer : null;
}

/** The advice in words: its summary and how far its best split stays above the non-private error. */
export function adviceInWords(advice: Advice): string {
  return `${advice.summary} At its best split the error is ${timesInWords(Math.exp(advice.excess))} the non-private one.`;
}

/** What a running advisor is doing, in words. */
export function advisorProgress(run: Pick<AdviceRun, 'stage' | 'done' | 'total'>): string {
  return `Sweeping the split (${run.stage === 'coarse' ? 'coarse' : 'fine, more pairs'}): ${run.done} of ${run.total || '…'} chain groups…`;
}
