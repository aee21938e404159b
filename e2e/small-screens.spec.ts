/**
 * Phones: below ~700 px the view comes first, nothing overflows sideways, the controls live in a
 * bottom sheet, and a slider moved by touch changes the release while the view stays in sight.
 */
import { expect, test, type Page } from '@playwright/test';
import { labState, poll, showWorkspace, SMALL, watchErrors } from './util';

const SHOTS = 'test-output/screenshots';

/** Elements reaching past the right edge that no sideways-scrolling box holds. */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const W = document.documentElement.clientWidth;
    const bad: string[] = [];
    for (const e of document.querySelectorAll('body *')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right <= W + 0.5 && r.left >= -0.5) continue;
      let p = e.parentElement;
      let held = false;
      while (p) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden') {
          held = true;
          break;
        }
        p = p.parentElement;
      }
      if (!held) bad.push(`${e.tagName.toLowerCase()}.${String(e.className)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width: W, bad };
  });
}

const VIEW: Record<string, string> = {
  sphere: 'sphere-canvas',
  spd: 'spd-ellipses',
  euclidean: 'scatter',
  frechet: 'frechet-sphere-canvas',
};

/** At the page's current size: the view of workspace `ws` starts on the first screen; nothing overflows. */
async function checkFirstScreen(page: Page, ws: string) {
  const { width, height } = page.viewportSize()!;
  const view = page.getByTestId(VIEW[ws]);
  await expect(view, `${width} px, ${ws}`).toBeVisible({ timeout: 60_000 });
  const box = (await view.boundingBox())!;
  // the view's top edge on the first screen, with at least a quarter of the screen below it to show it
  // (above it: the title and the release's status, whose length depends on the settings)
  expect(box.y, `${width} px, ${ws}: the view's top`).toBeLessThan(height * 0.75);
  const o = await overflowing(page);
  expect(o.scrollWidth, `${width} px, ${ws}: the page's width`).toBeLessThanOrEqual(o.width);
  expect(o.bad, `${width} px, ${ws}: boxes past the right edge`).toEqual([]);
  // the controls wait in a bottom sheet
  await expect(page.locator('#lab-controls')).toBeHidden();
  await expect(page.getByTestId('sheet-handle')).toBeVisible();
  const h = (await page.getByTestId('sheet-handle').boundingBox())!.height;
  expect(h).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: `${SHOTS}/small-${ws}-${width}.png` });
}

// one page steps through the workspaces and widths (a page load per case costs more than the checks)
test('390×844, every workspace, and 360 and 430 px wide: the view starts on the first screen, nothing overflows sideways', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?ws=sphere&${SMALL}`);
  for (const ws of Object.keys(VIEW)) {
    await showWorkspace(page, ws);
    await checkFirstScreen(page, ws);
  }
  await showWorkspace(page, 'sphere');
  for (const width of [360, 430]) {
    await page.setViewportSize({ width, height: 844 });
    await checkFirstScreen(page, 'sphere');
  }
  expect(errors).toEqual([]);
});

test('390×844: a slider moved by touch in the open sheet changes the release; the view and the split plot at a glance stay in sight', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/?ws=sphere&${SMALL}`);
  await poll(() => labState<string>(page, 'release.status'), { timeout: 60_000 }).toBe('done');
  await page.getByTestId('sheet-handle').tap();
  const slider = page.locator('#lab-controls').getByTestId('split');
  await expect(slider).toBeVisible();
  const box = (await slider.boundingBox())!;
  // a 44 px touch target (a box in the sliding sheet can measure a hair under: 43.99994)
  expect(box.height).toBeGreaterThanOrEqual(44 - 0.01);
  // the split plot at a glance is pinned above the sliders, in the viewport, and its rule follows the slider
  const glance = page.getByTestId('split-glance');
  const inSight = async () => {
    const g = (await glance.boundingBox())!;
    return g.y >= 0 && g.y + g.height <= 844 && g.height > 80;
  };
  await poll(inSight).toBe(true);
  const ruleX = () => page.getByTestId('split-glance-rule').getAttribute('x1').then(Number);
  const before = await ruleX();
  // a locator's tap waits until the sheet has finished sliding up (the element is stable), then taps there
  await slider.tap({ position: { x: box.width * 0.8, y: box.height / 2 } });
  await poll(() => labState<number>(page, 'settings.split')).toBeGreaterThan(0.7);
  await poll(ruleX).toBeGreaterThan(before + 30);
  expect(await inSight()).toBe(true);
  // the docked handle covers nothing of the sheet: the slider sits above it
  const handle = (await page.getByTestId('sheet-handle').boundingBox())!;
  const settled = (await slider.boundingBox())!;
  expect(settled.y + settled.height).toBeLessThanOrEqual(handle.y + 0.5);
  await poll(() => labState<string>(page, 'release.status'), { timeout: 60_000 }).toBe('done');
  // the view above the sheet: at least two thirds of it on screen, above the sheet's top edge
  const view = (await page.getByTestId('sphere-canvas').boundingBox())!;
  const sheet = (await page.locator('#lab-controls').boundingBox())!;
  const visible = Math.min(view.y + view.height, sheet.y) - Math.max(view.y, 0);
  expect(visible).toBeGreaterThan((2 / 3) * view.height);
  await page.screenshot({ path: `${SHOTS}/small-sheet-390.png` });
  expect(errors).toEqual([]);
  await context.close();
});

/** Selects whose chosen option's text is wider than the box shows (cut off: "data-driven (as in t…"). */
function cutSelects(page: Page) {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const s of document.querySelectorAll<HTMLSelectElement>('select')) {
      if (s.getClientRects().length === 0) continue;
      const cs = getComputedStyle(s);
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      // the room for text: the box less its padding and the drop-down arrow (about 20 px)
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
      for (const o of s.options) {
        const w = ctx.measureText(o.text).width;
        if (w > room + 0.5) cut.push(`${o.text} (${Math.round(w)} px in ${Math.round(room)} px)`);
      }
    }
    return cut;
  });
}

test('1440×900, 1024×768 and 390×844: no select cuts off any of its options', async ({ page }) => {
  const found: string[] = [];
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?ws=sphere&taumode=public&${SMALL}`);
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const ws of ['sphere', 'spd', 'frechet']) {
      await showWorkspace(page, ws);
      await expect(page.locator('.control-panel select').first()).toBeAttached({ timeout: 60_000 });
      // on a phone the controls live in the bottom sheet: open it
      const handle = page.getByTestId('sheet-handle');
      if (size.width < 700 && (await handle.getAttribute('aria-expanded')) !== 'true') await handle.click();
      found.push(...(await cutSelects(page)).map((c) => `${size.width}×${size.height}, ${ws}: ${c}`));
    }
  }
  expect(found).toEqual([]);
});
