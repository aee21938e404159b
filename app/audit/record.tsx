/**
 * The changed record of the audit, for the workspace views: while the Audit tab is shown, each workspace
 * draws the two neighbouring data sets D and D′ — its own data (D) with the replaced record highlighted, and
 * that record's D′ version — and lets the user pick the record (click a point, or the Audit tab's select). The
 * pair comes from the `auditPair` worker task (D formed from the same settings as the view's data, one fit, no
 * release), so it is drawn before the audit runs and is the very pair the audit attacks.
 */
import { useEffect, useMemo } from 'react';
import { currentAuditPairKey, requestAuditPair, startAudit, useAudit, useAuditPair } from '../compute/audit';
import { useLab } from '../store';
import './record.css';

/** Colours of the record's two versions (Okabe–Ito: free in every view — data are blue/grey, releases vermillion). */
export const RECORD_COLOURS = { D: '#009e73', D2: '#e69f00' } as const;

export interface AuditRecord {
  /** 0-based index of the replaced record in the data. */
  index: number;
  /** Its response in D and in D′. */
  before: Float64Array;
  after: Float64Array;
  /** Its covariate (rescaled to [0, 1], as the views draw it); 0 for points (Fréchet means). */
  x: number;
  description: string;
  /** Picked by the user (else the largest residual). */
  chosen: boolean;
  /** Number of records in the data. */
  n: number;
}

/** The pair is being found (in a worker); `n`: the records last known (0 if none), for the picker. */
export interface PendingRecord {
  pending: true;
  n: number;
}

export type AuditRecordState = AuditRecord | { error: string } | PendingRecord;

/**
 * The record to draw, or null when the Audit tab is not shown; pending while a
 * worker finds it; an error message when the pair cannot be formed (e.g. a picked record the data do not have).
 */
export function useAuditRecord(): AuditRecordState | null {
  const active = useLab((s) => s.settings.plotTab === 'audit');
  const key = useLab((s) => (active ? currentAuditPairKey(s) : ''));
  const chosen = useLab((s) => s.settings.auditRecord > 0);
  const view = useAuditPair();
  useEffect(() => {
    if (active) requestAuditPair();
  }, [active, key]);
  return useMemo((): AuditRecordState | null => {
    if (!active) return null;
    if (view.key === key && view.error !== null) return { error: view.error };
    if (view.key !== key || !view.pair) return { pending: true, n: view.records };
    const p = view.pair;
    return {
      index: p.index,
      before: Float64Array.from(p.before),
      after: Float64Array.from(p.after),
      x: p.x ?? 0,
      description: p.description,
      chosen,
      n: p.records,
    };
  }, [active, key, chosen, view]);
}

export const isRecord = (r: AuditRecordState | null): r is AuditRecord =>
  r !== null && !('error' in r) && !('pending' in r);

/** The message of a pair that cannot be formed, else null. */
export const recordError = (r: AuditRecordState | null): string | null =>
  r !== null && 'error' in r ? r.error : null;

/**
 * Makes record `number` (1-based; 0 = the largest residual) the replaced one; re-runs the audit when one has
 * been run, so its numbers are for the record shown.
 */
export function pickAuditRecord(number: number): void {
  const { settings, set } = useLab.getState();
  if (settings.auditRecord === number) return;
  set({ auditRecord: number });
  if (useAudit.getState().key !== '') startAudit();
}

type SwatchKind = 'dot' | 'ring' | 'diamond' | 'square' | 'outline' | 'dashed-outline';

function RecordSwatch({ kind, colour }: { kind: SwatchKind; colour: string }) {
  return (
    <svg className="swatch" width="40" height="14" viewBox="0 0 40 14" aria-hidden="true">
      {kind === 'dot' && <circle cx="20" cy="7" r="5" fill={colour} stroke="#1b1f24" strokeWidth="1" />}
      {kind === 'ring' && <circle cx="20" cy="7" r="5" fill="none" stroke={colour} strokeWidth="3" />}
      {kind === 'square' && <rect x="15" y="2" width="10" height="10" fill={colour} stroke="#1b1f24" />}
      {kind === 'diamond' && <path d="M20 1 L26 7 L20 13 L14 7 Z" fill={colour} stroke="#1b1f24" />}
      {kind === 'outline' && (
        <ellipse cx="20" cy="7" rx="15" ry="5" fill="none" stroke={colour} strokeWidth="3" />
      )}
      {kind === 'dashed-outline' && (
        <ellipse
          cx="20"
          cy="7"
          rx="15"
          ry="5"
          fill="none"
          stroke={colour}
          strokeWidth="3"
          strokeDasharray="4 3"
        />
      )}
    </svg>
  );
}

/**
 * Legend entries (and the error, if any) of the audited pair: which mark is the record in D and which in D′.
 * `marks` names the marks the view draws for each version.
 */
export function AuditRecordLegend({
  record,
  marks,
  pickHint,
}: {
  record: AuditRecordState;
  marks: { D: SwatchKind; D2: SwatchKind; words: { D: string; D2: string } };
  pickHint: string;
}) {
  if ('pending' in record)
    return (
      <p className="hint" data-testid="audit-record-pending">
        Finding the audit&apos;s changed record…
      </p>
    );
  if (!isRecord(record))
    return (
      <p className="plot-warning" role="note" data-testid="audit-record-error">
        The audit&apos;s neighbouring data sets cannot be drawn: {record.error}
      </p>
    );
  const k = record.index + 1;
  return (
    <div className="audit-record-legend" data-testid="audit-record-legend" data-record={k}>
      <h3>Audit: D and D′</h3>
      <ul>
        <li>
          <RecordSwatch kind={marks.D} colour={RECORD_COLOURS.D} />
          <span data-testid="audit-legend-d">
            record #{k} as in D, the data drawn here ({marks.words.D})
          </span>
        </li>
        <li>
          <RecordSwatch kind={marks.D2} colour={RECORD_COLOURS.D2} />
          <span data-testid="audit-legend-d2">
            record #{k} as in D′, which replaces it ({marks.words.D2})
          </span>
        </li>
      </ul>
      <p className="hint">
        D′ is D with only this record changed: {record.description}. {pickHint}
      </p>
    </div>
  );
}
