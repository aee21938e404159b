/**
 * The DP linear-regression comparison of the Euclidean workspace (docs/euclidean.md): what it computes for
 * the current settings. DPGR follows the workspace's τ mode and σ rule (its budget is split equally, as in
 * 001); SSP and DP-SGD use their defaults (`src/privacy/linreg`). The ε grid always holds the current total
 * ε, whose lines the comparison draws.
 */
import { DEFAULT_LINREG_EPS, type LinregSpec } from '../../../src/experiments/linreg';
import { DEFAULT_LINREG_SETTINGS, LINREG_METHODS, type LinregSettings } from '../../../src/privacy/linreg';
import type { ImportedData } from '../../store';
import { samplerSeedOf, type LabSettings } from '../../state/settings';
import { runsJob } from '../registry';

/** Releases per (method, ε), and lines kept per (method, ε) for the scatter. */
export const LAB_LINREG_REPS = 100;
export const LAB_LINREG_LINES = 6;

/** The default grid with the current total ε added (sorted, without near-duplicates). */
export function linregEpsGrid(current: number): number[] {
  const grid = DEFAULT_LINREG_EPS.filter((e) => Math.abs(Math.log(e / current)) > 0.01);
  return [...grid, current].sort((a, b) => a - b);
}

/** The methods' settings: DPGR follows the workspace's τ mode and σ rule, SSP and DP-SGD their defaults. */
export function labLinregSettings(s: LabSettings): LinregSettings {
  return {
    ...DEFAULT_LINREG_SETTINGS,
    dpgr: { tau: s.tauMode === 'data' ? 'data' : s.tau, sigmaRule: s.sigmaRule },
  };
}

/** The comparison's spec, or null where the workspace runs none. */
export function labLinregSpec(s: LabSettings, imported: ImportedData | undefined): LinregSpec | null {
  if (!runsJob(s, 'linreg')) return null;
  return {
    source: imported
      ? { kind: 'imported', xs: imported.xs, ys: imported.ys, label: imported.fileName }
      : { kind: 'synthetic', n: s.n, noise: s.noise, seed: s.seed },
    eps: linregEpsGrid(s.eps),
    methods: [...LINREG_METHODS],
    reps: LAB_LINREG_REPS,
    // the methods' streams (the data keep their seed in the source)
    seed: samplerSeedOf(s),
    settings: labLinregSettings(s),
    keepLines: LAB_LINREG_LINES,
  };
}
