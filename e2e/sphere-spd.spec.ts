/**
 * The sphere and SPD(2) workspaces, against the built app: WebGL canvases that are not blank, private geodesics
 * after the release, picking a data point (a real click, at the screen position computed with the view's own
 * camera placement), the camera's round trip through the URL, the Fig. 5 budget legend, the SPD ellipses and
 * cone, and no console errors. Screenshots go to test-output/screenshots/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { generate } from '../src/data';
import { formatSignificant } from '../app/format';
import { SPHERE_VIEW, sphereHome } from '../app/views3d/sphereView';
import { CONE_VIEW, coneLayout } from '../app/views3d/coneView';
import { coneCoords, sym2 } from '../app/views3d/geodesics';
import {
  distinctColours,
  labState,
  mostIsolated,
  onCanvas,
  poll,
  shownCamera,
  SMALL,
  waitForRelease,
  watchErrors,
} from './util';

const SHOTS = 'test-output/screenshots';

/**
 * The canvas pixels within `tol` (per channel) of the colour `hex`: how many, and their bounding box as
 * fractions of the canvas's width and height.
 */
async function pixelsOf(
  canvas: Locator,
  hex: string,
  tol = 40,
): Promise<{ n: number; w: number; h: number }> {
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return canvas.evaluate(
    (c: HTMLCanvasElement, { rgb, tol }) => {
      const probe = document.createElement('canvas');
      probe.width = c.width;
      probe.height = c.height;
      const ctx = probe.getContext('2d')!;
      ctx.drawImage(c, 0, 0);
      const { data } = ctx.getImageData(0, 0, c.width, c.height);
      let n = 0;
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let i = 0; i < data.length; i += 4) {
        if (rgb.some((v, k) => Math.abs(data[i + k] - v) > tol)) continue;
        n++;
        const x = (i / 4) % c.width;
        const y = Math.floor(i / 4 / c.width);
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
      return x1 < x0 ? { n, w: 0, h: 0 } : { n, w: (x1 - x0) / c.width, h: (y1 - y0) / c.height };
    },
    { rgb, tol },
  );
}
const pixelsNear = async (canvas: Locator, hex: string, tol = 40) => (await pixelsOf(canvas, hex, tol)).n;
const pixelBox = pixelsOf;

const sphereCanvas = (page: Page) => page.locator('[data-testid="sphere-canvas"] canvas');

async function openSphere(page: Page, query = '') {
  await page.goto(`/${query}`);
  // (the view's script loads on demand: on a loaded machine that can take more than the default 5 s)
  await expect(sphereCanvas(page)).toBeVisible({ timeout: 30_000 });
}

test.describe('sphere workspace', () => {
  test('renders the globe, then the private geodesics of the release', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    // paper 000's release at its n = 50, whose private geodesics spread visibly around the fit
    await openSphere(page, '?mech=kng&n=50');
    await waitForRelease(page, 90_000);
    const canvas = sphereCanvas(page);
    // the view redraws on demand once the cells have arrived
    await poll(() => distinctColours(canvas), { timeout: 20_000 }).toBeGreaterThan(20);
    // vermillion dashes of the private geodesics, blue data, the dark non-private tube
    await poll(() => pixelsNear(canvas, '#d55e00'), { timeout: 20_000 }).toBeGreaterThan(30);
    expect(await pixelsNear(canvas, '#0072b2', 50)).toBeGreaterThan(30);
    expect(await pixelsNear(canvas, '#1b1f24', 30)).toBeGreaterThan(30);
    const status = page.getByTestId('release-status');
    await expect(status).toContainText('Private release done: 100 pairs');
    await expect(status).toContainText('not private'); // the default τ is data-driven
    const legend = page.getByRole('complementary', { name: 'Legend' });
    await expect(legend).toContainText('solid');
    await expect(legend).toContainText('dashed');
    await expect(legend).toContainText('private geodesics');
    await page.screenshot({ path: `${SHOTS}/sphere.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  test('clicking a data point shows its covariate; N / P step through the points', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await openSphere(page, `?n=50&${SMALL}`);
    const canvas = sphereCanvas(page);
    // wait for the first frame (the context can take a while on a software renderer)
    await poll(() => distinctColours(canvas), { timeout: 30_000 }).toBeGreaterThan(20);

    // the same data and initial camera as the view (seed 1 and δ = 0.001 are the defaults)
    const data = generate('sphere', { n: 50, noise: 0.001, seed: 1 });
    const home = sphereHome(data.ys);
    const lifted = data.ys.map((y) => {
      const r = SPHERE_VIEW.pointLift / Math.hypot(y[0], y[1], y[2]);
      return [y[0] * r, y[1] * r, y[2] * r] as const;
    });
    const screen = await onCanvas(canvas, lifted, {
      fov: SPHERE_VIEW.fov,
      position: home,
      target: [0, 0, 0],
    });
    // the visible point (facing the camera) farthest (on screen) from every other point: an unambiguous target
    const facing = (p: readonly number[]) =>
      p[0] * (home[0] - p[0]) + p[1] * (home[1] - p[1]) + p[2] * (home[2] - p[2]) > 0;
    const { index: best, gap } = mostIsolated(screen, (i) => facing(lifted[i]));
    expect(gap).toBeGreaterThan(8);
    await page.mouse.click(screen[best].x, screen[best].y);
    const readout = page.getByTestId('sphere-readout');
    await expect(readout).toContainText(`Point ${best + 1} of 50`);
    await expect(page.getByTestId('sphere-readout-x')).toHaveText(
      `t = ${formatSignificant(data.xs[best], 4)}`,
    );

    // keyboard: N selects the next point, Escape clears
    await page.getByTestId('sphere-canvas').focus();
    await page.keyboard.press('n');
    await expect(readout).toContainText(`Point ${((best + 1) % 50) + 1} of 50`);
    await page.keyboard.press('Escape');
    await expect(readout).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the camera round-trips through the URL', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await openSphere(page, `?${SMALL}`);
    const frame = page.getByTestId('sphere-canvas');
    await poll(() => distinctColours(sphereCanvas(page)), { timeout: 30_000 }).toBeGreaterThan(20);
    expect(await labState(page, 'settings.camera')).toBeNull();

    // rotate with the keyboard; the view saves the camera once it has settled
    await frame.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('-');
    await poll(() => labState(page, 'settings.camera'), { timeout: 20_000 }).not.toBeNull();
    // the glide has ended and its final position is saved (the frame says so; no waiting on the clock)
    await expect(frame).toHaveAttribute('data-camera-settled', 'true', { timeout: 30_000 });
    const saved = await labState<number[]>(page, 'settings.camera');
    const url = page.url();
    expect(url).toContain('cam=');

    // a fresh page from the link shows the same camera
    const fresh = await page.context().newPage();
    const errors2 = watchErrors(fresh);
    await fresh.goto(url);
    await expect(sphereCanvas(fresh)).toBeVisible({ timeout: 30_000 });
    expect(await labState<number[]>(fresh, 'settings.camera')).toEqual(saved);
    await poll(async () => (await fresh.getByTestId('sphere-canvas').getAttribute('data-camera')) ?? '', {
      timeout: 30_000,
    }).not.toBe('');
    const shown = ((await fresh.getByTestId('sphere-canvas').getAttribute('data-camera')) ?? '')
      .split(',')
      .map(Number);
    shown.forEach((x, i) => expect(Math.abs(x - saved[i])).toBeLessThan(2e-3));

    // and a camera set through the store (a preset, a link) moves the view
    await fresh.evaluate(() =>
      (window as unknown as { __dpLab: { getState(): { set(p: object): void } } }).__dpLab
        .getState()
        .set({ camera: [0, 0.5, 3] }),
    );
    await poll(async () => (await fresh.getByTestId('sphere-canvas').getAttribute('data-camera')) ?? '').toBe(
      '0.0000,0.5000,3.0000',
    );
    expect(errors).toEqual([]);
    expect(errors2).toEqual([]);
  });

  test('Fig. 5 mode colours private geodesics by budget, with a legend', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await openSphere(page, '?fig=fig5&noise=0.01');
    const legend = page.getByTestId('budget-legend');
    await expect(legend).toBeVisible();
    await expect(legend.locator('li')).toHaveCount(11); // ten budgets and the non-private line
    await expect(legend).toContainText('ε = 2.0');
    await expect(legend).toContainText('ε = 0.2');
    await expect(page.getByTestId('fig5-caption')).toContainText('Fig. 5');
    await expect(page.getByTestId('budget-progress')).toContainText('Done', { timeout: 170_000 });
    // every budget has its ln MSE
    await expect(legend).not.toContainText('…');
    const canvas = sphereCanvas(page);
    await poll(() => distinctColours(canvas), { timeout: 20_000 }).toBeGreaterThan(20);
    // the darkest budget colour (viridis at ε = 0.2) is on the canvas
    await poll(() => pixelsNear(canvas, '#440154', 45), { timeout: 20_000 }).toBeGreaterThan(5);
    await page.screenshot({ path: `${SHOTS}/sphere-fig5.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
});

test.describe('SPD(2) workspace', () => {
  test('shows predictions as ellipses and the SPD cone', async ({ page }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    // paper 000's KNG (footpoints × shooting vectors) at its size, n = 50
    await page.goto(`/?${SMALL}&mech=kng`);
    // through the tab, which applies the SPD data defaults (tangent noise sd 0.01)
    await page.getByRole('tab', { name: /SPD\(2\)/ }).click();
    await expect(page.getByRole('tab', { name: /SPD\(2\)/ })).toHaveAttribute('aria-selected', 'true');
    const svg = page.getByTestId('spd-ellipses');
    await expect(svg).toBeVisible();
    await expect(page.getByTestId('ellipse-convention')).toContainText('semi-axes √λ₁, √λ₂ along U');
    // the data at once (50), the non-private predictions (7 covariates) when the first cell arrives
    await expect(svg.locator('ellipse.e-data')).toHaveCount(50);
    await expect(svg.locator('ellipse.e-np')).toHaveCount(7, { timeout: 120_000 });
    await poll(() => svg.locator('ellipse.e-priv').count(), { timeout: 120_000 }).toBeGreaterThan(0);
    await waitForRelease(page, 200_000);
    // one pair per footpoint by default (m = 2 here), all m² on request
    await expect(svg.locator('ellipse.e-priv')).toHaveCount(7 * 2);
    await page.getByTestId('spd-all-pairs').check();
    await expect(svg.locator('ellipse.e-priv')).toHaveCount(7 * 4);
    await page.getByTestId('spd-all-pairs').uncheck();

    const cone = page.locator('[data-testid="spd-cone"] canvas');
    await expect(cone).toBeVisible({ timeout: 30_000 });
    await poll(() => distinctColours(cone), { timeout: 30_000 }).toBeGreaterThan(20);
    await poll(() => pixelsNear(cone, '#0072b2', 50), { timeout: 20_000 }).toBeGreaterThan(20);
    await expect(page.getByTestId('release-status')).toContainText('Private release done');
    // zoomed to the data: the view starts at the layout's home (the data's framing), and the non-private
    // geodesic (the blue tube through the data) spans a sizeable part of the canvas, not a short streak (the
    // whole-cone view drew it over about 8% × 21% of the frame)
    const data = generate('spd', { n: 50, noise: 0.01, seed: 1 });
    const { home } = coneLayout(data.ys.map((y) => coneCoords(sym2(y))));
    const shownCamera = ((await page.getByTestId('spd-cone').getAttribute('data-camera')) ?? '').split(',');
    shownCamera.forEach((x, i) => expect(Math.abs(Number(x) - home[i])).toBeLessThan(2e-3));
    await expect(page.getByTestId('spd-cone-zoom-note')).toContainText('Zoomed to the data, true to scale');
    const tube = await pixelBox(cone, '#0072b2', 50);
    expect(Math.max(tube.w, tube.h)).toBeGreaterThan(0.45);
    await page.getByTestId('spd-cone').screenshot({ path: `${SHOTS}/spd-cone.png` });
    await page.screenshot({ path: `${SHOTS}/spd.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  test('with the Audit tab shown, a click on a data ball in the cone picks that record', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await page.goto(`/?${SMALL}&mech=kng`);
    await page.getByRole('tab', { name: /SPD\(2\)/ }).click(); // the SPD data defaults, as above
    await page.getByRole('tab', { name: 'Audit', exact: true }).click();
    const legend = page.getByTestId('audit-record-legend');
    await expect(legend).toBeVisible({ timeout: 60_000 });
    await expect(legend).toContainText('or a data ball in the cone');
    const shown = Number(await legend.getAttribute('data-record'));
    const frame = page.getByTestId('spd-cone');
    const canvas = frame.locator('canvas');
    await frame.scrollIntoViewIfNeeded(); // below the ellipses: a click must land on the screen
    await poll(() => distinctColours(canvas), { timeout: 30_000 }).toBeGreaterThan(20);
    const data = generate('spd', { n: 50, noise: 0.01, seed: 1 });
    const points = data.ys.map((y) => coneCoords(sym2(y)));
    const screen = await onCanvas(canvas, points, {
      fov: CONE_VIEW.fov,
      position: await shownCamera(frame),
      target: coneLayout(points).target,
    });
    const { index, gap } = mostIsolated(screen, (i) => i + 1 !== shown);
    expect(gap).toBeGreaterThan(8);
    await page.mouse.click(screen[index].x, screen[index].y);
    await expect(legend).toHaveAttribute('data-record', String(index + 1), { timeout: 60_000 });
    await frame.screenshot({ path: `${SHOTS}/spd-cone-audit.png` });
    expect(errors).toEqual([]);
  });
});

test('Fig. 8: the ellipses are on the first screen at 1440×900, and start on it at 1024×768', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  for (const [width, height, visible] of [
    [1440, 900, 182], // all of the strip (182 px tall at this width)
    [1024, 768, 60], // its top rows at least
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/?notour=1&${SMALL}`);
    await page.locator('#figures-button').click();
    await page.locator('.figures-list button[data-preset="fig8"]').click();
    const svg = page.getByTestId('spd-ellipses');
    await expect(svg.locator('ellipse.e-data')).toHaveCount(50, { timeout: 30_000 });
    // the caption is short: its first sentence, the rest behind "more"
    const caption = page.getByTestId('figure-caption');
    await expect(caption.getByRole('button', { name: 'more' })).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await svg.boundingBox())!;
    expect(box.height).toBeGreaterThan(100);
    expect(box.y).toBeGreaterThan(0);
    expect(Math.min(box.y + box.height, height) - box.y).toBeGreaterThanOrEqual(
      Math.min(visible, box.height),
    );
    await page.screenshot({ path: `${SHOTS}/fig8-${width}x${height}.png` });
  }
  expect(errors).toEqual([]);
});
