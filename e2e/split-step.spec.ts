/**
 * A split step answers from the release computed ahead while the lab was idle (app/compute/releaseAhead.ts): no
 * job runs for it, and what it shows is the release a fresh page computes at that split. So does a step to the
 * lesson's next slide.
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

/** From now on, counts the release jobs the page starts (a job shows its cells pending, total > 0, before any arrives). */
async function countReleaseJobs(page: Page) {
  await page.evaluate(() => {
    type Release = { status: string; total: number };
    const lab = (window as unknown as { __dpLab: { subscribe(f: (s: { release: Release }) => void): void } })
      .__dpLab;
    const w = window as unknown as { __jobsStarted: number };
    w.__jobsStarted = 0;
    lab.subscribe(({ release }) => {
      if (release.status === 'running' && release.total > 0) w.__jobsStarted++;
    });
  });
  return () => page.evaluate(() => (window as unknown as { __jobsStarted: number }).__jobsStarted);
}

test('a split step shows the release computed ahead: no job runs, and it is the one a fresh page computes', async ({
  page,
  browser,
}) => {
  const errors = watchErrors(page);
  await page.goto('/?ws=sphere&notour=1');
  await idle(page);
  const releaseJobs = await countReleaseJobs(page);
  await page.locator('#lab-controls').getByTestId('split').focus();
  await page.keyboard.press('ArrowRight');
  await poll(() => labState<number>(page, 'settings.split')).toBe(0.51);
  await waitForRelease(page);
  expect(await releaseJobs()).toBe(0);
  await expect(page.getByTestId('release-status')).toContainText('split 0.51');
  const stepped = await releaseCells(page);

  const fresh = await browser.newPage();
  await fresh.goto('/?ws=sphere&notour=1&split=0.51');
  await waitForRelease(fresh);
  expect(await releaseCells(fresh)).toBe(stepped);
  await fresh.close();
  expect(errors).toEqual([]);
});

test("in the lesson, the next slide's release is computed while a slide is shown: stepping on starts no release job", async ({
  page,
}) => {
  const errors = watchErrors(page);
  // the split slide; the next, the advisor's, runs its releases with at most 3 draws
  await page.goto('/?present=1&lesson=3&notour=1');
  await expect(page.getByTestId('lesson-question')).toBeVisible();
  await idle(page);
  const releaseJobs = await countReleaseJobs(page);
  await page.getByRole('button', { name: 'Next slide (PageDown)' }).click();
  await poll(() => labState<number>(page, 'settings.m')).toBe(3);
  await waitForRelease(page);
  expect(await labState<number>(page, 'release.done')).toBe(3);
  expect(await releaseJobs()).toBe(0);
  expect(errors).toEqual([]);
});
