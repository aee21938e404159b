import { expect, test, type Page } from '@playwright/test';
import { PRESETS } from '../app/presets';
import { poll, SMALL, watchErrors } from './util';

const figuresButton = (page: Page) => page.locator('#figures-button');
/** A preset's button in the Figures menu, by the preset's label (its accessible name is its visible text). */
const presetButton = (page: Page, label: string) =>
  page.locator(`.figures-list button[data-preset="${PRESETS.find((p) => p.label === label)!.id}"]`);

async function applyFromMenu(page: Page, label: string) {
  await figuresButton(page).click();
  await expect(figuresButton(page)).toHaveAttribute('aria-expanded', 'true');
  await presetButton(page, label).click();
  await expect(figuresButton(page)).toHaveAttribute('aria-expanded', 'false');
}

test('copy link: to the clipboard with a confirmation, or shown in a field without one', async ({
  page,
  context,
}) => {
  const errors = watchErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/?${SMALL}`);
  await applyFromMenu(page, 'Fig. 7');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
  expect(copied).toContain('fig=fig7');
  expect(copied).toContain('ws=spd');

  // Without a clipboard the link appears, selected, in a text field.
  await page.evaluate(() =>
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }),
  );
  await page.getByRole('button', { name: 'Copy link' }).click();
  const field = page.getByLabel(/copy this link/);
  await expect(field).toBeVisible();
  await expect(field).toHaveValue(page.url());
  await expect(field).toBeFocused();
  await page.getByRole('button', { name: 'Close the link field' }).click();
  await expect(field).toHaveCount(0);
  expect(errors).toEqual([]);
});

/** Waits until the tour's highlight ring surrounds the privacy controls (it follows a smooth scroll). */
async function ringAroundPrivacy(page: Page) {
  await poll(
    async () => {
      const ring = await page.locator('.tour-ring').boundingBox();
      const target = await page.locator('.control-panel fieldset').nth(1).boundingBox();
      return ring && target ? Math.abs(ring.x + 6 - target.x) + Math.abs(ring.y + 6 - target.y) : Infinity;
    },
    { timeout: 20_000 }, // smooth scrolling, on a busy machine
  ).toBeLessThan(4);
}

test.describe('with motion', () => {
  // the suite runs with reduced motion (playwright.config.ts): the tour's smooth scroll is tested here
  test.use({ reducedMotion: 'no-preference' });

  test('the tour starts from its button, moves with Next, and Escape skips it', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`/?${SMALL}`);
    const tourButton = page.getByRole('button', { name: 'Tour', exact: true });
    await tourButton.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toContainText('Step 1 of 6');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Skip tour' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog).toContainText('Step 2 of 6');
    await expect(dialog).toContainText('privacy budget');
    // The highlight ring sits around the privacy controls.
    await ringAroundPrivacy(page);
    // Tab stays inside the dialog.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog).toContainText('Step 3 of 6');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toContainText('Step 2 of 6');
    await ringAroundPrivacy(page);
    await page.waitForTimeout(500);
    await page.screenshot({ path: 'test-output/screenshots/tour.png' });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(tourButton).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('dp-manifold-lab.tour'))).toBe('skipped');

    // All steps to the end; the last step points at the header buttons.
    await tourButton.click();
    for (let i = 1; i < 6; i++) await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog).toContainText('Step 6 of 6');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('dp-manifold-lab.tour'))).toBe('done');
    expect(errors).toEqual([]);
  });
});

test('first visit shows the tour by itself (not with notour=1, not once seen)', async ({ page }) => {
  // Pretend to be a person's browser: the tour only starts by itself when not under automation.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true }),
  );
  // The page decides once, at start, whether the tour starts by itself; the Tour button carries the decision.
  const decision = page.locator('#tour-button');
  await page.goto(`/?notour=1&${SMALL}`);
  await expect(decision).toHaveAttribute('data-autostart', 'no');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto(`/?${SMALL}`);
  await expect(decision).toHaveAttribute('data-autostart', 'yes');
  await expect(page.getByRole('dialog')).toContainText('Step 1 of 6', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Skip tour' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(decision).toHaveAttribute('data-autostart', 'no');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('About these ideas: a modal panel whose formulas KaTeX renders in the page; Escape closes it', async ({
  page,
}) => {
  // the panel's content, topic links and focus are checked in app/help/help.test.tsx; here the browser's part:
  // the native modal dialog, KaTeX's script and styles under the page's CSP, Escape
  const errors = watchErrors(page);
  await page.goto(`/?${SMALL}`);
  const about = page.getByRole('button', { name: 'About these ideas' });
  await about.click();
  const panel = page.getByRole('dialog', { name: 'About these ideas' });
  await expect(panel).toBeVisible();
  await panel.getByText('What is the sensitivity Δ').click();
  await expect(panel.locator('[data-topic="sensitivity"] .katex-display')).toHaveCount(2);
  await expect(panel.locator('[data-topic="sensitivity"] .katex').first()).toBeVisible();
  await page.screenshot({ path: 'test-output/screenshots/explanations.png' });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(about).toBeFocused();
  expect(errors).toEqual([]);
});

test('keyboard only: Tab to Figures, Enter, arrow to a figure, Enter applies it', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/?${SMALL}`);
  // React renders after the load event: tab only once the header is there
  await expect(figuresButton(page)).toBeVisible();
  let found = false;
  for (let i = 0; i < 30 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate(() => document.activeElement?.id === 'figures-button');
  }
  expect(found).toBe(true);
  await page.keyboard.press('Enter');
  await expect(figuresButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(presetButton(page, 'Fig. 1')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(presetButton(page, 'Fig. 2')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(presetButton(page, PRESETS.at(-1)!.label)).toBeFocused(); // wraps around
  await page.keyboard.press('Home');
  await page.keyboard.press('Tab');
  await expect(presetButton(page, 'Fig. 2')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]fig=fig2(&|$)/);
  await expect(page).toHaveURL(/[?&]ws=kendall(&|$)/);
  await expect(figuresButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(figuresButton(page)).toBeFocused();
  await expect(page.getByTestId('figure-caption')).toContainText('corpus');
  // Escape closes the menu without applying anything.
  await page.keyboard.press('ArrowDown');
  await expect(figuresButton(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(figuresButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(figuresButton(page)).toBeFocused();
  await expect(page).toHaveURL(/[?&]fig=fig2(&|$)/);
  expect(errors).toEqual([]);
});
