/**
 * Fig. 3 of paper 000 beside the lab's own release: the same KNG release drawn with the paper's sampler
 * (`PAPER_SAMPLER`: one chain started at the non-private estimate, consecutive draws, short burn-in, small
 * steps). One job of the runner on a one-worker pool of its own (so it neither waits for nor cancels the lab's
 * release), while the Fig. 3 view is shown; its cells go to the store's `paperSampler`. A change of the
 * settings supersedes the run.
 */
import { useEffect } from 'react';
import type { ReleaseSpec } from '../../src/experiments';
import { withSampler } from '../../src/privacy/kng';
import { sliceHook, useLab, type ImportedData, type PaperSamplerRun, watchSettings } from '../store';
import type { LabSettings } from '../state/settings';
import { jobKey, releaseSpec } from './jobs';
import { driveJob } from './driveJob';
import { labRunner, step } from './runner';
import { runsJob } from '../workspaces/registry';

/** The lab's release spec with the paper's sampler (its own random stream: not the mixed chains' draws). */
export function paperSamplerSpec(s: LabSettings, imported: ImportedData | undefined): ReleaseSpec {
  const spec = releaseSpec(s, imported);
  return {
    ...spec,
    mechanism: 'kng',
    kng: { ...withSampler(spec.kng, 'paper'), traceEvery: 0 },
    seed: spec.seed + 7919,
  };
}

export const usePaperSamplerStore = sliceHook('paperSampler');

const IDLE: PaperSamplerRun = { status: 'idle', cells: [] };

/** The key of the run the current settings ask for ('' where the workspace runs none). */
function wantedKey(): string {
  const { settings, imported } = useLab.getState();
  const own = imported[settings.workspace];
  return runsJob(settings, 'paperSampler') ? jobKey(paperSamplerSpec(settings, own), own) : '';
}

function start(): () => void {
  let key = '';
  const check = () => {
    const { settings, imported } = useLab.getState();
    if (!runsJob(settings, 'paperSampler')) return;
    const own = imported[settings.workspace];
    const spec = paperSamplerSpec(settings, own);
    const k = jobKey(spec, own);
    if (k === key) return;
    key = k;
    driveJob({
      lane: 'paper',
      slice: 'paperSampler',
      pool: 'paper',
      steps: [step('release', spec)],
      current: () => wantedKey() === k,
      view: (status, { cells }) => ({ status, cells: cells.filter((c) => c !== undefined) }),
      // the lab's own release reports the same error
      failed: () => IDLE,
      onStale: () => {
        key = '';
        check();
      },
    });
  };
  const stopWatching = watchSettings(check);
  return () => {
    stopWatching();
    labRunner().cancel('paper');
    useLab.setState({ paperSampler: IDLE });
  };
}

/** Runs the paper-sampler release while `active` (the Fig. 3 view is mounted); returns its cells. */
export function usePaperSampler(active: boolean): PaperSamplerRun {
  useEffect(() => (active ? start() : undefined), [active]);
  return usePaperSamplerStore();
}
