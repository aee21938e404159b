import { expect, test, type Page } from '@playwright/test';
import { labState, poll, showWorkspace, waitForRelease, watchErrors } from './util';

/** Small jobs; `faults=1` arms the test-only fault injection (app/compute/faults.ts). */
const FAST = 'notour=1&faults=1&burn=100&m=2&curves=20';

async function injectRender(page: Page, boundary: string) {
  await page.evaluate(
    (b) =>
      (window as unknown as { __dpLabFaults: { injectRender(b: string): void } }).__dpLabFaults.injectRender(
        b,
      ),
    boundary,
  );
}

/** The parts of the page with an error boundary of their own, by name (the root "the lab" excluded). */
async function boundaries(page: Page): Promise<string[]> {
  const names = await page
    .locator('[data-boundary]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-boundary') ?? ''));
  return names.filter((n) => n !== 'the lab');
}

const WORKSPACES = ['sphere', 'spd', 'kendall', 'euclidean', 'frechet'] as const;

// one page steps through the workspaces (a page load per workspace costs more than its checks)
test('in every workspace, a part that fails to render says what failed, the rest of the lab keeps working, and it recovers', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}&ws=${WORKSPACES[0]}`);
  for (const ws of WORKSPACES) {
    await showWorkspace(page, ws);
    if (ws !== 'frechet') await waitForRelease(page);
    const names = await boundaries(page);
    // every workspace has at least its controls, its view, its downloads or plots behind a boundary
    expect(names).toEqual(expect.arrayContaining(['the control panel', 'the plots']));
    expect(names.some((n) => / view$/.test(n))).toBe(true);
    for (const name of names) {
      const part = page.locator(`[data-boundary="${name}"]`);
      const before = errors.length;
      const inside = await part
        .locator('[data-boundary]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-boundary')));
      await injectRender(page, name);
      const alert = page.locator(`.boundary-failed[data-boundary="${name}"]`);
      await expect(alert).toHaveAttribute('role', 'alert');
      await expect(alert).toContainText(`Something went wrong in ${name}`);
      await expect(alert).toContainText(`injected render fault in ${name}`);
      // the rest of the page is still there and usable: the header, the workspace tabs, the other parts
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('DP Manifold Lab');
      await expect(page.getByRole('tab', { name: /Sphere/ })).toBeVisible();
      await expect(page.locator('.boundary-failed')).toHaveCount(1);
      for (const other of names.filter((n) => n !== name && !inside.includes(n)))
        await expect(page.locator(`[data-boundary="${other}"]`)).toBeAttached();
      // reported in the console once, naming the part
      await poll(() => errors.length).toBe(before + 1);
      expect(errors[before]).toContain(`${name} failed to render`);
      // "Try again" brings the part back
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(alert).toHaveCount(0);
      await expect(part).toBeAttached();
      errors.splice(before, 1);
    }
  }
  expect(errors).toEqual([]);
});

test('"Go back to the last good data and settings" undoes what changed while a part was failing', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}`);
  await waitForRelease(page);
  const n = await labState<number>(page, 'settings.n');
  await injectRender(page, 'the Sphere view');
  const alert = page.locator('.boundary-failed[data-boundary="the Sphere view"]');
  await expect(alert).toBeVisible();
  await page.screenshot({ path: 'test-output/screenshots/boundary-failed.png' });
  // a change made while the view is failing is not "good": going back restores the settings before it
  await page.getByTestId('n').fill(String(n + 7));
  await poll(() => labState<number>(page, 'settings.n')).toBe(n + 7);
  await alert.getByRole('button', { name: /Go back to the last good data/ }).click();
  await poll(() => labState<number>(page, 'settings.n')).toBe(n);
  await expect(alert).toHaveCount(0);
  await expect(page.locator('[data-testid="sphere-canvas"] canvas')).toBeVisible({ timeout: 30_000 });
  expect(errors.filter((e) => !e.includes('the Sphere view failed to render'))).toEqual([]);
});
