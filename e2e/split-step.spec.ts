/**
 * A split step answers from the release computed ahead while the lab was idle (app/compute/releaseAhead.ts): no
 * job runs for it, and what it shows is the release a fresh page computes at that split.
 */
import { expect, test, type Page } from '@playwright/test';
import { labState, poll, waitForRelease, watchErrors } from './util';

/** The lab is idle: the release shown is done and nothing runs, the releases ahead included. */
async function idle(page: Page) {
  await waitForRelease(page);
  await poll(() => page.evaluate(() => (window as unknown as { __dpLabBusy(): boolean }).__dpLabBusy()), {
    timeout: 60_000,
  }).toBe(false);
}

/** The release shown: its cells as JSON (typed arrays by their entries). */
const releaseCells = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify(
      (window as unknown as { __dpLab: { getState(): { release: { cells: unknown[] } } } }).__dpLab.getState()
        .release.cells,
    ),
  );

test('a split step shows the release computed ahead: no job runs, and it is the one a fresh page computes', async ({
  page,
  browser,
}) => {
  const errors = watchErrors(page);
  await page.goto('/?ws=sphere&notour=1');
  await idle(page);
  await page.evaluate(() => {
    type Release = { status: string; total: number };
    const lab = (window as unknown as { __dpLab: { subscribe(f: (s: { release: Release }) => void): void } })
      .__dpLab;
    const w = window as unknown as { __jobsStarted: number };
    w.__jobsStarted = 0;
    // a job shows its cells pending from its start (total > 0) before any arrives
    lab.subscribe(({ release }) => {
      if (release.status === 'running' && release.total > 0) w.__jobsStarted++;
    });
  });
  await page.locator('#lab-controls').getByTestId('split').focus();
  await page.keyboard.press('ArrowRight');
  await poll(() => labState<number>(page, 'settings.split')).toBe(0.51);
  await waitForRelease(page);
  expect(await page.evaluate(() => (window as unknown as { __jobsStarted: number }).__jobsStarted)).toBe(0);
  await expect(page.getByTestId('release-status')).toContainText('split 0.51');
  const stepped = await releaseCells(page);

  const fresh = await browser.newPage();
  await fresh.goto('/?ws=sphere&notour=1&split=0.51');
  await waitForRelease(fresh);
  expect(await releaseCells(fresh)).toBe(stepped);
  await fresh.close();
  expect(errors).toEqual([]);
});
