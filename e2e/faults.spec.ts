import { expect, test, type Page } from '@playwright/test';
import { labState, waitForRelease, waitForSweep, watchErrors } from './util';

/** Small jobs: 4 release groups (2 chunks of 2 on the one release worker), one sweep curve. */
const FAST = 'notour=1&burn=150&m=4&curves=20';

type PoolName = 'data' | 'release' | 'sweep' | 'parse';
async function inject(page: Page, pool: PoolName, fault: 'throw' | 'kill', chunk = 1) {
  await page.evaluate(
    ([p, f, c]) =>
      (
        window as unknown as {
          __dpLabFaults: { inject(pool: string, fault: string, chunk: number): void };
        }
      ).__dpLabFaults.inject(p, f, c),
    [pool, fault, chunk] as const,
  );
}

async function reseed(page: Page) {
  await page.getByRole('button', { name: 'Re-generate' }).click();
}

for (const fault of ['kill', 'throw'] as const) {
  test(`a release worker that ${fault === 'kill' ? 'dies' : 'throws'} mid-run: an error in the UI, nothing stale drawn, and the pool recovers`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.goto(`/?${FAST}&faults=1`);
    await waitForRelease(page);
    // the fault hits the release's second chunk: the first chunk's cells have arrived (and were drawn)
    await inject(page, 'release', fault, 2);
    await reseed(page);
    await expect.poll(() => labState<string>(page, 'release.status'), { timeout: 30_000 }).toBe('error');
    const message = await labState<string>(page, 'release.error');
    expect(message).toMatch(
      fault === 'kill' ? /worker died.*terminated.*injected fault/ : /deliberate failure/,
    );
    // the UI says so — in the notices and in the view's status line — and draws no private fit of the
    // failed run: its partial cells are gone
    const notice = page.locator('.notice-error').filter({ hasText: 'A computation failed' });
    await expect(notice).toBeVisible();
    await expect(page.getByTestId('sphere-status')).toHaveAttribute('data-state', 'error');
    await expect(page.getByTestId('sphere-status')).toContainText('The private release failed');
    expect(await labState<number>(page, 'release.cells.length')).toBe(0);

    // "Try again" reruns the same settings on the recovered pool
    await notice.getByRole('button', { name: 'Try again' }).click();
    await waitForRelease(page);
    expect(await labState<number>(page, 'release.cells.length')).toBe(4);
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('sphere-status')).toHaveAttribute('data-state', 'done');
    // and the next request (new settings) runs normally
    await reseed(page);
    await waitForRelease(page);
    expect(await labState<string | null>(page, 'release.error')).toBeNull();
    expect(errors).toEqual([]);
  });
}

test('a sweep worker that dies: the plots say so and show no stale curve; the sweep reruns', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/?${FAST}&faults=1`);
  await waitForSweep(page);
  await inject(page, 'sweep', 'kill', 2);
  await reseed(page);
  await expect.poll(() => labState<string>(page, 'sweep.status'), { timeout: 30_000 }).toBe('error');
  expect(await labState<number>(page, 'sweep.rows.length')).toBe(0);
  await expect(page.locator('.notice-error').filter({ hasText: 'task "sweep"' })).toBeVisible();
  await expect(page.getByTestId('mse-plot-unequal').locator('path.mse-curve')).toHaveCount(0);
  await page.locator('.notice-error').getByRole('button', { name: 'Try again' }).click();
  await waitForSweep(page);
  await expect(page.getByTestId('mse-plot-unequal').locator('path.mse-curve')).toHaveCount(1);
});

test('fault injection exists only when asked for with ?faults=1', async ({ page }) => {
  await page.goto(`/?${FAST}`);
  await waitForRelease(page);
  expect(await page.evaluate(() => 'window.__dpLabFaults' in window || '__dpLabFaults' in window)).toBe(
    false,
  );
});

test('a parse worker that dies while reading a file: a message by the file box, the data unchanged, the next file loads', async ({
  page,
}) => {
  await page.goto(`/?${FAST}&faults=1`);
  await waitForRelease(page);
  const csv = ['t,x,y,z', '0,1,0,0', '1,0,1,0', '2,0,0,1', '3,0.6,0.8,0'].join('\n');
  const input = page.getByLabel(/Your data/);
  await inject(page, 'parse', 'kill');
  await input.setInputFiles({ name: 'first.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-error')).toContainText('Could not load first.csv');
  await expect(page.getByTestId('import-error')).toContainText('worker died');
  expect(await labState<unknown>(page, 'imported.sphere')).toBeUndefined();
  await input.setInputFiles({ name: 'second.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect.poll(() => labState<string>(page, 'imported.sphere.fileName')).toBe('second.csv');
});
