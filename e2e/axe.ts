/**
 * An axe-core scan with the WCAG 2 A/AA rules, plus the label and landmark rules that axe files as experimental or
 * best practice.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Rules outside those tags that the lab holds itself to (axe files them under best practice or experimental). */
const EXTRA_RULES = [
  'label-content-name-mismatch',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'region',
];

/** Violations as short lines (rule, impact, the first few offending nodes), so a failure reads at a glance. */
export async function scan(page: Page, where: string, only?: string): Promise<string[]> {
  // legacy mode: axe runs in the page in one pass, instead of per frame with its results gathered in a new blank
  // page — a quarter of the time per scan; it only gives up testing cross-origin frames, which the lab has none of
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (only) builder.include(only);
  const result = await builder
    .options({
      runOnly: { type: 'tag', values: TAGS },
      // violations only: axe then skips collecting the passes and incomplete results it would report beside them
      resultTypes: ['violations'],
      rules: Object.fromEntries(EXTRA_RULES.map((r) => [r, { enabled: true }])),
    })
    .analyze();
  return result.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}
