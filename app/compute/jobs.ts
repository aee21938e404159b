/**
 * What the background jobs compute for the current settings: the data source, the KNG settings, and the
 * specs of the release (the private fits drawn in the views) and of the sweep (the MSE-vs-ε plots). Pure
 * functions of the store state, so the controller can tell when a job is stale by comparing keys.
 */
import type { DataSource, ReleaseSpec, SweepSpec } from '../../src/experiments';
import { liveSweepGroups } from '../../src/experiments/liveSweep';
import type { KngSettings } from '../../src/privacy/kng';
import type { ImportedData, LabState } from '../store';
import {
  currentBudget,
  regressionWorkspace,
  releaseMechanism,
  samplerSeedOf,
  type LabSettings,
} from '../state/settings';
import { equalEpsRange } from './epsRange';
import { FIG6_NOISES } from '../state/figures';
import { runsJob, workspaceOf } from '../workspaces/registry';

/** Identifies the synthetic data of the current settings (the key of the generated-data job). */
export function generatedKey(s: LabSettings): string {
  const { landmarks } = landmarksOf(s);
  return `${s.workspace}/${s.n}/${s.noise}/${s.seed}${landmarks === undefined ? '' : `/${landmarks}`}`;
}

export function dataSource(s: LabSettings, imported: ImportedData | undefined): DataSource {
  const manifold = regressionWorkspace(s.workspace);
  if (imported) return { kind: 'imported', manifold, xs: imported.xs, ys: imported.ys };
  return { kind: 'synthetic', manifold, n: s.n, noise: s.noise, seed: s.seed, ...landmarksOf(s) };
}

/** The landmark count where the workspace's synthetic data have one (shapes), else nothing (nor have their keys). */
export function landmarksOf(s: LabSettings): { landmarks?: number } {
  return workspaceOf(s.workspace).landmarks ? { landmarks: s.landmarks } : {};
}

/**
 * `{ samplerSeed }` for the specs that keep the data's seed and the samplers' apart (sweep, advisor, histograms),
 * only where the two differ: the spec, and so its job key, is otherwise the one without a sampler seed.
 */
export function samplerSeedSpec(s: LabSettings): { samplerSeed?: number } {
  const samplers = samplerSeedOf(s);
  return samplers === s.seed ? {} : { samplerSeed: samplers };
}

/** The adaptive step's target acceptance: the CLI's `--adaptive` (KNG_ADAPT_TARGET; a test ties the two). */
export const LAB_ADAPT_TARGET = 0.3;

export function kngSettings(s: LabSettings): Omit<KngSettings, 'epsP' | 'epsV'> {
  return {
    sigmaRule: s.sigmaRule,
    tau: s.tauMode === 'data' ? 'data' : s.tau,
    tauM: s.tauMode === 'data' ? 'data' : s.tauM,
    vDomain: s.vDomain,
    burnIn: s.burnIn,
    scheme: s.scheme,
    m: s.m,
    stepScaleP: s.stepScaleP,
    stepScaleV: s.stepScaleV,
    adaptTarget: s.adaptive ? LAB_ADAPT_TARGET : undefined,
    traceEvery: 0,
  };
}

export function releaseSpec(s: LabSettings, imported: ImportedData | undefined): ReleaseSpec {
  return {
    source: dataSource(s, imported),
    kng: {
      ...kngSettings(s),
      ...currentBudget(s),
      traceEvery: Math.max(1, Math.floor((s.burnIn + 1) / 200)),
    },
    // the data keep their own seed in the source
    seed: samplerSeedOf(s),
    mechanism: releaseMechanism(s),
  };
}

/** The equal-split panel's total ε: log-spaced over where the curves move at these settings (plots/epsRange). */
export const equalRange = equalEpsRange;

/** Budget points per panel of the live sweep. */
export const SWEEP_POINTS = 10;

export function sweepSpec(s: LabSettings, imported: ImportedData | undefined): SweepSpec {
  return {
    manifold: regressionWorkspace(s.workspace),
    // Fig. 6 overlays its three noise levels at one n; otherwise one curve per n at the current noise
    datasets:
      s.figure === 'fig6'
        ? FIG6_NOISES.map((noise) => ({ n: s.curves[0] ?? s.n, noise }))
        : s.curves.map((n) => ({ n, noise: s.noise })),
    imported: imported ? { xs: imported.xs, ys: imported.ys, label: imported.fileName } : undefined,
    seed: s.seed,
    ...samplerSeedSpec(s),
    ...landmarksOf(s),
    panels: ['unequal', 'equal'],
    budgets: { points: SWEEP_POINTS, unequalTotal: s.eps, equalRange: equalRange(s), equalScale: 'log' },
    kng: kngSettings(s),
    mechanism: releaseMechanism(s),
    ...liveSweepGroups(regressionWorkspace(s.workspace), releaseMechanism(s)),
  };
}

/**
 * The key of the release or sweep the lab's settings ask for, on the data they name; null where the workspace runs
 * neither (the Fréchet mean).
 */
export function wantedJobKey(
  { settings, imported }: Pick<LabState, 'settings' | 'imported'>,
  kind: 'release' | 'sweep',
): string | null {
  if (!runsJob(settings, 'regression')) return null;
  const data = imported[settings.workspace];
  return jobKey(kind === 'release' ? releaseSpec(settings, data) : sweepSpec(settings, data), data);
}

/** A string that changes exactly when the job's inputs change (typed arrays of imported data by their id). */
export function jobKey(spec: unknown, imported: ImportedData | undefined): string {
  return JSON.stringify(spec, (k, v) => (k === 'xs' || k === 'ys' ? undefined : v)) + `#${imported?.id ?? 0}`;
}
