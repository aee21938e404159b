/**
 * Fig. 5 of paper 000: private geodesics on the sphere at ten total budgets (equal split ε_p = ε_v = ε/2, ε from
 * 2.0 down to 0.2), coloured by budget. One job of the runner: the existing 'release' worker task once per
 * budget, one budget after the other, on a small pool of its own (so it neither waits for nor cancels the lab's
 * release and sweep); the cells stream into the store's `budgets`. A change of the settings supersedes the
 * running budgets.
 */
import { CELL_COUNTS } from '../../src/workers/cellCounts';
import { useEffect } from 'react';
import type { ReleaseSpec } from '../../src/experiments';
import { driveJob } from './driveJob';
import { labRunner, step } from './runner';
import { idleBudgets, sliceHook, useLab, type BudgetState, type ImportedData, watchSettings } from '../store';
import { samplerSeedOf, type LabSettings } from '../state/settings';
import { jobKey, releaseSpec } from './jobs';
import { runsJob } from '../workspaces/registry';

export type { BudgetRun, BudgetState } from '../store';

/** Total budgets of Fig. 5, in the paper's order (2.0 down to 0.2 in ten steps). */
export const FIG5_BUDGETS: readonly number[] = Array.from(
  { length: 10 },
  (_, k) => Math.round(20 - 2 * k) / 10,
);

/**
 * Footpoints per budget, and shooting vectors per footpoint: at most 4 × 4 = 16 geodesics per budget (160 in all)
 * — enough to see the spread grow as ε shrinks, few enough to stay readable and quick.
 */
export const FIG5_MAX_M = 4;

/** The budget runs computed so far (the store's `budgets`). */
export const useBudgetStore = sliceHook('budgets');

/** The release specs of the ten budgets for the current settings. */
export function budgetSpecs(s: LabSettings, imported: ImportedData | undefined): ReleaseSpec[] {
  const m = Math.min(s.m, FIG5_MAX_M);
  return FIG5_BUDGETS.map((eps, k) => {
    const spec = releaseSpec({ ...s, eps, split: 0.5, m }, imported);
    return {
      ...spec,
      kng: { ...spec.kng, traceEvery: 0 },
      // independent randomness per budget (a different stream for each ε)
      seed: (samplerSeedOf(s) * 31 + 101 * (k + 1)) % 2 ** 31,
    };
  });
}

/** The key of the budget runs the current settings ask for ('' where the workspace runs none). */
function wantedKey(): string {
  const { settings, imported } = useLab.getState();
  const own = imported[settings.workspace];
  return runsJob(settings, 'budgets') ? jobKey(budgetSpecs(settings, own), own) : '';
}

function runBudgets(specs: ReleaseSpec[], key: string, onStale: () => void) {
  // cells of budget k are cells offset(k) … offset(k + 1) - 1 of the job
  const counts = specs.map(CELL_COUNTS.release);
  driveJob({
    slice: 'budgets',
    pool: 'budgets',
    steps: specs.map((spec) => step('release', spec)),
    current: () => wantedKey() === key,
    view: (status, { cells, done, total }) => {
      let offset = 0;
      const runs = counts.map((count, k) => ({
        eps: FIG5_BUDGETS[k],
        cells: cells.slice(offset, (offset += count)),
      }));
      return { status, runs, done, total, error: null };
    },
    failed: (error) => ({ ...idleBudgets(), status: 'error', error }),
    onStale,
  });
}

/** Watches the lab's settings and keeps the budget runs current; returns a function that stops and cleans up. */
export function startBudgetGeodesics(): () => void {
  let key = '';
  const check = () => {
    const state = useLab.getState();
    const s = state.settings;
    if (!runsJob(s, 'budgets')) return;
    const imported = state.imported[s.workspace];
    const specs = budgetSpecs(s, imported);
    const k = jobKey(specs, imported);
    if (k === key) return;
    key = k;
    // finished for settings changed meanwhile: run what the settings ask for now (they may have come back)
    runBudgets(specs, k, () => {
      key = '';
      check();
    });
  };
  const stopWatching = watchSettings(check);
  return () => {
    stopWatching();
    labRunner().cancel('budgets');
    useLab.setState({ budgets: idleBudgets() });
  };
}

/** Runs the Fig. 5 budgets while `active` (and the component is mounted); returns their state. */
export function useBudgetGeodesics(active: boolean): BudgetState {
  useEffect(() => (active ? startBudgetGeodesics() : undefined), [active]);
  return useBudgetStore();
}
