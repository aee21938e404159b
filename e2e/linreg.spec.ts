import { expect, test } from '@playwright/test';
import { labState, poll, watchErrors } from './util';

// Small sampler settings keep the regression jobs short; the comparison has its own fixed size.
const FAST = 'burn=200&m=3&curves=20';
const PRIVATE = ['dpgr', 'ssp', 'dpsgd'];

test('Euclidean workspace: DPGR vs SSP vs DP-SGD — lines over the scatter and MSE against ε per method', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1600, height: 1100 });
  await page.goto(`/?${FAST}`);
  await page.getByRole('tab', { name: /Euclidean/ }).click();
  await expect(page.getByRole('tab', { name: /Euclidean/ })).toHaveAttribute('aria-selected', 'true');
  const section = page.getByTestId('linreg-comparison');
  await expect(section.getByRole('heading', { name: /standard DP linear regression/ })).toBeVisible();
  await poll(() => labState<string>(page, 'linreg.status'), { timeout: 90_000 }).toBe('done');

  // The MSE plot has a curve with a marker per ε for every private method, and the non-private line.
  const plot = page.getByTestId('linreg-mse-plot');
  const rows = await labState<{ eps: number }[]>(page, 'linreg.rows');
  const grid = new Set(rows.map((r) => r.eps));
  expect(grid.size).toBeGreaterThanOrEqual(7);
  for (const m of PRIVATE) {
    const g = plot.locator(`g[data-method="${m}"]`);
    await expect(g).toHaveCount(1);
    await expect(g.locator('path[data-point]')).toHaveCount(grid.size);
  }
  await expect(plot.locator('[data-method="nonprivate"]')).toHaveCount(1);
  await expect(plot.getByTestId('linreg-current-eps')).toHaveCount(1);

  // Over the scatter: each method's lines with its own dash pattern and marker, and the solid OLS line.
  const scatter = section.getByTestId('linreg-scatter');
  await expect(scatter.getByTestId('nonprivate-line')).toHaveCount(1);
  const dashes = new Set<string | null>();
  for (const m of PRIVATE) {
    const lines = scatter.locator(`line[data-role="series-${m}"]`);
    expect(await lines.count()).toBeGreaterThan(0);
    dashes.add(await lines.first().getAttribute('stroke-dasharray'));
    await expect(scatter.locator(`g[data-series="${m}"] path`)).not.toHaveCount(0);
  }
  expect(dashes.size).toBe(3); // distinguishable without colour
  expect(dashes.has(null)).toBe(false);

  // The table names every method with its MSE; the data-driven τ and bounds are flagged.
  const legend = section.getByTestId('linreg-legend');
  for (const m of ['nonprivate', ...PRIVATE])
    await expect(legend.locator(`tr[data-method="${m}"] td`).first()).toHaveText(/^\d/);
  await expect(section.getByText('not private').first()).toBeVisible();

  // Moving ε reruns the comparison, and the rule follows.
  const before = await plot.getByTestId('linreg-current-eps').getAttribute('x1');
  await page.evaluate(() =>
    (window as unknown as { __dpLab: { getState(): { set(p: object): void } } }).__dpLab
      .getState()
      .set({ eps: 4 }),
  );
  await poll(() => plot.getByTestId('linreg-current-eps').getAttribute('x1'), { timeout: 30_000 }).not.toBe(
    before,
  );
  await poll(() => labState<string>(page, 'linreg.status'), { timeout: 60_000 }).toBe('done');

  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: test.info().outputPath('linreg-comparison.png') });
  expect(errors).toEqual([]);
});
