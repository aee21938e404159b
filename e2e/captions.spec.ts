/**
 * Captions that describe the curves shown: under a truly private setting the split curves are flat,
 * and the caption says that no split helps instead of "look for a U".
 */
import { expect, test } from '@playwright/test';
import { waitForSweep, watchErrors } from './util';

test('public τ = π and the strict σ rule at ε = 0.2: the split caption says that no split helps', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto(
    '/?ws=sphere&mech=kng&taumode=public&tau=3.14159&sigma=strict&eps=0.2&m=3&burn=300&curves=20,50',
  );
  await waitForSweep(page);
  const caption = page.getByTestId('mse-caption-unequal');
  await expect(caption).toHaveAttribute('data-shape', 'flat');
  await expect(caption).toContainText('No split helps here');
  await expect(caption).not.toContainText('A U');
  // … and points to the total ε where the split starts to matter (from the total-ε curves)
  await expect(caption).toContainText(/starting to fall only at ε ≈ \d/);
  await page
    .locator('figure.plot-figure', { has: caption })
    .screenshot({ path: 'test-output/screenshots/caption-flat-split.png' });
  expect(errors).toEqual([]);
});

test('the paper’s Fig. 1 settings: the split caption sees the U, and the readout puts the best split in words', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/?ws=sphere&mech=kng&eps=2.02&split=0.3&m=3&burn=300&curves=20,50');
  await waitForSweep(page);
  const caption = page.getByTestId('mse-caption-unequal');
  await expect(caption).toHaveAttribute('data-shape', 'u');
  await expect(caption).toContainText('A U:');
  await expect(page.getByTestId('current-readout-unequal')).toContainText(
    /Best split: n = 20 at εp ≈ [\d.]+ \(about [\d.,]+× the non-private error\)/,
  );
});

test('sphere, public τ = π, strict σ rule: the total-ε axis reaches as far right as the curves move', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?ws=sphere&mech=kng&taumode=public&tau=3.14159&sigma=strict&m=3&burn=300&curves=20,50');
  await waitForSweep(page);
  const equal = page.getByTestId('mse-plot-equal');
  // a log axis from 0.01 to 1000 (powers of ten), not the paper's 0.2 … 2
  const ticks = await equal.locator('.axis-x text.tick-label').allTextContents();
  expect(ticks).toEqual(['0.01', '0.1', '1', '10', '100', '1000']);
  // the curves move over it: the caption says where, and not that the error hardly changes
  const caption = page.getByTestId('mse-caption-equal');
  await expect(caption).toHaveAttribute('data-shape', 'moves');
  await expect(caption).toContainText(/starts to fall at ε ≈ \d/);
  await expect(caption).not.toContainText('hardly changes');
  await page
    .getByRole('region', { name: 'Plots' })
    .screenshot({ path: 'test-output/screenshots/captions-public-strict-1440.png' });
  expect(errors).toEqual([]);
});
