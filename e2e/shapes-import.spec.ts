import { expect, test } from '@playwright/test';
import { labState, poll, waitForImportedRelease, watchErrors } from './util';

/** A shape file: n subjects, k landmarks on a noisy ellipse that widens with the covariate (age). */
function shapeCsv(n: number, k: number): string {
  const header = ['age', ...Array.from({ length: k }, (_, j) => `x${j + 1},y${j + 1}`)].join(',');
  const rows = Array.from({ length: n }, (_, i) => {
    const age = 20 + i;
    const coords = Array.from({ length: k }, (_, j) => {
      const t = (2 * Math.PI * j) / k;
      const wobble = 0.02 * Math.sin(7 * i + 3 * j);
      return `${((1 + 0.01 * i) * Math.cos(t) + wobble).toFixed(5)},${(0.4 * Math.sin(t) - wobble).toFixed(5)}`;
    });
    return [age, ...coords].join(',');
  });
  return [header, ...rows].join('\n') + '\n';
}

for (const k of [3, 20, 80]) {
  test(`a shape file with ${k} landmarks imports, fits and draws on the ${k}-landmark shape space`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await page.goto('/?notour=1&ws=kendall&mech=kng&burn=100&m=2&curves=20');
    await page.getByLabel(/Your data/).setInputFiles({
      name: `shapes-${k}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(shapeCsv(30, k)),
    });
    await poll(() => labState<number>(page, 'imported.kendall.ys.length')).toBe(30);
    expect(await labState<number>(page, 'imported.kendall.ys.0.length')).toBe(2 * k);
    await waitForImportedRelease(page, 'kendall');
    // the fit and the private release live on the k-landmark space (2k coordinates)
    expect(await labState<number>(page, 'release.cells.0.pHat.length')).toBe(2 * k);
    const panels = page.getByTestId('shape-panels');
    await expect(panels).toBeVisible();
    await expect(panels.locator('path').first()).toBeVisible();
    await expect(page.locator('.boundary-failed')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('NaN');
    expect(errors).toEqual([]);
  });
}
