/**
 * The split advisor in the lab (issue 14): on demand, the two budget-split sweeps of src/experiments/advise.ts
 * on a small pool of their own (beside the live sweep), for the current workspace, n, total ε and sampler.
 * Running it on the data being analysed is itself an analysis of those data — not private — so by default it
 * runs on synthetic data of the same size and noise; the user may choose the data shown instead.
 */
import { create } from 'zustand';
import {
  adviceFromCells,
  adviseCoarseSpec,
  adviseFineSpec,
  type Advice,
  type AdviseSpec,
  type SweepCellResult,
} from '../../src/experiments';
import { createBrowserPool } from '../../src/workers/browser';
import { CancelledError, type WorkerPool } from '../../src/workers/pool';
import { regressionWorkspace, type LabSettings } from '../state/settings';
import type { ImportedData } from '../store';
import { jobKey, kngSettings } from './jobs';
import { streamCells } from './streamCells';

/** What the advice is computed on: synthetic data like the shown data (private), or the shown data (not). */
export type AdviceSource = 'synthetic' | 'data';

export interface AdviceRun {
  key: string;
  source: AdviceSource;
  status: 'running' | 'done' | 'error';
  stage: 'coarse' | 'fine';
  done: number;
  total: number;
  advice: Advice | null;
  error: string | null;
}

export const useAdvice = create<{ run: AdviceRun | null }>(() => ({ run: null }));

export function adviseSpec(
  s: LabSettings,
  imported: ImportedData | undefined,
  source: AdviceSource,
): AdviseSpec {
  const manifold = regressionWorkspace(s.workspace);
  const useData = imported !== undefined && source === 'data';
  return {
    manifold,
    dataset: { n: imported ? imported.ys.length : s.n, noise: s.noise },
    ...(useData ? { imported: { xs: imported.xs, ys: imported.ys, label: imported.fileName } } : {}),
    // synthetic stand-ins for imported R^d data have the same number of responses
    ...(imported && !useData && manifold === 'euclidean' ? { d: imported.ys[0].length } : {}),
    seed: s.seed,
    eps: s.eps,
    kng: kngSettings(s),
  };
}

/** Identifies the inputs of an advice: it is shown only while they are those of the lab. */
export function adviceKey(s: LabSettings, imported: ImportedData | undefined, source: AdviceSource): string {
  return jobKey(adviseSpec(s, imported, source), source === 'data' ? imported : undefined);
}

let pool: WorkerPool | null = null;
let cancel: (() => void) | null = null;

/** Starts (or restarts) the advisor for the given settings; progress and the result go to `useAdvice`. */
export async function runAdvice(
  s: LabSettings,
  imported: ImportedData | undefined,
  source: AdviceSource,
): Promise<void> {
  cancel?.();
  const spec = adviseSpec(s, imported, source);
  const key = adviceKey(s, imported, source);
  let live = true;
  const base: AdviceRun = {
    key,
    source,
    status: 'running',
    stage: 'coarse',
    done: 0,
    total: 0,
    advice: null,
    error: null,
  };
  useAdvice.setState({ run: base });
  // small: it runs beside the live sweep, which has one worker per core
  pool ??= createBrowserPool(Math.max(1, Math.min(2, (navigator.hardwareConcurrency || 2) - 1)));
  const stage = async (name: 'coarse' | 'fine', sweep: ReturnType<typeof adviseCoarseSpec>) => {
    // progress is written once per animation frame, which can come after the stage has finished
    let streaming = true;
    const job = streamCells(pool!, 'sweep', sweep, ({ done, total }) => {
      if (live && streaming) useAdvice.setState({ run: { ...base, stage: name, done, total } });
    });
    cancel = () => {
      live = false;
      job.cancel();
    };
    try {
      return (await job.promise) as SweepCellResult[];
    } finally {
      streaming = false;
    }
  };
  try {
    const coarse = await stage('coarse', adviseCoarseSpec(spec));
    const fine = await stage('fine', adviseFineSpec(spec, coarse));
    if (!live) return;
    const advice = adviceFromCells(spec, coarse, fine);
    useAdvice.setState({ run: { ...base, stage: 'fine', status: 'done', advice, done: 1, total: 1 } });
  } catch (e) {
    if (e instanceof CancelledError || !live) return;
    const message = e instanceof Error ? e.message : String(e);
    useAdvice.setState({ run: { ...base, status: 'error', error: message } });
  } finally {
    if (live) cancel = null;
  }
}

export function cancelAdvice(): void {
  cancel?.();
  cancel = null;
  useAdvice.setState({ run: null });
}
