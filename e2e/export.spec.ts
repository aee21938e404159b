import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import {
  labState,
  letCellsThrough,
  poll,
  showWorkspace,
  waitForImportedRelease,
  waitForRelease,
  watchErrors,
} from './util';

// paper 000's KNG at the paper's sizes: small data sets, short chains (the round trip is the subject)
const FAST = 'notour=1&mech=kng&burn=100&m=2&curves=20';

async function download(page: Page, name: string): Promise<{ file: string; body: Buffer }> {
  const [dl]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  return { file: dl.suggestedFilename(), body: await readFile((await dl.path())!) };
}

/** The non-private fit kept in the store (carried by the release cells). */
async function nonPrivateFit(page: Page): Promise<{ p: number[]; v: number[]; lnMse: number }> {
  const p = await labState<Record<string, number>>(page, 'release.cells.0.pHat');
  const v = await labState<Record<string, number>>(page, 'release.cells.0.vHat');
  return {
    p: Object.values(p),
    v: Object.values(v),
    lnMse: await labState<number>(page, 'release.cells.0.lnNonPrivateMse'),
  };
}

const maxAbsDiff = (a: number[], b: number[]) => {
  expect(a.length).toBe(b.length);
  return Math.max(...a.map((x, i) => Math.abs(x - b[i])));
};

/** Downloads the data of the workspace shown, imports the file again, and checks the fit is the same. */
async function roundTrip(page: Page, workspace: string, format: 'CSV' | 'JSON') {
  await waitForRelease(page);
  const before = await nonPrivateFit(page);
  // the views' copy of the data comes from a job of its own, which can finish after the release
  await poll(() => labState<number>(page, 'generated.data.ys.length')).toBeGreaterThan(0);
  const n = await labState<number>(page, 'generated.data.ys.length');
  const data = await download(page, `Download data as ${format}`);
  expect(data.file).toBe(`dp-lab-${workspace}-data.${format.toLowerCase()}`);
  const text = data.body.toString('utf8');
  if (format === 'CSV') {
    expect(text).toMatch(/^# DP Manifold Lab: data\n/);
    expect(text).toContain('# seed 1');
    expect(text).toContain('burn=100');
  } else {
    const json = JSON.parse(text);
    expect(json.seed).toBe(1);
    expect(json.settings.burnIn).toBe(100);
    expect(json.x).toHaveLength(n);
  }
  await page.getByLabel(/Your data/).setInputFiles({
    name: data.file,
    mimeType: format === 'CSV' ? 'text/csv' : 'application/json',
    buffer: data.body,
  });
  await poll(() => labState<string>(page, `imported.${workspace}.fileName`)).toBe(data.file);
  expect(await labState<number>(page, `imported.${workspace}.ys.length`)).toBe(n);
  await waitForImportedRelease(page, workspace);
  const after = await nonPrivateFit(page);
  // The file holds the data to the last bit or so, so the fit is the same minimum: its MSE agrees to 1e-12;
  // p̂ and v̂ agree to the optimiser's stopping rule (gradient norm < 1e-10, i.e. ~1e-9 in the parameters).
  expect(Math.abs(after.lnMse - before.lnMse)).toBeLessThan(1e-12);
  expect(maxAbsDiff(after.p, before.p)).toBeLessThan(1e-7);
  expect(maxAbsDiff(after.v, before.v)).toBeLessThan(1e-7);
}

const WORKSPACES = ['sphere', 'spd', 'kendall', 'euclidean'];

// one page steps through the workspaces (each imports into its own slot: the others keep their synthetic data)
test(`${WORKSPACES.join(', ')}: the exported data file imports back to the same fit (CSV)`, async ({
  page,
}) => {
  test.setTimeout(WORKSPACES.length * 120_000);
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}&ws=${WORKSPACES[0]}`);
  for (const workspace of WORKSPACES) {
    await showWorkspace(page, workspace);
    await roundTrip(page, workspace, 'CSV');
  }
  expect(errors).toEqual([]);
});

test('spd: the exported JSON data file imports back to the same fit', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/?${FAST}&ws=spd`);
  await roundTrip(page, 'spd', 'JSON');
});

test('fit and private release exports carry the numbers shown, the settings and the seed', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // Releases are paced (`pace=release`, app/compute/pacing.ts), so the test can see the one after Re-generate
  // still running however fast the workers are: each release (m = 2) reaches the page as 2 cells let through.
  // paper 000's release: m footpoints × m shooting vectors, τ from the data
  await page.goto(`/?${FAST}&pace=release`);
  await letCellsThrough(page, 'release', 2);
  await waitForRelease(page);
  const fit = await nonPrivateFit(page);

  const fitCsv = (await download(page, 'Download non-private fit as CSV')).body.toString('utf8');
  const fitLines = fitCsv.trim().split('\n');
  const comments = fitLines.filter((l) => l.startsWith('#')).join('\n');
  expect(comments).toContain('seed 1');
  expect(comments).toContain('settings mech=kng&burn=100&m=2&curves=20');
  expect(comments).toContain('x = (t − 0) / (1 − 0)');
  const [header, row] = fitLines.filter((l) => !l.startsWith('#'));
  expect(header).toBe('mse,lnMse,p1,p2,p3,v1,v2,v3');
  const values = row.split(',').map(Number);
  expect(maxAbsDiff(values.slice(2, 5), fit.p)).toBe(0);
  expect(maxAbsDiff(values.slice(5, 8), fit.v)).toBe(0);
  expect(values[1]).toBe(fit.lnMse);

  const fitJson = JSON.parse(
    (await download(page, 'Download non-private fit as JSON')).body.toString('utf8'),
  );
  expect(fitJson.app).toBe('DP Manifold Lab');
  expect(fitJson.seed).toBe(1);
  expect(fitJson.settings.m).toBe(2);
  expect(fitJson.nonPrivateFit.p).toEqual(fit.p);
  expect(fitJson.covariate).toEqual({ label: 't', min: 0, max: 1 });

  const released = await download(page, 'Download private release as CSV');
  expect(released.file).toBe('dp-lab-sphere-release.csv');
  const lines = released.body.toString('utf8').trim().split('\n');
  expect(lines.filter((l) => l.startsWith('#')).join('\n')).toContain(
    'NOT PRIVATE: the noise was calibrated',
  );
  const table = lines.filter((l) => !l.startsWith('#'));
  expect(table[0]).toBe('footpoint,vector,mse,lnMse,p1,p2,p3,v1,v2,v3');
  expect(table).toHaveLength(1 + 2 * 2); // m footpoints × m shooting vectors
  const firstFootpoint = Object.values(
    await labState<Record<string, number>>(page, 'release.cells.0.footpoints.0'),
  );
  expect(maxAbsDiff(table[1].split(',').slice(4, 7).map(Number), firstFootpoint)).toBe(0);
  expect(table.slice(1).map((r) => r.split(',').slice(0, 2).join(':'))).toEqual(['1:1', '1:2', '2:1', '2:2']);

  const releaseJson = JSON.parse(
    (await download(page, 'Download private release as JSON')).body.toString('utf8'),
  );
  // the privacy statement of what the file holds: 2 footpoints and 4 pairs of paper 000's KNG, not private
  expect(releaseJson.privacy).toMatchObject({ private: false, releases: 4 });
  expect(releaseJson.privacy.statement).toMatch(/^Not private: /);
  expect(releaseJson.pairs).toHaveLength(4);
  expect(Number.isFinite(releaseJson.calibration.sigmaP)).toBe(true);
  expect(releaseJson.pairs[0].p).toEqual(firstFootpoint);
  expect(releaseJson.nonPrivateFit.v).toEqual(fit.v);

  // while a new release is computed, its exports wait (the old numbers would not match the settings)
  await page.getByRole('button', { name: 'Re-generate' }).click();
  await expect(
    page.getByRole('button', { name: 'Download private release as CSV', exact: true }),
  ).toBeDisabled();
  await letCellsThrough(page, 'release', 2);
  await waitForRelease(page);
  await expect(
    page.getByRole('button', { name: 'Download private release as CSV', exact: true }),
  ).toBeEnabled();
  expect(errors).toEqual([]);
});

test('a sampler seed of its own: the same data and fit, other draws; the exports name both seeds', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const firstFootpoint = async () =>
    Object.values(await labState<Record<string, number>>(page, 'release.cells.0.footpoints.0'));
  await page.goto(`/?${FAST}`);
  await waitForRelease(page);
  const fit = await nonPrivateFit(page);
  const draw = await firstFootpoint();
  const field = page.getByTestId('sampler-seed');
  await expect(field).toHaveValue('');
  await expect(field).toHaveAttribute('placeholder', 'same as data seed');

  await page.goto(`/?${FAST}&sseed=5`);
  await waitForRelease(page);
  await expect(field).toHaveValue('5');
  expect(await nonPrivateFit(page)).toEqual(fit);
  expect(await firstFootpoint()).not.toEqual(draw);
  const json = JSON.parse((await download(page, 'Download private release as JSON')).body.toString('utf8'));
  expect(json).toMatchObject({ seed: 1, samplerSeed: 5 });
  expect(json.cliCommand).toContain('--seed 1 --sampler-seed 5');
  const csv = (await download(page, 'Download private release as CSV')).body.toString('utf8');
  expect(csv).toContain('\n# seed 1\n# sampler seed 5\n');

  // emptied, the field gives the samplers the data seed again
  await field.fill('');
  await field.press('Tab');
  await poll(() => labState<number | null>(page, 'settings.samplerSeed')).toBeNull();
  await expect(page).not.toHaveURL(/sseed=/);
  expect(errors).toEqual([]);
});
