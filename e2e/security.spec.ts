import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { labState, poll, waitForImportedRelease, waitForRelease, watchErrors } from './util';

/** Collects CSP violations: the DOM event (registered before any page script runs) and console reports. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) fromConsole.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective}: ${e.blockedURI || '(inline)'}`),
    );
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
  ];
}

function sphereCsv(n: number): string {
  const rows = ['t,x,y,z'];
  for (let i = 0; i < n; i++) {
    const a = 0.2 + (0.9 * i) / (n - 1);
    const z = 0.05 * Math.sin(5 * i);
    const r = Math.hypot(Math.cos(a), Math.sin(a), z);
    rows.push(`${i},${Math.cos(a) / r},${Math.sin(a) / r},${z / r}`);
  }
  return rows.join('\n');
}

async function download(page: Page, name: string | RegExp): Promise<{ file: string; body: Buffer }> {
  const [dl]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).first().click(),
  ]);
  return { file: dl.suggestedFilename(), body: await readFile((await dl.path())!) };
}

test('the built page carries a strict Content-Security-Policy (no inline script, no eval, no connections)', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
  expect(meta).not.toBeNull();
  const policy = meta![1].replace(/&#39;/g, "'");
  const directives = new Map(
    policy.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('connect-src')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('worker-src')).toEqual(["'self'"]);
  expect(policy).not.toContain("'unsafe-eval'"); // JavaScript eval stays forbidden; WebAssembly is allowed
  expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
  // the policy comes before the first script, so it governs every script of the page
  expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script element
});

test('no CSP violation anywhere, and no network request at all while importing, computing and exporting; injected script and eval are refused', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const violations = await watchCsp(page);
  const requests: string[] = [];
  const foreign: string[] = [];
  let loaded = false;
  page.on('request', (r) => {
    if (loaded) requests.push(`${r.method()} ${r.url()}`);
    if (!/^(blob|data):/.test(r.url()) && !r.url().startsWith(baseURL!)) foreign.push(r.url());
  });
  await page.goto('/?notour=1&burn=100&m=2&curves=20');
  await waitForRelease(page);
  // Everything the page needs is fetched at start-up (scripts, the worker script, styles, fonts of the open
  // view); from here on, nothing more may be requested but the lab's own scripts of a workspace or plot tab
  // shown for the first time (a GET of /assets/*.js from the lab's server: code, never data).
  await page.waitForLoadState('networkidle');
  loaded = true;

  // import (parsed in a worker) → a new release on the imported data
  await page.getByLabel(/Your data/).setInputFiles({
    name: 'directions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(sphereCsv(20)),
  });
  await poll(() => labState<string>(page, 'imported.sphere.fileName')).toBe('directions.csv');
  await waitForImportedRelease(page, 'sphere');
  // exports: CSV/JSON of data, fit and release, and a PNG (drawn from a blob: image)
  for (const what of ['data', 'non-private fit', 'private release']) {
    const csv = await download(page, `Download ${what} as CSV`);
    expect(csv.body.length).toBeGreaterThan(50);
  }
  await download(page, 'Download private release as JSON');
  await page.getByRole('tab', { name: /Diagnostics/ }).click();
  const png = await download(page, /as PNG$/);
  expect(png.body.subarray(1, 4).toString()).toBe('PNG');
  // another workspace (3D view, new jobs)
  await page.getByRole('tab', { name: /SPD/ }).click();
  await waitForRelease(page);
  loaded = false;
  // (the tab's icon is the browser's own request, which Chromium makes whenever it likes)
  const ownScript = (r: string) => r.startsWith(`GET ${baseURL}/assets/`) && r.endsWith('.js');
  expect(
    requests.filter((r) => !r.includes(' blob:') && !r.endsWith('/favicon.svg') && !ownScript(r)),
  ).toEqual([]);

  // explanations load KaTeX (a script, a style sheet, fonts: from the lab's own server) and use inline styles
  await page.getByText('What happens to the data you load?').click();
  await expect(page.getByText('Nothing is uploaded.', { exact: true })).toBeVisible();
  await page.locator('details.explain summary').filter({ hasText: 'sensitivity' }).first().click();
  await expect(page.locator('.katex').first()).toBeVisible();

  expect(await violations()).toEqual([]);
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);

  // and the policy is in force: an injected inline script and a string timer (eval) are refused
  const outcome = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.head.appendChild(s);
    // a string timer is compiled by the page itself, so CSP governs it (code run through the test
    // driver's evaluate is exempt from CSP, so `eval` written here would prove nothing)
    setTimeout('window.__evalRan = true', 0);
    return new Promise<{ inlineRan: boolean; evalRan: boolean }>((resolve) =>
      setTimeout(() => {
        const w = window as unknown as { __inlineRan?: boolean; __evalRan?: boolean };
        resolve({ inlineRan: w.__inlineRan ?? false, evalRan: w.__evalRan ?? false });
      }, 200),
    );
  });
  expect(outcome.inlineRan).toBe(false);
  expect(outcome.evalRan).toBe(false);
  await poll(async () => (await violations()).join('\n')).toMatch(/script-src/);
});
