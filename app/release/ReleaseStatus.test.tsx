// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { releasePrivacy, type ReleaseSpec } from '../../src/experiments/release';
import { jointClaim } from '../../src/privacy/claims';
import type { PrivacyStatement } from '../../src/privacy/statement';
import { StatusLine } from './ReleaseStatus';

afterEach(cleanup);

/** The statement of m draws of the joint release at ε = 1, as the release's worker builds it. */
function jointStatement(m: number, rangeIsPublic: boolean): PrivacyStatement {
  const spec = { source: { kind: rangeIsPublic ? 'synthetic' : 'imported' } } as ReleaseSpec;
  const claim = jointClaim({ epsilon: 1, n: 300, clip: 0.1, clipGiven: false, range: [0, 1], rangeIsPublic });
  return releasePrivacy(spec, { claim, releases: m });
}

function renderStatus(privacy: PrivacyStatement, badgeIsPrivate: boolean) {
  render(
    <StatusLine
      state="done"
      testId="release-status"
      badge={badgeIsPrivate ? 'private for any data' : 'not private'}
      badgeIsPrivate={badgeIsPrivate}
      privacy={privacy}
    >
      Private release done.
    </StatusLine>,
  );
  return screen.getByTestId('privacy-badge');
}

describe('the privacy badge discloses the release’s full statement', () => {
  it('is a closed disclosure button; opened, it shows ε, δ, the statement, the assumptions and the total ε', async () => {
    const privacy = jointStatement(10, true);
    const badge = renderStatus(privacy, true);
    expect(badge.tagName).toBe('BUTTON');
    expect(badge).toHaveProperty('textContent', '✓ private for any data');
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('privacy-statement')).toBeNull();

    fireEvent.click(badge);
    const panel = await screen.findByTestId('privacy-statement');
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    expect(badge.getAttribute('aria-controls')).toBe(panel.id);
    // outside the live region, which announces the release's progress
    expect(panel.closest('[role="status"]')).toBeNull();
    expect(within(panel).getByTestId('privacy-epsilon').textContent).toBe('1');
    expect(within(panel).getByTestId('privacy-delta').textContent).toMatch(/^not certified/);
    expect(within(panel).getByTestId('privacy-releases').textContent).toBe('10');
    expect(panel.textContent).toContain('publishing all 10');
    expect(within(panel).getByTestId('privacy-total').textContent).toBe('total ε = 10');
    expect(panel.textContent).toContain(privacy.statement);
    // every assumption with its mark and the words for it
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(
      privacy.assumptions.map(
        (a) =>
          `${a.holdsForThisData === true ? '✓' : a.holdsForThisData === false ? '✗' : '?'} ${a.text} — ` +
          (a.holdsForThisData === true
            ? 'holds for these data'
            : a.holdsForThisData === false
              ? 'does not hold for these data'
              : 'cannot be checked from the data'),
      ),
    );
    expect(items.filter((li) => li.dataset.holds === 'holds').length).toBeGreaterThan(0);
    expect(items.filter((li) => li.dataset.holds === 'unknown')).toHaveLength(1); // the chain's exactness

    fireEvent.click(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('privacy-statement')).toBeNull();
  });

  it('names an assumption the data do not meet, and the total ε of the m releases shown', async () => {
    // imported data without a public covariate range: the release is not private
    const privacy = jointStatement(3, false);
    expect(privacy.private).toBe(false);
    fireEvent.click(renderStatus(privacy, false));
    const panel = await screen.findByTestId('privacy-statement');
    const failing = within(panel)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.holds === 'fails');
    expect(failing).toHaveLength(1);
    expect(failing[0].textContent).toMatch(
      /^✗ the covariate range \[0, 1\] is public.*does not hold for these data$/,
    );
    expect(within(panel).getByTestId('privacy-releases').textContent).toBe('3');
    expect(within(panel).getByTestId('privacy-total').textContent).toBe('total ε = 3');
  });

  it('without a statement (the Fréchet views’ clouds) the badge stays a plain label', () => {
    render(
      <StatusLine state="done" testId="status" badge="not private">
        done
      </StatusLine>,
    );
    const badge = screen.getByTestId('privacy-badge');
    expect(badge.tagName).toBe('SPAN');
    expect(badge.textContent).toBe('⚠ not private');
  });

  it('user text is shown as text', async () => {
    const privacy = { ...jointStatement(1, true), statement: '<img src=x onerror=alert(1)>' };
    fireEvent.click(renderStatus(privacy, true));
    const panel = await screen.findByTestId('privacy-statement');
    expect(panel.querySelector('img')).toBeNull();
    expect(panel.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
