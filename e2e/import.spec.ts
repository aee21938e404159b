import { expect, test } from '@playwright/test';
import { labState, poll, waitForImportedRelease, waitForRelease, watchErrors } from './util';

function sphereCsv(n: number): string {
  const rows = ['age,x,y,z'];
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const a = 0.3 + 0.8 * t;
    rows.push(`${50 + 40 * t},${Math.cos(a)},${Math.sin(a)},${0.01 * Math.sin(7 * i)}`);
  }
  // tiny off-sphere wobble is within tolerance only after normalising each row exactly
  return rows
    .map((r, i) => {
      if (i === 0) return r;
      const [x, a, b, c] = r.split(',').map(Number);
      const len = Math.hypot(a, b, c);
      return [x, a / len, b / len, c / len].join(',');
    })
    .join('\n');
}

test('importing a data file fits it; a bad file is refused with its row and column, leaving the data as they were', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/?notour=1&burn=100&m=2&curves=20');
  await waitForRelease(page);
  const syntheticFit = await labState<number>(page, 'release.cells.0.pHat.0');
  const input = page.getByLabel(/Your data/);
  await input.setInputFiles({
    name: 'directions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(sphereCsv(25)),
  });
  await poll(() => labState<string>(page, 'imported.sphere.fileName')).toBe('directions.csv');
  await expect(page.getByText(/directions\.csv/).first()).toBeVisible();
  // the release is recomputed on the imported data (a new fit), then completes
  await poll(() => labState<number>(page, 'release.cells.0.pHat.0'), { timeout: 30_000 }).not.toBe(
    syntheticFit,
  );
  await waitForRelease(page);
  expect(await labState<number>(page, 'release.cells.0.footpoints.length')).toBeGreaterThan(0);

  // a bad cell: refused with the place named, imported data unchanged
  const bad = sphereCsv(10).replace(/\n([^\n]*)\n/, '\n$1\n50,abc,0,1\n');
  await input.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  // the message sits next to the file box (not in the page's notices at the top)
  const importError = page.getByTestId('import-zone').getByTestId('import-error');
  await expect(importError).toContainText('bad.csv');
  await expect(importError).toContainText(/row \d+/);
  await expect(page.locator('.notice').filter({ hasText: 'bad.csv' })).toHaveCount(0);
  expect(await labState<string>(page, 'imported.sphere.fileName')).toBe('directions.csv');

  // a header carrying markup is shown as text, never interpreted
  const payload = '<img src=x onerror="window.__pwned=1">';
  const evil = sphereCsv(10)
    .replace('age,x,y,z', `${payload},x,y,z`)
    .replace(/\n[^\n]*$/, '\n1,abc,0,0');
  await input.setInputFiles({ name: 'evil.csv', mimeType: 'text/csv', buffer: Buffer.from(evil) });
  // the next file's message replaces the last one
  await expect(importError).toContainText('evil.csv');
  await expect(importError).not.toContainText('bad.csv');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // and a good file clears it
  await input.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(sphereCsv(10)) });
  await poll(() => labState<string>(page, 'imported.sphere.fileName')).toBe('good.csv');
  await expect(importError).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('n beyond the limits: a typed n is clamped with a message; a 10,000-row file is fitted in the workers without freezing the page', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/?notour=1&burn=100&m=2&curves=20');
  await waitForRelease(page);
  const n = page.getByTestId('n');
  await n.fill('10000');
  await expect(page.getByRole('status').filter({ hasText: /outside 3–2000; using 2000/ })).toBeVisible();
  expect(await labState<number>(page, 'settings.n')).toBe(2000);

  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: [number, number][] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: false });
  });
  await page.getByLabel(/Your data/).setInputFiles({
    name: 'big.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(sphereCsv(10_000)),
  });
  // Measured from here: handing the 500 kB file to the page is Playwright's own main-thread work.
  const handedOver = await page.evaluate(() => performance.now());
  await poll(() => labState<string>(page, 'imported.sphere.fileName')).toBe('big.csv');
  await poll(() => labState<number>(page, 'imported.sphere.xs.length')).toBe(10_000);
  await waitForImportedRelease(page, 'sphere');
  expect(await labState<number>(page, 'release.cells.0.footpoints.length')).toBeGreaterThan(0);
  const longTasks = await page.evaluate(
    () => (window as unknown as { __longTasks: [number, number][] }).__longTasks,
  );
  const ours = longTasks.filter(([start]) => start >= handedOver).map(([, duration]) => duration);
  // 1 s: fitting 10,000 rows on the main thread would freeze it for seconds; the hand-over of the parsed data
  // and its drawing take ~100 ms on an idle machine and were measured at up to 580 ms with the machine's two
  // cores overloaded (load average 19): long tasks are wall time
  expect(ours.filter((d) => d > 1000)).toEqual([]);
  expect(errors).toEqual([]);
});
