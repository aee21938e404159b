import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { poll, SMALL, waitForRelease, watchErrors } from './util';

const DIST = process.env.E2E_DIST ?? 'dist';

/** Bytes a static host serving gzip transfers for these built scripts (paths under the build folder). */
const gzipBytes = (scripts: string[]) =>
  scripts.map((s) => gzipSync(readFileSync(join(DIST, s.slice(s.indexOf('assets/')))), { level: 9 }).length);

test('the first view loads only its own scripts: no other workspace, plot tab or KaTeX until needed', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    // each script once (the worker script is fetched once and then reused from the cache by every worker)
    if (path.endsWith('.js') && !scripts.includes(path.slice(path.indexOf('assets/'))))
      scripts.push(path.slice(path.indexOf('assets/')));
  });
  await page.goto(`/?notour=1&${SMALL}`);
  await expect(page.locator('[data-testid="sphere-canvas"][data-ready="true"]')).toBeVisible({
    timeout: 60_000,
  });
  await waitForRelease(page);
  // What a person's browser transfers for the first view (gzip, as a static host serves it): docs/benchmarks.md.
  const gzip = gzipBytes(scripts);
  const total = gzip.reduce((a, b) => a + b, 0);
  console.log(
    `first view: ${scripts.length} scripts, ${(total / 1000).toFixed(1)} kB gzip — ` +
      scripts.map((s, i) => `${s.replace(/^assets\//, '')} ${(gzip[i] / 1000).toFixed(1)}`).join(', '),
  );
  const names = scripts.map((s) => s.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, ''));
  expect(names).toContain('SphereWorkspace');
  for (const later of [
    'SpdWorkspace',
    'KendallWorkspace',
    'EuclideanWorkspace',
    'FrechetWorkspace',
    'DiagnosticsPlots',
    'katexRender',
  ])
    expect(names).not.toContain(later);
  // three.js with react-three-fiber is most of it (the globe needs it); the budget catches a regression, such as
  // the page loading the sampler kernels again (their WebAssembly is in the worker only: the page counts cells
  // by src/workers/cellCounts.ts and lists mechanisms by mechanismInfo.ts). About 3 kB above what the page
  // needs today, since the bundler's split of shared page code into chunks varies by that much between builds
  // (docs/benchmarks.md has the sizes and what added to them).
  expect(total).toBeLessThan(563_000);

  // Opening another workspace and plot tab loads their scripts then.
  await page.getByRole('tab', { name: /SPD/ }).click();
  await expect(page.getByRole('tab', { name: /SPD/ })).toHaveAttribute('aria-selected', 'true');
  await waitForRelease(page);
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  await poll(() => scripts.some((s) => s.includes('SpdWorkspace'))).toBe(true);
  await poll(() => scripts.some((s) => s.includes('DiagnosticsPlots'))).toBe(true);
  expect(errors).toEqual([]);
});

test('a 2-D workspace opened first loads no three.js', async ({ page }) => {
  const errors = watchErrors(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) scripts.push(path);
  });
  await page.goto('/?notour=1&ws=euclidean');
  await waitForRelease(page);
  await expect(page.getByTestId('scatter').first()).toBeVisible();
  expect(scripts.some((s) => s.includes('EuclideanWorkspace'))).toBe(true);
  expect(scripts.filter((s) => /three-/.test(s))).toEqual([]);
  const unique = [...new Set(scripts)];
  const total = gzipBytes(unique).reduce((a, b) => a + b, 0);
  console.log(
    `first view of the Euclidean workspace: ${unique.length} scripts, ${(total / 1000).toFixed(1)} kB gzip`,
  );
  expect(errors).toEqual([]);
});
