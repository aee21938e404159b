/**
 * The Fréchet-mean workspace against the built app: the sphere view with each mechanism's point cloud, the
 * error-vs-ε plot and its marked ε following the slider (and the releases changing with it), the SPD view with
 * ellipses, cone and the error-vs-k plot, legends naming every mechanism, "not private" on Conformal-DP with φ
 * from the data, the keyboard, and the URL round trip. No console errors. Screenshots go to
 * test-output/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { distinctColours, labState, poll, watchErrors } from './util';

const SHOTS = 'test-output/screenshots';
/** The fast mechanisms (Conformal-DP takes seconds per release; it has a test of its own). */
const FAST = 'mechs=rl,tg,extg,ambient';

async function waitFor(page: Page, job: 'frechetView' | 'frechetEps' | 'frechetK', timeout = 90_000) {
  await poll(() => labState<string>(page, `${job}.status`), { timeout }).toBe('done');
}

/** The releases of the view's first cells, as text (to tell whether they changed). */
const firstReleases = (page: Page) =>
  page.evaluate(() => {
    const st = (
      window as unknown as { __dpLab: { getState(): { frechetView: { cells: unknown[] } } } }
    ).__dpLab.getState();
    return JSON.stringify(
      st.frechetView.cells
        .slice(0, 3)
        .map((c) => Array.from((c as { releases: Float64Array[] }).releases[0] ?? [])),
    );
  });

test.describe('Fréchet-mean workspace', () => {
  test('sphere: point clouds, the error-vs-ε plot, and both following the ε slider', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await page.goto(`/?notour=1&ws=frechet&${FAST}`);
    await expect(page.getByRole('tab', { name: 'Fréchet mean' })).toHaveAttribute('aria-selected', 'true');
    const canvas = page.locator('[data-testid="frechet-sphere-canvas"] canvas');
    await expect(canvas).toBeVisible({ timeout: 30_000 }); // the view's script loads on demand
    await waitFor(page, 'frechetView');
    await expect(page.getByTestId('frechet-status')).toContainText('Private releases done: 120');
    // the clouds: every mechanism defined on S² (TG is not) draws its releases, in its own marker shape
    const legend = page.getByTestId('frechet-legend');
    for (const [id, text] of [
      ['rl', 'Riemannian Laplace (squares)'],
      ['extg', 'Extrinsic Gaussian (triangles)'],
      ['ambient', 'Ambient Laplace (crosses)'],
    ]) {
      await expect(legend.locator(`[data-mechanism="${id}"]`)).toContainText(text);
      await expect(legend.locator(`[data-mechanism="${id}"]`)).toContainText('40 releases');
      await expect(legend.locator(`[data-mechanism="${id}"]`)).toContainText('✓ private');
      await expect(
        page.locator(`[data-testid="frechet-closeup"] g[data-mechanism="${id}"] path`),
      ).toHaveCount(40);
    }
    await expect(legend.locator('[data-mechanism="tg"]')).toContainText('SPD matrices only');
    await expect(legend).toContainText('true mean');
    await poll(() => distinctColours(canvas), { timeout: 20_000 }).toBeGreaterThan(20);
    // the error-vs-ε plot: one curve per mechanism, the current ε marked
    await waitFor(page, 'frechetEps');
    const plot = page.getByTestId('frechet-plot-eps');
    for (const id of ['rl', 'extg', 'ambient'])
      await expect(plot.locator(`g.frechet-series[data-mechanism="${id}"] path`)).toHaveCount(11); // line + 10 ε
    const rule = page.getByTestId('frechet-rule-eps');
    await expect(rule).toHaveAttribute('data-x', '1');
    await expect(plot.locator('g.frechet-current')).toHaveCount(3);
    await page.screenshot({ path: `${SHOTS}/frechet-sphere.png`, fullPage: true });

    // move ε with the keyboard (log slider): the rule moves, the releases are redrawn, the ε sweep is kept
    const before = await firstReleases(page);
    const x0 = Number(await rule.getAttribute('x1'));
    await page.getByTestId('eps').focus();
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
    await poll(() => labState<number>(page, 'settings.eps')).toBeCloseTo(0.501, 3);
    await expect(rule).toHaveAttribute('data-x', '0.501');
    expect(Number(await rule.getAttribute('x1'))).toBeLessThan(x0);
    await waitFor(page, 'frechetView');
    expect(await firstReleases(page)).not.toBe(before);
    expect(await labState<string>(page, 'frechetEps.status')).toBe('done');
    // the ring markers of this view's releases sit on the new ε
    const cur = plot.locator('g.frechet-current').first();
    await poll(async () => (await cur.getAttribute('transform')) ?? '').toContain(
      `translate(${await rule.getAttribute('x1')},`,
    );
    expect(errors).toEqual([]);
  });

  test('SPD: ellipses, cone and the error-vs-k plot; legends list each mechanism; TG classical refused at ε ≥ 1', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    await page.goto(`/?notour=1&ws=frechet&${FAST}&n=40&calib=classical`);
    await waitFor(page, 'frechetView');
    // switch to SPD with the control, as a user would
    await page.getByTestId('frechet-space').selectOption('spd');
    await expect(page.locator('[data-testid="frechet-cone"] canvas')).toBeVisible({ timeout: 30_000 });
    await waitFor(page, 'frechetView');
    const legend = page.getByTestId('frechet-legend');
    for (const name of ['Riemannian Laplace', 'Tangent Gaussian', 'Extrinsic Gaussian', 'Ambient Laplace'])
      await expect(legend).toContainText(name);
    // classical calibration at ε = 1: TG is refused, said in words (no NaN anywhere)
    await expect(page.getByTestId('not-applicable-tg')).toContainText('only proven for ε < 1');
    await expect(page.getByTestId('frechet-ellipses').locator('g[data-mechanism="tg"]')).toContainText(
      'not applicable',
    );
    await expect(page.getByTestId('frechet-ellipses').locator('g[data-mechanism="rl"] ellipse')).toHaveCount(
      41,
    );
    await waitFor(page, 'frechetEps');
    await expect(page.getByTestId('frechet-notes-eps')).toContainText(
      'Tangent Gaussian not shown at ε = 1, 2, 5, 10',
    );
    await waitFor(page, 'frechetK', 180_000);
    const kPlot = page.getByTestId('frechet-plot-k');
    for (const id of ['rl', 'ambient'])
      await expect(kPlot.locator(`g.frechet-series[data-mechanism="${id}"] path`)).toHaveCount(8); // line + 7 k
    // both Gaussian mechanisms use the classical calibration: neither applies at ε = 1
    for (const name of ['Tangent Gaussian', 'Extrinsic Gaussian'])
      await expect(page.getByTestId('frechet-notes-k')).toContainText(
        `${name} not shown at k = 2, 5, 10, 15, 20, 25, 30`,
      );
    await expect(kPlot.locator('g.frechet-series[data-mechanism="tg"]')).toHaveCount(0);
    for (const plot of [page.getByTestId('frechet-plot-eps'), kPlot])
      expect(await plot.evaluate((svg) => /NaN/.test(svg.outerHTML))).toBe(false);
    // the plots' legends name every mechanism drawn
    await expect(kPlot.locator('.legend')).toContainText('Riemannian Laplace');
    await expect(kPlot.locator('.legend')).toContainText('Ambient Laplace');
    await page.screenshot({ path: `${SHOTS}/frechet-spd.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  test('Conformal-DP with φ from the data is labelled not private; with a public φ too (003 gives no proof)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await page.goto('/?notour=1&ws=frechet&mechs=rl,conformal&n=30');
    await waitFor(page, 'frechetView', 150_000);
    const entry = page.getByTestId('frechet-legend').locator('[data-mechanism="conformal"]');
    await expect(entry).toContainText('not private');
    await expect(page.getByTestId('frechet-status')).toContainText('not private');
    await expect(page.getByTestId('frechet-legend').locator('[data-mechanism="rl"]')).toContainText(
      '✓ private',
    );
    // φ from a public sample: 003's argument still fails (its conformal distance is no metric), so still labelled
    await page.getByTestId('frechet-phi').selectOption('public');
    await expect(page).toHaveURL(/phi=public/);
    await waitFor(page, 'frechetView', 150_000);
    await expect(entry).toContainText('not private');
    expect(errors).toEqual([]);
  });

  test('keyboard alone: every control of the workspace, and the URL round trip', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await page.goto(`/?notour=1&ws=frechet&${FAST}&n=30`);
    await waitFor(page, 'frechetView');
    const focus = async (testId: string) => {
      // reach it with Tab, as a keyboard user would
      for (let i = 0; i < 120; i++) {
        if (await page.evaluate((t) => document.activeElement?.getAttribute('data-testid') === t, testId))
          return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`could not reach ${testId} with the Tab key`);
    };
    await focus('frechet-space');
    await page.keyboard.press('ArrowDown');
    await poll(() => labState<string>(page, 'settings.frechetSpace')).toBe('spd');
    await focus('frechet-metric');
    await page.keyboard.press('ArrowDown');
    await poll(() => labState<string>(page, 'settings.metric')).toBe('affine');
    await focus('frechet-spread');
    await page.keyboard.press('ArrowDown');
    await poll(() => labState<string>(page, 'settings.spread')).toBe('heterogeneous');
    await focus('frechet-radius');
    await page.keyboard.press('ArrowUp');
    await poll(() => labState<number>(page, 'settings.radius')).toBe(0.26);
    await focus('eps');
    await page.keyboard.press('ArrowLeft');
    await poll(() => labState<number>(page, 'settings.eps')).toBeCloseTo(0.977, 3);
    await focus('frechet-delta');
    await page.keyboard.press('ArrowLeft');
    await poll(() => labState<number>(page, 'settings.delta')).toBeCloseTo(1e-7, 12);
    await focus('frechet-calibration');
    await page.keyboard.press('ArrowDown');
    await poll(() => labState<string>(page, 'settings.calibration')).toBe('classical');
    await focus('sigma-rule');
    await page.keyboard.press('ArrowDown');
    await poll(() => labState<string>(page, 'settings.sigmaRule')).toBe('strict');
    await focus('mech-extg');
    await page.keyboard.press('Space');
    await poll(() => labState<string[]>(page, 'settings.mechanisms')).toEqual(['rl', 'tg', 'ambient']);
    await focus('frechet-error-measure');
    await page.keyboard.press('ArrowDown');
    await poll(() => labState<string>(page, 'settings.errorMeasure')).toBe('euclidean');
    // the 3-D cone rotates with the arrow keys (its camera goes to the URL state); the keys act once its scene
    // has mounted (under load, software WebGL can take seconds), so wait for its first frame
    await expect(page.locator('[data-testid="frechet-cone"][data-ready="true"]')).toBeVisible({
      timeout: 60_000,
    });
    await page.getByTestId('frechet-cone').focus();
    await page.keyboard.press('ArrowLeft');
    await poll(() => labState<unknown>(page, 'settings.camera'), { timeout: 5000 }).not.toBeNull();

    // the link reproduces exactly these settings
    await expect(page).toHaveURL(/ws=frechet/);
    const settings = await labState<Record<string, unknown>>(page, 'settings');
    const fresh = await context.newPage();
    const freshErrors = watchErrors(fresh);
    await fresh.goto(page.url());
    await poll(() => labState<Record<string, unknown>>(fresh, 'settings')).toEqual(settings);
    await waitFor(fresh, 'frechetView');
    await fresh.screenshot({ path: `${SHOTS}/frechet-link.png`, fullPage: true });
    expect(errors).toEqual([]);
    expect(freshErrors).toEqual([]);
  });

  test('the error-vs-ε axis follows the settings: the strict σ rule and a small n move it right', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    await page.goto(`/?notour=1&ws=frechet&${FAST}&n=100`);
    const plot = page.getByTestId('frechet-plot-eps');
    const range = page.getByTestId('frechet-eps-range');
    const xTicks = () => plot.locator('.axis-x .tick-label').allTextContents();
    await expect(range).toContainText('ε axis 0.01 … 10 (the default r and n)');
    // (labels that would run into each other are left out: the ends and the decades stay)
    await poll(async () => (await xTicks()).filter((t) => /^(0\.01|0\.1|1|10)$/.test(t))).toEqual([
      '0.01',
      '0.1',
      '1',
      '10',
    ]);
    // the strict rule doubles σ = c·Δ/ε: the curves fall at twice the budgets
    await page.getByTestId('sigma-rule').selectOption('strict');
    await expect(range).toContainText('ε axis 0.02 … 20.');
    await poll(async () => (await xTicks()).at(-1)).toBe('20');
    // n = 10: Δ ∝ 1/n is ten times larger
    await page.getByTestId('n').fill('10');
    await page.getByTestId('n').press('Enter');
    await expect(range).toContainText('ε axis 0.2 … 200');
    await poll(async () => (await xTicks())[0]).toBe('0.2');
    // the sweep is rerun over the new grid, and its curves are drawn there
    // (the strict-rule sweep stays 'done' until the debounced settings check starts the new one: wait for the
    // finished sweep over the new grid, not for any finished sweep)
    const epsSpan = async () => {
      if ((await labState<string>(page, 'frechetEps.status')) !== 'done') return null;
      const rows = await labState<{ eps: number }[]>(page, 'frechetEps.rows');
      return [Math.min(...rows.map((r) => r.eps)), Math.max(...rows.map((r) => r.eps))];
    };
    await poll(epsSpan, { timeout: 200_000 }).toEqual([0.2, 200]);
    // the caption says what these curves show: they fall from the left end on (no flat start at this range)
    const caption = plot.locator('xpath=ancestor::figure[1]').locator('figcaption');
    await expect(caption).toContainText('every curve falls as ε grows');
    // the rest of the caption behind "more", by keyboard
    const more = caption.locator('button.brief-more');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(caption.getByText('The axis moves with the noise scale σ ∝ Δ/ε')).toBeVisible();
    await expect(caption).not.toContainText('flat start');
    await plot.screenshot({ path: `${SHOTS}/frechet-eps-range.png` });
    expect(errors).toEqual([]);
  });
});
