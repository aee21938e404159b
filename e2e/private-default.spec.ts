import { expect, test } from '@playwright/test';
import { labState, waitForRelease, watchErrors } from './util';

test('the sphere opens on a release private for any data; the paper’s setting, one click away, reads not private', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await waitForRelease(page);
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveClass(/is-private/);
  await expect(badge).toContainText('private for any data');
  await expect(page.getByTestId('release-status')).toContainText('10 draws (p̃, ṽ), each one release');
  // the badge opens the release's full statement: ε, δ, the assumptions and what publishing all 10 costs
  await expect(badge).toHaveAttribute('aria-expanded', 'false');
  await badge.click();
  await expect(badge).toHaveAttribute('aria-expanded', 'true');
  const statement = page.getByTestId('privacy-statement');
  await expect(statement.getByTestId('privacy-epsilon')).toHaveText('1');
  await expect(statement.getByTestId('privacy-delta')).toContainText('not certified');
  await expect(statement.getByTestId('privacy-total')).toHaveText('total ε = 10');
  await expect(statement.locator('li[data-holds="holds"]').first()).toContainText('holds for these data');
  expect(await labState<number>(page, 'settings.n')).toBe(300);
  // the assumptions are stated where the release is set
  await expect(page.getByTestId('joint-assumptions')).toContainText('residual clip c = 0.1');

  await page.getByTestId('mechanism').selectOption('kng');
  await expect(page).toHaveURL(/mech=kng(&|$)/);
  await waitForRelease(page);
  await expect(badge).toHaveClass(/not-private/);
  await expect(badge).toHaveText('⚠ not private');
  // the open statement follows the release: paper 000's 10 × 10 pairs, an assumption the data break
  await expect(statement.getByTestId('privacy-releases')).toHaveText('100');
  await expect(statement.locator('li[data-holds="fails"]').first()).toContainText(
    'does not hold for these data',
  );
  await expect(page.getByLabel('residual bound τ')).toBeVisible();
  expect(errors).toEqual([]);
});

test('SPD(2) opens on the release private for any data at n = 1000; below that size the lab says it is noise', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto('/?m=2&curves=300');
  await page.getByRole('tab', { name: /SPD\(2\)/ }).click();
  expect(await labState<number>(page, 'settings.n')).toBe(1000);
  expect(await labState<string>(page, 'settings.mechanism')).toBe('kng-joint');
  await waitForRelease(page, 150_000);
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveClass(/is-private/);
  await expect(badge).toContainText('private for any data');
  await expect(page.getByTestId('joint-assumptions')).toContainText(
    'responses within distance 3 of the identity',
  );
  await expect(page.getByTestId('joint-size-hint')).toHaveCount(0);
  // the paper's size: the lab says the release is noise there and offers the size where it pays
  await page.getByTestId('n').fill('50');
  await page.getByTestId('n').blur();
  const hint = page.getByTestId('joint-size-hint');
  await expect(hint).toContainText('At n = 50 this release is mostly noise here');
  await hint.getByRole('button', { name: 'Use n = 1000' }).click();
  expect(await labState<number>(page, 'settings.n')).toBe(1000);
  await expect(hint).toHaveCount(0);
  // paper 000's KNG, one click away, reads not private
  await page.getByTestId('mechanism').selectOption('kng');
  await waitForRelease(page, 150_000);
  await expect(badge).toHaveClass(/not-private/);
  expect(errors).toEqual([]);
});

test('shapes open on the release private for any data at n = 2000 with 8 landmarks; more landmarks, the lab says it is noise', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto('/?m=2&curves=50');
  await page.getByRole('tab', { name: /Shapes/ }).click();
  expect(await labState<number>(page, 'settings.n')).toBe(2000);
  expect(await labState<number>(page, 'settings.landmarks')).toBe(8);
  await waitForRelease(page, 150_000);
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveClass(/is-private/);
  await expect(page.getByTestId('joint-size-hint')).toHaveCount(0);
  await expect(page.getByTestId('morph-private')).toHaveCount(1);
  // the dimension caption speaks of this release, not of paper 000's d·σ_p
  await expect(page.getByTestId('landmark-caption')).toContainText(
    'a private footpoint’s noise grows with d',
  );
  // the outlines' 50 landmarks: 96 dimensions, noise at every n the lab offers
  await page.goto('/?ws=kendall&lmk=50&m=2&curves=50');
  const hint = page.getByTestId('joint-size-hint');
  await expect(hint).toContainText('At n = 2000 with 50 landmarks this release is mostly noise here');
  await hint.getByRole('button', { name: 'Use n = 2000, 8 landmarks' }).click();
  expect(await labState<number>(page, 'settings.landmarks')).toBe(8);
  await expect(hint).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('error against n: the joint release is noise at small n and near the fit at large n, read off the plot', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // two draws per size keep the computation small
  await page.goto('/?m=2&eps=2');
  await page.getByRole('button', { name: 'Compute error against n' }).click();
  const verdict = page.getByTestId('sizes-verdict');
  await expect(verdict).toContainText(/At n = 50 its mean error is about [\d,]+× the non-private one/, {
    timeout: 120_000,
  });
  await expect(page.getByRole('progressbar', { name: 'Error against n progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Done/,
    { timeout: 120_000 },
  );
  const plot = page.getByTestId('sizes-plot');
  for (const id of ['joint-mean', 'joint-median', 'paper', 'nonprivate'])
    await expect(plot.locator(`[data-series="${id}"] path[data-n]`)).toHaveCount(7);
  // the caption is computed from the plotted numbers: where it says privacy pays, the curves agree
  const y = async (id: string, n: number) =>
    Number(await plot.locator(`[data-series="${id}"] path[data-n="${n}"]`).getAttribute('data-y'));
  const text = (await verdict.textContent()) ?? '';
  const from = /From n = (\d+) on/.exec(text);
  if (from)
    expect(
      (await y('joint-mean', Number(from[1]))) - (await y('nonprivate', Number(from[1]))),
    ).toBeLessThanOrEqual(0.5);
  expect((await y('joint-mean', 50)) - (await y('nonprivate', 50))).toBeGreaterThan(0.5);
  expect(errors).toEqual([]);
});

test('the Audit tab attacks the release private for any data and finds it consistent with its ε', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.goto('/?n=100&m=2&plot=audit&an=200&amech=kng-joint');
  await page.getByTestId('audit-run').click();
  await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Done/,
    { timeout: 240_000 },
  );
  await expect(page.getByTestId('audit-verdict')).toContainText(/consistent with ε = 1/i);
  expect(Number(await page.getByTestId('audit-claimed').getAttribute('data-value'))).toBeCloseTo(1, 6);
  await expect(page.getByTestId('audit-not-private')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('Diagnostics of the joint release: one joint chain per draw from a public start, its trace and acceptance', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/?m=3&plot=diagnostics');
  await waitForRelease(page);
  const panel = page.locator('#plot-tabpanel');
  await expect(panel).toContainText('started at a public point');
  await expect(panel).not.toContainText('started at the non-private fit');
  await expect(page.getByTestId('trace-joint-plot').locator('path.trace-line')).toHaveCount(3);
  await expect(page.getByTestId('trace-shooting-plot')).toHaveCount(0);
  const table = page.getByTestId('diagnostics-table');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText('joint (p, v)');
  await expect(panel).toContainText('from the public clip c = 0.100');
  await expect(panel).not.toContainText('NaN');
  await expect(page.getByTestId('escaped-chains')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the start check runs chains from the public start and from the fit and says whether they agree', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/?m=3&plot=diagnostics');
  await page.getByRole('button', { name: 'Check the start' }).click();
  await expect(page.getByTestId('start-verdict')).toContainText(/KS p = [\d.]+/, { timeout: 120_000 });
  await expect(page.getByTestId('start-verdict')).toContainText('3 + 3 chains');
  expect(errors).toEqual([]);
});
