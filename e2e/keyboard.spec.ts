import { expect, test, type Page } from '@playwright/test';
import { labState, poll, watchErrors } from './util';

/** Presses Tab until the focused element matches `selector` (fails after `max` presses). */
async function tabTo(page: Page, selector: string, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${selector} with the Tab key`);
}

test('the main controls work with the keyboard alone', async ({ page }) => {
  const errors = watchErrors(page);
  // paper 000's release, whose σ-rule and τ selects the test reaches
  await page.goto('/?notour=1&mech=kng&burn=100&m=2&curves=20');
  // workspace tabs: arrow keys move between them
  await tabTo(page, '[role="tab"][aria-selected="true"]#tab-sphere');
  await page.keyboard.press('ArrowRight');
  await poll(() => labState<string>(page, 'settings.workspace')).toBe('spd');
  await page.keyboard.press('ArrowLeft');
  await poll(() => labState<string>(page, 'settings.workspace')).toBe('sphere');
  // n: type a new value
  await tabTo(page, '[data-testid="n"]');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('30');
  await poll(() => labState<number>(page, 'settings.n')).toBe(30);
  // total ε (log slider) and the split slider
  await tabTo(page, '[data-testid="eps"]');
  const eps0 = await labState<number>(page, 'settings.eps');
  await page.keyboard.press('ArrowRight');
  await poll(() => labState<number>(page, 'settings.eps')).toBeGreaterThan(eps0);
  await tabTo(page, '[data-testid="split"]');
  await page.keyboard.press('ArrowLeft');
  await poll(() => labState<number>(page, 'settings.split')).toBeCloseTo(0.49, 6);
  // σ rule and τ mode selects
  await tabTo(page, '[data-testid="sigma-rule"]');
  await page.keyboard.press('ArrowDown');
  await poll(() => labState<string>(page, 'settings.sigmaRule')).toBe('strict');
  await tabTo(page, '[data-testid="tau-mode"]');
  await page.keyboard.press('ArrowDown');
  await poll(() => labState<string>(page, 'settings.tauMode')).toBe('public');
  // the settings are in the link
  await poll(() => page.url()).toContain('sigma=strict');
  expect(page.url()).toContain('taumode=public');
  expect(page.url()).toContain('n=30');
  expect(errors).toEqual([]);
});
