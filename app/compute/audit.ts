/**
 * Runs the privacy audit of the current workspace's release (the `audit` task, `src/audit/`) on a
 * worker pool of its own, on demand, and streams its cells into `useAudit`. The claim, the statistic and the
 * neighbouring data sets come from `auditInfo` on this thread before any release. A settings change that
 * changes the audit's spec cancels a running audit (its results are for settings no longer shown).
 */
import { create } from 'zustand';
import { auditCellCount, auditInfo, type AuditCell, type AuditInfo, type AuditSpec } from '../../src/audit';
import { CancelledError, type WorkerPool } from '../../src/workers/pool';
import { labAuditSpec } from '../audit/model';
import { errorText } from '../errors';
import { useLab, type LabState } from '../store';
import type { LabSettings } from '../state/settings';
import { labPool } from './faults';
import { jobKey } from './jobs';
import { streamCells } from './streamCells';

export interface AuditRun {
  status: 'idle' | 'running' | 'done' | 'error';
  /** The job key of the spec the cells belong to ('' before the first run). */
  key: string;
  spec: AuditSpec | null;
  settings: LabSettings | null;
  info: AuditInfo | null;
  cells: (AuditCell | undefined)[];
  done: number;
  total: number;
  error: string | null;
  /** Why a run stopped before its end (cancelled, or superseded by a settings change). */
  stopped: string | null;
}

const IDLE: AuditRun = {
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
};

export const useAudit = create<AuditRun>(() => IDLE);

/** The key of the audit the current settings ask for (cheap: the spec holds no generated data). */
export function currentAuditKey(state: Pick<LabState, 'settings' | 'imported'>): string {
  const imported = state.imported[state.settings.workspace];
  return jobKey(labAuditSpec(state.settings, imported), imported);
}

let pool: WorkerPool | null = null;
let cancel: (() => void) | null = null;
let unsubscribe: (() => void) | null = null;

function stop(reason: string) {
  cancel?.();
  cancel = null;
  unsubscribe?.();
  unsubscribe = null;
  if (useAudit.getState().status === 'running') useAudit.setState({ status: 'idle', stopped: reason });
}

/** Starts (or restarts) the audit for the current settings. */
export function startAudit(): void {
  stop('restarted');
  const state = useLab.getState();
  const { settings } = state;
  const imported = state.imported[settings.workspace];
  let spec: AuditSpec;
  let info: AuditInfo;
  try {
    spec = labAuditSpec(settings, imported);
    info = auditInfo(spec);
  } catch (e) {
    useAudit.setState({ ...IDLE, status: 'error', error: errorText(e) });
    return;
  }
  const key = jobKey(spec, imported);
  useAudit.setState({
    ...IDLE,
    status: 'running',
    key,
    spec,
    settings,
    info,
    total: auditCellCount(spec),
  });
  pool ??= labPool('audit', Math.max(1, Math.min(2, navigator.hardwareConcurrency || 2)));
  let live = true;
  const job = streamCells(pool, 'audit', spec, ({ cells, done, total }) => {
    if (live) useAudit.setState({ cells: [...cells], done, total });
  });
  cancel = () => {
    live = false;
    job.cancel();
  };
  // a settings change that changes the audit supersedes it
  let lastSettings = settings;
  let lastImported = state.imported;
  unsubscribe = useLab.subscribe((s) => {
    if (s.settings === lastSettings && s.imported === lastImported) return;
    lastSettings = s.settings;
    lastImported = s.imported;
    if (currentAuditKey(s) !== key) stop('the settings changed');
  });
  job.promise.then(
    (all) => {
      if (!live) return;
      live = false;
      unsubscribe?.();
      unsubscribe = null;
      cancel = null;
      useAudit.setState({ status: 'done', cells: all, done: all.length, total: all.length });
    },
    (e: unknown) => {
      if (!live || e instanceof CancelledError) return;
      live = false;
      unsubscribe?.();
      unsubscribe = null;
      cancel = null;
      useAudit.setState({ status: 'error', error: errorText(e) });
    },
  );
}

/** Stops a running audit; what has arrived stays, marked as stopped. */
export function cancelAudit(): void {
  stop('cancelled');
}
