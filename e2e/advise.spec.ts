/**
 * The split advisor in the lab: it runs on demand, says the answer in one sentence and shades the
 * recommended range on the split plot; the answer goes away when the settings move on.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { labState, poll, watchErrors } from './util';

test('the advisor recommends a split with an interval, drawn on the split plot', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  // small runs: n = 20, 3 × 3 pairs (the fine stage 6 × 6), burn-in 200
  await page.goto('/?ws=sphere&n=20&m=3&burn=200');
  const panel = page.getByTestId('advice-panel');
  await expect(panel).toContainText('On the synthetic data shown (n = 20)');
  // what the panel says while the advisor runs: the coarse sweep's answer while the fine sweep refines it
  await page.evaluate(() => {
    const lab = (window as unknown as { __dpLab: { subscribe(f: () => void): void } }).__dpLab;
    const said: string[] = [];
    (window as unknown as { __adviceSaid: string[] }).__adviceSaid = said;
    lab.subscribe(() =>
      queueMicrotask(() =>
        said.push(document.querySelector('[data-testid="advice-result"]')?.textContent ?? ''),
      ),
    );
  });
  await page.getByTestId('advice-run').click();
  const result = page.getByTestId('advice-result');
  await expect(result).toHaveText(/^(Give the footpoint \d+%–\d+% of ε|No split is clearly better)/, {
    timeout: 120_000,
  });
  const said = await page.evaluate(() => (window as unknown as { __adviceSaid: string[] }).__adviceSaid);
  const refining = said.filter((t) => t.startsWith('First answer, from the coarse sweep: '));
  expect(refining).toContainEqual(
    expect.stringMatching(/Refining it near its best split\. Sweeping the split \(fine, more pairs\)/),
  );
  await expect(result).toContainText('at ε = 1, n = 20');
  // the distance from the non-private error in words, and the advisor's own entries in the plot's legend
  await expect(result).toContainText(/the error is about [\d.,]+× the non-private one/);
  const legend = page.getByTestId('mse-plot-unequal').locator('.legend');
  await expect(legend).toContainText('advisor’s fit');
  await expect(legend).toContainText('advised range');
  const band = page.getByTestId('advice-interval');
  await expect(band).toBeAttached();
  const lo = Number(await band.getAttribute('data-lo'));
  const hi = Number(await band.getAttribute('data-hi'));
  expect(lo).toBeGreaterThan(0);
  expect(hi).toBeLessThan(1);
  expect(lo).toBeLessThan(hi);
  // the shaded range lies inside the plot's drawing area
  const plot = (await page.getByTestId('mse-plot-unequal').boundingBox())!;
  const rect = (await band.locator('rect').boundingBox())!;
  expect(rect.x).toBeGreaterThanOrEqual(plot.x);
  expect(rect.x + rect.width).toBeLessThanOrEqual(plot.x + plot.width);
  await page
    .getByTestId('mse-plot-unequal')
    .screenshot({ path: 'test-output/screenshots/advice-split-plot.png' });
  // its export, once the advisor's last step (the statement, in a worker) is in: the advice and what it reveals
  const json = page.getByRole('button', { name: 'Download split advice as JSON' });
  await expect(json).toBeEnabled();
  const [file] = await Promise.all([page.waitForEvent('download'), json.click()]);
  const exported = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(exported.advice.interval).toHaveLength(2);
  expect(exported.privacy.statement).toMatch(/^Not a private release/);
  // "Use this split" moves the split slider to the advised split (the advice stays: it does not depend on it)
  const apply = page.getByTestId('advice-apply');
  if (/^Give the footpoint/.test((await result.textContent()) ?? '')) {
    const share = Number((await apply.textContent())!.match(/(\d+)% of ε/)![1]) / 100;
    await apply.click();
    await poll(() => labState<number>(page, 'settings.split')).toBeCloseTo(share, 9);
    await expect(apply).toBeDisabled();
    await expect(band).toBeAttached();
  } else await expect(apply).toHaveCount(0); // no split is clearly better: nothing to apply
  // another total ε: the advice no longer applies, and says so
  await page.evaluate(() =>
    (window as unknown as { __dpLab: { getState(): { set(p: object): void } } }).__dpLab
      .getState()
      .set({ eps: 2 }),
  );
  await expect(band).toHaveCount(0);
  await expect(result).toHaveText(/settings changed/);
  expect(await labState<number>(page, 'settings.eps')).toBe(2);
  expect(errors).toEqual([]);
});
