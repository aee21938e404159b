import { expect, test } from '@playwright/test';
import { labState, poll, waitForRelease, watchErrors } from './util';

// Small sampler settings keep the background work short; the views are the same at any size.
const FAST = 'mech=kng&burn=200&m=3&curves=20';

test.describe('Kendall shapes workspace', () => {
  test('outlines, age slider, landmarks, ages list, synthetic-data notice', async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(`/?${FAST}`);
    // Switch with the tab, as a user would.
    await page.getByRole('tab', { name: /Shapes/ }).click();
    await expect(page.getByRole('tab', { name: /Shapes/ })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByText(
        'Synthetic corpus-callosum outlines (anterior left) — the ADNI shapes of the paper cannot be shipped; ' +
          'load your own landmarks to use real data.',
      ),
    ).toBeVisible();
    await waitForRelease(page, 120_000);
    expect(await labState<string>(page, 'settings.workspace')).toBe('kendall');

    // Non-private (solid) and private (dashed) outlines, in the slider view and in one panel per age.
    const morph = page.getByTestId('shape-morph');
    const np = morph.getByTestId('morph-nonprivate');
    const pr = morph.getByTestId('morph-private');
    await expect(np).toHaveCount(1);
    await expect(pr).toHaveCount(1);
    expect(await np.getAttribute('stroke-dasharray')).toBeNull();
    expect(await pr.getAttribute('stroke-dasharray')).toBeTruthy();
    expect((await np.getAttribute('d'))!.length).toBeGreaterThan(100);
    expect(await morph.locator('path').count()).toBeGreaterThanOrEqual(2);
    const panels = page.getByTestId('age-panel');
    await expect(panels).toHaveCount(5);
    await expect(page.getByTestId('shape-panels').getByTestId('panel-nonprivate')).toHaveCount(5);
    await expect(page.getByTestId('shape-panels').getByTestId('panel-private')).toHaveCount(5);
    for (const age of [60, 65, 70, 75, 80]) await expect(panels.getByText(`${age} years`)).toBeVisible();
    await expect(page.getByTestId('release-status')).toContainText('Private release done');
    await expect(page.getByTestId('release-status')).toContainText('⚠ not private'); // data-driven τ by default

    // The outlines fit their box (not tiny, not spilling over): the path's box is a good part of the SVG's.
    const svgBox = (await morph.boundingBox())!;
    const pathBox = (await np.boundingBox())!;
    expect(pathBox.width).toBeGreaterThan(0.5 * svgBox.width);
    expect(pathBox.x).toBeGreaterThanOrEqual(svgBox.x);
    expect(pathBox.x + pathBox.width).toBeLessThanOrEqual(svgBox.x + svgBox.width);
    // Anterior left: landmark 0 (rostrum tip, under the genu) lies in the left half, below the top.
    await page.getByTestId('show-landmarks').check();
    // boxes are in viewport coordinates: measure both after the click, which may have scrolled the page
    const lm0 = (await morph.getByTestId('landmark-0').boundingBox())!;
    const svgNow = (await morph.boundingBox())!;
    expect(lm0.x + lm0.width / 2).toBeLessThan(svgNow.x + svgNow.width / 2);
    expect(lm0.y).toBeGreaterThan(svgNow.y + svgNow.height / 2);
    await page.getByTestId('show-landmarks').uncheck();

    // The age slider morphs the shape, with the keyboard.
    const slider = page.getByTestId('age-slider');
    const output = page.getByTestId('age-output');
    const before = await np.getAttribute('d');
    const ageBefore = await output.textContent();
    await slider.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await expect(output).not.toHaveText(ageBefore!);
    expect(await np.getAttribute('d')).not.toBe(before);
    await expect(slider).toHaveAccessibleName(/age of the predicted outline/);

    // Landmarks on demand: 50 per outline (non-private and private), bound to the lab state and the URL.
    await expect(morph.locator('circle')).toHaveCount(0);
    await page.getByTestId('show-landmarks').check();
    expect(await labState<boolean>(page, 'settings.showLandmarks')).toBe(true);
    expect(
      await morph.getByTestId('morph-nonprivate-landmarks').locator('circle').count(),
    ).toBeGreaterThanOrEqual(50);
    expect(await morph.getByTestId('morph-private-landmarks').locator('circle').count()).toBe(50);
    await expect(page).toHaveURL(/lm=1/);

    await page.screenshot({ path: 'test-output/screenshots/kendall.png', fullPage: true });

    // The list of ages: invalid input gets a clear message; valid input redraws the panels.
    const ages = page.getByTestId('ages-input');
    await ages.fill('60, sixty');
    await expect(page.getByRole('alert')).toContainText('Entry 2 ("sixty") is not a number');
    await expect(ages).toHaveAttribute('aria-invalid', 'true');
    await ages.fill('55, 85');
    await ages.press('Enter');
    await expect(panels).toHaveCount(2);
    expect(await labState<number[]>(page, 'settings.ages')).toEqual([55, 85]);
    await expect(page).toHaveURL(/ages=55%2C85|ages=55,85/);

    // Overlaid layout: both ages in one picture, still solid vs dashed.
    await page.getByLabel('overlaid').check();
    const overlay = page.getByTestId('shape-overlay');
    await expect(overlay.getByTestId('panel-nonprivate')).toHaveCount(2);
    await expect(overlay.getByTestId('panel-private')).toHaveCount(2);

    expect(errors).toEqual([]);
  });
});

test.describe('Euclidean workspace', () => {
  test('points, non-private and private lines, hover values', async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(`/?${FAST}`);
    await page.getByRole('tab', { name: 'Euclidean' }).click();
    await expect(page.getByRole('tab', { name: 'Euclidean' })).toHaveAttribute('aria-selected', 'true');
    await waitForRelease(page);
    const n = await labState<number>(page, 'settings.n');

    const plot = page.getByTestId('scatter');
    await expect(plot).toHaveCount(1); // d = 1: one panel
    await expect(plot.getByTestId('points').locator('circle')).toHaveCount(n);
    await expect(plot.getByTestId('nonprivate-line')).toHaveCount(1);
    await expect(plot.getByTestId('private-line')).toHaveCount(1);
    // m = 3: 9 released pairs, all drawn (one highlighted, 8 faint).
    await expect(plot.getByTestId('private-lines').locator('line')).toHaveCount(9);
    expect(await plot.getByTestId('nonprivate-line').getAttribute('stroke-dasharray')).toBeNull();
    expect(await plot.getByTestId('private-line').getAttribute('stroke-dasharray')).toBeTruthy();
    await expect(plot.getByText('x', { exact: true })).toBeVisible(); // axis title from the data's xLabel
    await expect(page.getByTestId('release-status')).toContainText('Private release done');

    // Hover on a point shows its values.
    const first = plot.getByTestId('points').locator('circle').first();
    const box = (await first.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tip = plot.getByTestId('point-tooltip');
    await expect(tip).toBeVisible();
    await expect(tip).toContainText(/point \d+/);
    await expect(tip).toContainText('x =');
    await expect(tip).toContainText('y =');
    // … and so does the keyboard.
    await page.mouse.move(0, 0);
    await expect(tip).toHaveCount(0);
    await plot.focus();
    await page.keyboard.press('ArrowRight');
    await expect(tip).toBeVisible();

    // Another highlighted pair moves the dashed line.
    const y1 = await plot.getByTestId('private-line').getAttribute('y1');
    await page.getByLabel('highlighted private pair #').fill('5');
    await poll(() => plot.getByTestId('private-line').getAttribute('y1')).not.toBe(y1);

    await page.screenshot({ path: 'test-output/screenshots/euclidean.png', fullPage: true });
    expect(errors).toEqual([]);
  });
});
