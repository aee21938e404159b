import { create } from 'zustand';
import type { GeneratedData } from '../src/data';
import type {
  ReleaseCell,
  SensitivityCell,
  HistogramCell,
  JointReleaseCell,
  SizesCell,
  SweepCellResult,
  SweepRow,
} from '../src/experiments';
import type { Advice } from '../src/experiments';
import type { PrivacyStatement } from '../src/privacy/statement';
import type { FrechetCell } from '../src/experiments/frechet';
import type { FrechetRow } from '../src/experiments/frechetRows';
import type { FrechetSensitivityRow } from '../src/experiments/frechetSensitivity';
import type { AuditCell, AuditInfo, AuditPair, AuditSpec } from '../src/audit';
import type { TaskParams } from '../src/workers/tasks';
import type { LinregCell, LinregResult } from '../src/experiments/linreg';
import {
  defaultsFor,
  DEFAULT_SETTINGS,
  queryToSettings,
  type LabSettings,
  type WorkspaceId,
} from './state/settings';

export { WORKSPACES, type WorkspaceId, type LabSettings } from './state/settings';

/** Progress of one kind of background job, filled in cell by cell. */
export interface JobView<C> {
  status: 'idle' | 'running' | 'done' | 'error';
  cells: (C | undefined)[];
  done: number;
  total: number;
  error: string | null;
  /** The job key (app/compute/jobs.ts) of the settings and data these cells are for, where a driver sets it. */
  key?: string;
}

export const idleJob = <C>(): JobView<C> => ({ status: 'idle', cells: [], done: 0, total: 0, error: null });

/** Data the user brought (never leaves the browser). */
export interface ImportedData {
  /** Changes whenever new data are loaded (keys the background jobs). */
  id: number;
  fileName: string;
  xs: Float64Array;
  ys: Float64Array[];
  xLabel: string;
  /** Names of the response columns as read from the file (kept in exports). */
  yLabels?: string[];
  xRange: [number, number];
  /**
   * Fréchet-mean workspace: the file holds points only (unit vectors, or k×k SPD matrices row-major, in `ys`);
   * `xs` is then empty. Used only while the workspace shows this space.
   */
  points?: { space: 'sphere' | 'spd'; k: number };
}

let lastImportId = 0;
/** A fresh `ImportedData.id` (imports and data restored from the last session share one sequence). */
export const newImportId = (): number => ++lastImportId;

/** Synthetic data generated in a worker for the current (workspace, n, noise, seed), identified by `key`. */
export interface GeneratedView {
  key: string;
  workspace: WorkspaceId | null;
  data: GeneratedData | null;
  error: string | null;
}

/** The Euclidean workspace's DP linear-regression comparison (paper 001): cells, rows, kept lines, notes. */
export type LinregJob = JobView<LinregCell> & Pick<LinregResult, 'rows' | 'lines' | 'notes'>;

/** A job of the Fréchet workspace: its cells and their table (one row per cell). */
export type FrechetJob = JobView<FrechetCell> & { rows: FrechetRow[] };

/** What the current results of an on-demand analysis (sensitivity check, histograms) were computed for. */
export interface AnalysisRun<K extends 'sensitivity' | 'histograms' | 'sizes' | 'jointRelease'> {
  key: string;
  spec: TaskParams<K>;
  settings: LabSettings;
  started: number;
  finished: number | null;
}

/** Fig. 5 (sphere): the private geodesics at one total budget (equal split). */
export interface BudgetRun {
  /** Total ε (equal split). */
  eps: number;
  cells: (ReleaseCell | undefined)[];
}

/** Fig. 5's budget runs computed so far. */
/** Fig. 3's paper-sampler release (app/compute/paperSampler.ts). */
export interface PaperSamplerRun {
  status: 'idle' | 'running' | 'done';
  cells: ReleaseCell[];
}

export interface BudgetState {
  status: 'idle' | 'running' | 'done' | 'error';
  runs: BudgetRun[];
  /** Cells done / total over all budgets. */
  done: number;
  total: number;
  error: string | null;
}

export const idleBudgets = (): BudgetState => ({ status: 'idle', runs: [], done: 0, total: 0, error: null });

/** What the split advisor is computed on: synthetic data like the shown data (private), or the shown data (not). */
export type AdviceSource = 'synthetic' | 'data';

export interface AdviceRun {
  key: string;
  source: AdviceSource;
  status: 'running' | 'done' | 'error';
  stage: 'coarse' | 'fine';
  done: number;
  total: number;
  advice: Advice | null;
  /**
   * The coarse sweep's answer, shown while the sweeps refine it (then the advice replaces it): while the coarse
   * sweep runs, from its first `firstAnswerGroups` of `groupsTotal` groups at every split; then from all of them.
   */
  firstAnswer?: Advice;
  firstAnswerGroups?: { groups: number; groupsTotal: number };
  error: string | null;
  /**
   * What the advice reveals (the CLI's statement), built in a worker once the advice is done: undefined while it
   * is being built, null with `privacyError` when it could not be.
   */
  privacy?: PrivacyStatement | null;
  privacyError?: string;
}

export interface AuditRun {
  status: 'idle' | 'running' | 'done' | 'error';
  /** The job key of the spec the cells belong to ('' before the first run). */
  key: string;
  spec: AuditSpec | null;
  settings: LabSettings | null;
  /** The claim, statistic and pair, from the first cell that arrived (null before). */
  info: AuditInfo | null;
  cells: (AuditCell | undefined)[];
  done: number;
  total: number;
  error: string | null;
  /** Why a run stopped before its end (cancelled, or superseded by a settings change). */
  stopped: string | null;
}

export const idleAudit = (): AuditRun => ({
  status: 'idle',
  key: '',
  spec: null,
  settings: null,
  info: null,
  cells: [],
  done: 0,
  total: 0,
  error: null,
  stopped: null,
});

/** The audit's pair D, D′ the views draw while the Audit tab shows (from the `auditPair` worker task). */
export interface AuditPairView {
  /** The audit key it was asked for ('' before any). */
  key: string;
  pair: AuditPair | null;
  error: string | null;
  /** Records in the data, as last known (the record picker keeps its options while a new pair is found). */
  records: number;
}

export interface LabState {
  settings: LabSettings;
  generated: GeneratedView;
  imported: Partial<Record<WorkspaceId, ImportedData>>;
  release: JobView<ReleaseCell>;
  sweep: JobView<SweepCellResult> & { rows: SweepRow[]; notes: string[] };
  sensitivity: JobView<SensitivityCell>;
  histograms: JobView<HistogramCell>;
  /** Error against n: the release private for any data, the paper's KNG and the non-private fit. */
  sizes: JobView<SizesCell>;
  /** The joint release's start check: its chains from the public start and from the fit. */
  jointRelease: JobView<JointReleaseCell>;
  /** Fréchet workspace: the releases the view draws, and the error-vs-ε and error-vs-k sweeps. */
  frechetView: FrechetJob;
  frechetEps: FrechetJob;
  frechetK: FrechetJob;
  /** Fréchet workspace: 004 Fig. 1's empirical sensitivity of adjacent data sets against the bound. */
  frechetSens: JobView<FrechetSensitivityRow>;
  linreg: LinregJob;
  /** What the sensitivity check's and the histograms' current results were computed for. */
  analysisRuns: {
    sensitivity: AnalysisRun<'sensitivity'> | null;
    histograms: AnalysisRun<'histograms'> | null;
    sizes: AnalysisRun<'sizes'> | null;
    jointRelease: AnalysisRun<'jointRelease'> | null;
  };
  /** Sphere, Fig. 5: the private geodesics at ten budgets. */
  budgets: BudgetState;
  /** The split advisor's latest run. */
  advisor: { run: AdviceRun | null };
  /** Fig. 3 (shapes): the release drawn with the paper's sampler. */
  paperSampler: PaperSamplerRun;
  /** The privacy audit's latest run. */
  audit: AuditRun;
  auditPair: AuditPairView;
  /** Messages for the user (bad link parameters, failed jobs …), newest last. */
  notices: string[];
  /**
   * Whether the last settings change was a slider's step: its jobs start at once. Other changes (a number typed
   * digit by digit) start them once the settings have settled (`watchSettings`).
   */
  settingsStep: boolean;
  /**
   * The settings the presenter's next step shows (the lesson's next slide, as the lesson would set them now), so
   * that the lab computes its release ahead (compute/releaseAhead.ts); null when there is none.
   */
  upcoming: LabSettings | null;
  /** Change settings (clamping is the controls' job); `step`: a slider moved (see `settingsStep`). */
  set(patch: Partial<LabSettings>, how?: { step: boolean }): void;
  /** Switch workspace, with that workspace's data defaults. */
  setWorkspace(w: WorkspaceId): void;
  setImported(w: WorkspaceId, data: ImportedData | null): void;
  notify(message: string): void;
  dismissNotice(index: number): void;
}

function initialSettings(): { settings: LabSettings; problems: string[] } {
  if (typeof window === 'undefined') return { settings: DEFAULT_SETTINGS, problems: [] };
  return queryToSettings(window.location.search);
}

const initial = initialSettings();

/** The single source of truth of the lab. */
export const useLab = create<LabState>((set, get) => ({
  settings: initial.settings,
  settingsStep: false,
  upcoming: null,
  generated: { key: '', workspace: null, data: null, error: null },
  imported: {},
  release: idleJob(),
  sweep: { ...idleJob<SweepCellResult>(), rows: [], notes: [] },
  sensitivity: idleJob(),
  histograms: idleJob(),
  sizes: idleJob(),
  jointRelease: idleJob(),
  frechetView: { ...idleJob<FrechetCell>(), rows: [] },
  frechetEps: { ...idleJob<FrechetCell>(), rows: [] },
  frechetK: { ...idleJob<FrechetCell>(), rows: [] },
  frechetSens: idleJob(),
  linreg: { ...idleJob<LinregCell>(), rows: [], lines: [], notes: [] },
  analysisRuns: { sensitivity: null, histograms: null, sizes: null, jointRelease: null },
  budgets: idleBudgets(),
  advisor: { run: null },
  paperSampler: { status: 'idle', cells: [] },
  audit: idleAudit(),
  auditPair: { key: '', pair: null, error: null, records: 0 },
  notices: initial.problems,
  set: (patch, how) => set({ settings: { ...get().settings, ...patch }, settingsStep: how?.step ?? false }),
  setWorkspace: (workspace) => {
    const s = get().settings;
    if (s.workspace === workspace) return;
    // a release the user has not chosen follows the workspace's default, and the sizes follow the release
    const mechanism =
      s.mechanism === defaultsFor(s.workspace).mechanism ? defaultsFor(workspace).mechanism : s.mechanism;
    const d = defaultsFor(workspace, mechanism);
    // curves the user has not changed follow the workspace's own defaults (the private release's sizes)
    const untouched = [defaultsFor(s.workspace), defaultsFor(s.workspace, s.mechanism)].some(
      (o) => o.curves.join() === s.curves.join(),
    );
    set({
      settingsStep: false,
      settings: {
        ...s,
        workspace,
        curves: untouched ? d.curves : s.curves,
        mechanism,
        n: d.n,
        landmarks: d.landmarks,
        noise: d.noise,
        tau: d.tau,
        auditReleases: d.auditReleases,
        // another workspace has other data: its own largest residual
        auditRecord: 0,
        camera: null,
      },
    });
  },
  setImported: (w, data) => {
    const imported = { ...get().imported };
    if (data) imported[w] = data;
    else delete imported[w];
    set({ imported });
  },
  notify: (message) => set({ notices: [...get().notices, message] }),
  dismissNotice: (index) => set({ notices: get().notices.filter((_, i) => i !== index) }),
}));

/** The store's slices: its parts that are objects of their own. */
type SliceKey = { [K in keyof LabState]: LabState[K] extends object ? K : never }[keyof LabState];

/**
 * A hook on one slice of the store, `useSlice()` or `useSlice(selector)`, with `useSlice.getState()`: how the
 * views read the slices that were once stores of their own (audit, advisor, analysis runs, budgets).
 */
export function sliceHook<K extends SliceKey>(key: K) {
  function use(): LabState[K];
  function use<T>(selector: (slice: LabState[K]) => T): T;
  function use<T>(selector?: (slice: LabState[K]) => T): T | LabState[K] {
    return useLab((s) => (selector ? selector(s[key]) : s[key]));
  }
  return Object.assign(use, {
    getState: (): LabState[K] => useLab.getState()[key],
    setState: (patch: Partial<LabState[K]>) =>
      useLab.setState({ [key]: { ...useLab.getState()[key], ...patch } } as unknown as Partial<LabState>),
  });
}

/**
 * Calls `check` now and again whenever the settings or the imported data change, once they have settled for
 * `delayMs` (a dragged slider or a number typed digit by digit fires many changes). A slider's step after a quiet
 * spell is checked at once, and changes following it within `delayMs` once they settle. `onChange` runs at once on
 * every change (e.g. to mark results as stale while the debounce waits). Returns a function that stops watching.
 */
export function watchSettings(check: () => void, delayMs = 150, onChange?: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unchecked = false;
  const settle = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (unchecked) {
        unchecked = false;
        check();
      }
    }, delayMs);
  };
  check();
  const unsubscribe = useLab.subscribe((s, prev) => {
    if (s.settings === prev.settings && s.imported === prev.imported) return;
    onChange?.();
    const quiet = timer === undefined;
    clearTimeout(timer);
    settle();
    if (quiet && s.settingsStep && s.settings !== prev.settings) check();
    else unchecked = true;
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
