import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { labState, poll, waitForImportedRelease, waitForRelease, watchErrors } from './util';

const FAST = 'notour=1&burn=100&m=2&curves=20';
const SHOTS = 'test-output/screenshots';

async function choose(page: Page, name: string, text: string | Buffer) {
  await page.getByLabel(/Your data/).setInputFiles({
    name,
    mimeType: name.endsWith('.json') ? 'application/json' : 'text/csv',
    buffer: typeof text === 'string' ? Buffer.from(text) : text,
  });
}

/** Least-squares line of y on x rescaled to [0, 1]: (intercept at x = 0, slope). */
function leastSquares(x: number[], y: number[]): [number, number] {
  const lo = Math.min(...x);
  const span = Math.max(...x) - lo;
  const t = x.map((v) => (v - lo) / span);
  const n = t.length;
  const mt = t.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (t[i] - mt) * (y[i] - my);
    sxx += (t[i] - mt) ** 2;
  }
  const slope = sxy / sxx;
  return [my - slope * mt, slope];
}

test('Euclidean file with a header: choose the covariate and the responses before fitting (red wine)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}&ws=euclidean`);
  await waitForRelease(page);
  const wine = await readFile('e2e/fixtures/winequality-red.csv');
  await choose(page, 'winequality-red.csv', wine);
  const chooser = page.getByRole('form', { name: 'Columns of winequality-red.csv' });
  await expect(chooser).toBeVisible();
  await expect(chooser).toContainText('has 12 columns');
  // nothing is fitted until the user says which columns to use
  expect(await labState<unknown>(page, 'imported.euclidean')).toBeUndefined();
  await chooser.getByLabel('covariate x').selectOption({ label: 'alcohol' });
  const responses = chooser.getByRole('group', { name: /responses/ });
  await expect(responses.getByRole('checkbox')).toHaveCount(11);
  for (const box of await responses.getByRole('checkbox').all()) await box.uncheck();
  await expect(chooser.getByRole('button', { name: 'Fit these columns' })).toBeDisabled();
  await responses.getByLabel('pH', { exact: true }).check();
  await page.screenshot({ path: `${SHOTS}/import-columns.png` });
  await chooser.getByRole('button', { name: 'Fit these columns' }).click();

  await poll(() => labState<string>(page, 'imported.euclidean.xLabel')).toBe('alcohol');
  await expect(chooser).toHaveCount(0);
  expect(await labState<number>(page, 'imported.euclidean.ys.length')).toBe(1599);
  expect(await labState<number>(page, 'imported.euclidean.ys.0.length')).toBe(1);
  expect(await labState<string[]>(page, 'imported.euclidean.yLabels')).toEqual(['pH']);
  expect(await labState<number[]>(page, 'imported.euclidean.xRange')).toEqual([8.4, 14.9]);
  // 240 rows of the table repeat earlier rows: said, and kept
  await expect(page.locator('.notice').filter({ hasText: 'duplicate rows' })).toBeVisible();

  // the non-private fit is the least-squares line of pH on alcohol (Euclidean geodesic regression)
  await waitForImportedRelease(page, 'euclidean');
  const rows = wine
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(';').map(Number));
  const [intercept, slope] = leastSquares(
    rows.map((r) => r[10]),
    rows.map((r) => r[8]),
  );
  expect(await labState<number>(page, 'release.cells.0.pHat.0')).toBeCloseTo(intercept, 6);
  expect(await labState<number>(page, 'release.cells.0.vHat.0')).toBeCloseTo(slope, 6);
  expect(slope).toBeGreaterThan(0.1); // pH rises with alcohol in this table
  expect(errors).toEqual([]);
});

test('a bad choice of columns is refused inline with the row and column; Cancel loads nothing', async ({
  page,
}) => {
  await page.goto(`/?${FAST}&ws=euclidean`);
  await choose(page, 'people.csv', 'name,age,height,weight\nann,30,1.6,55\nbob,40,1.8,80\ncyd,50,1.7,70\n');
  const chooser = page.getByRole('form', { name: 'Columns of people.csv' });
  await expect(chooser).toBeVisible();
  // the default (x = name) cannot be read: the error names the place
  await chooser.getByRole('button', { name: 'Fit these columns' }).click();
  await expect(chooser.getByRole('alert')).toContainText(
    'people.csv, row 2, column "name": "ann" is not a number',
  );
  await chooser.getByLabel('covariate x').selectOption({ label: 'age' });
  await chooser
    .getByRole('group', { name: /responses/ })
    .getByLabel('name')
    .uncheck();
  await expect(chooser.getByRole('alert')).toHaveCount(0);
  await chooser.getByRole('button', { name: 'Cancel' }).click();
  await expect(chooser).toHaveCount(0);
  expect(await labState<unknown>(page, 'imported.euclidean')).toBeUndefined();
  // and the same file with a good choice loads (2 responses)
  await choose(page, 'people.csv', 'name,age,height,weight\nann,30,1.6,55\nbob,40,1.8,80\ncyd,50,1.7,70\n');
  await chooser.getByLabel('covariate x').selectOption({ label: 'age' });
  await chooser
    .getByRole('group', { name: /responses/ })
    .getByLabel('name')
    .uncheck();
  await chooser.getByRole('button', { name: 'Fit these columns' }).click();
  await poll(() => labState<number>(page, 'imported.euclidean.ys.0.length')).toBe(2);
});

test('sphere points off the unit sphere: refused, with an offer to normalise that says how many and by how much', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}`);
  const rows = ['t,x,y,z'];
  for (let i = 0; i < 12; i++) {
    const a = 0.3 + 0.08 * i;
    const len = i % 4 === 0 ? 1.25 : 1; // 3 points (rows 2, 6, 10) are 25 % too long
    rows.push(`${i},${len * Math.cos(a)},${len * Math.sin(a)},0`);
  }
  await choose(page, 'long.csv', rows.join('\n'));
  const offer = page.getByRole('alert', { name: 'Points off the unit sphere' });
  await expect(offer).toContainText('long.csv, row 2: the point');
  await expect(offer).toContainText('has length 1.25, not 1');
  await expect(offer).toContainText('3 points are off the unit sphere');
  await expect(offer).toContainText('off by up to 0.25');
  // the lab's offer is a button: no command-line option in its wording
  await expect(offer).not.toContainText('--normalize');
  await expect(offer).not.toContainText('command line');
  expect(await labState<unknown>(page, 'imported.sphere')).toBeUndefined();
  await page.screenshot({ path: `${SHOTS}/import-normalise.png` });
  await offer.getByRole('button', { name: 'Normalise and import' }).click();
  await poll(() => labState<string>(page, 'imported.sphere.fileName')).toBe('long.csv');
  await expect(offer).toHaveCount(0);
  const y0 = Object.values(await labState<Record<string, number>>(page, 'imported.sphere.ys.0'));
  expect(Math.hypot(...y0)).toBeCloseTo(1, 14);
  await expect(page.locator('.notice').filter({ hasText: '3 points were projected' })).toBeVisible();
  expect(errors).toEqual([]);
});

const BAD: [string, string, string, RegExp][] = [
  ['sphere', 'ragged.csv', 't,x,y,z\n0,1,0,0\n1,0,1\n2,0,0,1\n', /ragged\.csv, row 3: expected 4 columns/],
  ['sphere', 'inf.csv', 't,x,y,z\n0,1,0,0\n1,0,Infinity,0\n2,0,0,1\n', /inf\.csv, row 3, column "y"/],
  [
    'spd',
    'notspd.csv',
    'x,a,b,c\n0,1,0,1\n1,1,2,1\n2,2,0,2\n',
    /notspd\.csv, row 3: the matrix \[\[1, 2\], \[2, 1\]\] is not positive definite/,
  ],
  ['sphere', 'two.csv', 't,x,y,z\n0,1,0,0\n1,0,1,0\n', /two\.csv: only 2 data rows/],
  [
    'sphere',
    'samex.csv',
    't,x,y,z\n5,1,0,0\n5,0,1,0\n5,0,0,1\n',
    /samex\.csv, column "t": all covariates are equal/,
  ],
  ['kendall', 'shapes.json', '[[0, 1, 2, 3]]', /shapes\.json: kendall data need x and 2k landmark/],
];

test('other bad files are refused with the file, row and column in the message', async ({ page }) => {
  await page.goto(`/?${FAST}`);
  for (const [workspace, name, text, message] of BAD) {
    if ((await labState<string>(page, 'settings.workspace')) !== workspace)
      await page
        .getByRole('tab', { name: { sphere: 'Sphere', spd: /SPD/, kendall: /Shapes/ }[workspace]! })
        .click();
    await choose(page, name, text);
    await expect(page.getByTestId('import-error')).toContainText(name);
    await expect(page.getByTestId('import-error')).toContainText(message);
  }
});

test('the layout and a template beside the file box; a sphere file headed x,y,z,age: read by its header names, said so, its name shown as written; a length-20 "point" gets no offer; every broken row is listed', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}`);
  // the layout beside the file box, and a template that imports as it is
  await expect(page.getByTestId('import-layout')).toContainText(
    'the covariate, then the 3 coordinates of a unit vector',
  );
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download a template' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('dp-lab-sphere-template.csv');
  await choose(page, 'template.csv', await readFile(await template.path(), 'utf8'));
  await poll(() => labState<string>(page, 'imported.sphere.fileName')).toBe('template.csv');
  expect(await labState<number>(page, 'imported.sphere.ys.length')).toBe(6);
  // a covariate column named as such, after the coordinates
  const rows = ['x,y,z,age'];
  for (let i = 0; i < 30; i++) {
    const a = 0.2 + 0.05 * i;
    rows.push(`${Math.cos(a)},${Math.sin(a)},0,${30 + i}`);
  }
  await choose(page, 'directions_covlast.csv', rows.join('\n'));
  await poll(() => labState<string>(page, 'imported.sphere.xLabel')).toBe('age');
  await expect(page.getByTestId('imported-covariate')).toHaveText('age');
  await expect(page.getByTestId('imported-responses')).toHaveText('x, y, z');
  // the user's file name as written (it went through the maths markup: "directions" with a subscript "covlast")
  const description = page.locator('.workspace-sphere .view-description');
  await expect(description).toContainText('directions_covlast.csv');
  await expect(description.locator('sub')).toHaveCount(0);

  // the covariate read as a coordinate: lengths near 20 are a wrong column, not points to project
  const wrong = ['t,a,b,c'];
  for (let i = 0; i < 10; i++) wrong.push(`${i},${0.1 * i},0.2,20`);
  await choose(page, 'wrong.csv', wrong.join('\n'));
  await expect(page.getByTestId('import-error')).toContainText('far from 1');
  await expect(page.getByRole('button', { name: 'Normalise and import' })).toHaveCount(0);

  // several broken rows: every one listed in the one message
  await choose(page, 'broken.csv', 't,x,y,z\n0,1,0,0\n1,abc,0,0\n2,0,1,0\n3,0,x,0\n4,0,0,?\n');
  const message = page.getByTestId('import-error');
  await expect(message).toContainText('broken.csv, row 3, column "x": "abc" is not a number');
  await expect(message).toContainText('3 problems in all');
  await expect(message).toContainText('row 5, column "y"');
  await expect(message).toContainText('row 6, column "z"');
  expect(errors).toEqual([]);
});
