/**
 * The privacy audit of the current release (docs/audit.md): N releases on the data D and N on a neighbour D′
 * that differs in one record, each scored by the best test statistic available; the two score histograms, the
 * trade-off curve of every threshold test against the boundary no test can cross if the claimed (ε, δ) holds,
 * and the 95% lower bound on ε the releases prove.
 */
import { useMemo } from 'react';
import { auditResult } from '../../src/audit';
import { scoreRows, tradeOffRows } from '../audit/model';
import { recordError, useAuditRecord } from '../audit/record';
import { currentAuditKey, useAudit } from '../compute/audit';
import { ErrorBoundary } from '../ErrorBoundary';
import { ownData } from '../workspaces/frechet/jobs';
import { ExportButtons } from '../export/ExportButtons';
import { useLab } from '../store';
import { JobProgress } from './chart';
import './audit.css';
import { AuditControls } from './audit/AuditControls';
import { AuditReport } from './audit/AuditReport';
import { AuditExplainer, AuditIntro } from './audit/AuditTexts';
import { epsText } from './audit/format';
import { ScoreHistograms } from './audit/ScoreHistograms';
import { TradeOffPlot } from './audit/TradeOffPlot';
import { workspaceOf } from '../workspaces/registry';

export function AuditTab() {
  const settings = useLab((s) => s.settings);
  const currentKey = useLab(currentAuditKey);
  const ownPoints = useLab((s) => ownData(s.settings, s.imported.frechet) !== null);
  const run = useAudit();
  const stale = run.key !== '' && run.key !== currentKey;
  const running = run.status === 'running';
  const result = useMemo(
    () => (run.info && run.spec ? auditResult(run.info, run.cells, run.spec.releases) : null),
    [run.info, run.spec, run.cells],
  );
  const shown = result && !stale ? result : null;
  const record = useAuditRecord();

  return (
    <div className="plot-tab-body audit-tab">
      <p className="plot-caption">
        <strong>What does the privacy buy?</strong> An attacker sees one release and must guess whether it was
        computed from the data D or from D′, the same data with one person&apos;s record changed. The lab
        plays that attacker: it releases many times from each, scores every release, and measures how well the
        best threshold test tells them apart. A release that is ε-differentially private allows no test to do
        better than the boundary drawn below.
      </p>
      <AuditControls record={record} running={running} stale={stale} />
      {recordError(record) && (
        <p className="plot-warning" role="note" data-testid="audit-record-problem">
          {recordError(record)}
        </p>
      )}
      {!workspaceOf(settings.workspace).manifold && !ownPoints && (
        <p className="hint" data-testid="audit-data-note">
          The audit attacks the very points drawn in the view (n = {settings.n}, r = {settings.radius},{' '}
          {settings.spread} data, seed {settings.seed}); a click on a point, or the select, picks the record
          it replaces.
        </p>
      )}
      <JobProgress
        label="Audit progress"
        status={stale ? 'idle' : run.status}
        done={stale ? 0 : run.done}
        total={stale ? 0 : run.total}
        error={run.error}
        unit="cells"
      />
      {stale && (
        <p className="plot-warning" role="note" data-testid="audit-stale">
          The last audit was for other settings
          {run.info ? ` (${run.info.label}, claimed ε = ${epsText(run.info.claimedEpsilon)})` : ''}
          {run.stopped === 'the settings changed' ? ' and was stopped when they changed' : ''}. Press Run
          audit to audit the current release.
        </p>
      )}
      {!stale && run.stopped === 'cancelled' && (
        <p className="plot-warning" role="note">
          Cancelled after {result?.releases ?? 0} of {run.spec?.releases ?? 0} releases per side: the numbers
          below use those only.
        </p>
      )}
      {shown ? <AuditReport result={shown} running={running} /> : !stale && <AuditIntro />}
      {shown && run.spec && (
        <>
          {/* the trade-off curve first: it is the audit's picture, and presenting mode shows a tab's first plot */}
          <ErrorBoundary name="the trade-off curve">
            <TradeOffPlot result={shown} />
          </ErrorBoundary>
          <div className="audit-secondary">
            <ErrorBoundary name="the score histograms">
              <ScoreHistograms result={shown} />
            </ErrorBoundary>
          </div>
          <ExportButtons
            what="audit scores"
            label="Scores"
            name="audit-scores"
            disabled={shown.releases === 0}
            csv={() => ({
              rows: scoreRows(run.cells),
              columns: ['side', 'release', 'score'],
              notes: [`statistic: ${shown.statistic}`, `verdict: ${shown.verdict}`],
            })}
            json={() => ({
              spec: { ...run.spec, data: run.spec?.data.kind === 'regression' ? 'regression data' : null },
              result: shown,
              scores: scoreRows(run.cells),
            })}
          />
          <ExportButtons
            what="audit trade-off curve"
            label="Trade-off curve"
            name="audit-tradeoff"
            disabled={shown.releases === 0}
            csv={() => ({ rows: tradeOffRows(shown), columns: ['alpha', 'beta', 'boundary'] })}
          />
        </>
      )}
      <AuditExplainer />
    </div>
  );
}
