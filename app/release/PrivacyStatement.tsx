/**
 * The full privacy statement of the current release, opened from its badge: ε and δ of one release, the
 * statement in words, each assumption with whether the data in hand meet it, and what publishing every release
 * shown costs. The statement is the one the CLI prints and the release's exports carry (src/privacy/statement.ts),
 * built in the worker with the release; this only lays it out. Loaded when first opened.
 */
import type { Assumption, PrivacyStatement } from '../../src/privacy/statement';
import { NO_EXPONENT, formatSignificant } from '../format';

/** A number as the statement reads best: four significant figures at most. */
const num = (x: number) => formatSignificant(x, 4, NO_EXPONENT);

/** Whether the data meet an assumption, in words (the mark alone would lean on its colour and glyph). */
function holds(a: Assumption): { mark: string; words: string; state: string } {
  if (a.holdsForThisData === true) return { mark: '✓', words: 'holds for these data', state: 'holds' };
  if (a.holdsForThisData === false)
    return { mark: '✗', words: 'does not hold for these data', state: 'fails' };
  return { mark: '?', words: 'cannot be checked from the data', state: 'unknown' };
}

export function PrivacyStatementPanel({ id, privacy }: { id: string; privacy: PrivacyStatement }) {
  const { epsilon, delta, releases, totalEpsilon } = privacy;
  return (
    <div id={id} className="privacy-statement" data-testid="privacy-statement">
      <dl>
        <dt>ε of one release</dt>
        <dd data-testid="privacy-epsilon">{epsilon === null ? 'none claimed' : num(epsilon)}</dd>
        <dt>δ</dt>
        <dd data-testid="privacy-delta">
          {delta === null
            ? 'not certified (the draws come from Markov chains, not exact samplers)'
            : num(delta)}
        </dd>
        <dt>releases shown</dt>
        <dd data-testid="privacy-releases">{releases}</dd>
        <dt>publishing all {releases}</dt>
        <dd data-testid="privacy-total">
          {totalEpsilon === null ? 'no bound: one of them claims no ε' : `total ε = ${num(totalEpsilon)}`}
        </dd>
      </dl>
      <p>{privacy.statement}</p>
      <p className="privacy-assumptions-title">Assumptions, and whether the data in hand meet them:</p>
      <ul className="privacy-assumptions">
        {privacy.assumptions.map((a) => {
          const h = holds(a);
          return (
            <li key={a.text} data-holds={h.state}>
              <span className={`holds-mark holds-${h.state}`} aria-hidden="true">
                {h.mark}
              </span>{' '}
              {a.text} — <em>{h.words}</em>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
