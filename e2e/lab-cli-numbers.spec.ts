/**
 * The lab's numbers are the CLI's: the release the lab shows is, to the last bit, the release the same spec gives
 * in Node (where the CLI runs). Engines differ in the last digits of Math.pow, so the samplers draw their step
 * lengths through exp and log (src/sampling/power.ts); this catches any path that parts ways again.
 */
import { expect, test } from '@playwright/test';
import { releaseTask, type ReleaseSpec } from '../src/experiments/release';
import { labState, waitForRelease } from './util';

for (const workspace of ['sphere', 'spd', 'kendall']) {
  test(`${workspace}: the release shown is the one Node computes from the same spec`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`/?ws=${workspace}`);
    await waitForRelease(page);
    const key = await labState<string>(page, 'release.key');
    const shown = await labState<{ mse: number[][]; kernel: string }[]>(page, 'release.cells');
    const spec = JSON.parse(key.slice(0, key.lastIndexOf('#'))) as ReleaseSpec;
    const scratch = releaseTask.setup!(spec);
    const cells = Array.from({ length: releaseTask.cellCount(spec) }, (_, i) =>
      releaseTask.cell(spec, i, scratch),
    );
    expect(shown.map((c) => c.kernel)).toEqual(cells.map((c) => c.kernel));
    expect(shown.map((c) => c.mse)).toEqual(cells.map((c) => c.mse));
  });
}
