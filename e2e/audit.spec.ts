import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  auditedRecord,
  letCellsThrough,
  setSettings,
  stopPacing,
  switchWorkspace,
  watchErrors,
} from './util';

/**
 * Small runs: 200 releases per side, short chains, one light sweep curve beside the audit; paper 000's KNG at the
 * paper's sizes, the release these tests audit.
 */
const FAST = 'mech=kng&burn=100&m=2&curves=20&plot=audit&an=200';
const SHOTS = 'test-output/screenshots';

const panel = (page: Page) => page.locator('#plot-tabpanel');

/** Presses Run audit and waits until every cell has arrived. */
async function runAudit(page: Page) {
  await page.getByTestId('audit-run').click();
  await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Done/,
    { timeout: 150_000 },
  );
  await expect(page.getByTestId('audit-verdict')).not.toHaveAttribute('data-tone', 'undecided');
}

async function numberOf(page: Page, testId: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute('data-value'));
}

/** The Audit tab draws D and D′ in the view of workspace `ws`, the changed record highlighted, and only there. */
async function checkAuditRecordMarks(page: Page, ws: 'sphere' | 'spd' | 'kendall' | 'euclidean') {
  const legend = page.getByTestId('audit-record-legend');
  const k = await auditedRecord(page);
  // the default is the largest residual, named in the picker
  await expect(page.getByTestId('audit-record-select')).toHaveValue('0');
  await expect(page.getByTestId('audit-record-select').locator('option').first()).toHaveText(
    `largest residual (#${k})`,
  );
  const view = page.locator(`.workspace-${ws}`);
  if (ws === 'euclidean') {
    const marks = page.getByTestId('scatter-audit-record');
    await expect(marks.locator('[data-role="audit-d"]')).toBeVisible();
    await expect(marks.locator('[data-role="audit-d2"]')).toBeVisible();
  } else if (ws === 'spd') {
    const marks = page.getByTestId('spd-audit-record');
    await expect(marks.locator('.e-record-d')).toHaveCount(1);
    await expect(marks.locator('.e-record-d2')).toHaveCount(1);
    await expect(marks.locator('.e-record-d title')).toContainText('the audited record in D');
  } else if (ws === 'kendall') {
    await expect(page.getByTestId('audit-record-d')).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('audit-record-d2')).toBeVisible();
    await expect(page.getByTestId('shape-audit-record')).toContainText(`record #${k}`);
  }
  // another tab: the view draws no audit marks
  await page.getByRole('tab', { name: /MSE/ }).first().click();
  await expect(page.getByTestId('audit-record-legend')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Audit' }).click();
  await expect(legend).toBeVisible();
  await expect(view).not.toContainText('NaN');
  await view.screenshot({ path: `${SHOTS}/audit-view-${ws}.png` });
}

const AUDITED = ['sphere', 'spd', 'kendall', 'euclidean'] as const;

// one page steps through the workspaces (the total ε and the audited mechanism set back between them)
test(`the audit runs on the ${AUDITED.join(', ')} workspaces, draws D and D′ in the view, follows ε and catches the non-private fit`, async ({
  page,
}) => {
  test.setTimeout(AUDITED.length * 420_000);
  const errors = watchErrors(page);
  await page.goto(`/?ws=${AUDITED[0]}&${FAST}`);
  for (const ws of AUDITED) {
    await switchWorkspace(page, ws);
    await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
    // the first workspace has not been audited yet; the others show the last workspace's audit as stale, never as
    // theirs
    if (ws === AUDITED[0]) await expect(page.getByTestId('audit-intro')).toBeVisible();
    else {
      await expect(page.getByTestId('audit-stale')).toContainText('The last audit was for other settings');
      await expect(page.getByTestId('audit-verdict')).toHaveCount(0);
    }
    await checkAuditRecordMarks(page, ws);

    // KNG with the workspace's settings (data-driven τ by default: labelled not private)
    await runAudit(page);
    const lower = await numberOf(page, 'audit-lower');
    const claimed = await numberOf(page, 'audit-claimed');
    expect(Number.isFinite(lower) && lower >= 0).toBe(true);
    expect(claimed).toBeCloseTo(1, 6);
    await expect(page.getByTestId('audit-verdict')).toContainText(/consistent with ε = 1|leaks more than/i);
    await expect(page.getByTestId('audit-not-private')).toContainText(/not private/i);
    await expect(page.getByTestId('audit-record')).toContainText('record #');
    await expect(page.getByTestId('audit-histograms').locator('rect').first()).toBeVisible();
    await expect(page.getByTestId('audit-region')).toBeVisible();
    await expect(panel(page)).not.toContainText('NaN');
    await page.getByRole('region', { name: 'Plots' }).screenshot({ path: `${SHOTS}/audit-${ws}-kng.png` });

    // A new ε makes the shown result stale (never shown as current); a rerun audits the new claim.
    const eps = page.getByTestId('eps');
    await eps.focus();
    for (let i = 0; i < 5; i++) await eps.press('ArrowRight');
    await expect(page.getByTestId('audit-stale')).toBeVisible();
    await expect(page.getByTestId('audit-verdict')).toHaveCount(0);
    await runAudit(page);
    const claimed2 = await numberOf(page, 'audit-claimed');
    expect(claimed2).toBeGreaterThan(claimed);
    expect(Number.isFinite(await numberOf(page, 'audit-lower'))).toBe(true);

    // The non-private fit: trivially told apart.
    await page.getByTestId('audit-mechanism').selectOption('nonprivate');
    await runAudit(page);
    await expect(page.getByTestId('audit-verdict')).toHaveAttribute('data-tone', 'leaks');
    await expect(page.getByTestId('audit-verdict')).toContainText(/not private/i);
    expect(await numberOf(page, 'audit-lower')).toBeGreaterThan(2);
    await page
      .getByRole('region', { name: 'Plots' })
      .screenshot({ path: `${SHOTS}/audit-${ws}-nonprivate.png` });

    if (ws === 'euclidean') {
      // the linear-regression baselines of the table are offered here
      await page.getByTestId('audit-mechanism').selectOption('dpgr');
      await runAudit(page);
      expect(Number.isFinite(await numberOf(page, 'audit-lower'))).toBe(true);
      await expect(page.getByTestId('audit-statistic')).toHaveText('log-likelihood ratio');
    }
    // the next workspace starts from the same settings: ε = 1, the release audited
    await setSettings(page, { eps: 1, auditMechanism: 'kng' });
  }
  expect(errors).toEqual([]);
});

test('the audit can be cancelled and is keyboard operable', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto(`/?ws=sphere&burn=2000&m=2&curves=20&plot=audit&an=2000`);
  const run = page.getByTestId('audit-run');
  await run.focus();
  await page.keyboard.press('Enter');
  const cancel = page.getByTestId('audit-cancel');
  await expect(cancel).toBeVisible();
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Stopped|^Not run/,
  );
  await expect(page.getByTestId('audit-cancel')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the audit streams: the verdict and plots show partial results while it runs', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  // paced: cells reach the page only as the test lets them through (pacing.ts)
  await page.goto(`/?ws=sphere&${FAST}&pace=audit`);
  await page.getByTestId('audit-run').click();
  const progress = page.getByRole('progressbar', { name: 'Audit progress' });
  await letCellsThrough(page, 'audit', 3);
  await expect(progress).toHaveAttribute('aria-valuenow', '3', { timeout: 60_000 });
  await expect(page.getByTestId('audit-verdict')).toContainText('So far');
  const total = Number(await progress.getAttribute('aria-valuemax'));
  expect(total).toBeGreaterThan(3);
  await expect(page.getByTestId('audit-numbers')).toContainText(`of 200`);
  const partial = await page.getByTestId('audit-numbers').textContent();
  expect(partial).not.toContain('200 of 200');
  await stopPacing(page, 'audit');
  await expect(progress).toHaveAttribute('aria-valuetext', /^Done/, { timeout: 60_000 });
  await expect(page.getByTestId('audit-numbers')).toContainText('200 of 200');
  await expect(page.getByTestId('audit-verdict')).not.toContainText('So far');

  // exports: every score (200 per side) and the curve with the boundary of the claimed ε
  const csv = async (name: string) => {
    const [dl] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${name} results as CSV` }).click(),
    ]);
    const rows = (await readFile((await dl.path())!, 'utf8'))
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    return { name: dl.suggestedFilename(), rows };
  };
  const scores = await csv('audit scores');
  expect(scores.name).toMatch(/audit-scores\.csv$/);
  expect(scores.rows[0]).toBe('side,release,score');
  expect(scores.rows).toHaveLength(401);
  const curve = await csv('audit trade-off curve');
  expect(curve.rows[0]).toBe('alpha,beta,boundary');
  expect(curve.rows.length).toBeGreaterThan(10);
  expect(errors).toEqual([]);
});

test('the audit runs on the Fréchet workspace: the Riemannian Laplace keeps its ε, a new ε is audited', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.goto('/?ws=frechet&plot=audit&an=1000');
  const tab = page.getByRole('tab', { name: 'Audit' });
  // (the Fréchet plots load with their own script while the view's first releases run)
  await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  // keyboard: the tab list cycles through its three tabs
  await tab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Error vs ε' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('audit-mechanism')).toHaveValue('riemannian-laplace');
  await expect(page.getByTestId('audit-data-note')).toContainText('n = 100');

  await runAudit(page);
  const claimed = await numberOf(page, 'audit-claimed');
  const lower = await numberOf(page, 'audit-lower');
  expect(claimed).toBeCloseTo(1, 6);
  // the exact sampler with public r is ε-DP: the 95% bound stays below the claim (it may fail 1 time in 20)
  expect(lower).toBeGreaterThanOrEqual(0);
  expect(lower).toBeLessThanOrEqual(claimed);
  await expect(page.getByTestId('audit-verdict')).toHaveAttribute('data-tone', 'consistent');
  await expect(page.getByTestId('audit-not-private')).toHaveCount(0);
  await expect(page.getByTestId('audit-statistic')).toHaveText('log-likelihood ratio');
  await expect(page.locator('#frechet-tabpanel')).not.toContainText('NaN');
  await page.getByRole('region', { name: 'Plots' }).screenshot({ path: `${SHOTS}/audit-frechet-rl.png` });

  const eps = page.getByTestId('eps');
  await eps.focus();
  for (let i = 0; i < 5; i++) await eps.press('ArrowRight');
  await expect(page.getByTestId('audit-stale')).toBeVisible();
  await runAudit(page);
  expect(await numberOf(page, 'audit-claimed')).toBeGreaterThan(claimed);

  await page.getByTestId('audit-mechanism').selectOption('extrinsic-gaussian');
  await runAudit(page);
  expect(Number.isFinite(await numberOf(page, 'audit-lower'))).toBe(true);
  await expect(page.getByTestId('audit-claimed')).toContainText('δ =');
  expect(errors).toEqual([]);
});

test('picking another record (select, or a click on a point) re-runs the audit for it, and the link keeps it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.goto(`/?ws=euclidean&${FAST}`);
  await runAudit(page);
  const legend = page.getByTestId('audit-record-legend');
  const k = Number(await legend.getAttribute('data-record'));
  await expect(page.getByTestId('audit-record')).toContainText(`record #${k} changes`);
  const other = k === 3 ? 4 : 3;
  await page.getByTestId('audit-record-select').selectOption(String(other));
  // the audit re-runs by itself for the picked record
  await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Done/,
    { timeout: 150_000 },
  );
  await expect(page.getByTestId('audit-record')).toContainText(`record #${other} changes`);
  await expect(page.getByTestId('audit-record')).toContainText('(chosen');
  await expect(legend).toHaveAttribute('data-record', String(other));
  await expect(page).toHaveURL(new RegExp(`arec=${other}(&|$)`));
  await expect(page.getByTestId('audit-stale')).toHaveCount(0);

  // a click on a data point of the scatter picks that record
  const point = page.getByTestId('points').locator('circle').nth(9);
  const box = (await point.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(legend).toHaveAttribute('data-record', '10');
  await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Done/,
    { timeout: 150_000 },
  );
  await expect(page.getByTestId('audit-record')).toContainText('record #10 changes');

  // back to the default
  await page.getByTestId('audit-record-select').selectOption('0');
  await expect(page).not.toHaveURL(/arec=/);
  await expect(legend).toHaveAttribute('data-record', String(k));
  expect(errors).toEqual([]);
});

test('the landmark control: fewer landmarks, fewer dimensions, the private footpoints nearer the fit; the caption says so', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.goto('/?ws=kendall&mech=kng&burn=200&m=2&curves=20&plot=audit&an=200');
  const caption = page.getByTestId('landmark-caption');
  await expect(caption).toContainText('d = 2k − 4 = 96');
  await expect(caption).toContainText('released footpoints lie on average', { timeout: 120_000 });
  const far = Number(await caption.getAttribute('data-footpoint-distance'));
  const slider = page.getByTestId('landmarks');
  await slider.focus();
  await slider.press('Home');
  await expect(page.getByTestId('landmarks-value')).toHaveText('8 → d = 12');
  await expect(page).toHaveURL(/lmk=8(&|$)/);
  await expect(caption).toHaveAttribute('data-dimension', '12', { timeout: 60_000 });
  await expect(caption).toContainText('d = 2k − 4 = 12');
  await expect(page.getByTestId('synthetic-note')).toContainText('8 boundary landmarks each');
  await expect(caption).toContainText('released footpoints lie on average', { timeout: 120_000 });
  const near = Number(await caption.getAttribute('data-footpoint-distance'));
  // same data model, same ε: the noise spreads over 12 dimensions instead of 96
  expect(near).toBeLessThan(far / 2);
  // the audit's pair is drawn on the 8-landmark outlines too
  await expect(page.getByTestId('audit-record-d')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.workspace-kendall')).not.toContainText('NaN');
  await page
    .locator('.workspace-kendall')
    .screenshot({ path: `${SHOTS}/audit-view-kendall-8-landmarks.png` });
  expect(errors).toEqual([]);
});

test('Fig. 3 shows the paper sampler beside the mixed chains, and audits either', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.goto('/?ws=kendall&mech=kng&fig=fig3&eps=0.6&burn=200&m=2&curves=20&an=200');
  const caption = page.getByTestId('fig3-caption');
  await expect(caption).toContainText('one chain started at the non-private fit');
  await expect(page.getByTestId('paper-panels')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(page.getByTestId('paper-private')).toHaveCount(5);
  await expect(page.getByTestId('panel-private')).toHaveCount(5, { timeout: 120_000 });
  await expect(caption).not.toContainText('…');
  // the numbers behind "hugs" and "scribbles": the paper sampler's pairs are far nearer the fit
  const text = (await caption.textContent())!;
  const m = /lab (-?\d+(?:\.\d+)?), paper sampler (-?\d+(?:\.\d+)?), non-private (-?\d+(?:\.\d+)?)/.exec(
    text.replace(/−/g, '-'),
  )!;
  expect(m).not.toBeNull();
  const [lab, paper, np] = m.slice(1).map(Number);
  expect(paper).toBeLessThan(lab - 1);
  expect(paper).toBeGreaterThanOrEqual(np - 1e-9);
  await page.locator('.workspace-kendall').screenshot({ path: `${SHOTS}/fig3-paper-sampler.png` });

  // audit the paper sampler from the view: the Audit tab opens with that sampler and runs
  await page.getByTestId('fig3-audit-paper').click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('audit-sampler')).toHaveValue('paper');
  await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Done/,
    { timeout: 200_000 },
  );
  await expect(page.getByTestId('audit-verdict')).not.toHaveAttribute('data-tone', 'undecided');
  await expect(page).toHaveURL(/asmp=paper/);
  expect(errors).toEqual([]);
});

test('presenting mode at 1024×768: the Audit tab shows its trade-off curve as the plot', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/?ws=sphere&${FAST}&present=1`);
  await expect(page.locator('html')).toHaveClass(/presenting/);
  await page.getByTestId('present-toggle').click(); // out, to press Run audit
  await runAudit(page);
  await page.getByTestId('present-toggle').click();
  await expect(page.locator('html')).toHaveClass(/presenting/);
  const curve = page.getByTestId('audit-tradeoff');
  await expect(curve).toBeVisible();
  await expect(page.getByTestId('audit-histograms')).toBeHidden();
  // the curve fits the screen beside the view
  const box = (await curve.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1024);
  expect(box.y).toBeLessThan(768);
  await expect(page.getByTestId('audit-record-legend')).toBeAttached();
  await page.screenshot({ path: `${SHOTS}/audit-present-1024.png` });
  expect(errors).toEqual([]);
});

test('presenting mode’s Fig. 3 caption names both rows the view shows: the lab’s private fits and the paper sampler’s row', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?ws=kendall&mech=kng&fig=fig3&eps=0.6&burn=200&m=2&curves=20&an=200&present=1');
  await expect(page.locator('html')).toHaveClass(/presenting/);
  const caption = page.locator('body');
  await expect(caption).toContainText('· Fig. 3');
  await expect(caption).toContainText('the lab’s private fits, and paper 000’s sampler (row below)');
  // the row the caption speaks of is there, with its heading
  await expect(page.getByTestId('paper-panels')).toHaveAttribute('data-status', 'done', { timeout: 200_000 });
  await expect(page.getByText('The same release with paper 000')).toBeVisible();
  await page.getByTestId('paper-panels').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/present-fig3-paper-row.png` });
  expect(errors).toEqual([]);
});
