/** The audit's outcome in words and numbers. */
import type { AuditResult } from '../../../src/audit';
import { auditVerdictText, measuredPower, powerBound, verdictTone } from '../../audit/model';
import { fmt } from '../chart';
import { formatPercent } from '../../format';
import { coords, epsText } from './format';

/** False-alarm rate of the classroom example ("an attacker who accepts 5% false alarms …"). */
const ALARM = 0.05;

/** The verdict, the numbers behind it, the changed record and what ε means for an attacker. */
export function AuditReport({ result: r, running }: { result: AuditResult; running: boolean }) {
  const tone = verdictTone(r);
  const nb = r.neighbour;
  const finite = Number.isFinite(r.claimedEpsilon);
  const chosen = r.bound.test;
  return (
    <section className="audit-report" aria-live="polite">
      <p
        className={`verdict ${tone === 'leaks' ? 'verdict-bad' : tone === 'consistent' ? 'verdict-good' : ''}`}
        data-testid="audit-verdict"
        data-tone={tone}
      >
        {auditVerdictText(r, running)}
      </p>
      {!r.isPrivate && (
        <p className="plot-warning" role="note" data-testid="audit-not-private">
          <span className="badge-warn">not private</span>{' '}
          {(r.reason ?? 'this release makes no privacy claim').replace(/\.\s*$/, '')}.
          {finite && ' The claimed ε below is what the settings say, not a guarantee.'}
        </p>
      )}
      <div className="plot-frame-scroll">
        <table className="plot-table audit-numbers" data-testid="audit-numbers">
          <caption>{r.label}</caption>
          <tbody>
            <tr>
              <th scope="row">claimed ε</th>
              <td data-testid="audit-claimed" data-value={r.claimedEpsilon}>
                {epsText(r.claimedEpsilon)}
                {r.delta > 0 && `, δ = ${fmt(r.delta)}`}
              </td>
            </tr>
            <tr>
              <th scope="row">measured ε, 95% lower bound</th>
              <td data-testid="audit-lower" data-value={r.epsilonLower}>
                {fmt(r.epsilonLower)}
              </td>
            </tr>
            <tr>
              <th scope="row">point estimate</th>
              <td data-testid="audit-estimate">{fmt(r.epsilonEstimate)}</td>
            </tr>
            {r.exactEpsilon !== null && (
              <tr>
                <th scope="row">exact ε of this pair D, D′</th>
                <td>{fmt(r.exactEpsilon)}</td>
              </tr>
            )}
            <tr>
              <th scope="row">releases per side</th>
              <td>
                {r.releases} of {r.requested}
              </td>
            </tr>
            <tr>
              <th scope="row">test statistic</th>
              <td data-testid="audit-statistic">{r.statistic}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="plot-readout" data-testid="audit-record">
        <strong>The changed record:</strong> in D′, record #{nb.index + 1} changes from {coords(nb.before)} to{' '}
        {coords(nb.after)} — {nb.description}.
      </p>
      <p className="plot-readout" data-testid="audit-power">
        <strong>As an attacker&apos;s power:</strong>{' '}
        {finite
          ? `a test that wrongly accuses in ${formatPercent(ALARM)} of releases from D may catch D′ in at most ${formatPercent(powerBound(ALARM, r.claimedEpsilon, r.delta))} of them if ε = ${epsText(r.claimedEpsilon)} holds; `
          : 'a non-private release promises nothing; '}
        the best threshold test here catches {formatPercent(measuredPower(r.tradeOff, ALARM))} of them at the
        same {formatPercent(ALARM)} false-alarm rate.
        {chosen &&
          ` The bound uses the test “say D′ when the score is ${chosen.region === 'above' ? 'above' : 'at most'} ${fmt(chosen.threshold)}” (chosen on a quarter of the releases, evaluated on the rest: α = ${fmt(r.bound.alpha)}, β = ${fmt(r.bound.beta)}).`}
      </p>
    </section>
  );
}
