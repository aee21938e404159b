/**
 * Fig. 5 of paper 000: private geodesics on the sphere at ten total budgets (equal split ε_p = ε_v = ε/2, ε from
 * 2.0 down to 0.2), coloured by budget. Runs the existing 'release' worker task once per budget, one budget after
 * the other, on a small pool of its own (so it neither waits for nor cancels the lab's release and sweep), and
 * streams the cells into a small store of its own. A change of the settings supersedes the running budgets.
 */
import { create } from 'zustand';
import type { ReleaseCell, ReleaseSpec } from '../../src/experiments';
import { createBrowserPool } from '../../src/workers/browser';
import { CancelledError, type WorkerPool } from '../../src/workers/pool';
import { frameBatcher } from './frameBatcher';
import { watchSettings } from './watchSettings';
import { useLab, type ImportedData } from '../store';
import type { LabSettings } from '../state/settings';
import { jobKey, releaseSpec } from './jobs';
import { useEffect } from 'react';
import { errorText } from '../errors';

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

export interface BudgetRun {
  /** Total ε (equal split). */
  eps: number;
  cells: (ReleaseCell | undefined)[];
}

export interface BudgetState {
  status: 'idle' | 'running' | 'done' | 'error';
  runs: BudgetRun[];
  /** Cells done / total over all budgets. */
  done: number;
  total: number;
  error: string | null;
}

const IDLE: BudgetState = { status: 'idle', runs: [], done: 0, total: 0, error: null };

/** The budget runs computed so far (read it with useBudgetStore(selector)). */
export const useBudgetStore = create<BudgetState>(() => IDLE);

/** The release specs of the ten budgets for the current settings. */
export function budgetSpecs(s: LabSettings, imported: ImportedData | undefined): ReleaseSpec[] {
  const m = Math.min(s.m, FIG5_MAX_M);
  return FIG5_BUDGETS.map((eps, k) => {
    const spec = releaseSpec({ ...s, eps, split: 0.5, m }, imported);
    return {
      ...spec,
      kng: { ...spec.kng, traceEvery: 0 },
      // independent randomness per budget (a different stream for each ε)
      seed: (s.seed * 31 + 101 * (k + 1)) % 2 ** 31,
    };
  });
}

const cellCount = (spec: ReleaseSpec) => (spec.kng.scheme === 'independent' ? spec.kng.m : 1);

let pool: WorkerPool | null = null;
let generation = 0;

async function runBudgets(specs: ReleaseSpec[], gen: number) {
  const size = Math.max(1, Math.min(2, (navigator.hardwareConcurrency || 2) - 1));
  pool ??= createBrowserPool(size);
  const runs: BudgetRun[] = specs.map((spec, k) => ({
    eps: FIG5_BUDGETS[k],
    cells: new Array(cellCount(spec)).fill(undefined),
  }));
  const total = runs.reduce((a, r) => a + r.cells.length, 0);
  let done = 0;
  const publish = (status: BudgetState['status']) =>
    useBudgetStore.setState({
      status,
      runs: runs.map((r) => ({ eps: r.eps, cells: [...r.cells] })),
      done,
      total,
      error: null,
    });
  publish('running');
  const flush = frameBatcher(() => {
    if (gen === generation && useBudgetStore.getState().status === 'running') publish('running');
  });
  for (let k = 0; k < specs.length; k++) {
    if (gen !== generation || !pool) return;
    const job = pool.run('release', specs[k], {
      onCell: (i, cell) => {
        runs[k].cells[i] = cell;
        done++;
        flush();
      },
    });
    try {
      const all = await job.promise;
      runs[k].cells = all;
    } catch (e) {
      if (e instanceof CancelledError || gen !== generation) return;
      useBudgetStore.setState({ ...IDLE, status: 'error', error: errorText(e) });
      return;
    }
  }
  if (gen === generation) publish('done');
}

/** Watches the lab's settings and keeps the budget runs current; returns a function that stops and cleans up. */
export function startBudgetGeodesics(): () => void {
  let key = '';
  const check = () => {
    const state = useLab.getState();
    const s = state.settings;
    if (s.workspace !== 'sphere') return;
    const imported = state.imported.sphere;
    const specs = budgetSpecs(s, imported);
    const k = jobKey(specs, imported);
    if (k === key) return;
    key = k;
    void runBudgets(specs, ++generation);
  };
  const stopWatching = watchSettings(check);
  return () => {
    stopWatching();
    generation++;
    pool?.terminate();
    pool = null;
    useBudgetStore.setState(IDLE);
  };
}

/** Runs the Fig. 5 budgets while `active` (and the component is mounted); returns their state. */
export function useBudgetGeodesics(active: boolean): BudgetState {
  useEffect(() => (active ? startBudgetGeodesics() : undefined), [active]);
  return useBudgetStore();
}
