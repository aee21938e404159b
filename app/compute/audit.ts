/**
 * Runs the privacy audit of the current workspace's release (the `audit` task, `src/audit/`) on the job runner,
 * on a pool of its own, on demand, and streams its cells into the store's `audit`. The claim, the statistic and
 * the neighbouring data sets come with the cells (the worker forms D and D′: on this thread, generating shape
 * outlines would freeze the page). A settings change that changes the audit's spec cancels a running audit (its
 * results are for settings no longer shown).
 */
import { auditCellCount, auditInfoOfCells, auditPairInputs, type AuditSpec } from '../../src/audit';
import { labAuditSpec } from '../audit/model';
import { errorText } from '../errors';
import { idleAudit, sliceHook, useLab, type AuditRun, type LabState } from '../store';
import { jobKey } from './jobs';
import { driveJob } from './driveJob';
import { labRunner, step } from './runner';

export type { AuditRun } from '../store';

/** The audit's latest run (the store's `audit`). */
export const useAudit = sliceHook('audit');
const setAudit = (patch: Partial<AuditRun>) => useAudit.setState(patch);

/** The key of the audit the current settings ask for (cheap: the spec holds no generated data). */
export function currentAuditKey(state: Pick<LabState, 'settings' | 'imported'>): string {
  const imported = state.imported[state.settings.workspace];
  return jobKey(labAuditSpec(state.settings, imported), imported);
}

let unsubscribe: (() => void) | null = null;

function stop(reason: string) {
  labRunner().cancel('audit');
  unsubscribe?.();
  unsubscribe = null;
  if (useAudit.getState().status === 'running') setAudit({ status: 'idle', stopped: reason });
}

/** Starts (or restarts) the audit for the current settings. */
export function startAudit(): void {
  stop('restarted');
  const state = useLab.getState();
  const { settings } = state;
  const imported = state.imported[settings.workspace];
  let spec: AuditSpec;
  let total: number;
  try {
    spec = labAuditSpec(settings, imported);
    total = auditCellCount(spec);
  } catch (e) {
    useLab.setState({ audit: { ...idleAudit(), status: 'error', error: errorText(e) } });
    return;
  }
  const key = jobKey(spec, imported);
  // a settings change that changes the audit supersedes it
  let lastSettings = settings;
  let lastImported = state.imported;
  const watch = useLab.subscribe((s) => {
    if (s.settings === lastSettings && s.imported === lastImported) return;
    lastSettings = s.settings;
    lastImported = s.imported;
    if (currentAuditKey(s) !== key) stop('the settings changed');
  });
  unsubscribe = watch;
  const { ended } = driveJob({
    slice: 'audit',
    pool: 'audit',
    steps: [step('audit', spec)],
    starting: { ...idleAudit(), status: 'running', key, spec, settings, total },
    updates: 'fromFirstCell',
    current: () => currentAuditKey(useLab.getState()) === key,
    view: (status, progress, audit) => ({
      ...audit,
      status,
      ...progress,
      info: auditInfoOfCells(progress.cells),
    }),
    failed: (error, audit) => ({ ...audit, status: 'error', error }),
    onStale: () => stop('the settings changed'),
  });
  // the watch ends with the job
  void ended.then(() => {
    watch();
    if (unsubscribe === watch) unsubscribe = null;
  });
}

/** Stops a running audit; what has arrived stays, marked as stopped. */
export function cancelAudit(): void {
  stop('cancelled');
}

/** The pair the views draw (the store's `auditPair`). */
export const useAuditPair = sliceHook('auditPair');

/** The key of the pair D, D′ of the current settings: only what the pair depends on (not ε, not N). */
export function currentAuditPairKey(state: Pick<LabState, 'settings' | 'imported'>): string {
  const imported = state.imported[state.settings.workspace];
  try {
    return jobKey(auditPairInputs(labAuditSpec(state.settings, imported)), imported);
  } catch (e) {
    return `error: ${errorText(e)}`;
  }
}

/**
 * Finds the pair of the current settings in a worker (`auditPair` task: for shapes, generating the outlines
 * takes seconds), unless it is known or on its way; the views call it while the Audit tab shows.
 */
export function requestAuditPair(): void {
  const state = useLab.getState();
  const key = currentAuditPairKey(state);
  if (useAuditPair.getState().key === key) return;
  let spec: AuditSpec;
  try {
    spec = labAuditSpec(state.settings, state.imported[state.settings.workspace]);
  } catch (e) {
    useAuditPair.setState({ key, pair: null, error: errorText(e) });
    return;
  }
  driveJob({
    slice: 'auditPair',
    pool: 'auditPair',
    steps: [step('auditPair', spec)],
    starting: { ...useAuditPair.getState(), key, pair: null, error: null },
    updates: 'atEnd',
    current: () => currentAuditPairKey(useLab.getState()) === key,
    view: (_status, { cells: [pair] }, slice) => (pair ? { ...slice, pair, records: pair.records } : slice),
    failed: (error, slice) => ({ ...slice, error }),
    // superseded: the next request (for the new key) runs it again
    onStale: () => {
      if (useAuditPair.getState().key === key) useAuditPair.setState({ key: '' });
    },
  });
}
