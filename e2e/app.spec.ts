import { expect, test, type Page } from '@playwright/test';

/** Collects console errors and uncaught page errors; the test fails on any. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

test('the lab loads with its four workspaces and no console errors', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page).toHaveTitle('DP Manifold Lab');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('DP Manifold Lab');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  for (const name of ['Sphere', 'SPD(2)', 'Shapes', 'Euclidean']) {
    await expect(page.getByRole('tab', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toBeVisible();
  }
  const canvas = page.locator('[data-testid="sphere-canvas"] canvas');
  await expect(canvas).toBeVisible();
  // The WebGL canvas is not blank: it has many distinct pixel colours.
  await page.waitForTimeout(1000);
  const distinct = await canvas.evaluate((c: HTMLCanvasElement) => {
    const probe = document.createElement('canvas');
    probe.width = c.width;
    probe.height = c.height;
    const ctx = probe.getContext('2d')!;
    ctx.drawImage(c, 0, 0);
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97)
      colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return colours.size;
  });
  expect(distinct).toBeGreaterThan(20);
  await page.screenshot({ path: 'test-output/screenshots/sphere.png', fullPage: true });
  for (const name of ['Euclidean', 'Sphere']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  }
  expect(errors).toEqual([]);
});
