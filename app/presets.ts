/**
 * One-click presets that reproduce the figures of paper 000 (Fig. 1, 2, 3, 5, 6, 7, 8, 9, 10), each with a
 * classroom caption: what the figure shows, what to look for, and where the lab honestly differs from the paper.
 *
 * A preset replaces the whole settings object (figure-irrelevant settings go back to their defaults), through
 * the store's `set`, so the URL sync writes it to the address bar and a copied link reproduces it.
 */
import type { TopicId } from './help/topicIds';
import { useLab } from './store';
import { FIG6_NOISES } from './state/figures';
import {
  DATA_DEFAULTS,
  DEFAULT_SETTINGS,
  PAPER_CURVES,
  type FigureId,
  type LabSettings,
  type WorkspaceId,
} from './state/settings';

export interface FigurePreset {
  /** Unique id (a figure can have variants, e.g. Fig. 6 at three noise levels). */
  id: string;
  figure: FigureId;
  /** Short label for menus: "Fig. 1", "Fig. 6 · δ = 0.01". */
  label: string;
  title: string;
  /** What the figure shows and what to look for (2–4 sentences). */
  caption: string;
  /** How the lab's version differs from the paper's figure. */
  differences: string;
  /** Explanations worth reading next to this figure. */
  topics: TopicId[];
  /** Everything that differs from the workspace's defaults. */
  patch: Partial<LabSettings> & { workspace: WorkspaceId };
  /** What the lab shares with the paper's experiments, when it is not paper 000 (default PAPER_SETTINGS_NOTE). */
  paperNote?: string;
}

/** What every preset shares with the paper's experiments (and where the lab deviates on purpose). */
export const PAPER_SETTINGS_NOTE =
  'As in the paper: noise scale σ = Δ/ε and τ taken from the data (so these releases are not strictly ' +
  'private; switch τ to a public bound to see the price of real privacy), m = 10 footpoints × 10 shooting ' +
  'vectors per budget, burn-in 1000. Unlike the paper, each private pair comes from its own chain (the paper ' +
  'reads successive states of one chain), and the shooting vector is kept in a proper ball (on the whole plane, ' +
  'as in the paper, low-budget chains can wander off for ever) — both are options in the Privacy and Sampler panels.';

/** The paper's sweep for Figs. 1, 2, 7: total 2.02 on the unequal panel; our marked setting ε_p ≈ 0.6. */
const SWEEP: Pick<LabSettings, 'eps' | 'split' | 'curves' | 'plotTab'> = {
  eps: 2.02,
  split: 0.3,
  curves: [20, 50, 100],
  plotTab: 'mse',
};

export const PRESETS: readonly FigurePreset[] = [
  {
    id: 'fig1',
    figure: 'fig1',
    label: 'Fig. 1',
    title: 'Sphere: error against the budget split and the total ε',
    caption:
      'Each curve is one data-set size (n = 20, 50 and 100 points on the globe, noise δ = 0.001). In the split ' +
      'plot the total budget is fixed at ε = 2.02 and slides from the shooting vector to the footpoint; the paper ' +
      'finds a U shape there, as starving either part raises the error, and the plot’s caption says whether these ' +
      'curves show one. In the total-ε plot (equal split) each curve sits over its own dashed non-private line: ' +
      'compare how the gap changes with ε and with n.',
    differences:
      'Same sizes, noise, budgets and sampler as the paper; the numbers come from the lab’s own seeded data, so ' +
      'curves match the paper in shape, not digit for digit.',
    topics: ['split', 'energy', 'sensitivity'],
    patch: { workspace: 'sphere', noise: 0.001, ...SWEEP },
  },
  {
    id: 'fig2',
    figure: 'fig2',
    label: 'Fig. 2',
    title: 'Shapes (corpus callosum): error against the split and the total ε',
    caption:
      'The experiment of Fig. 1 on Kendall’s shape space: each data point is a whole outline of the corpus ' +
      'callosum (50 landmarks), with position, size and rotation factored out. The plots are those of Fig. 1, ' +
      'split at total ε = 2.02 and total ε with an equal split; their captions say what these curves show.',
    differences:
      'The outlines are synthetic (the paper’s ADNI scans are access-restricted), so the numbers differ. The ' +
      'paper shows one curve, n = 100 (its sample size); the lab also runs n = 20 and 50 — compare the n = 100 ' +
      'curve with the paper. Each point here pools 40 private pairs (4 footpoint chains × 10 shooting vectors), ' +
      'not the paper’s 100: in 96 dimensions the full count would keep the figure computing several times as ' +
      'long. Every pair is drawn with the paper’s sampler settings, the error bars show that 40 already tell the ' +
      'curves apart, and the command line’s sweep (the CSV export’s cli line) runs all 100.',
    topics: ['split', 'geodesic'],
    patch: { workspace: 'kendall', ...SWEEP },
  },
  {
    id: 'fig3',
    figure: 'fig3',
    label: 'Fig. 3',
    title: 'Shapes: predicted outlines at ages 60–80, non-private vs private',
    caption:
      'Predicted corpus-callosum outlines at ages 60, 65, 70, 75 and 80 from the non-private fit and from a ' +
      'private fit with ε_p = ε_v = 0.3 (total ε = 0.6): compare how far the private outlines stray from the ' +
      'non-private ones. The shape space of 50 landmarks has 96 dimensions, and KNG’s noise grows with the ' +
      'dimension (its typical distance from the fit is about d·σ), so a budget that suits the 2-dimensional ' +
      'sphere buys far less here.',
    differences:
      'The paper’s Fig. 3 shows private outlines that hug the non-private ones. The view’s second row draws the ' +
      'same release with a sampler started at the non-private fit with short burn-in and small steps, as the ' +
      'paper plausibly did; the caption above the rows says which of the two samplers sits closer to the fit in ' +
      'this run. A chain that stays near its start looks good because it leaks (audit both from the view, or ' +
      '`npm run -s cli -- audit --manifold kendall --mechanism kng --sampler paper`). ' +
      'Synthetic outlines (age 50–90, n = 100) stand in for the paper’s ADNI data; the private fit shown is one ' +
      'draw — press Re-generate or change the seed to see others.',
    topics: ['geodesic', 'kng'],
    patch: { workspace: 'kendall', eps: 0.6, split: 0.5, ages: [60, 65, 70, 75, 80], curves: [100] },
  },
  {
    id: 'fig5',
    figure: 'fig5',
    label: 'Fig. 5 · δ = 0.01',
    title: 'Sphere: private geodesics coloured by budget (δ = 0.01)',
    caption:
      'Fifty noisy points on the sphere (δ = 0.01), the non-private geodesic, and private geodesics for equal ' +
      'splits with total ε from 2.0 down to 0.2 in ten steps, coloured by budget. Less budget means more noise: ' +
      'compare how far the dark, low-budget geodesics lie from the data with the light ones. Rotate and zoom ' +
      'the globe to see them (the paper adds a zoomed panel).',
    differences:
      'This is the top row of the paper’s Fig. 5; the bottom row is the “Fig. 5 · δ = 0.1” preset.',
    topics: ['privacy', 'kng'],
    patch: { workspace: 'sphere', n: 50, noise: 0.01, eps: 2, split: 0.5, curves: [50] },
  },
  {
    id: 'fig5-d0.1',
    figure: 'fig5',
    label: 'Fig. 5 · δ = 0.1',
    title: 'Sphere: private geodesics coloured by budget (δ = 0.1)',
    caption:
      'The same picture with ten times noisier data (δ = 0.1): compare the low-budget geodesics with those at ' +
      'δ = 0.01. The data-driven τ (the largest residual) grows with the noise, and with it the sensitivity and ' +
      'the noise added to each release.',
    differences: 'This is the bottom row of the paper’s Fig. 5.',
    topics: ['tau', 'sensitivity'],
    patch: { workspace: 'sphere', n: 50, noise: 0.1, eps: 2, split: 0.5, curves: [50] },
  },
  {
    id: 'fig6',
    figure: 'fig6',
    label: 'Fig. 6',
    title: `Sphere: error against ε at three noise levels δ = ${FIG6_NOISES.join(', ')} (n = 50)`,
    caption:
      'As in the paper’s Fig. 6, three noise levels (δ = 0.001, 0.01, 0.1) at n = 50, one curve each, on one ' +
      'axis, each with its dashed non-private line. Compare the dashed lines across δ (noisier data fit worse ' +
      'in the paper), and, in the total-ε plot, how each error approaches its own line as ε grows. The globe ' +
      'shows the data at δ = 0.001.',
    differences:
      'Same sizes, noise levels, budgets and sampler as the paper; the numbers come from the lab’s own seeded ' +
      'data, so the curves match the paper in shape, not digit for digit.',
    topics: ['energy', 'privacy'],
    patch: { workspace: 'sphere', n: 50, noise: FIG6_NOISES[0], ...SWEEP, curves: [50] },
  },
  {
    id: 'fig7',
    figure: 'fig7',
    label: 'Fig. 7',
    title: 'SPD(2): error against the split and the total ε',
    caption:
      'The experiment of Fig. 1 on 2×2 covariance matrices (SPD(2) with the affine-invariant metric), n = 20, ' +
      '50 and 100. This space is negatively curved, so the sensitivity grows like cosh and sinh of the data’s ' +
      'spread and more noise is needed than on the sphere. The plots’ captions say whether the split curves ' +
      'form a U and how close each curve comes to its dashed non-private line.',
    differences: 'Synthetic SPD data as in the paper (tangent noise sd 0.01); same budgets and sampler.',
    topics: ['sensitivity', 'split'],
    patch: { workspace: 'spd', noise: 0.01, ...SWEEP },
  },
  {
    id: 'fig8',
    figure: 'fig8',
    label: 'Fig. 8',
    title: 'SPD(2): predictions as ellipses, non-private vs private',
    caption:
      'Predicted matrices at equally spaced covariates, each drawn as an ellipse (semi-axes √λ₁, √λ₂ along the ' +
      'eigenvectors), from the non-private fit and from a private fit with ε_p = ε_v = 0.2: compare the size ' +
      'and orientation of the private ellipses with the non-private ones. “Private differences drawn ×20” ' +
      'magnifies the difference (labelled as exaggerated). As the paper warns, ellipses that look alike can be ' +
      'far apart in the Riemannian metric, and vice versa.',
    differences: 'The private fit shown is one draw; change the seed to see others.',
    topics: ['geodesic', 'kng'],
    patch: { workspace: 'spd', noise: 0.01, eps: 0.4, split: 0.5, curves: [50] },
  },
  {
    id: 'fig9',
    figure: 'fig9',
    label: 'Fig. 9',
    title: 'Sphere: is the sensitivity bound valid?',
    caption:
      'For 20 pairs of neighbouring data sets (one point swapped) per size n = 20, 50, 100 on the sphere ' +
      '(δ = 0.001), box plots of r = Δ^thy / Δ^exp, the proven sensitivity over the change actually measured, for ' +
      'the footpoint (r_p) and the shooting vector (r_v). Every ratio must be at least 1 — otherwise the privacy ' +
      'guarantee would be broken; the further above 1, the more noise is added than strictly needed.',
    differences: 'Same design as the paper (covariates rescaled once on all n + 1 points).',
    topics: ['sensitivity', 'ratios'],
    patch: { workspace: 'sphere', noise: 0.001, curves: [20, 50, 100], plotTab: 'sensitivity' },
  },
  {
    id: 'fig10',
    figure: 'fig10',
    label: 'Fig. 10',
    title: 'SPD(2): is the sensitivity bound valid?',
    caption:
      'The check of Fig. 9 on SPD(2) (noise sd 0.01): box plots of r_p and r_v for n = 20, 50, 100. All ratios ' +
      'must stay at or above 1. On this negatively curved space the bound uses cosh and sinh of the data’s ' +
      'spread: how far above 1 the ratios sit is how cautious it is.',
    differences: 'Same design as the paper.',
    topics: ['sensitivity', 'ratios'],
    patch: { workspace: 'spd', noise: 0.01, curves: [20, 50, 100], plotTab: 'sensitivity' },
  },
  {
    id: 'p002fig1',
    figure: 'p002fig1',
    label: '002 Fig. 1',
    title: 'SPD(k): tangent Gaussian vs Riemannian Laplace as the matrices grow',
    caption:
      'Private log-Euclidean means of n = 500 synthetic k×k covariance matrices (eigenvalues in [e^−¼, e^¼]), at ' +
      'ε = 0.1 and δ = 10⁻⁶, against the matrix size k. 002 reports the Riemannian Laplace error growing much ' +
      'faster with k than the tangent Gaussian’s (“almost ×10” in mean squared error at k = 30); the plot’s ' +
      'caption says how much each curve here grows and which is lower at the largest k. The extrinsic Gaussian ' +
      'is measured in the Euclidean distance, because its output need not be SPD.',
    differences:
      '002 repeats each point 10 times and shows ε = 0.1 … 0.4 in one figure; the lab shows one ε at a time (move ' +
      'the ε slider) with 10 replicates per k, and samples the Riemannian Laplace exactly instead of by a 50,000-step ' +
      'MCMC. The tangent Gaussian uses the classical calibration (002’s TanG-Cla, valid for ε < 1); switch the ' +
      'Gaussian σ to “analytic” for TanG-Ana. Sensitivity Δ = 2√k·r/n (the data lie in the log-Euclidean ball of ' +
      'radius √k·r), not 2r/n.',
    paperNote:
      'As in 002: σ = Δ/ε for the Riemannian Laplace (its normaliser does not depend on the centre), δ = 10⁻⁶ ' +
      'for the Gaussian mechanisms, synthetic data with r = ¼ and Haar-random eigenvectors.',
    topics: ['tangentGaussian', 'riemannianLaplace', 'frechetSensitivity'],
    patch: {
      workspace: 'frechet',
      frechetSpace: 'spd',
      metric: 'logEuclidean',
      n: 500,
      radius: 0.25,
      eps: 0.1,
      delta: 1e-6,
      calibration: 'classical',
      sigmaRule: 'paper',
      mechanisms: ['rl', 'tg', 'extg'],
    },
  },
  {
    id: 'p004fig1',
    figure: 'p004fig1',
    label: '004 Fig. 1',
    title: 'Sphere: intrinsic (Riemannian Laplace) vs ambient Laplace noise',
    caption:
      'Points in a cap of radius π/8 around the north pole; their Fréchet mean is released by the Riemannian ' +
      'Laplace mechanism on the sphere and by Laplace noise in the surrounding R³, and both errors are measured ' +
      'in the Euclidean distance, as in 004. 004 finds the intrinsic error the lower: noise spent on the sphere ' +
      'itself is not wasted on the direction that leaves it. Compare the two curves at each ε; where their ±2 SE ' +
      'bars overlap, the difference is within the noise of the releases.',
    differences:
      '004 plots the error against the sample size n at a fixed ε; the lab plots it against ε at a fixed n (change ' +
      'n to compare sizes). The lab does not project the ambient release back onto the sphere before measuring ' +
      '(004 does not either), and the sensitivity panels of 004’s figure are not shown here.',
    paperNote:
      'As in 004: σ = Δ/ε with Δ from Theorem 2 for the public radius r = π/8 (chordal sensitivity for the ' +
      'ambient baseline), the errors in the Euclidean distance of R³.',
    topics: ['riemannianLaplace', 'ambientBaseline', 'frechetSensitivity'],
    patch: {
      workspace: 'frechet',
      frechetSpace: 'sphere',
      n: 100,
      radius: 0.3927,
      eps: 1,
      sigmaRule: 'paper',
      mechanisms: ['rl', 'ambient'],
      errorMeasure: 'euclidean',
    },
  },
  {
    id: 'p004fig1-sensitivity',
    figure: 'p004fig1',
    label: '004 Fig. 1 · sensitivity',
    title: 'Sphere: how far apart are the means of adjacent data sets, against the bound?',
    caption:
      'For n = 10, 20, 40, 80 and 160, 20 pairs of adjacent data sets (n points in a cap of radius π/8 around ' +
      'the north pole, sharing n − 1 of them) and the geodesic distance between their Fréchet means (dots; ' +
      'diamonds: their mean), against 004’s Theorem 2 bound (dashed) that calibrates the private mechanisms. ' +
      'A valid bound keeps every dot below it; both fall like 1/n in theory (parallel lines on the log–log ' +
      'axes), and a random replaced point moves the mean less than the worst one.',
    differences:
      '004 shows these panels next to its utility panel and uses its own number of repetitions; the lab draws ' +
      '20 pairs per n from its seeded generator (the command line’s `frechet --experiment sensitivity` with ' +
      'the same seed and --radius 0.3927 prints the same numbers), and switching the space to SPD shows the ' +
      'same experiment for 2×2 matrices.',
    paperNote:
      'As in 004: data uniform in a geodesic cap of radius r = π/8 (< π/4, where Theorem 2 applies), one point ' +
      'of the data set replaced, distances in the sphere’s geodesic metric.',
    topics: ['frechetSensitivity', 'sensitivity'],
    patch: {
      workspace: 'frechet',
      frechetSpace: 'sphere',
      radius: 0.3927,
      plotTab: 'sensitivity',
      mechanisms: ['rl', 'ambient'],
    },
  },
];

export function presetById(id: string): FigurePreset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** The complete settings a preset stands for: defaults, the workspace's data defaults, then the patch. */
export function presetSettings(preset: FigurePreset): LabSettings {
  const d = DATA_DEFAULTS[preset.patch.workspace];
  return {
    ...DEFAULT_SETTINGS,
    n: d.n,
    noise: d.noise,
    tau: d.public,
    // every preset reproduces a paper's figure, so it runs the paper's mechanism
    mechanism: 'kng',
    ...preset.patch,
    // Fresh arrays: the store's settings never share them with the preset table.
    curves: [...(preset.patch.curves ?? PAPER_CURVES)],
    ages: [...(preset.patch.ages ?? DEFAULT_SETTINGS.ages)],
    mechanisms: [...(preset.patch.mechanisms ?? DEFAULT_SETTINGS.mechanisms)],
    figure: preset.figure,
  };
}

/** Settings that do not change what a figure shows (the view's camera, landmark markers). */
const COSMETIC: readonly (keyof LabSettings)[] = ['camera', 'showLandmarks'];

/** The settings keys where `s` departs from the preset (empty: the figure is shown as the preset made it). */
export function presetDeviations(preset: FigurePreset, s: LabSettings): (keyof LabSettings)[] {
  const want = presetSettings(preset);
  return (Object.keys(want) as (keyof LabSettings)[]).filter(
    (k) => !COSMETIC.includes(k) && JSON.stringify(want[k]) !== JSON.stringify(s[k]),
  );
}

/** The preset behind the current settings' figure: the variant that matches best (Fig. 5/6 have several). */
export function activePreset(s: LabSettings): FigurePreset | undefined {
  if (!s.figure) return undefined;
  const candidates = PRESETS.filter((p) => p.figure === s.figure);
  let best: FigurePreset | undefined;
  let bestScore = Infinity;
  for (const p of candidates) {
    const score = presetDeviations(p, s).length;
    if (score < bestScore) [best, bestScore] = [p, score];
  }
  return best;
}

/**
 * Shows `settings` in place of the whole settings object (so nothing from an earlier setting leaks into what
 * they show), setting aside data imported into their workspace: figures and lesson slides run on synthetic
 * data. `usesSynthetic` starts the notice that says so ("Fig. 1 uses the paper’s synthetic data").
 */
export function applySettings(settings: LabSettings, usesSynthetic: string): void {
  const state = useLab.getState();
  const ws = settings.workspace;
  if (state.imported[ws]) {
    state.setImported(ws, null);
    state.notify(`${usesSynthetic}, so your imported file was set aside (import it again to go back to it).`);
  }
  state.set(settings);
}

/**
 * Applies a preset: the whole settings object is replaced, and imported data of the preset's workspace are set
 * aside — the figures use the paper's synthetic data. Returns the preset, or undefined for an unknown id.
 */
export function applyPreset(id: string): FigurePreset | undefined {
  const preset = presetById(id);
  if (!preset) return undefined;
  applySettings(presetSettings(preset), `${preset.label} uses the paper’s synthetic data`);
  return preset;
}
