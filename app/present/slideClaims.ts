/**
 * What a figure's slide says about its plot, beside its fixed description: each claim is decided from the
 * numbers the slide's plot draws, by the plots' own caption logic (curveShape, errorClaims).
 */
import type { MseModel } from '../plots/mseModel';

/** The plot a figure's slide shows, and so what its claim is computed from. */
export type SlidePlot = 'split' | 'errorVsK' | 'errorVsEps' | null;

const SLIDE_PLOTS: Record<string, SlidePlot> = {
  fig1: 'split',
  fig2: 'split',
  fig6: 'split',
  fig7: 'split',
  p002fig1: 'errorVsK',
  p004fig1: 'errorVsEps',
};

export const slidePlot = (presetId: string): SlidePlot => SLIDE_PLOTS[presetId] ?? null;

/**
 * Fig. 6's dashed lines in words: whether the non-private error rises with the data's noise δ, as the lines'
 * heights show (null until every curve has its line).
 */
export function noiseOrderSentence(model: MseModel): string | null {
  const lines = model.series
    .filter((s) => s.noise !== null)
    .sort((a, b) => a.noise! - b.noise!)
    .map((s) => s.lnNonPrivate);
  if (lines.length < 2 || lines.some((y) => y === null)) return null;
  const rises = lines.every((y, i) => i === 0 || y! > lines[i - 1]!);
  return rises
    ? 'The dashed non-private lines rise with δ.'
    : 'The dashed non-private lines do not rise in order of δ here.';
}
