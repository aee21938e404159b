/**
 * Presenting mode: on a 1024×768 projector the main view, both budget sliders and the live plot are
 * on screen at once, in large type; the split slider moved by keyboard moves the plot and the view; PageDown
 * walks the figures in order, and the lesson's slides, whose answers agree with what the page shows; every slide
 * is composed for 1024×768 and 1280×720 screens (readable type, nothing clipped, no text over another).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { composedForBothScreens, inViewport, SCREENS, smallText } from './slides';
import { LESSON, type LessonSlideId } from '../app/present/lesson/slides';
import { PRESETS } from '../app/presets';
import { scan } from './axe';
import { labState, poll, settled, showWorkspace, SMALL, waitForRelease, watchErrors } from './util';

const SHOTS = 'test-output/screenshots';

/** The views each workspace shows in presenting mode (the Euclidean workspace is scanned, not measured). */
const VIEWS: Record<string, string[]> = {
  sphere: ['sphere-canvas'],
  spd: ['spd-ellipses', 'spd-cone'],
  kendall: ['shape-morph'],
  euclidean: [],
  frechet: ['frechet-sphere-canvas'],
};

/** The screens presenting mode is checked on: every workspace on the projector, two on the larger screens. */
const PRESENT_SCREENS = [
  { width: 1024, height: 768, workspaces: Object.keys(VIEWS) },
  { width: 1280, height: 720, workspaces: ['sphere', 'spd'] },
  { width: 1920, height: 1080, workspaces: ['sphere', 'spd'] },
];

/** On one screen: the workspace's view, both budget sliders and its plot, the page not scrolled, large type. */
async function onOneScreen(page: Page, ws: string, screen: string) {
  for (const id of VIEWS[ws]) await inViewport(page, page.getByTestId(id), `${screen} ${ws}: ${id}`);
  const controls = page.getByTestId('present-controls');
  await inViewport(page, controls.getByTestId('eps'), `${screen} ${ws}: total-ε slider`);
  const plot = page.getByTestId(ws === 'frechet' ? 'frechet-plot-eps' : 'mse-plot-unequal');
  await inViewport(page, plot, `${screen} ${ws}: plot`);
  if (ws !== 'frechet')
    await inViewport(page, controls.getByTestId('split'), `${screen} ${ws}: split slider`);
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
}

// one page steps through the workspaces and screens (a page load each costs more than its checks)
test('present=1, every workspace at 1024×768 and two at 1280×720 and 1920×1080: view, sliders and plot on one screen, large type, no WCAG 2 A/AA violation (nor with everything unfolded)', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  await page.setViewportSize(PRESENT_SCREENS[0]);
  await page.goto(`/?ws=sphere&present=1&${SMALL}`);
  await expect(page.getByTestId('present-bar')).toBeVisible();
  // the flag survives the settings' own URL sync
  await poll(() => new URL(page.url()).searchParams.get('present')).toBe('1');
  for (const [i, { width, height, workspaces }] of PRESENT_SCREENS.entries()) {
    if (i > 0) await page.setViewportSize({ width, height });
    for (const ws of workspaces) {
      await showWorkspace(page, ws);
      await expect(page.getByTestId('present-bar')).toBeVisible();
      await onOneScreen(page, ws, `${width}×${height}`);
      await page.screenshot({ path: `${SHOTS}/present-${ws}-${width}x${height}.png` });
      if (i === 0) found.push(...(await scan(page, `present ${ws}`)));
    }
    if (i === 0) {
      // everything else unfolded (M) is accessible too
      await page.keyboard.press('m');
      await expect(page.locator('.control-panel').first()).toBeVisible();
      found.push(...(await scan(page, 'present, unfolded')));
      await page.keyboard.press('m');
      await expect(page.locator('.control-panel').first()).toBeHidden();
    }
  }
  expect(found).toEqual([]);
  expect(errors).toEqual([]);
});

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

/**
 * A figure preset applied from the Figures menu as a reader would: the address, the settings, the caption, the
 * workspace's tab and, once drawn, no WCAG 2 A/AA violation; its menu entry is then marked as the current one.
 */
async function appliedFromMenu(page: Page, p: (typeof PRESETS)[number], found: string[]) {
  const menu = page.locator('#figures-button');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.locator(`.figures-list button[data-preset="${p.id}"]`).click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`[?&]fig=${p.figure}(&|$)`));
  await expect(page.getByTestId('figure-caption').getByRole('heading')).toContainText(p.title);
  expect(await labState<Record<string, unknown>>(page, 'settings')).toMatchObject({
    ...p.patch,
    figure: p.figure,
  });
  await expect(page.locator(`#tab-${p.patch.workspace}`)).toHaveAttribute('aria-selected', 'true');
  await settled(page);
  found.push(...(await scan(page, p.id)));
  await menu.click();
  await expect(page.locator(`[data-preset="${p.id}"]`)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Escape');
}

/**
 * The preset's slide once its view and plots are drawn: every text readable from the back of a room, no panel
 * clipping what it shows, no text over another and the plot whole, on both projector screens.
 */
async function slideComposed(page: Page, p: (typeof PRESETS)[number], i: number) {
  const step = page.getByTestId('present-step');
  await expect(step).toHaveText(`${i + 1} / ${PRESETS.length} · ${p.label}`);
  expect(await labState<string>(page, 'settings.figure')).toBe(p.figure);
  await expect(page.getByTestId('present-caption').locator('summary')).not.toBeEmpty();
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

/**
 * A slide's claim is its plot's own, computed from the plotted numbers: on Fig. 1 the split plot's verdict (its
 * caption is folded away on the slide), on 002's Fig. 1 the words about k of the error-vs-k plot.
 */
async function claimIsThePlots(page: Page, id: string) {
  const claim = page.getByTestId('present-claim');
  if (id === 'fig1') {
    await expect(claim).not.toHaveAttribute('data-shape', 'pending', { timeout: 120_000 });
    const caption = page.getByTestId('mse-caption-unequal');
    await expect(caption).toHaveAttribute('data-shape', (await claim.getAttribute('data-shape'))!);
    for (const headline of await caption.locator('strong').allTextContents())
      await expect(claim).toContainText(headline);
  }
  if (id === 'p002fig1') {
    await expect(claim).toHaveAttribute('data-done', 'true', { timeout: 150_000 });
    // (the plot's own caption follows its rows a render later)
    const plotClaim = page.getByTestId('frechet-k-claim');
    await expect(plotClaim).toHaveText(/^Here: From k = 2 to 30 /);
    await expect(claim).toHaveText((await plotClaim.textContent())!);
  }
}

// one page steps through the presets, in the page and on their slides: each preset's data and figure are computed
// once for both
test('every figure preset: applied from the Figures menu with no console error and no WCAG 2 A/AA violation, and its slide composed for 1024×768 and 1280×720 (type of 16 px or more, nothing clipped, no text over another), its claim the plot’s own; the clicker keys step through the slides, M unfolds everything else', async ({
  page,
}) => {
  test.setTimeout(PRESETS.length * 120_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const step = page.getByTestId('present-step');
  await page.setViewportSize(SCREENS[0]);
  await page.goto(`/?present=1&${SMALL}`);
  await expect(step).toHaveText('Figures');
  // the clicker's key opens the first figure
  await page.keyboard.press('PageDown');
  await expect(step).toHaveText(`1 / ${PRESETS.length} · ${PRESETS[0].label}`);
  for (const [i, p] of PRESETS.entries()) {
    // Shift+P leaves presenting mode (and the URL flag), and comes back to the figure shown
    await page.keyboard.press('Shift+P');
    await expect(page.getByTestId('present-bar')).toBeHidden();
    await poll(() => new URL(page.url()).searchParams.get('present')).toBeNull();
    await page.setViewportSize({ width: 1440, height: 900 });
    await appliedFromMenu(page, p, found);
    await page.setViewportSize(SCREENS[i % 2]);
    await page.keyboard.press('Shift+P');
    await slideComposed(page, p, i);
    await claimIsThePlots(page, p.id);
  }
  // a link reproduces the last preset (caption included), out of presenting mode too
  const link = new URL(page.url());
  link.searchParams.delete('present');
  const fresh = await page.context().newPage();
  await fresh.goto(link.href);
  await expect(fresh.getByTestId('figure-caption').getByRole('heading')).toContainText(PRESETS.at(-1)!.title);
  await fresh.close();
  await page.keyboard.press('PageUp');
  await expect(step).toHaveText(`${PRESETS.length - 1} / ${PRESETS.length} · ${PRESETS.at(-2)!.label}`);
  // → steps too when no control has the focus (the menu's button has it, from the last preset)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowRight');
  await expect(step).toHaveText(`${PRESETS.length} / ${PRESETS.length} · ${PRESETS.at(-1)!.label}`);
  // the controls are folded away, one key away
  await expect(page.locator('.control-panel')).toBeHidden();
  await page.keyboard.press('m');
  await expect(page.locator('.control-panel')).toBeVisible();
  await page.keyboard.press('m');
  await expect(page.locator('.control-panel')).toBeHidden();
  expect(found).toEqual([]);
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
