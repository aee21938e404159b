/**
 * The Fréchet-mean workspace with the user's own points and paper 004's sensitivity figure
 * (item 7), against the built app: a lat/lon file and a JSON file of SPD(3) matrices imported through the data
 * zone, a bad file refused with its row and column, the normalise offer, the radius taken from the data
 * (labelled not private) or public, the data download read back by the importer, the points kept over a reload; the sensitivity plot with its
 * points, bound and caption, from the Figures menu. No console errors. Screenshots go to test-output/screenshots/.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { labState, poll, watchErrors } from './util';

const SHOTS = 'test-output/screenshots';
const fixture = (name: string) => ({
  name,
  mimeType: name.endsWith('.json') ? 'application/json' : 'text/csv',
  buffer: readFileSync(new URL(`./fixtures/${name}`, import.meta.url)),
});

async function waitFor(page: Page, job: 'frechetView' | 'frechetEps' | 'frechetSens', timeout = 90_000) {
  await poll(() => labState<string>(page, `${job}.status`), { timeout }).toBe('done');
}

test('own sphere points: imported, bad file refused with its row and column, radius from the data or public, downloaded and read back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto('/?notour=1&ws=frechet&mechs=rl,ambient');
  await waitFor(page, 'frechetView');
  const input = page.getByLabel(/Your points/);
  await expect(page.getByTestId('points-format')).toContainText('latitude and longitude in degrees');

  await input.setInputFiles(fixture('frechet-directions-latlon.csv'));
  await poll(() => labState<number>(page, 'imported.frechet.ys.length')).toBe(30);
  await expect(page.getByTestId('frechet-own-data')).toContainText(
    'Using frechet-directions-latlon.csv (30 points, read as latitude and longitude in degrees)',
  );
  await expect(page.locator('.notice').filter({ hasText: 'ignored column "id"' })).toBeVisible();
  await expect(page.getByTestId('frechet-description')).toContainText(
    'Your 30 points from frechet-directions-latlon.csv',
  );
  await waitFor(page, 'frechetView');
  // the default radius comes from the data: shown, and every release is labelled not private
  await expect(page.getByTestId('frechet-data-radius')).toContainText(/r = 0\.\d{4} from your data/);
  const legend = page.getByTestId('frechet-legend');
  await expect(legend.locator('[data-mechanism="rl"]')).toContainText('not private');
  await expect(page.getByTestId('frechet-status')).toContainText('Private releases done: 80');
  await waitFor(page, 'frechetEps');
  await expect(page.getByTestId('frechet-plot-eps')).toBeVisible();
  expect(await labState<number>(page, 'frechetEps.rows.0.n')).toBe(30);
  await page.screenshot({ path: `${SHOTS}/frechet-import-sphere.png`, fullPage: true });

  // a public r: private releases; r smaller than the data's spread is warned about
  await page.getByTestId('frechet-radius-mode').selectOption('public');
  await page.getByTestId('frechet-radius').fill('0.3');
  await poll(() => labState<number>(page, 'settings.radius')).toBe(0.3);
  await waitFor(page, 'frechetView');
  await expect(legend.locator('[data-mechanism="rl"]')).toContainText('✓ private');
  await expect(page.getByTestId('frechet-radius-warning')).toHaveCount(0);
  await page.getByTestId('frechet-radius').fill('0.05');
  await expect(page.getByTestId('frechet-radius-warning')).toContainText('farther than the public r = 0.05');

  // a bad file: refused with the place named, the imported points unchanged
  await input.setInputFiles(fixture('frechet-bad.csv'));
  await expect(page.getByTestId('import-error')).toContainText(
    'frechet-bad.csv, row 6, column "y": "abc" is not a number',
  );
  expect(await labState<string>(page, 'imported.frechet.fileName')).toBe('frechet-directions-latlon.csv');

  // points off the sphere: the offer to normalise, then the import
  await input.setInputFiles(fixture('frechet-offsphere.csv'));
  const offer = page.getByRole('alert', { name: 'Points off the unit sphere' });
  await expect(offer).toContainText('row 3: the point (0.963477, 0.229879, -0.24345) has length 1.02');
  await offer.getByRole('button', { name: 'Normalise and import' }).click();
  await poll(() => labState<string>(page, 'imported.frechet.fileName')).toBe('frechet-offsphere.csv');
  expect(await labState<number>(page, 'imported.frechet.ys.length')).toBe(12);

  // the download is in the points format: importing it again gives the same points
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download data as CSV' }).click(),
  ]);
  const csv = readFileSync(await download.path()).toString('utf8');
  expect(csv).toMatch(/\nx,y,z\n/);
  const before = await labState<Record<string, number>[]>(page, 'imported.frechet.ys');
  await input.setInputFiles({ name: 'again.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await poll(() => labState<string>(page, 'imported.frechet.fileName')).toBe('again.csv');
  const after = await labState<Record<string, number>[]>(page, 'imported.frechet.ys');
  after.forEach((p, i) => [0, 1, 2].forEach((j) => expect(p[j]).toBeCloseTo(before[i][j], 14)));

  await page.getByRole('button', { name: 'Back to synthetic data' }).click();
  await expect(page.getByTestId('frechet-description')).toContainText('synthetic points');
  expect(errors).toEqual([]);
});

test('own SPD(3) matrices from a JSON array: not drawn as ellipses, errors and the ε plot from the user’s data', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto('/?notour=1&ws=frechet&fspace=spd&mechs=rl,tg,extg');
  await waitFor(page, 'frechetView');
  await page.getByLabel(/Your points/).setInputFiles(fixture('frechet-spd3.json'));
  await poll(() => labState<number>(page, 'imported.frechet.points.k')).toBe(3);
  await expect(page.getByTestId('frechet-own-data')).toContainText(
    '20 points, 3×3 matrices, read as matrices',
  );
  await expect(page.locator('#frechet-title')).toHaveText('Private Fréchet means of SPD(3) matrices');
  await waitFor(page, 'frechetView');
  await expect(page.getByTestId('frechet-spd-undrawn')).toContainText('3×3 matrices');
  await expect(page.getByTestId('frechet-spd-undrawn').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('frechet-k-note')).toBeVisible();
  await waitFor(page, 'frechetEps');
  expect(await labState<number>(page, 'frechetEps.rows.0.k')).toBe(3);
  await expect(page.locator('[data-testid="frechet-plot-eps"] .frechet-series path').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/frechet-import-spd3.png`, fullPage: true });
  // the points are kept in this browser: a reload brings them back, read again by the points importer
  const before = await labState<Record<string, number>[]>(page, 'imported.frechet.ys');
  await page.reload();
  await poll(() => labState<number>(page, 'imported.frechet.points.k')).toBe(3);
  await expect(page.getByTestId('frechet-own-data')).toContainText(
    'frechet-spd3.json (20 points, 3×3 matrices, read as matrices',
  );
  await expect(page.locator('.notice').filter({ hasText: 'Restored' })).toContainText(
    'your data from frechet-spd3.json',
  );
  const after = await labState<Record<string, number>[]>(page, 'imported.frechet.ys');
  after.forEach((p, i) => Object.keys(before[i]).forEach((j) => expect(p[j]).toBeCloseTo(before[i][j], 14)));
  expect(errors).toEqual([]);
});

test('004 Fig. 1 sensitivity: the preset shows every adjacent pair against the bound, with a true caption', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('/?notour=1&ws=frechet');
  await page.locator('#figures-button').click();
  await page.locator('.figures-list button[data-preset="p004fig1-sensitivity"]').click();
  await poll(() => labState<string>(page, 'settings.plotTab')).toBe('sensitivity');
  await expect(page.getByRole('tab', { name: 'Sensitivity (004)' })).toHaveAttribute('aria-selected', 'true');
  // the preset's radius has reached the job (a job for the settings before it may have finished first)
  await expect(page.getByTestId('frechet-sensitivity-caption')).toContainText('r = 0.3927');
  const plot = page.getByTestId('frechet-plot-sensitivity');
  await expect(plot.locator('.frechet-sensitivity-pairs circle')).toHaveCount(100);
  await expect(plot.getByTestId('frechet-sensitivity-bound')).toBeVisible();
  // every dot is below the bound at its n (what the caption then says): the finished job's 100 cells
  const finished = async () =>
    (await labState<string>(page, 'frechetSens.status')) === 'done'
      ? ((await labState<({ empirical: number; bound: number } | null)[]>(page, 'frechetSens.cells')) ?? [])
      : [];
  // the cells of the one read that saw the job done (a second read could race a rerun of the job)
  let cells: { empirical: number; bound: number }[] = [];
  await poll(
    async () => {
      cells = (await finished()).filter((c) => c !== null);
      return cells.length;
    },
    { timeout: 90_000 },
  ).toBe(100);
  expect(cells).toHaveLength(100);
  expect(cells.filter((c) => !(c.empirical <= c.bound))).toEqual([]);
  await expect(page.getByTestId('frechet-sensitivity-caption')).toContainText(
    'Here all 100 pairs lie within the bound.',
  );
  await expect(page.getByTestId('frechet-sensitivity-caption')).toContainText('r = 0.3927');
  await expect(page.getByTestId('figure-caption')).toContainText('how far apart are the means');
  await page.screenshot({ path: `${SHOTS}/frechet-sensitivity.png`, fullPage: true });
  // a new seed reruns it after the view; moving ε meanwhile restarts the view on the shared worker, and the
  // sensitivity job still completes, with the new seed's pairs
  await page.getByTestId('seed').fill('2');
  await page.getByTestId('eps').focus();
  await page.keyboard.press('ArrowLeft');
  await poll(() => labState<number>(page, 'settings.seed')).toBe(2);
  // (the old pairs stay 'done' until the debounced settings check starts the new job: wait for the new ones)
  await poll(() => labState<number>(page, 'frechetSens.cells.0.empirical'), { timeout: 90_000 }).not.toBe(
    cells[0].empirical,
  );
  await waitFor(page, 'frechetSens');
  await waitFor(page, 'frechetView');
  const again = await labState<{ empirical: number }[]>(page, 'frechetSens.cells');
  expect(again).toHaveLength(100);
  expect(again[0].empirical).not.toBe(cells[0].empirical);
  // the tabs go back to the error plot with the keyboard
  await page.getByRole('tab', { name: 'Sensitivity (004)' }).focus();
  await page.keyboard.press('ArrowLeft');
  await poll(() => labState<string>(page, 'settings.plotTab')).toBe('mse');
  await expect(page.getByTestId('frechet-plot-eps')).toBeVisible();
  expect(errors).toEqual([]);
});
