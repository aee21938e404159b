/**
 * The audit slides' answer: the Audit tab's verdict on the release it attacks, and what it means for an
 * attacker who accepts a few false alarms; the audit starts when the slide is shown (200 releases per side).
 */
import { useMemo } from 'react';
import { auditResult, type AuditResult } from '../../../src/audit';
import { auditVerdictText, measuredPower, powerBound } from '../../audit/model';
import { isRecord, useAuditRecord } from '../../audit/record';
import { cancelAudit, currentAuditKey, startAudit } from '../../compute/audit';
import { formatPercent } from '../../format';
import { epsText } from '../../plots/audit/format';
import { useLab } from '../../store';
import { AnswerBox, useSlideWork } from './AnswerBox';
import { waiting, type LessonAnswer } from './answers';

/** False-alarm rate at which the attacker's power is quoted (as the Audit tab's report). */
const ALARM = 0.05;

/** The audit's verdict, and what it means for an attacker who accepts a few false alarms. */
export function auditAnswer(input: {
  result: AuditResult | null;
  running: boolean;
  progress: { done: number; total: number };
  error: string | null;
  /** The record D′ replaces, as the view marks it (null while it is being found). */
  record: { index: number; chosen: boolean } | null;
}): LessonAnswer {
  const { result: r, running } = input;
  if (input.error) return { done: true, body: `The audit failed: ${input.error}` };
  if (!r)
    return waiting(`Attacking the release: ${input.progress.done} of ${input.progress.total || '…'} cells…`);
  const finite = Number.isFinite(r.claimedEpsilon);
  return {
    done: !running,
    body: (
      <>
        <strong data-answer="verdict">{auditVerdictText(r, running)}</strong> At {formatPercent(ALARM)} false
        alarms the best test catches {formatPercent(measuredPower(r.tradeOff, ALARM))} of the releases from D′
        {finite
          ? `, where ε = ${epsText(r.claimedEpsilon)} allows at most ${formatPercent(powerBound(ALARM, r.claimedEpsilon, r.delta))}`
          : ''}{' '}
        ({r.releases} releases per side).
        {input.record &&
          ` The changed record, marked in the view, is #${input.record.index + 1}${input.record.chosen ? '' : ' (the largest residual)'}.`}
      </>
    ),
  };
}

/** Runs the audit of the settings shown, unless it is running or done. */
function startSlideAudit() {
  const st = useLab.getState();
  const { audit } = st;
  if (audit.key === currentAuditKey(st) && (audit.status === 'running' || audit.status === 'done')) return;
  startAudit();
}

function stopSlideAudit() {
  if (useLab.getState().audit.status === 'running') cancelAudit();
}

export function AuditAnswer() {
  useSlideWork(startSlideAudit, stopSlideAudit);
  const run = useLab((s) => s.audit);
  const currentKey = useLab(currentAuditKey);
  const stale = run.key !== currentKey;
  const result = useMemo(
    () => (run.info && run.spec && !stale ? auditResult(run.info, run.cells, run.spec.releases) : null),
    [run.info, run.spec, run.cells, stale],
  );
  const progress = stale ? { done: 0, total: 0 } : run;
  const marked = useAuditRecord();
  const record = isRecord(marked) ? marked : null;
  return (
    <AnswerBox
      answer={auditAnswer({
        result,
        running: run.status !== 'done',
        progress,
        error: stale ? null : run.error,
        record,
      })}
    />
  );
}
