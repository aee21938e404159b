import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import {
  labState,
  letCellsThrough,
  poll,
  stopPacing,
  waitForRelease,
  waitForSweep,
  watchErrors,
} from './util';

/** Small sampler settings and two curves keep the sweep (2 panels × 10 budgets × 2 n × 3 groups) quick. */
// paper 000's release (its data-driven τ note, m × m pairs, chain traces) on small sweeps
const FAST = 'mech=kng&burn=200&m=3&curves=20,50';
const SHOTS = 'test-output/screenshots';

async function download(page: Page, button: Locator): Promise<{ name: string; body: Buffer }> {
  const [dl]: [Download, void] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await dl.path();
  return { name: dl.suggestedFilename(), body: await readFile(path) };
}

const plots = (page: Page) => page.getByRole('region', { name: 'Plots' });

test('the MSE plots fill in, follow the split slider and export SVG, PNG, CSV and JSON', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  // Paced: the sweep's cells reach the page only as the test lets them through (pacing.ts), so the
  // intermediate state is seen on any machine, however fast its workers.
  await page.goto(`/?${FAST}&pace=sweep`);
  const progress = page.getByRole('progressbar', { name: 'MSE sweep progress' });
  await expect(progress).toBeVisible();
  const unequal = page.getByTestId('mse-plot-unequal');
  const equal = page.getByTestId('mse-plot-equal');

  // Curves fill in while the sweep runs: cells are let through one at a time until the first point shows …
  let passed = 0;
  while ((await unequal.locator('path.mse-point').count()) === 0) {
    expect(passed).toBeLessThan(120);
    await letCellsThrough(page, 'sweep', 1);
    passed++;
    // (the workers may still be computing that cell: wait for it as long as a loaded machine needs)
    await expect(progress).toHaveAttribute('aria-valuenow', String(passed), { timeout: 60_000 });
  }
  // … while the progress bar is part way and the sweep still running …
  expect(passed).toBeLessThan(120);
  expect(await unequal.locator('path.mse-point').count()).toBeLessThan(20);
  expect(await labState<string>(page, 'sweep.status')).toBe('running');
  await stopPacing(page, 'sweep');
  // … and the progress bar reaches done = total.
  await waitForSweep(page);
  await expect(unequal.locator('path.mse-curve')).toHaveCount(2);
  await expect(progress).toHaveAttribute('aria-valuenow', '120');
  await expect(progress).toHaveAttribute('aria-valuemax', '120');
  await expect(equal.locator('path.mse-curve')).toHaveCount(2);
  await expect(unequal.locator('path.mse-point')).toHaveCount(20);
  await expect(unequal.locator('line.mse-nonprivate')).toHaveCount(2);
  // The data-driven τ note is shown, and nothing in the column reads NaN.
  await expect(plots(page).getByText('not private', { exact: false }).first()).toBeVisible();
  await expect(plots(page)).not.toContainText('NaN');

  // The current release's marker; the split slider moves it (keyboard only).
  await waitForRelease(page);
  const marker = page.getByTestId('current-marker-unequal');
  const rule = page.getByTestId('current-rule-unequal');
  await expect(marker).toBeVisible();
  const before = Number(await marker.getAttribute('data-value'));
  const ruleBefore = Number(await rule.getAttribute('data-x'));
  expect(Number.isFinite(before)).toBe(true);
  const readout = page.getByTestId('current-readout-unequal');
  const readoutBefore = await readout.textContent();

  const split = page.getByTestId('split');
  await split.focus();
  for (let i = 0; i < 25; i++) await split.press('ArrowRight');
  await poll(() => labState<number>(page, 'settings.split')).toBeCloseTo(0.75, 5);
  await poll(async () => Number(await rule.getAttribute('data-x'))).toBeCloseTo(0.75, 5);
  expect(ruleBefore).toBeCloseTo(0.5, 5);
  await waitForRelease(page);
  await poll(async () => Number(await marker.getAttribute('data-value'))).not.toBeCloseTo(before, 6);
  const after = Number(await marker.getAttribute('data-value'));
  expect(Number.isFinite(after)).toBe(true);
  await expect(readout).not.toHaveText(readoutBefore ?? '');

  // A changed split leaves the sweep alone (same total), so the curves stay.
  await expect(unequal.locator('path.mse-curve')).toHaveCount(2);

  // Hover and keyboard focus show the values.
  await unequal.locator('path.mse-point').nth(3).hover({ force: true });
  const tip = plots(page).locator('.plot-tooltip');
  await expect(tip).toContainText('ln mean MSE');
  await expect(tip).toContainText('non-private ln MSE');
  await expect(tip).toContainText('acceptance');
  await page.mouse.move(0, 0);
  await unequal.locator('path.mse-point[tabindex="0"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tip).toContainText('n = 20');
  await expect(unequal.locator('path.mse-point:focus')).toHaveCount(1);
  await page.keyboard.press('Escape');

  await plots(page).screenshot({ path: `${SHOTS}/plots-mse.png` });
  await page.screenshot({ path: `${SHOTS}/plots-mse-page.png`, fullPage: true });

  // Exports.
  const svg = await download(
    page,
    page.getByRole('button', { name: /^Download ln mean MSE vs budget split.* as SVG$/ }),
  );
  expect(svg.name).toBe('dp-lab-sphere-mse-split.svg');
  const svgText = svg.body.toString('utf8');
  expect(svgText.startsWith('<?xml')).toBe(true);
  expect(svgText).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svgText).toContain('n = 20');
  expect(svgText).toContain('n = 50');
  expect(svgText).toContain('ln mean MSE');
  expect(svgText).not.toContain('NaN');
  expect((svgText.match(/<path/g) ?? []).length).toBeGreaterThan(20);
  // for a paper: a font found everywhere, and no interface state (current release, current-ε rule) unless asked
  expect(svgText).toContain('font-family="Helvetica, Arial');
  expect(svgText).not.toContain('system-ui');
  expect(svgText).not.toContain('data-ui="state"');
  expect(svgText).not.toContain('current-rule-unequal');
  await page.getByRole('checkbox', { name: /^Export ln mean MSE vs budget split.* with markers$/ }).check();
  const marked = await download(
    page,
    page.getByRole('button', { name: /^Download ln mean MSE vs budget split.* as SVG$/ }),
  );
  expect(marked.body.toString('utf8')).toContain('data-testid="current-rule-unequal"');

  const png = await download(
    page,
    page.getByRole('button', { name: /^Download ln mean MSE vs total ε.* as PNG$/ }),
  );
  expect(png.name).toBe('dp-lab-sphere-mse-total.png');
  expect(png.body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.body.length).toBeGreaterThan(5_000);
  await writeFile(`${SHOTS}/export-mse-total.png`, png.body);
  // IHDR: print resolution, 4× the on-screen size and at least 2000 px wide; pHYs: the dpi that keeps that size
  const pngWidth = png.body.readUInt32BE(16);
  const shownWidth = await equal.evaluate((el) => Math.round(el.getBoundingClientRect().width));
  expect(Math.abs(pngWidth - Math.max(4, 2000 / shownWidth) * shownWidth)).toBeLessThanOrEqual(2);
  const phys = png.body.indexOf('pHYs');
  expect(phys).toBeGreaterThan(0);
  const dpi = png.body.readUInt32BE(phys + 4) * 0.0254;
  expect(Math.abs(dpi - (96 * pngWidth) / shownWidth)).toBeLessThan(1);
  expect(dpi).toBeGreaterThanOrEqual(300);

  const csv = await download(page, page.getByRole('button', { name: 'Download MSE sweep results as CSV' }));
  expect(csv.name).toBe('dp-lab-sphere-mse.csv');
  const lines = csv.body.toString('utf8').trim().split('\n');
  const comments = lines.filter((l) => l.startsWith('#'));
  expect(comments.join('\n')).toContain('seed 1');
  expect(comments.join('\n')).toContain('burn=200');
  const table = lines.filter((l) => !l.startsWith('#'));
  const header = table[0].split(',');
  expect(header).toEqual(
    expect.arrayContaining(['split', 'n', 'epsP', 'epsV', 'lnMeanMse', 'lnNonPrivateMse']),
  );
  expect(table.length - 1).toBe(40);
  const col = header.indexOf('lnMeanMse');
  for (const row of table.slice(1)) expect(Number.isFinite(Number(row.split(',')[col]))).toBe(true);
  expect(csv.body.toString('utf8')).not.toContain('NaN');

  const json = await download(page, page.getByRole('button', { name: 'Download MSE sweep results as JSON' }));
  expect(json.name).toBe('dp-lab-sphere-mse.json');
  const data = JSON.parse(json.body.toString('utf8'));
  expect(data.app).toBe('DP Manifold Lab');
  expect(data.seed).toBe(1);
  expect(data.settings.burnIn).toBe(200);
  expect(data.settings.m).toBe(3);
  expect(data.settings.split).toBeCloseTo(0.75, 5);
  expect(data.settings.curves).toEqual([20, 50]);
  expect(data.rows).toHaveLength(40);
  expect(data.sweep.budgets.unequalTotal).toBe(1);
  expect(Number.isFinite(data.currentRelease.lnMeanMse)).toBe(true);

  expect(errors).toEqual([]);
});

test('plot tabs work with the keyboard; diagnostics show traces and acceptance', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}`);
  const mseTab = page.getByRole('tab', { name: 'MSE', exact: true });
  await expect(mseTab).toHaveAttribute('aria-selected', 'true');
  await mseTab.focus();
  await page.keyboard.press('ArrowRight');
  const diagTab = page.getByRole('tab', { name: 'Diagnostics' });
  await expect(diagTab).toHaveAttribute('aria-selected', 'true');
  await expect(diagTab).toBeFocused();
  await poll(() => labState<string>(page, 'settings.plotTab')).toBe('diagnostics');
  await expect(page).toHaveURL(/plot=diagnostics/);

  await waitForRelease(page);
  // m = 3: 3 footpoint chains, 9 shooting chains, each with a trace.
  await expect(page.getByTestId('trace-footpoint-plot').locator('path.trace-line')).toHaveCount(3);
  await expect(page.getByTestId('trace-shooting-plot').locator('path.trace-line')).toHaveCount(9);
  const table = page.getByTestId('diagnostics-table');
  await expect(table).toContainText('footpoint');
  await expect(table.locator('tbody tr').first().locator('td').nth(0)).toHaveText('3');
  await expect(page.getByTestId('escaped-chains')).toContainText('Escaped shooting chains: 0');
  // the workers run the WebAssembly build of the sphere kernel (not its JavaScript fallback)
  await expect(page.getByTestId('gradient-kernel')).toHaveText('Gradient kernel: WebAssembly SIMD.');
  await expect(plots(page)).not.toContainText('NaN');
  await plots(page).screenshot({ path: `${SHOTS}/plots-diagnostics.png` });

  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Histograms' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expect(mseTab).toHaveAttribute('aria-selected', 'true');
  expect(errors).toEqual([]);
});

test('the workers run the WebAssembly kernels on SPD(2) and shape space too', async ({ page }) => {
  const errors = watchErrors(page);
  for (const ws of ['spd', 'kendall']) {
    await page.goto(`/?${FAST}&ws=${ws}&plot=diagnostics`);
    await waitForRelease(page);
    await expect(page.getByTestId('gradient-kernel')).toHaveText('Gradient kernel: WebAssembly SIMD.');
  }
  expect(errors).toEqual([]);
});

test('the sensitivity check runs and finds every ratio ≥ 1', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}&plot=sensitivity`);
  const run = page.getByRole('button', { name: 'Run sensitivity check' });
  await run.click();
  const progress = page.getByRole('progressbar', { name: 'Sensitivity check progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '60', { timeout: 150_000 });
  await poll(() => labState<string>(page, 'sensitivity.status')).toBe('done');
  const verdict = page.getByTestId('sensitivity-verdict');
  await expect(verdict).toContainText('All 120 ratios are ≥ 1');
  const plot = page.getByTestId('sensitivity-plot');
  await expect(plot.locator('g.box rect')).toHaveCount(6);
  await expect(plot.getByTestId('ratio-one-line')).toHaveCount(1);
  await plots(page).screenshot({ path: `${SHOTS}/plots-sensitivity.png` });

  const csv = await download(
    page,
    page.getByRole('button', { name: 'Download sensitivity check results as CSV' }),
  );
  expect(csv.name).toBe('dp-lab-sphere-sensitivity.csv');
  const rows = csv.body
    .toString('utf8')
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('#'));
  const header = rows[0].split(',');
  expect(rows.length - 1).toBe(60);
  for (const r of rows.slice(1)) {
    const f = r.split(',');
    expect(Number(f[header.indexOf('ratioP')])).toBeGreaterThanOrEqual(1);
    expect(Number(f[header.indexOf('ratioV')])).toBeGreaterThanOrEqual(1);
  }
  const svg = await download(
    page,
    page.getByRole('button', { name: /^Download Sensitivity ratios.* as SVG$/ }),
  );
  expect(svg.name).toBe('dp-lab-sphere-sensitivity.svg');
  expect(svg.body.toString('utf8')).toContain('<pattern');
  expect(errors).toEqual([]);
});

test('the Fig. 9 preset link starts the sensitivity check by itself', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}&fig=fig9&plot=sensitivity`);
  await poll(() => labState<string>(page, 'sensitivity.status'), { timeout: 20_000 }).toMatch(/running|done/);
  await expect(page.getByRole('progressbar', { name: 'Sensitivity check progress' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('001 histograms run and show three histograms', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto(`/?${FAST}&plot=histograms`);
  await page.getByRole('button', { name: 'Run histograms (001)' }).click();
  const progress = page.getByRole('progressbar', { name: 'Histogram progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '200', { timeout: 100_000 });
  for (const key of ['footpointDistance', 'angle', 'mae']) {
    await expect(page.getByTestId(`histogram-${key}`).locator('rect.hist-bar').first()).toBeVisible();
  }
  await expect(plots(page)).not.toContainText('NaN');
  await plots(page).screenshot({ path: `${SHOTS}/plots-histograms.png` });
  const json = await download(
    page,
    page.getByRole('button', { name: 'Download 001 histograms results as JSON' }),
  );
  expect(json.name).toBe('dp-lab-sphere-histograms.json');
  const data = JSON.parse(json.body.toString('utf8'));
  expect(data.draws).toHaveLength(200);
  expect(data.spec.n).toBe(20);
  expect(data.spec.kng.epsP).toBe(1);
  expect(data.spec.kng.burnIn).toBe(200);
  expect(errors).toEqual([]);
});
