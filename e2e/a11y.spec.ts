/**
 * Accessibility: an axe-core scan (e2e/axe.ts) of every workspace and its Figures menu — zero violations. Each scan
 * waits until the view and the first plot are drawn, so the scanned page is the one a person reads, not a loading
 * placeholder. One page steps through the workspaces: a page load per scan costs time and scans nothing more. The
 * figure presets and presenting mode are scanned on the pages that check their slides (present.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { scan } from './axe';
import { showWorkspace, SMALL, watchErrors } from './util';

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
