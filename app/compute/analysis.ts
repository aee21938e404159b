/**
 * On-demand analyses behind the plots column — the sensitivity check (000 Fig. 9/10) and paper 001's
 * histograms — on the job runner, each on a small pool of its own, so they neither wait for nor cancel the
 * sweep. Cells stream into the store's `sensitivity` / `histograms` job views (at most one store write per
 * animation frame). The spec each result was computed for is kept in the store's `analysisRuns`, so the views
 * can tell when settings have moved on.
 */
import type { HistogramSpec, JointReleaseSpec, SensitivitySpec, SizesSpec } from '../../src/experiments';
import { jointSettingsFromBudget } from '../../src/experiments/jointSettings';
import type { TaskParams } from '../../src/workers/tasks';
import { idleJob, sliceHook, useLab, type AnalysisRun, type LabState } from '../store';
import { driveJob, jobView } from './driveJob';
import { labRunner, step } from './runner';
import { regressionWorkspace, type LabSettings, currentBudget, samplerSeedOf } from '../state/settings';
import { dataSource, kngSettings, landmarksOf, samplerSeedSpec } from './jobs';

export type { AnalysisRun } from '../store';

export type AnalysisKind = 'sensitivity' | 'histograms' | 'sizes' | 'jointRelease';

/** Fig. 9/10: 20 adjacent pairs for each of n = 20, 50, 100. */
export const SENSITIVITY_NS: readonly number[] = [20, 50, 100];
export const SENSITIVITY_PAIRS = 20;
/** Paper 001: n = 20, ε_p = ε_v = 1, 200 draws. */
export const HISTOGRAM_DEFAULTS = { n: 20, epsP: 1, epsV: 1, draws: 200 } as const;

export function sensitivitySpec(s: LabSettings): SensitivitySpec {
  return {
    manifold: regressionWorkspace(s.workspace),
    ns: [...SENSITIVITY_NS],
    pairs: SENSITIVITY_PAIRS,
    seed: s.seed,
    noise: s.noise,
    // the shapes' landmark count, as the rest of the workspace (the bound's τ grows with it)
    ...landmarksOf(s),
  };
}

/** Histograms for the current workspace and sampler settings, at 001's n and budgets. */
export function histogramSpec(s: LabSettings): HistogramSpec {
  const { n, epsP, epsV, draws } = HISTOGRAM_DEFAULTS;
  return {
    manifold: regressionWorkspace(s.workspace),
    n,
    noise: s.noise,
    seed: s.seed,
    ...samplerSeedSpec(s),
    draws,
    kng: { ...kngSettings(s), epsP, epsV, traceEvery: 0 },
  };
}

/** Error against n: sizes from where the joint release is noise to where it matches the fit (shapes: 2000). */
export const SIZES_NS: readonly number[] = [50, 100, 200, 300, 500, 1000, 2000];

/** Error against n at the current total ε (equal split), m draws of each release per n. */
export function sizesSpec(s: LabSettings): SizesSpec {
  return {
    manifold: regressionWorkspace(s.workspace),
    ns: [...SIZES_NS],
    noise: s.noise,
    seed: s.seed,
    eps: s.eps,
    m: s.m,
    ...landmarksOf(s),
  };
}

/**
 * The joint release's start check on the view's synthetic data: m chains from the public start and m from the
 * non-private fit, at the current budget (their final U are compared; never released).
 */
export function startCheckSpec(s: LabSettings): JointReleaseSpec {
  const manifold = regressionWorkspace(s.workspace);
  return {
    source: dataSource(s, undefined),
    joint: jointSettingsFromBudget({ ...currentBudget(s), m: s.m }, manifold),
    // the chains' streams (the data keep their seed in the source)
    seed: samplerSeedOf(s),
    fromFit: true,
  };
}

const SPECS: { [K in AnalysisKind]: (s: LabSettings) => TaskParams<K> } = {
  sensitivity: sensitivitySpec,
  histograms: histogramSpec,
  sizes: sizesSpec,
  jointRelease: startCheckSpec,
};

const NAMES: Record<AnalysisKind, string> = {
  sensitivity: 'sensitivity check',
  histograms: 'histograms',
  sizes: 'error against n',
  jointRelease: 'start check',
};

export function analysisKey(kind: AnalysisKind, s: LabSettings): string {
  return JSON.stringify(SPECS[kind](s));
}

/** What the current results of each analysis were computed for (the store's `analysisRuns`). */
export const useAnalysisRuns = sliceHook('analysisRuns');

/** Starts (or restarts) an analysis for the current settings; results stream into the store. */
export function runAnalysis<K extends AnalysisKind>(kind: K): void {
  const settings = useLab.getState().settings;
  const spec = SPECS[kind](settings) as TaskParams<K>;
  const run: AnalysisRun<K> = {
    key: JSON.stringify(spec),
    spec,
    settings,
    started: Date.now(),
    finished: null,
  };
  const record = (r: AnalysisRun<K>) =>
    useLab.setState({ analysisRuns: { ...useLab.getState().analysisRuns, [kind]: r } });
  record(run);
  driveJob<AnalysisKind, AnalysisKind>({
    slice: kind,
    pool: kind,
    steps: [step(kind, spec)],
    starting: { ...idleJob<never>(), status: 'running' },
    updates: 'fromFirstCell',
    // the kind's own cells (the type checker cannot pair a kind's task with its slice)
    view: (status, progress) => jobView(status, progress) as LabState[AnalysisKind],
    failed: (message) => ({ ...idleJob<never>(), status: 'error', error: message }),
    onDone: () => record({ ...run, finished: Date.now() }),
    errorNotice: (message) => `The ${NAMES[kind]} failed: ${message}`,
  });
}

/** Stops a running analysis; what has arrived stays, marked idle. */
export function cancelAnalysis(kind: AnalysisKind): void {
  if (!labRunner().cancel(kind)) return;
  const view = useLab.getState()[kind];
  if (view.status === 'running') useLab.setState({ [kind]: { ...view, status: 'idle' } });
}
