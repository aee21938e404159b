/**
 * What a slide in presenting mode must be: every text on the screen readable from the back of a room (16 px or
 * more), no panel clipping its content, no text cut off or drawn over another, the plot whole and work in progress
 * shown — on the two projector screens the lab is composed for.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { poll } from './util';

export async function inViewport(page: Page, el: Locator, what: string) {
  await expect(el, what).toBeVisible({ timeout: 60_000 });
  // a view whose script has just loaded is laid out over a frame or two: wait until it has its height
  await poll(async () => (await el.boundingBox())?.height ?? 0, {
    message: `${what}: height`,
  }).toBeGreaterThan(40);
  const box = (await el.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(vp.width + 0.5);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(vp.height + 0.5);
  expect(box.height, `${what}: height`).toBeGreaterThan(40);
}

/**
 * Text on the screen smaller than 16 px as it is drawn (an SVG's text scaled by its viewBox; a quarter px is
 * allowed for an SVG fitted to its box), as lines "size px: text (where)". Text out of sight is not counted.
 */
export async function smallText(page: Page): Promise<string[]> {
  return page.evaluate((minPx) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (
        box.width === 0 ||
        box.bottom <= 0 ||
        box.top >= innerHeight ||
        box.right <= 0 ||
        box.left >= innerWidth
      )
        continue;
      let px = parseFloat(getComputedStyle(el).fontSize);
      const svg = el instanceof SVGGraphicsElement ? el.getScreenCTM() : null;
      if (svg) px *= Math.hypot(svg.a, svg.b);
      if (px < minPx - 0.25) {
        const where = el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName.toLowerCase();
        found.push(`${px.toFixed(1)} px: ${text.slice(0, 40)} (${where})`);
      }
    }
    return found;
  }, 16);
}

/**
 * The first plot on the screen, if the plots' panel or the window cuts it off: its test id and by how many px
 * (a slide whose caption describes a plot must show all of it).
 */
async function cutPlot(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const panel = document.querySelector('.plots');
    const svg = [...document.querySelectorAll('.plots figure.plot-figure svg[data-testid]')].find((el) =>
      el.checkVisibility(),
    );
    if (!panel || !svg) return null;
    const box = svg.getBoundingClientRect();
    const room = Math.min(panel.getBoundingClientRect().bottom, innerHeight);
    const cut = box.bottom - room;
    return cut > 1 ? `${svg.getAttribute('data-testid')} cut by ${Math.round(cut)} px` : null;
  });
}

/**
 * Panels of the slide that clip their content, as lines "panel: N px more than it shows": the view, the plots
 * (and their card), the bar with its caption or question and answer, the sliders — each must hold what it
 * shows (within a px) — and the page itself, which must not scroll.
 */
async function clippedPanels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const panels: [string, Element | null][] = [
      ['view', document.querySelector('.lab-grid .workspace')],
      ['plots', document.querySelector('.lab-grid .plots')],
      ['plots card', document.querySelector('.plots-card')],
      ['bar', document.querySelector('.present-bar')],
      ['sliders', document.querySelector('.present-controls')],
      ['page', document.documentElement],
    ];
    const found: string[] = [];
    for (const [name, el] of panels) {
      if (!el || !el.checkVisibility()) continue;
      // the page's box is the window
      const [w, h] =
        el === document.documentElement ? [innerWidth, innerHeight] : [el.clientWidth, el.clientHeight];
      if (el.scrollHeight > h + 1) found.push(`${name}: ${el.scrollHeight - h} px more than it shows, below`);
      if (el.scrollWidth > w + 1)
        found.push(`${name}: ${el.scrollWidth - w} px more than it shows, to the right`);
    }
    return found;
  });
}

/**
 * Texts cut off or drawn over one another: a visible text node whose box (each line's) a clipping ancestor (a
 * panel, an SVG's edge) cuts into, as "“text” (where) cut off"; and pairs of texts of different elements whose
 * boxes, as far as they show, overlap by more than a px across, by more than the margin a line's box keeps above
 * its capitals and below its letters (a quarter of its height) down, and over a tenth of the smaller box or more,
 * as "“a” (where) over “b” (where)". An element's text and the text of an element inside it (a subscript, a tspan) are one text, not
 * two; text clipped out of sight altogether (scrolled away, visually hidden) is not on the slide.
 */
async function textFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const where = (el: Element) =>
      el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName.toLowerCase();
    // the boxes that clip an element's text: its own (its overflow clips its content, e.g. a visually hidden
    // status line) and its ancestors'
    const clipOf = (el: Element) => {
      let [left, top, right, bottom] = [0, 0, innerWidth, innerHeight];
      for (let a: Element | null = el; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const b = a.getBoundingClientRect();
        [left, top, right, bottom] = [
          Math.max(left, b.left),
          Math.max(top, b.top),
          Math.min(right, b.right),
          Math.min(bottom, b.bottom),
        ];
      }
      return { left, top, right, bottom };
    };
    const found = new Set<string>();
    const boxes: { el: Element; text: string; left: number; top: number; right: number; bottom: number }[] =
      [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el || el.closest('canvas')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const clip = clipOf(el);
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const box = {
          el,
          text: text.slice(0, 30),
          left: Math.max(r.left, clip.left),
          top: Math.max(r.top, clip.top),
          right: Math.min(r.right, clip.right),
          bottom: Math.min(r.bottom, clip.bottom),
        };
        if (box.right - box.left <= 1 || box.bottom - box.top <= 1) continue;
        boxes.push(box);
        // (a line's box reaches a little above its capitals and below its letters: an edge through that
        // margin cuts nothing drawn)
        const across = Math.max(box.left - r.left, r.right - box.right);
        const down = Math.max(box.top - r.top, r.bottom - box.bottom);
        if (across > 1 || down > Math.max(1, r.height / 4)) found.add(`“${box.text}” (${where(el)}) cut off`);
      }
    }
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        // a line's box keeps a margin above its capitals and below its letters, and boxes meeting at a corner
        // hold no letters over letters
        const height = Math.min(a.bottom - a.top, b.bottom - b.top);
        const area = Math.min(
          (a.right - a.left) * (a.bottom - a.top),
          (b.right - b.left) * (b.bottom - b.top),
        );
        if (across > 1 && down > Math.max(1, height / 4) && across * down > area / 10)
          found.add(`“${a.text}” (${where(a.el)}) over “${b.text}” (${where(b.el)})`);
      }
    return [...found];
  });
}

/**
 * While the split plot's sweep computes, its progress is on the slide (a plot that fills in without a sign of
 * work looks broken): the problem, or null.
 */
async function hiddenProgress(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const lab = (window as unknown as { __dpLab: { getState(): { sweep: { status: string } } } }).__dpLab;
    const plot = document.querySelector('[data-testid="mse-plot-unequal"]');
    const bar = document.querySelector('[role="progressbar"][aria-label="MSE sweep progress"]');
    if (!plot?.checkVisibility() || lab.getState().sweep.status !== 'running') return null;
    return bar?.checkVisibility() ? null : 'the sweep computes, its progress is not shown';
  });
}

/** The two projector screens every slide is composed for. */
export const SCREENS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
];

/**
 * What is wrong with the slide on the screen: text below 16 px, a panel that clips its content, text cut off or
 * drawn over other text, a plot cut off, work in progress that does not show.
 */
async function slideFaults(page: Page): Promise<string[]> {
  const cut = await cutPlot(page);
  const progress = await hiddenProgress(page);
  return [
    ...(await smallText(page)),
    ...(await clippedPanels(page)),
    ...(await textFaults(page)),
    ...(cut ? [cut] : []),
    ...(progress ? [progress] : []),
  ];
}

/**
 * The slide composed for both projector screens: no faults on the screen it is shown on, nor on the other (the
 * views and plots refit themselves to the new room). The walks alternate the screens: a resize redraws every
 * view and plot, one per slide is enough.
 */
export async function composedForBothScreens(page: Page, slide: string) {
  const shown = page.viewportSize()!.width === SCREENS[0].width ? SCREENS : [...SCREENS].reverse();
  for (const [i, screen] of shown.entries()) {
    if (i > 0) await page.setViewportSize(screen);
    await poll(() => slideFaults(page), {
      message: `${slide} at ${screen.width}×${screen.height}`,
    }).toEqual([]);
  }
}
