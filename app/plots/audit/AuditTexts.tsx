/** The audit's fixed texts: what to do before the first run, and what ε means for an attacker. */

export function AuditIntro() {
  return (
    <p className="hint" data-testid="audit-intro">
      Press <strong>Run audit</strong> to attack the release with the current settings. The picture sharpens
      as releases arrive; the default count takes seconds to tens of seconds (longer with a longer burn-in or
      more releases).
    </p>
  );
}

export function AuditExplainer() {
  return (
    <details className="audit-explain">
      <summary>What ε means here (for the classroom)</summary>
      <p>
        An attacker who sees one release answers “D or D′?”. Every way of answering has two error rates: α,
        how often it says D′ when the truth is D (a false alarm), and β, how often it says D when the truth is
        D′ (a miss). ε-differential privacy promises that for <em>every</em> test β ≥ 1 − e<sup>ε</sup>α and α
        ≥ 1 − e<sup>ε</sup>β (minus δ for (ε, δ)): no test can beat this curve. With ε = 1 a test that raises
        5% false alarms catches the changed record at most 13.6% of the time; with ε = 5, almost always.
      </p>
      <p>
        The measured lower bound is what the releases <em>prove</em> at 95% confidence: a bound above the
        claimed ε means the claim is false for these settings (a data-driven τ, an MCMC chain that has not
        mixed). A bound below it does not prove privacy — a better test or another neighbour might do more —
        but it shows how close the attack comes.
      </p>
    </details>
  );
}
