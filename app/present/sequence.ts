/**
 * The figure presets as a sequence a presenter steps through (→ / ←, PageDown / PageUp as clickers send):
 * paper 000's figures in the order of its story, then 002 and 004. Each has a one-sentence caption for the
 * screen; the preset's full caption stays one click away.
 */
import { PRESETS, activePreset, type FigurePreset } from '../presets';
import type { LabSettings } from '../state/settings';

const SHORT: Record<string, string> = {
  fig1: 'Slide the split: the error forms a U, because starving the footpoint or the shooting vector ruins the fit.',
  fig2: 'The same U on shapes: each data point is a whole outline of the corpus callosum.',
  fig3: 'At ε = 0.6 the lab’s outlines are scribbles in 96 dimensions; paper 000’s sampler (row below) hugs the fit, and leaks.',
  fig5: 'Private geodesics coloured by budget: the darker (smaller ε), the farther they stray from the data.',
  'fig5-d0.1': 'Ten times noisier data: the low-budget geodesics stray even further.',
  fig6: 'Three noise levels on one axis: the dashed non-private line rises with δ, and each error falls towards it as ε grows.',
  fig7: 'The U again on 2×2 covariance matrices, a curved space that needs more noise than the sphere.',
  fig8: 'Predicted covariance ellipses along the covariate: private (dashed) against non-private (solid).',
  fig9: 'Proven over measured sensitivity for neighbouring data sets: every ratio must be at least 1.',
  fig10: 'The same check on SPD(2): the ratios sit well above 1 — valid, but cautious.',
  p002fig1:
    'As the matrices grow, the Riemannian Laplace error grows much faster than the tangent Gaussian’s.',
  p004fig1:
    'Noise added on the sphere itself (intrinsic) against noise added in the space around it (ambient).',
  'p004fig1-sensitivity':
    'The distance between the means of adjacent data sets stays below the sensitivity bound at every n.',
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
