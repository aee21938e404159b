import { expect, test } from '@playwright/test';
import { CONE_VIEW, coneLayout } from '../app/views3d/coneView';
import { coneCoords } from '../app/views3d/geodesics';
import {
  auditedRecord,
  distinctColours,
  mostIsolated,
  onCanvas,
  poll,
  shownCamera,
  watchErrors,
} from './util';

const SHOTS = 'test-output/screenshots';

/**
 * The Fréchet SPD ellipse strip's mechanism columns, and how many neighbouring headings (symbol and name) or
 * captions overlap on screen.
 */
async function stripOverlaps(page: import('@playwright/test').Page) {
  return page.locator('[data-testid="frechet-ellipses"] g[data-mechanism]').evaluateAll((columns) => {
    const box = (e: Element | null) => e!.getBoundingClientRect();
    const heads = columns.map((c) => box(c.querySelector(':scope > g')));
    const captions = columns.map((c) => box(c.querySelector(':scope > text')));
    let overlaps = 0;
    for (const row of [heads, captions])
      for (let i = 1; i < row.length; i++) if (row[i].left <= row[i - 1].right) overlaps++;
    return { columns: columns.length, overlaps };
  });
}

/** Presses Run audit and waits until every cell has arrived. */
async function runAudit(page: import('@playwright/test').Page) {
  await page.getByTestId('audit-run').click();
  await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Done/,
    { timeout: 150_000 },
  );
}

test('the Fréchet workspace draws D and D′ on its globe while the Audit tab shows; picking a record moves them and the link keeps it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.goto('/?ws=frechet&plot=audit&an=200');
  const legend = page.getByTestId('audit-record-legend');
  const k = await auditedRecord(page);
  const select = page.getByTestId('audit-record-select');
  await expect(select).toHaveValue('0');
  await expect(select.locator('option').first()).toHaveText(`farthest out (#${k})`);
  await expect(page.getByTestId('audit-data-note')).toContainText('the very points drawn in the view');

  await runAudit(page);
  await expect(page.getByTestId('audit-record')).toContainText(`record #${k} changes`);
  const canvas = page.getByTestId('frechet-sphere-canvas');
  const view = page.locator('.frechet-sphere');
  await view.screenshot({ path: `${SHOTS}/audit-frechet-view-default.png` });
  const before = await canvas.screenshot();

  // another record: the legend, the drawing and the link follow, and the audit re-runs for it
  const other = k === 3 ? 4 : 3;
  await select.selectOption(String(other));
  await expect(legend).toHaveAttribute('data-record', String(other), { timeout: 60_000 });
  await expect(page).toHaveURL(new RegExp(`arec=${other}(&|$)`));
  await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute(
    'aria-valuetext',
    /^Done/,
    { timeout: 150_000 },
  );
  await expect(page.getByTestId('audit-record')).toContainText(`record #${other} changes`);
  await expect(page.getByTestId('audit-record')).toContainText('(chosen');
  await poll(async () => (await canvas.screenshot()).equals(before)).toBe(false);
  await view.screenshot({ path: `${SHOTS}/audit-frechet-view-picked.png` });

  // the link restores the pick
  await page.reload();
  await expect(page.getByTestId('audit-record-legend')).toHaveAttribute('data-record', String(other), {
    timeout: 60_000,
  });
  await expect(select).toHaveValue(String(other));

  // another tab: no audit marks or legend
  await page.getByRole('tab', { name: 'Error vs ε' }).click();
  await expect(page.getByTestId('audit-record-legend')).toHaveCount(0);
  await expect(view).not.toContainText('NaN');
  expect(errors).toEqual([]);
});

test('the Fréchet SPD view draws the audited pair in its cone, and a click on a data ball there picks that record', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.goto('/?ws=frechet&fspace=spd&plot=audit&an=200&arec=5');
  const legend = page.getByTestId('audit-record-legend');
  await expect(legend).toBeVisible({ timeout: 60_000 });
  await expect(legend).toHaveAttribute('data-record', '5');
  await expect(legend).toContainText('Click a data ball in the cone to replace that record instead.');
  await page.locator('.frechet-spd').screenshot({ path: `${SHOTS}/audit-frechet-spd.png` });
  // the ellipse strip's column headings (symbol and name) and captions do not run into each other
  expect(await stripOverlaps(page)).toEqual({ columns: 5, overlaps: 0 });

  // the data as drawn: each data ellipse's title gives its matrix (a, b, c), so its place in the cone
  const titles = await page.locator('[data-testid="frechet-ellipses"] title').allTextContents();
  const points = new Map<number, [number, number, number]>();
  for (const t of titles) {
    const m = /^data point (\d+): a = (\S+), b = (\S+), c = (\S+)$/.exec(t);
    if (m) points.set(Number(m[1]), coneCoords([Number(m[2]), Number(m[3]), Number(m[4])]));
  }
  expect(points.size).toBeGreaterThan(10);
  const frame = page.getByTestId('frechet-cone');
  const canvas = frame.locator('canvas');
  await frame.scrollIntoViewIfNeeded(); // a click must land on the screen
  await poll(() => distinctColours(canvas), { timeout: 30_000 }).toBeGreaterThan(20);
  // where the view's own camera (as shown, looking at the layout's target) puts each ball
  const records = [...points.keys()];
  const screen = await onCanvas(canvas, [...points.values()], {
    fov: CONE_VIEW.fov,
    position: await shownCamera(frame),
    target: coneLayout([...points.values()]).target,
  });
  // the ball farthest (on screen) from every other one, other than the record shown
  const { index, gap } = mostIsolated(screen, (i) => records[i] !== 5);
  expect(gap).toBeGreaterThan(8);
  await page.mouse.click(screen[index].x, screen[index].y);
  await expect(legend).toHaveAttribute('data-record', String(records[index]), { timeout: 60_000 });
  await expect(page).toHaveURL(new RegExp(`arec=${records[index]}(&|$)`));
  // nor on a phone, where the columns are narrowest
  await page.setViewportSize({ width: 390, height: 844 });
  await poll(() => stripOverlaps(page)).toEqual({ columns: 5, overlaps: 0 });
  expect(errors).toEqual([]);
});
