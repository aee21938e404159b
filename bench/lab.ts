/**
 * The lab benchmark: drives the built lab in Chromium as a person would and reports what that person waits for,
 * in seconds measured inside the page (from the key press or click to the moment the lab is quiet):
 *  - a split step (the split slider's → key, to a split the lab computed ahead) and a jump (Page Up / Down, to one
 *    it has not) per workspace, at the lab's defaults: until the view shows the new release's first draw (the
 *    release streams its draws) and until everything has settled;
 *  - each figure preset, chosen from the Figures menu: until its first complete figure — what a person sees as
 *    the whole figure: the view's release drawn, and every plotted point of every plot on screen present (a plot
 *    still filling in shows a running progress bar; one whose points are all drawn and only refining them, the
 *    MSE plots' later passes, marks its bar `job-refining`) — and until it has settled (no job running at all:
 *    the end of refinement);
 *  - "Advise the split" per workspace, until its first answer (from the coarse sweep's first passes) and until the
 *    advice and its privacy statement are shown;
 * each with its ratio to the sphere's (split step, advisor) or to Fig. 1's (presets) in the same run.
 * It builds the lab into a temporary folder and serves it with `vite preview`, so it measures the code as it is.
 */
import { chromium, type Page } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRESETS } from '../app/presets';
import { findChromium } from '../scripts/chromium.mjs';

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const round = (x: number, digits = 2) => +x.toFixed(digits);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A job is quiet for this long before the lab counts as settled (debounced checks start within it). */
const QUIET_MS = 1500;

/**
 * In the page: arms a watch that starts at the next key press or click (capture phase, before the lab sees it)
 * and, once the lab is quiet, holds the seconds until the first complete figure and until the lab settled. The
 * first complete figure: the view's release is done and no plot on screen shows a loading placeholder or the
 * progress bar of a figure still filling in — a bar marked `job-refining` belongs to a plot whose every point is
 * drawn (MsePlots.tsx counts them from the sweep's cells) and counts as complete — after the change has started
 * a job or shown a release kept from before (or after the checks' debounce, if it does neither). Settled waits for
 * the refinement too.
 */
async function armWatch(page: Page) {
  await page.evaluate((quiet) => {
    type Job = { status: string; done?: number; key?: string } | null | undefined;
    type State = Record<string, Job> & { advisor: { run: Job } };
    const lab = (window as unknown as { __dpLab: { getState(): State } }).__dpLab;
    const JOBS = [
      'release',
      'sweep',
      'sensitivity',
      'histograms',
      'sizes',
      'jointRelease',
      'frechetView',
      'frechetEps',
      'frechetK',
      'frechetSens',
      'linreg',
      'budgets',
      'paperSampler',
      'audit',
    ];
    const running = (j: Job) => j?.status === 'running';
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
    const figureComplete = () =>
      !running(lab.getState().release) &&
      [...document.querySelectorAll('figure.plot-figure')].some(visible) &&
      ![...document.querySelectorAll('.job-progress.job-running:not(.job-refining), .loading')].some(visible);
    (window as unknown as { __labBenchWatch: Promise<unknown> }).__labBenchWatch = new Promise((resolve) => {
      let armed = true;
      const start = () => {
        if (!armed) return;
        armed = false;
        const t0 = performance.now();
        // a release kept from before (or computed ahead) is shown without a job: its key changes
        const releaseKey = lab.getState().release?.key;
        let started = false;
        let firstFigure = -1;
        let firstDraw = -1;
        let releaseRestarted = false;
        let quietSince = -1;
        const frame = () => {
          const now = performance.now();
          const s = lab.getState();
          const busy = JOBS.some((k) => running(s[k])) || running(s.advisor.run);
          const releaseShown = s.release?.key !== releaseKey;
          started ||= busy || releaseShown;
          // the first private draw of the new release in the view (the release job streams its draws)
          releaseRestarted ||= running(s.release) || releaseShown;
          if (releaseRestarted && firstDraw < 0 && (s.release?.done ?? 0) >= 1) firstDraw = now;
          const past = started || now - t0 > quiet;
          if (past && firstFigure < 0 && figureComplete()) firstFigure = now;
          quietSince = busy || !past ? -1 : quietSince < 0 ? now : quietSince;
          if (quietSince >= 0 && now - quietSince >= quiet && firstFigure >= 0) {
            // settled: no job running and the figure drawn (its plot's script may load after the jobs end)
            const settled = Math.max(quietSince, firstFigure);
            resolve({
              firstFigure: (firstFigure - t0) / 1000,
              firstDraw: firstDraw < 0 ? null : (firstDraw - t0) / 1000,
              settled: (settled - t0) / 1000,
            });
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      };
      window.addEventListener('keydown', start, { capture: true, once: true });
      window.addEventListener('click', start, { capture: true, once: true });
      window.addEventListener('labbench', start, { once: true });
    });
  }, QUIET_MS);
}

/** The armed watch's result: seconds to the first complete figure and to settled. */
function watchResult(page: Page) {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          __labBenchWatch: Promise<{ firstFigure: number; firstDraw: number | null; settled: number }>;
        }
      ).__labBenchWatch,
  );
}

/** Waits until no job has run for QUIET_MS: the page as a person finds it once everything is drawn. */
async function waitQuiet(page: Page) {
  await armWatch(page);
  await page.evaluate(() => window.dispatchEvent(new Event('labbench')));
  await watchResult(page);
}

/** Seconds from each key press on the split slider until the view shows the new release's first draw and until
 * the view and the plot have settled. */
async function splitKeys(page: Page, keys: readonly string[]) {
  const slider = page.locator('#lab-controls').getByTestId('split');
  await slider.focus();
  const settled: number[] = [];
  const firstDraw: number[] = [];
  for (const key of keys) {
    // a person pausing between steps: the lab has computed its releases ahead
    await page.waitForFunction(() => !(window as unknown as { __dpLabBusy(): boolean }).__dpLabBusy());
    await armWatch(page);
    await page.keyboard.press(key);
    const t = await watchResult(page);
    settled.push(t.settled);
    if (t.firstDraw !== null) firstDraw.push(t.firstDraw);
  }
  return { settled, firstDraw };
}

/**
 * A workspace's split steps: jumps to splits the lab has not computed (Page Up twice from the default 0.5, Page
 * Down twice on a fresh page: 0.6, 0.7, 0.4, 0.3, where the sampler runs its usual number of steps), then steps of
 * → from 0.3, each to a split whose release the lab computed ahead while it was idle (app/compute/releaseAhead.ts).
 */
async function splitSteps(page: Page, workspace: string, steps: number) {
  const jumps = { settled: [] as number[], firstDraw: [] as number[] };
  for (const key of ['PageUp', 'PageDown']) {
    await page.goto(`/?ws=${workspace}`);
    await waitQuiet(page);
    const t = await splitKeys(page, Array(Math.max(1, steps - 1)).fill(key));
    jumps.settled.push(...t.settled);
    jumps.firstDraw.push(...t.firstDraw);
  }
  return { jumps, steps: await splitKeys(page, Array(steps).fill('ArrowRight')) };
}

/** Seconds from choosing a preset in the Figures menu until its first complete figure and until it settles. */
async function presetTimes(page: Page, presetId: string) {
  await page.goto('/?ws=sphere');
  await waitQuiet(page);
  await page.locator('#figures-button').click();
  const item = page.locator(`.figures-list button[data-preset="${presetId}"]`);
  await item.waitFor();
  await armWatch(page);
  await item.click();
  return watchResult(page);
}

/**
 * Seconds from "Advise the split" until its first answer (from the coarse sweep's first passes, shown while the
 * sweeps refine it) and until the advice and its privacy statement are shown.
 */
async function adviceTime(page: Page, workspace: string) {
  await page.goto(`/?ws=${workspace}`);
  await waitQuiet(page);
  const button = page.getByTestId('advice-run');
  if ((await button.count()) === 0) return null;
  await page.evaluate(() => {
    type Run = { status: string; privacy?: unknown; firstAnswer?: unknown } | null;
    const lab = (
      window as unknown as { __dpLab: { subscribe(f: (s: { advisor: { run: Run } }) => void): void } }
    ).__dpLab;
    const times: { start: number; first?: number; done?: number } = { start: -1 };
    (window as unknown as { __adviceTimes: typeof times }).__adviceTimes = times;
    window.addEventListener('click', () => (times.start = performance.now()), { capture: true, once: true });
    lab.subscribe(({ advisor: { run } }) => {
      if (times.start < 0 || run === null) return;
      if (times.first === undefined && (run.firstAnswer || run.status === 'done'))
        times.first = performance.now();
      if (times.done === undefined && run.status !== 'running' && run.privacy !== undefined)
        times.done = performance.now();
    });
  });
  await button.click();
  await page.waitForFunction(
    () => (window as unknown as { __adviceTimes: { done?: number } }).__adviceTimes.done !== undefined,
    undefined,
    { timeout: 600_000, polling: 'raf' },
  );
  const t = await page.evaluate(
    () =>
      (window as unknown as { __adviceTimes: { start: number; first: number; done: number } }).__adviceTimes,
  );
  return { firstAnswer: (t.first - t.start) / 1000, seconds: (t.done - t.start) / 1000 };
}

/**
 * Builds the lab, serves it, runs the measurements and stops everything it started. Without `presets` it skips
 * the figure presets (they run paper 000's mechanism): the split steps and the advisors alone.
 */
export async function labBench(quick: boolean, presets = true) {
  const dist = mkdtempSync(join(tmpdir(), 'dp-lab-bench-'));
  log('lab benchmark: building the lab…');
  const started = performance.now();
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], { stdio: 'ignore' });
  log(`lab benchmark: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const port = 4100 + Math.floor(Math.random() * 800);
  const server = spawn(
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', dist],
    { stdio: 'ignore', detached: true },
  );
  const executablePath = findChromium();
  if (!executablePath) throw new Error('the lab benchmark needs Chromium (see scripts/chromium.mjs)');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  try {
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${port}`,
      viewport: { width: 1440, height: 900 },
    });
    // tsx compiles this file keeping function names through a helper `__name`, which the functions handed to
    // page.evaluate then call inside the page: give the page a stand-in
    await context.addInitScript('window.__name = (f) => f');
    const page = await context.newPage();
    for (let i = 0; ; i++) {
      try {
        await page.goto('/');
        break;
      } catch (e) {
        if (i > 50) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    page.setDefaultTimeout(600_000);

    const workspaces = ['sphere', 'spd', 'kendall', 'euclidean'];
    type SplitTimes = { seconds: number[]; medianSeconds: number; ratioToSphere?: number };
    // milliseconds: a step to a release computed ahead is a frame or two
    const times = (t: { settled: number[] }): SplitTimes => ({
      seconds: t.settled.map((x) => round(x, 3)),
      medianSeconds: round(median(t.settled), 3),
    });
    const split: Record<string, SplitTimes & { firstDrawMedianSeconds: number | null; jump: SplitTimes }> =
      {};
    for (const ws of workspaces) {
      log(`lab benchmark: split steps on ${ws}…`);
      const t = await splitSteps(page, ws, quick ? 1 : 3);
      split[ws] = {
        ...times(t.steps),
        firstDrawMedianSeconds: t.steps.firstDraw.length ? round(median(t.steps.firstDraw), 3) : null,
        jump: times(t.jumps),
      };
    }
    for (const ws of workspaces) {
      split[ws].ratioToSphere = round(split[ws].medianSeconds / split.sphere.medianSeconds);
      split[ws].jump.ratioToSphere = round(split[ws].jump.medianSeconds / split.sphere.jump.medianSeconds);
    }

    const presetTimings: Record<
      string,
      { firstFigureSeconds: number; settledSeconds: number; settledOverFig1?: number }
    > = {};
    for (const p of !presets ? [] : quick ? PRESETS.slice(0, 2) : PRESETS) {
      log(`lab benchmark: preset ${p.id}…`);
      const t = await presetTimes(page, p.id);
      presetTimings[p.id] = { firstFigureSeconds: round(t.firstFigure), settledSeconds: round(t.settled) };
    }
    const fig1 = presetTimings.fig1?.settledSeconds;
    for (const p of Object.values(presetTimings)) p.settledOverFig1 = round(p.settledSeconds / fig1);

    const advisor: Record<
      string,
      {
        firstAnswerSeconds: number;
        seconds: number;
        firstAnswerRatioToSphere?: number;
        ratioToSphere?: number;
      }
    > = {};
    for (const ws of quick ? ['sphere'] : workspaces) {
      log(`lab benchmark: the advisor on ${ws}…`);
      const t = await adviceTime(page, ws);
      if (t !== null) advisor[ws] = { firstAnswerSeconds: round(t.firstAnswer), seconds: round(t.seconds) };
    }
    for (const a of Object.values(advisor)) {
      a.firstAnswerRatioToSphere = round(a.firstAnswerSeconds / advisor.sphere.firstAnswerSeconds);
      a.ratioToSphere = round(a.seconds / advisor.sphere.seconds);
    }

    return {
      splitStep: split,
      presets: presetTimings,
      advisor,
      targets: {
        splitStepRatioToSphere: { spd: 1.5, kendall: 1.5 },
        presetFirstFigureSeconds: 5,
        presetSettledOverFig1: 3,
        advisorRatioToSphere: { kendall: 2 },
      },
    };
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid);
    rmSync(dist, { recursive: true, force: true });
  }
}
