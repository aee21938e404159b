/**
 * Presenting mode: on a 1024×768 projector the main view, both budget sliders and the live plot are
 * on screen at once, in large type; the split slider moved by keyboard moves the plot and the view; PageDown
 * walks the figures in order, and the lesson's slides, whose answers agree with what the page shows; every slide
 * is composed for 1024×768 and 1280×720 screens (readable type, nothing clipped, no text over another).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LESSON, type LessonSlideId } from '../app/present/lesson/slides';
import { PRESETS } from '../app/presets';
import { labState, poll, SMALL, waitForRelease, watchErrors } from './util';

const SHOTS = 'test-output/screenshots';

async function inViewport(page: Page, el: Locator, what: string) {
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
async function smallText(page: Page): Promise<string[]> {
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
    const clipOf = (el: Element) => {
      let [left, top, right, bottom] = [0, 0, innerWidth, innerHeight];
      for (let a = el.parentElement; a; a = a.parentElement) {
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
const SCREENS = [
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
async function composedForBothScreens(page: Page, slide: string) {
  const shown = page.viewportSize()!.width === SCREENS[0].width ? SCREENS : [...SCREENS].reverse();
  for (const [i, screen] of shown.entries()) {
    if (i > 0) await page.setViewportSize(screen);
    await poll(() => slideFaults(page), {
      message: `${slide} at ${screen.width}×${screen.height}`,
    }).toEqual([]);
  }
}

const VIEWS: Record<string, string[]> = {
  sphere: ['sphere-canvas'],
  spd: ['spd-ellipses', 'spd-cone'],
  kendall: ['shape-morph'],
  frechet: ['frechet-sphere-canvas'],
};

for (const size of [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  for (const ws of Object.keys(VIEWS)) {
    if (size.width !== 1024 && ws !== 'sphere' && ws !== 'spd') continue; // the other sizes: two workspaces
    test(`present=1 at ${size.width}×${size.height}, ${ws}: view, sliders and plot on one screen, large type`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await page.setViewportSize(size);
      await page.goto(`/?ws=${ws}&present=1&${SMALL}`);
      await expect(page.getByTestId('present-bar')).toBeVisible();
      // the flag survives the settings' own URL sync
      await poll(() => new URL(page.url()).searchParams.get('present')).toBe('1');
      for (const id of VIEWS[ws]) await inViewport(page, page.getByTestId(id), id);
      const controls = page.getByTestId('present-controls');
      await inViewport(page, controls.getByTestId('eps'), 'total-ε slider');
      const plot = page.getByTestId(ws === 'frechet' ? 'frechet-plot-eps' : 'mse-plot-unequal');
      await inViewport(page, plot, 'plot');
      if (ws !== 'frechet') await inViewport(page, controls.getByTestId('split'), 'split slider');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // large type: body ≥ 20 px, every text on the screen ≥ 16 px, slider values in large figures
      const body = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
      expect(body).toBeGreaterThanOrEqual(20);
      await expect(plot.locator('text.tick-label').nth(4)).toBeVisible();
      expect(await smallText(page)).toEqual([]);
      const value = await controls
        .locator('output')
        .first()
        .evaluate((o) => parseFloat(getComputedStyle(o).fontSize));
      expect(value).toBeGreaterThanOrEqual(26);
      await page.screenshot({ path: `${SHOTS}/present-${ws}-${size.width}x${size.height}.png` });
      expect(errors).toEqual([]);
    });
  }
}

test('presenting: the split slider moved by keyboard moves the plot and the view, both staying on screen', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/?ws=sphere&present=1&${SMALL}`);
  const rule = page.getByTestId('current-rule-unequal');
  await expect(rule).toBeAttached({ timeout: 60_000 });
  await poll(() => labState<string>(page, 'release.status'), { timeout: 60_000 }).toBe('done');
  // a vertical line has an empty box: read where it is drawn
  const ruleX = () => rule.getAttribute('x1').then(Number);
  const before = await ruleX();
  const slider = page.getByTestId('present-controls').getByTestId('split');
  await slider.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await poll(() => labState<number>(page, 'settings.split')).toBeCloseTo(0.7, 6);
  // the plot's marker of the current split moved right; the view gets the release of the new split
  await poll(ruleX).toBeGreaterThan(before + 30);
  await poll(() => labState<string>(page, 'release.status'), { timeout: 60_000 }).toBe('done');
  await poll(() => page.getByTestId('release-status').textContent()).toMatch(/split 0\.70/);
  await inViewport(page, page.getByTestId('sphere-canvas'), 'view');
  await inViewport(page, page.getByTestId('mse-plot-unequal'), 'plot');
  expect(errors).toEqual([]);
});

test('presenting: PageDown walks the figures in order, every slide composed for 1024×768 and 1280×720 (type of 16 px or more, nothing clipped, no text over another); PageUp goes back, M unfolds everything else', async ({
  page,
}) => {
  // each slide is drawn at two screen sizes: the margin is for a machine shared with other work
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/?present=1&${SMALL}`);
  const step = page.getByTestId('present-step');
  await expect(step).toHaveText('Figures');
  for (const [i, p] of PRESETS.entries()) {
    await page.keyboard.press('PageDown');
    await expect(step).toHaveText(`${i + 1} / ${PRESETS.length} · ${p.label}`);
    expect(await labState<string>(page, 'settings.figure')).toBe(p.figure);
    await expect(page.getByTestId('present-caption').locator('summary')).not.toBeEmpty();
    // once its view and plots are drawn, every text on the slide is readable from the back of a room, no panel
    // clips what it shows, no text covers another and the plot is whole, on both projector screens
    await expect(page.locator('.loading')).toHaveCount(0, { timeout: 60_000 });
    await expect(page.locator('figure.plot-figure').filter({ visible: true }).first()).toBeVisible();
    await composedForBothScreens(page, p.id);
    if (p.id === 'fig3') {
      // its caption compares the lab's outlines with paper 000's sampler "(row below)": both rows are on the slide
      await inViewport(page, page.getByTestId('shape-panels'), 'the lab’s outlines');
      await inViewport(page, page.getByTestId('paper-panels'), 'paper 000’s sampler row');
    }
    if (p.id === 'p002fig1') {
      // its caption is about the matrix size k: the slide shows error against k, not against ε
      await inViewport(page, page.getByTestId('frechet-plot-k'), 'error-vs-k plot');
      await expect(page.getByTestId('frechet-plot-eps')).toBeHidden();
    }
  }
  await page.keyboard.press('PageUp');
  await expect(step).toHaveText(`${PRESETS.length - 1} / ${PRESETS.length} · ${PRESETS.at(-2)!.label}`);
  // → steps too when no control has the focus
  await page.keyboard.press('ArrowRight');
  await expect(step).toHaveText(`${PRESETS.length} / ${PRESETS.length} · ${PRESETS.at(-1)!.label}`);
  // the controls are folded away, one key away
  await expect(page.locator('.control-panel')).toBeHidden();
  await page.keyboard.press('m');
  await expect(page.locator('.control-panel')).toBeVisible();
  await page.keyboard.press('m');
  await expect(page.locator('.control-panel')).toBeHidden();
  // Shift+P leaves presenting mode (and the URL flag)
  await page.keyboard.press('Shift+P');
  await expect(page.getByTestId('present-bar')).toBeHidden();
  await poll(() => new URL(page.url()).searchParams.get('present')).toBeNull();
  expect(errors).toEqual([]);
});

test('presenting: the play button sweeps the split while the view follows', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/?ws=euclidean&present=1&${SMALL}`);
  await page.getByTestId('present-play').click();
  await poll(() => labState<number>(page, 'settings.split'), { timeout: 30_000 }).toBeGreaterThan(0.2);
  await page.getByTestId('present-play').click();
  // once the button says stopped, no step follows: the release in flight settles on the same split
  await expect(page.getByTestId('present-play')).toHaveAttribute('aria-pressed', 'false');
  const stopped = await labState<number>(page, 'settings.split');
  await waitForRelease(page);
  expect(await labState<number>(page, 'settings.split')).toBe(stopped);
  expect(errors).toEqual([]);
});

test('presenting at 1024×768: a restored-session notice neither pushes the sliders off the screen nor covers them', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/?ws=sphere&${SMALL}&eps=0.5`);
  await poll(() => page.evaluate(() => Object.keys(localStorage).length)).toBeGreaterThan(0);
  await page.goto('/?present=1');
  const notice = page.locator('.notice').filter({ hasText: 'Restored the settings' });
  await expect(notice).toBeVisible();
  const slider = page.getByTestId('present-controls').getByTestId('split');
  await inViewport(page, slider, 'split slider');
  const a = (await notice.boundingBox())!;
  const b = (await slider.boundingBox())!;
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, 'the notice covers the split slider').toBe(false);
  expect(errors).toEqual([]);
});

/** A number as the page writes it (a true minus sign or a hyphen), for comparing the answer with the page. */
const num = (text: string | null) => Number((text ?? '').trim().replace('−', '-'));

/** The text of an element, its minus signs as hyphens and its spaces collapsed. */
const textOf = async (el: Locator) =>
  ((await el.textContent()) ?? '').replace(/−/g, '-').replace(/\s+/g, ' ').trim();

/**
 * What each lesson answer must agree with on the page: the numbers and verdicts of the release's status line,
 * the split plot's caption and readout, the advisor's result, the audit's verdict, the error-against-n reading,
 * the landmark caption and the Fréchet error plot (hidden parts of the page are read too: presenting folds them).
 */
const AGREES: Record<LessonSlideId, (page: Page, answer: Locator) => Promise<void>> = {
  fit: async (page, answer) => {
    const status = await textOf(page.getByTestId('release-status'));
    const np = /vs (-?[\d.]+) non-private/.exec(status)![1];
    expect(num(await answer.locator('[data-answer="ln-mse"]').textContent())).toBe(Number(np));
  },
  release: async (page, answer) => {
    const status = await textOf(page.getByTestId('release-status'));
    const [, mean, np] = /ln mean MSE (-?[\d.]+) .*vs (-?[\d.]+) non-private/.exec(status)!;
    expect(num(await answer.locator('[data-answer="ln-mse"]').textContent())).toBe(Number(mean));
    const text = await textOf(answer);
    expect(text).toContain(`against ${np} without privacy`);
    // "about N× the non-private error" is exp of the difference the status line shows
    const times = /about ([\d.,]+)× the non-private error/.exec(text);
    if (times)
      expect(
        Math.abs(Math.log(Number(times[1].replace(/,/g, ''))) - (Number(mean) - Number(np))),
      ).toBeLessThan(0.06);
    expect(text).toMatch(/Private for any data: each pair \(p̃, ṽ\) is 1-DP/);
  },
  split: async (page, answer) => {
    const text = await textOf(answer);
    for (const headline of await page.getByTestId('mse-caption-unequal').locator('strong').allTextContents())
      expect(text).toContain(headline.replace(/−/g, '-'));
    const readout = await textOf(page.getByTestId('current-readout-unequal'));
    const best = /Best split: .*$/.exec(readout);
    if (best) expect(text).toContain(best[0]);
  },
  advice: async (page, answer) => {
    expect(await textOf(answer)).toContain(await textOf(page.getByTestId('advice-result')));
  },
  'audit-fit': auditAgrees,
  'audit-paper': auditAgrees,
  'audit-joint': auditAgrees,
  sizes: async (page, answer) => {
    const verdict = (await textOf(page.getByTestId('sizes-verdict'))).replace(/^Read it: /, '');
    expect(await textOf(answer.locator('[data-answer="sizes"]'))).toBe(verdict);
  },
  'shapes-few': shapesAgree,
  'shapes-many': shapesAgree,
  frechet: async (page, answer) => {
    // the best mechanism's error at ε = 1 is the one its point on the error-vs-ε plot carries
    const best = await textOf(answer.locator('[data-answer="best"]'));
    // (the plot redraws a moment after its job is done)
    const pointAt1 = async () =>
      (await page.getByTestId('frechet-plot-eps').locator('.frechet-series title').allTextContents()).find(
        (t) => t.startsWith(`${best}, ε = 1.00:`),
      );
    await poll(pointAt1, { message: `the plot's point of ${best} at ε = 1` }).toBeDefined();
    const point = await pointAt1();
    const plotted = /mean error ([\d.e+−-]+)/.exec(point!)![1];
    expect(await textOf(answer.locator('[data-answer="best-error"]'))).toBe(plotted.replace('−', '-'));
  },
};

async function auditAgrees(page: Page, answer: Locator) {
  expect(await textOf(answer.locator('[data-answer="verdict"]'))).toBe(
    await textOf(page.getByTestId('audit-verdict')),
  );
}

/**
 * The cosine of the angle, at the globe's centre, between the audit's D′ and the camera (the view's centre): above
 * 0.4, D′ is on the side of the globe that faces the camera, well clear of the rim. Null until both are known.
 */
async function recordFacing(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const lab = (
      window as unknown as {
        __dpLab: { getState(): { auditPair: { pair: { after: ArrayLike<number> } | null } } };
      }
    ).__dpLab;
    const after = lab.getState().auditPair.pair?.after;
    const camera = document.querySelector('[data-testid="sphere-canvas"]')?.getAttribute('data-camera');
    if (!after || !camera) return null;
    const c = camera.split(',').map(Number);
    const a = Array.from(after);
    return (
      (a[0] * c[0] + a[1] * c[1] + a[2] * c[2]) / Math.hypot(a[0], a[1], a[2]) / Math.hypot(c[0], c[1], c[2])
    );
  });
}

async function shapesAgree(page: Page, answer: Locator) {
  const caption = await textOf(page.getByTestId('landmark-caption'));
  const distance = /lie on average ([\d.e+-]+) from/.exec(caption)![1];
  expect(await textOf(answer.locator('[data-answer="foot-distance"]'))).toBe(distance);
  const status = await textOf(page.getByTestId('release-status'));
  const mean = /ln mean MSE (-?[\d.]+)/.exec(status)![1];
  expect(num(await answer.locator('[data-answer="ln-mse"]').textContent())).toBe(Number(mean));
}

test('presenting: the lesson — PageDown walks every slide; each revealed answer agrees with the page, every slide composed for 1024×768 and 1280×720, the audit’s D′ in sight; the link keeps the slide', async ({
  page,
}) => {
  // about 20 s on two quiet cores (the audit of the release private for any data is a third of it); the margin is
  // for a machine shared with other work
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/?present=1&${SMALL}`);
  const choice = page.getByTestId('present-sequence');
  await expect(choice.getByRole('button', { name: 'Figures' })).toHaveAttribute('aria-pressed', 'true');
  await choice.getByRole('button', { name: 'Lesson' }).click();
  await expect(choice.getByRole('button', { name: 'Lesson' })).toHaveAttribute('aria-pressed', 'true');
  const step = page.getByTestId('present-step');
  const answer = page.getByTestId('lesson-answer');
  for (const [i, slide] of LESSON.entries()) {
    // the clicker's key; a control with the focus (the sequence button) does not stop it
    if (i > 0) await page.keyboard.press('PageDown');
    await expect(step).toHaveText(`${i + 1} / ${LESSON.length} · ${slide.title}`);
    await expect(page.getByTestId('lesson-question')).toHaveText(slide.question);
    await poll(() => new URL(page.url()).searchParams.get('lesson')).toBe(String(i + 1));
    await expect(answer).toBeHidden();
    // A reveals from anywhere but a text field; Space when no control has the focus
    if (i % 2 === 0) await page.keyboard.press('a');
    else {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press(' ');
    }
    await expect(answer).toBeVisible();
    await expect(page.getByTestId('lesson-reveal')).toHaveText('Hide the answer (A)');
    await expect(answer, `${slide.id}: the answer's numbers arrive`).toHaveAttribute('data-done', 'true', {
      timeout: 60_000,
    });
    await AGREES[slide.id](page, answer);
    await expect(page.locator('.loading')).toHaveCount(0);
    // every text readable, every panel whole, no text over another and the plot whole, once the layout has
    // settled under the answer (the views and plots refit themselves to the room the bar leaves them)
    await composedForBothScreens(page, slide.id);
    // the audit's changed record is on the globe's visible side (the view turns to face it)
    if (slide.id.startsWith('audit-'))
      await poll(() => recordFacing(page), { message: `${slide.id}: D′ faces the camera` }).toBeGreaterThan(
        0.4,
      );
  }
  await page.keyboard.press('PageDown');
  await expect(step).toHaveText(`${LESSON.length} / ${LESSON.length} · ${LESSON.at(-1)!.title}`);

  // a bookmark opens the same slide, with its settings
  await page.goto(page.url());
  await expect(step).toHaveText(`${LESSON.length} / ${LESSON.length} · ${LESSON.at(-1)!.title}`);
  expect(await labState<string>(page, 'settings.workspace')).toBe('frechet');
  await page.keyboard.press('PageUp');
  await expect(step).toHaveText(`${LESSON.length - 1} / ${LESSON.length} · ${LESSON.at(-2)!.title}`);
  expect(await labState<number>(page, 'settings.landmarks')).toBe(50);
  // back to the figures: the bar and the link say so
  await choice.getByRole('button', { name: 'Figures' }).click();
  await expect(step).toHaveText('Figures');
  await poll(() => new URL(page.url()).searchParams.get('lesson')).toBeNull();
  expect(errors).toEqual([]);
});
