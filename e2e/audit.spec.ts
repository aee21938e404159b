import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './util';

/** Small runs: 200 releases per side, short chains, one light sweep curve beside the audit. */
const FAST = 'burn=100&m=2&curves=20&plot=audit&an=200';
const SHOTS = 'test-output/screenshots';

const panel = (page: Page) => page.locator('#plot-tabpanel');

/** Presses Run audit and waits until every cell has arrived. */
async function runAudit(page: Page) {
  await page.getByTestId('audit-run').click();
  await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Done/,
    { timeout: 150_000 },
  );
  await expect(page.getByTestId('audit-verdict')).not.toHaveAttribute('data-tone', 'undecided');
}

async function numberOf(page: Page, testId: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute('data-value'));
}

for (const ws of ['sphere', 'spd', 'kendall', 'euclidean'] as const) {
  test(`the audit runs on the ${ws} workspace, follows ε and catches the non-private fit`, async ({
    page,
  }) => {
    test.setTimeout(420_000);
    const errors = watchErrors(page);
    await page.goto(`/?ws=${ws}&${FAST}`);
    await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('audit-intro')).toBeVisible();

    // KNG with the workspace's settings (data-driven τ by default: labelled not private)
    await runAudit(page);
    const lower = await numberOf(page, 'audit-lower');
    const claimed = await numberOf(page, 'audit-claimed');
    expect(Number.isFinite(lower) && lower >= 0).toBe(true);
    expect(claimed).toBeCloseTo(1, 6);
    await expect(page.getByTestId('audit-verdict')).toContainText(/consistent with ε = 1|leaks more than/i);
    await expect(page.getByTestId('audit-not-private')).toContainText(/not private/i);
    await expect(page.getByTestId('audit-record')).toContainText('record #');
    await expect(page.getByTestId('audit-histograms').locator('rect').first()).toBeVisible();
    await expect(page.getByTestId('audit-region')).toBeVisible();
    await expect(panel(page)).not.toContainText('NaN');
    await page.getByRole('region', { name: 'Plots' }).screenshot({ path: `${SHOTS}/audit-${ws}-kng.png` });

    // A new ε makes the shown result stale (never shown as current); a rerun audits the new claim.
    const eps = page.getByTestId('eps');
    await eps.focus();
    for (let i = 0; i < 5; i++) await eps.press('ArrowRight');
    await expect(page.getByTestId('audit-stale')).toBeVisible();
    await expect(page.getByTestId('audit-verdict')).toHaveCount(0);
    await runAudit(page);
    const claimed2 = await numberOf(page, 'audit-claimed');
    expect(claimed2).toBeGreaterThan(claimed);
    expect(Number.isFinite(await numberOf(page, 'audit-lower'))).toBe(true);

    // The non-private fit: trivially told apart.
    await page.getByTestId('audit-mechanism').selectOption('nonprivate');
    await runAudit(page);
    await expect(page.getByTestId('audit-verdict')).toHaveAttribute('data-tone', 'leaks');
    await expect(page.getByTestId('audit-verdict')).toContainText(/not private/i);
    expect(await numberOf(page, 'audit-lower')).toBeGreaterThan(2);
    await page
      .getByRole('region', { name: 'Plots' })
      .screenshot({ path: `${SHOTS}/audit-${ws}-nonprivate.png` });

    if (ws === 'euclidean') {
      // the linear-regression baselines of the table are offered here
      await page.getByTestId('audit-mechanism').selectOption('dpgr');
      await runAudit(page);
      expect(Number.isFinite(await numberOf(page, 'audit-lower'))).toBe(true);
      await expect(page.getByTestId('audit-statistic')).toHaveText('log-likelihood ratio');
    }
    expect(errors).toEqual([]);
  });
}

test('the audit can be cancelled and is keyboard operable', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto(`/?ws=sphere&burn=2000&m=2&curves=20&plot=audit&an=2000`);
  const run = page.getByTestId('audit-run');
  await run.focus();
  await page.keyboard.press('Enter');
  const cancel = page.getByTestId('audit-cancel');
  await expect(cancel).toBeVisible();
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Stopped|^Not run/,
  );
  await expect(page.getByTestId('audit-cancel')).toHaveCount(0);
  expect(errors).toEqual([]);
});
