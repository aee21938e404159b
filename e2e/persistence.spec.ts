import { expect, test, type Page } from '@playwright/test';
import { labState, poll, releasedFit, waitForRelease, watchErrors } from './util';

const SETTINGS_KEY = 'dp-manifold-lab.session.settings';
const DATA_KEY = 'dp-manifold-lab.session.data';
const FAST = 'notour=1&burn=100&m=2&curves=20';

function sphereCsv(n: number): string {
  const rows = ['day,x,y,z'];
  for (let i = 0; i < n; i++) {
    const a = 0.4 + (0.7 * i) / (n - 1);
    const z = 0.08 * Math.cos(3 * i);
    const r = Math.hypot(Math.cos(a), Math.sin(a), z);
    rows.push(`${10 + i},${Math.cos(a) / r},${Math.sin(a) / r},${z / r}`);
  }
  return rows.join('\n');
}

async function importSphere(page: Page, name = 'directions.csv', n = 18) {
  await page
    .getByLabel(/Your data/)
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(sphereCsv(n)) });
  await poll(() => labState<string>(page, 'imported.sphere.fileName')).toBe(name);
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('imported data and settings survive a reload; the restored data give the same fit', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}`);
  await importSphere(page);
  const fit = await releasedFit(page);
  await page.getByTestId('seed').fill('7');
  await page.getByTestId('seed').press('Tab');
  await poll(() => stored(page, SETTINGS_KEY)).toContain('seed=7');
  expect(await stored(page, DATA_KEY)).toContain('directions.csv');

  await page.reload();
  await expect(
    page.locator('.notice').filter({ hasText: 'Restored your data from directions.csv' }),
  ).toBeVisible();
  expect(await labState<string>(page, 'imported.sphere.fileName')).toBe('directions.csv');
  expect(await labState<number>(page, 'imported.sphere.ys.length')).toBe(18);
  expect(await labState<number>(page, 'settings.seed')).toBe(7);
  await expect(page.getByText('Using directions.csv')).toBeVisible();
  const refit = await releasedFit(page);
  // the stored copy differs from the file in the last bit at most; the fit agrees to the optimiser's tolerance
  fit.forEach((x, k) => expect(Math.abs(refit[k] - x)).toBeLessThan(1e-7));
  expect(errors).toEqual([]);
});

test('a link that sets settings wins over the stored ones; a bare address restores them', async ({
  page,
}) => {
  await page.goto(`/?${FAST}&eps=0.5`);
  await poll(() => stored(page, SETTINGS_KEY)).toContain('eps=0.5');
  await page.goto(`/?${FAST}&eps=2`);
  expect(await labState<number>(page, 'settings.eps')).toBe(2);
  await expect(page.locator('.notice').filter({ hasText: 'Restored' })).toHaveCount(0);
  await page.goto('/?notour=1');
  expect(await labState<number>(page, 'settings.eps')).toBe(2);
  expect(await labState<number>(page, 'settings.burnIn')).toBe(100);
  await expect(page.locator('.notice').filter({ hasText: 'Restored the settings' })).toBeVisible();
  // the restored settings are in the address bar too, so "Copy link" shares them
  expect(new URL(page.url()).searchParams.get('eps')).toBe('2');
});

test('Start fresh forgets the session: defaults, synthetic data, nothing stored, nothing restored', async ({
  page,
}) => {
  await page.goto(`/?${FAST}&eps=0.5`);
  await importSphere(page);
  await page.getByRole('button', { name: 'Start fresh' }).click();
  expect(await labState<unknown>(page, 'imported.sphere')).toBeUndefined();
  expect(await labState<number>(page, 'settings.eps')).toBe(1);
  expect(await labState<number>(page, 'settings.burnIn')).toBe(1000);
  await expect(page.locator('.notice').filter({ hasText: 'Started fresh' })).toBeVisible();
  await poll(() => stored(page, SETTINGS_KEY)).toBeNull();
  expect(await stored(page, DATA_KEY)).toBeNull();
  expect(new URL(page.url()).search).toBe('');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await labState<unknown>(page, 'imported.sphere')).toBeUndefined();
  await expect(page.locator('.notice').filter({ hasText: 'Restored' })).toHaveCount(0);
});

// Each kind of damage (bad JSON, another version, wrong shapes, NaN) and its message: app/state/persistence.test.ts.
// Here, one of them end to end: the notice on the page, defaults, the lab computing, the bad entries gone.
test('corrupt stored state (NaN) is discarded with a notice; the page works', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}`);
  await page.evaluate(
    (kv) => {
      for (const [k, v] of Object.entries(kv)) localStorage.setItem(k, v);
    },
    {
      [SETTINGS_KEY]: '{"version":1,"query":"split=NaN"}',
      [DATA_KEY]:
        '{"version":1,"workspaces":{"sphere":{"fileName":"a.csv","csv":"t,y1,y2,y3\\n0,1,0,0\\n1,NaN,1,0\\n2,0,0,1\\n"}}}',
    },
  );
  // (stored settings are read, and checked, even when the link's settings win)
  await page.goto(`/?${FAST}`);
  const notice = page.locator('.notice').filter({ hasText: 'could not be restored and was discarded' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    /"split=NaN" is not valid.*a\.csv could not be read back.*row 3.*not a finite number/,
  );
  // defaults and synthetic data; the lab computes as usual
  expect(await labState<number>(page, 'settings.split')).toBe(0.5);
  expect(await labState<unknown>(page, 'imported.sphere')).toBeUndefined();
  await expect(page.getByRole('tab', { name: 'Sphere' })).toBeVisible();
  await waitForRelease(page);
  // the bad entries are gone (the settings now stored are this page's), so the next visit starts clean
  expect(await stored(page, DATA_KEY)).toBeNull();
  await poll(() => stored(page, SETTINGS_KEY)).toBe('{"version":1,"query":"burn=100&m=2&curves=20"}');
  await page.reload();
  await expect(page.locator('.notice').filter({ hasText: 'discarded' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a full storage quota: the lab says the data will not be kept, and works on', async ({ page }) => {
  const errors = watchErrors(page);
  // the browser's own QuotaExceededError for the data key, as when a large file does not fit
  await page.addInitScript((key) => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k: string, v: string) {
      if (k === key) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return setItem.call(this, k, v);
    };
  }, DATA_KEY);
  await page.goto(`/?${FAST}`);
  await importSphere(page, 'big.csv');
  await expect(
    page
      .locator('.notice')
      .filter({ hasText: "Your data (big.csv) are too large for this browser's storage" }),
  ).toBeVisible();
  await waitForRelease(page);
  expect(await labState<number>(page, 'release.cells.length')).toBe(2);
  expect(await stored(page, DATA_KEY)).toBeNull();
  await page.reload();
  expect(await labState<unknown>(page, 'imported.sphere')).toBeUndefined();
  expect(errors).toEqual([]);
});
