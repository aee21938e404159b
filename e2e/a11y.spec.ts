/**
 * Accessibility: an axe-core scan with the WCAG 2 A/AA rules (plus the label and landmark rules the
 * issue names, which axe files as experimental or best practice) of every workspace, every figure preset and
 * presenting mode — zero violations. Each scan waits until the view and the first plot are drawn, so the scanned
 * page is the one a person reads, not a loading placeholder. One page steps through the workspaces (one through
 * the presets, one through presenting mode): a page load per scan costs time and scans nothing more.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PRESETS } from '../app/presets';
import { labState, settled, showWorkspace, SMALL, watchErrors } from './util';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Rules outside those tags that the issue names (axe files them under best practice or experimental). */
const EXTRA_RULES = [
  'label-content-name-mismatch',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'region',
];

/** Violations as short lines (rule, impact, the first few offending nodes), so a failure reads at a glance. */
async function scan(page: Page, where: string, only?: string): Promise<string[]> {
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

const WORKSPACES = ['sphere', 'spd', 'kendall', 'euclidean', 'frechet'];

test('axe: every workspace, and its Figures menu, has no WCAG 2 A/AA violation', async ({ page }) => {
  // a scan of a page full of SVG takes tens of seconds on a loaded 2-core machine
  test.setTimeout(WORKSPACES.length * 180_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?ws=${WORKSPACES[0]}&${SMALL}`);
  const found: string[] = [];
  for (const ws of WORKSPACES) {
    await showWorkspace(page, ws);
    found.push(...(await scan(page, ws)));
    // then the Figures menu, open (its buttons are the presets): on its own, as the page under an open menu is
    // partly covered by it (axe's target-size would count the covered controls)
    await page.locator('#figures-button').click();
    await expect(page.locator('.figures-list')).toBeVisible();
    found.push(...(await scan(page, `${ws}, Figures menu`, '.figures-list')));
    await page.keyboard.press('Escape');
    await expect(page.locator('.figures-list')).toBeHidden();
  }
  expect(found).toEqual([]);
  expect(errors).toEqual([]);
});

test('every figure preset applies (address, settings, caption, menu mark) with no console error and no WCAG 2 A/AA violation', async ({
  page,
}) => {
  // one page stepping through the presets (as a class would): a reload per preset costs more than the scan
  test.setTimeout(PRESETS.length * 90_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?${SMALL}`);
  const menu = page.locator('#figures-button');
  const found: string[] = [];
  for (const p of PRESETS) {
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.locator(`.figures-list button[data-preset="${p.id}"]`).click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`[?&]fig=${p.figure}(&|$)`));
    await expect(page.getByTestId('figure-caption').getByRole('heading')).toContainText(p.title);
    expect(await labState<Record<string, unknown>>(page, 'settings')).toMatchObject({
      ...p.patch,
      figure: p.figure,
    });
    await expect(page.locator(`#tab-${p.patch.workspace}`)).toHaveAttribute('aria-selected', 'true');
    await settled(page);
    found.push(...(await scan(page, p.id)));
    // the figure's menu entry is marked as the current one
    await menu.click();
    await expect(page.locator(`[data-preset="${p.id}"]`)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Escape');
  }
  // a link reproduces the last preset (caption included)
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByTestId('figure-caption').getByRole('heading')).toContainText(PRESETS.at(-1)!.title);
  await fresh.close();
  expect(found).toEqual([]);
  expect(errors).toEqual([]);
});

test('axe: presenting mode (every workspace, and the unfolded page) has no WCAG 2 A/AA violation', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  const found: string[] = [];
  await page.goto(`/?ws=${WORKSPACES[0]}&present=1&${SMALL}`);
  await expect(page.getByTestId('present-bar')).toBeVisible();
  for (const ws of WORKSPACES) {
    await showWorkspace(page, ws);
    await expect(page.getByTestId('present-bar')).toBeVisible();
    found.push(...(await scan(page, `present ${ws}`)));
  }
  await page.keyboard.press('m');
  await expect(page.locator('.control-panel').first()).toBeVisible();
  found.push(...(await scan(page, 'present, unfolded')));
  expect(found).toEqual([]);
  expect(errors).toEqual([]);
});
