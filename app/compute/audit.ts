/**
 * Runs the privacy audit of the current workspace's release (the `audit` task, `src/audit/`) on the job runner,
 * on a pool of its own, on demand, and streams its cells into the store's `audit`. The claim, the statistic and
 * the neighbouring data sets come from `auditInfo` on this thread before any release. A settings change that
 * changes the audit's spec cancels a running audit (its results are for settings no longer shown).
 */
import { auditCellCount, auditInfo, type AuditInfo, type AuditSpec } from '../../src/audit';
import { labAuditSpec } from '../audit/model';
import { errorText } from '../errors';
import { idleAudit, sliceHook, useLab, type AuditRun, type LabState } from '../store';
import { jobKey } from './jobs';
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
  let info: AuditInfo;
  try {
    spec = labAuditSpec(settings, imported);
    info = auditInfo(spec);
  } catch (e) {
    useLab.setState({ audit: { ...idleAudit(), status: 'error', error: errorText(e) } });
    return;
  }
  const key = jobKey(spec, imported);
  useLab.setState({
    audit: { ...idleAudit(), status: 'running', key, spec, settings, info, total: auditCellCount(spec) },
  });
  // a settings change that changes the audit supersedes it
  let lastSettings = settings;
  let lastImported = state.imported;
  unsubscribe = useLab.subscribe((s) => {
    if (s.settings === lastSettings && s.imported === lastImported) return;
    lastSettings = s.settings;
    lastImported = s.imported;
    if (currentAuditKey(s) !== key) stop('the settings changed');
  });
  const ended = () => {
    unsubscribe?.();
    unsubscribe = null;
  };
  labRunner().run('audit', {
    pool: 'audit',
    steps: [step('audit', spec)],
    current: () => currentAuditKey(useLab.getState()) === key,
    onProgress: ({ cells, done, total }) => {
      if (done > 0) setAudit({ cells, done, total });
    },
    onDone: (cells) => {
      ended();
      setAudit({ status: 'done', cells, done: cells.length, total: cells.length });
    },
    onStale: () => stop('the settings changed'),
    onError: (error) => {
      ended();
      setAudit({ status: 'error', error });
    },
  });
}

/** Stops a running audit; what has arrived stays, marked as stopped. */
export function cancelAudit(): void {
  stop('cancelled');
}
