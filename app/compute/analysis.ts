/**
 * On-demand analyses behind the plots column — the sensitivity check (000 Fig. 9/10) and paper 001's
 * histograms — on their own small worker pools, so they neither wait for nor cancel the sweep. Cells stream
 * into the store's `sensitivity` / `histograms` job views (at most one store write per animation frame). The
 * spec each result was computed for is kept here, so the views can tell when settings have moved on.
 */
import { create } from 'zustand';
import type { HistogramSpec, SensitivitySpec } from '../../src/experiments';
import { createBrowserPool } from '../../src/workers/browser';
import { CancelledError, type WorkerPool } from '../../src/workers/pool';
import type { TaskParams, TaskResult } from '../../src/workers/tasks';
import { idleJob, useLab, type JobView, type LabState } from '../store';
import { streamCells } from './streamCells';
import { regressionWorkspace, type LabSettings } from '../state/settings';
import { kngSettings } from './jobs';

export type AnalysisKind = 'sensitivity' | 'histograms';

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
    draws,
    kng: { ...kngSettings(s), epsP, epsV, traceEvery: 0 },
  };
}

const SPECS: { [K in AnalysisKind]: (s: LabSettings) => TaskParams<K> } = {
  sensitivity: sensitivitySpec,
  histograms: histogramSpec,
};

export function analysisKey(kind: AnalysisKind, s: LabSettings): string {
  return JSON.stringify(SPECS[kind](s));
}

/** What the current results of each analysis were computed for. */
export interface AnalysisRun<K extends AnalysisKind> {
  key: string;
  spec: TaskParams<K>;
  settings: LabSettings;
  started: number;
  finished: number | null;
}

export const useAnalysisRuns = create<{
  sensitivity: AnalysisRun<'sensitivity'> | null;
  histograms: AnalysisRun<'histograms'> | null;
}>(() => ({ sensitivity: null, histograms: null }));

const pools: Partial<Record<AnalysisKind, WorkerPool>> = {};
const cancels: Partial<Record<AnalysisKind, () => void>> = {};

function poolFor(kind: AnalysisKind): WorkerPool {
  // Small: these run beside the sweep, which has one worker per core.
  const size = Math.max(1, Math.min(2, (navigator.hardwareConcurrency || 2) - 1));
  return (pools[kind] ??= createBrowserPool(size));
}

function put<K extends AnalysisKind>(kind: K, view: JobView<TaskResult<K>>) {
  useLab.setState({ [kind]: view } as unknown as Partial<LabState>);
}

/** Starts (or restarts) an analysis for the current settings; results stream into the store. */
export function runAnalysis<K extends AnalysisKind>(kind: K): void {
  cancels[kind]?.();
  const settings = useLab.getState().settings;
  const spec = SPECS[kind](settings) as TaskParams<K>;
  const run: AnalysisRun<K> = {
    key: JSON.stringify(spec),
    spec,
    settings,
    started: Date.now(),
    finished: null,
  };
  useAnalysisRuns.setState({ [kind]: run });
  let live = true;
  put(kind, { status: 'running', cells: [], done: 0, total: 0, error: null });
  const job = streamCells(poolFor(kind), kind, spec, ({ cells, done, total }) => {
    if (live) put(kind, { status: 'running', cells: [...cells], done, total, error: null });
  });
  cancels[kind] = () => {
    live = false;
    job.cancel();
  };
  job.promise.then(
    (all) => {
      live = false;
      put(kind, { status: 'done', cells: all, done: all.length, total: all.length, error: null });
      useAnalysisRuns.setState({ [kind]: { ...run, finished: Date.now() } });
    },
    (e: unknown) => {
      live = false;
      if (e instanceof CancelledError) return;
      const message = e instanceof Error ? e.message : String(e);
      put(kind, { ...idleJob<TaskResult<K>>(), status: 'error', error: message });
      useLab
        .getState()
        .notify(`The ${kind === 'sensitivity' ? 'sensitivity check' : 'histograms'} failed: ${message}`);
    },
  );
}

/** Stops a running analysis; what has arrived stays, marked idle. */
export function cancelAnalysis(kind: AnalysisKind): void {
  const cancel = cancels[kind];
  if (!cancel) return;
  delete cancels[kind];
  cancel();
  const view = useLab.getState()[kind];
  if (view.status === 'running') useLab.setState({ [kind]: { ...view, status: 'idle' } });
}
