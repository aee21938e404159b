/** The audit's controls: what to attack and how hard, which record changes, and run or cancel. */
import { auditMechanismOf, auditMechanismOptions } from '../../audit/model';
import { isRecord, pickAuditRecord, type AuditRecordState } from '../../audit/record';
import { cancelAudit, startAudit } from '../../compute/audit';
import { useLab } from '../../store';
import { AUDIT_RELEASES, type AuditMechanismId } from '../../state/settings';
import { workspaceOf } from '../../workspaces/registry';

export function AuditControls({
  record,
  running,
  stale,
}: {
  /** The record D′ changes (null: none to choose). */
  record: AuditRecordState | null;
  running: boolean;
  /** The last audit was for other settings. */
  stale: boolean;
}) {
  const settings = useLab((s) => s.settings);
  const set = useLab((s) => s.set);
  const options = auditMechanismOptions(settings);
  const mechanism = auditMechanismOf(settings);
  return (
    <div className="plot-actions audit-controls">
      <label className="field-inline">
        mechanism{' '}
        <select
          value={mechanism}
          data-testid="audit-mechanism"
          onChange={(e) => set({ auditMechanism: e.target.value as AuditMechanismId })}
        >
          {options.map((o) => (
            <option key={o.id} value={o.id} title={o.blurb}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field-inline">
        releases per side{' '}
        <select
          value={settings.auditReleases}
          data-testid="audit-releases"
          onChange={(e) => set({ auditReleases: Number(e.target.value) })}
        >
          {AUDIT_RELEASES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {(mechanism === 'kng' || mechanism === 'kng-footpoint') && (
        <label className="field-inline">
          sampler{' '}
          <select
            value={settings.auditSampler}
            data-testid="audit-sampler"
            onChange={(e) => set({ auditSampler: e.target.value as 'mixed' | 'paper' })}
          >
            <option value="mixed">the lab&apos;s (independent mixed chains)</option>
            <option value="paper">paper 000&apos;s (one chain from the fit)</option>
          </select>
        </label>
      )}
      {record && (
        <RecordPicker record={isRecord(record) ? record.index : -1} n={'n' in record ? record.n : 0} />
      )}
      <button
        type="button"
        className="primary"
        data-testid="audit-run"
        onClick={startAudit}
        disabled={running && !stale}
      >
        {running && !stale ? 'Auditing…' : 'Run audit'}
      </button>
      {running && (
        <button type="button" data-testid="audit-cancel" onClick={cancelAudit}>
          Cancel
        </button>
      )}
    </div>
  );
}

/** Which record D′ replaces: the largest residual (default) or one the user picks (also by clicking the view). */
function RecordPicker({ record, n }: { record: number; n: number }) {
  const value = useLab((s) => s.settings.auditRecord);
  const byDefault = useLab((s) => workspaceOf(s.settings.workspace).auditRecord);
  return (
    <label className="field-inline">
      replaced record{' '}
      <select
        value={value}
        data-testid="audit-record-select"
        onChange={(e) => pickAuditRecord(Number(e.target.value))}
      >
        <option value={0}>
          {byDefault}
          {value === 0 && record >= 0 ? ` (#${record + 1})` : ''}
        </option>
        {Array.from({ length: n }, (_, i) => (
          <option key={i} value={i + 1}>
            #{i + 1}
          </option>
        ))}
        {value > n && <option value={value}>#{value} (not in the data)</option>}
      </select>
    </label>
  );
}
