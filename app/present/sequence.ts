/**
 * The figure presets as a sequence a presenter steps through (→ / ←, PageDown / PageUp as clickers send):
 * paper 000's figures in the order of its story, then 002 and 004. Each has a one-sentence caption for the
 * screen saying what is drawn (what the plot shows is computed: FigureClaim); the preset's full caption stays
 * one click away.
 */
import { PRESETS, activePreset, type FigurePreset } from '../presets';
import type { LabSettings } from '../state/settings';

/** What each slide draws, in a sentence; what its plot shows is computed beside it (FigureClaim). */
const SHORT: Record<string, string> = {
  fig1: 'Error against the split at total ε = 2.02, one curve per data-set size n.',
  fig2: 'The same on shapes: each data point is a whole outline of the corpus callosum.',
  fig3: 'Outlines at ages 60–80 at ε = 0.6 (96 dimensions): the lab’s private fits, and paper 000’s sampler (row below).',
  fig5: 'Private geodesics for total ε from 2.0 down to 0.2, coloured by budget (darker: smaller ε), beside the data.',
  'fig5-d0.1':
    'The same with ten times noisier data (δ = 0.1): compare how far the dark geodesics lie from the data.',
  fig6: 'Three noise levels δ at n = 50, one curve each: error against the split at total ε = 2.02.',
  fig7: 'Error against the split on 2×2 covariance matrices, a negatively curved space.',
  fig8: 'Predicted covariance ellipses along the covariate: private (dashed) against non-private (solid).',
  fig9: 'Proven over measured sensitivity for neighbouring data sets: a valid bound keeps every ratio at 1 or above.',
  fig10: 'The same check on SPD(2): how far above 1 the ratios sit is how cautious the bound is.',
  p002fig1: 'Error against the matrix size k at ε = 0.1.',
  p004fig1:
    'Noise added on the sphere itself (intrinsic) against noise added in the space around it (ambient).',
  'p004fig1-sensitivity':
    'Distances between the means of adjacent data sets (dots) against the bound (dashed) that calibrates the noise.',
};

export interface PresentStep {
  preset: FigurePreset;
  short: string;
}

export const PRESENT_SEQUENCE: readonly PresentStep[] = PRESETS.map((preset) => ({
  preset,
  short: SHORT[preset.id] ?? preset.title,
}));

/** Position of the current settings in the sequence (−1: not on a figure). */
export function currentStep(s: LabSettings): number {
  const p = activePreset(s);
  return p ? PRESENT_SEQUENCE.findIndex((st) => st.preset.id === p.id) : -1;
}

/** The step after (dir = 1) or before (−1) the current one, clamped to the sequence. */
export function nextStep(s: LabSettings, dir: 1 | -1): number {
  const i = currentStep(s);
  if (i < 0) return dir === 1 ? 0 : PRESENT_SEQUENCE.length - 1;
  return Math.max(0, Math.min(PRESENT_SEQUENCE.length - 1, i + dir));
}

/** Short captions exist for exactly the presets (a new preset needs one). */
export const SHORT_CAPTION_IDS = Object.keys(SHORT);
