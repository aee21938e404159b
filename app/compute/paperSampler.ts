/**
 * Fig. 3 of paper 000 beside the lab's own release: the same KNG release drawn with the paper's sampler
 * (`PAPER_SAMPLER`: one chain started at the non-private estimate, consecutive draws, short burn-in, small
 * steps). Runs the 'release' task on a one-worker pool of its own while the Fig. 3 view is shown, and keeps
 * the cells of the current settings in a small store; a change of the settings supersedes the run.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { ReleaseCell, ReleaseSpec } from '../../src/experiments';
import { withSampler } from '../../src/privacy/kng';
import { createBrowserPool } from '../../src/workers/browser';
import type { WorkerPool } from '../../src/workers/pool';
import { useLab, type ImportedData } from '../store';
import type { LabSettings } from '../state/settings';
import { jobKey, releaseSpec } from './jobs';
import { streamCells } from './streamCells';
import { watchSettings } from './watchSettings';

/** The lab's release spec with the paper's sampler (its own random stream: not the mixed chains' draws). */
export function paperSamplerSpec(s: LabSettings, imported: ImportedData | undefined): ReleaseSpec {
  const spec = releaseSpec(s, imported);
  return { ...spec, kng: { ...withSampler(spec.kng, 'paper'), traceEvery: 0 }, seed: spec.seed + 7919 };
}

export interface PaperSamplerRun {
  status: 'idle' | 'running' | 'done';
  cells: ReleaseCell[];
}

export const usePaperSamplerStore = create<PaperSamplerRun>(() => ({ status: 'idle', cells: [] }));

function start(): () => void {
  let pool: WorkerPool | null = createBrowserPool(1);
  let key = '';
  let cancel: (() => void) | null = null;
  const stopWatching = watchSettings(() => {
    const { settings, imported } = useLab.getState();
    if (settings.workspace !== 'kendall' || !pool) return;
    const data = imported.kendall;
    const spec = paperSamplerSpec(settings, data);
    const k = jobKey(spec, data);
    if (k === key) return;
    key = k;
    cancel?.();
    let live = true;
    usePaperSamplerStore.setState({ status: 'running', cells: [] });
    const job = streamCells(pool, 'release', spec, ({ cells }) => {
      if (live) usePaperSamplerStore.setState({ cells: cells.filter((c) => c !== undefined) });
    });
    cancel = () => {
      live = false;
      job.cancel();
    };
    job.promise.then(
      (all) => live && usePaperSamplerStore.setState({ status: 'done', cells: all }),
      () => undefined, // cancelled, or failed: the lab's own release reports the same error
    );
  });
  return () => {
    stopWatching();
    cancel?.();
    pool?.terminate();
    pool = null;
    usePaperSamplerStore.setState({ status: 'idle', cells: [] });
  };
}

/** Runs the paper-sampler release while `active` (the Fig. 3 view is mounted); returns its cells. */
export function usePaperSampler(active: boolean): PaperSamplerRun {
  useEffect(() => (active ? start() : undefined), [active]);
  return usePaperSamplerStore();
}
