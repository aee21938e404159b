import { expect, type Locator, type Page } from '@playwright/test';
import * as THREE from 'three';

/**
 * Settings a person could pick that make the lab compute little (two draws per release, one data set in the
 * plots): tests whose subject is not the numbers open the lab with them, so the two cores go to the page under
 * test rather than to a figure's worth of chains nobody reads.
 */
export const SMALL = 'm=2&curves=50';

/**
 * expect.poll that checks every 200 ms at most: its own default backs off to once a second, which adds up to a
 * second to every wait for a computation (half a second on average, over a hundred waits in the suite).
 */
export function poll<T>(read: () => T | Promise<T>, options: { timeout?: number; message?: string } = {}) {
  return expect.poll(read, { intervals: [50, 100, 200], ...options });
}

/**
 * Collects console errors and warnings and uncaught page errors; tests assert the list is empty at the end (a
 * clean console: a warning is a defect too, e.g. a deprecated API a dependency calls).
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Number of distinct colours in a sample of a canvas's pixels (WebGL canvases need preserveDrawingBuffer). */
export async function distinctColours(canvas: Locator): Promise<number> {
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const probe = document.createElement('canvas');
    probe.width = c.width;
    probe.height = c.height;
    const ctx = probe.getContext('2d')!;
    ctx.drawImage(c, 0, 0);
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97)
      colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return colours.size;
  });
}

/** A value of the store's state by dotted path ('release.status'), through the window.__dpLab hook (no eval: CSP-safe). */
export async function labState<T>(page: Page, path: string): Promise<T> {
  return page.evaluate((p) => {
    let v: unknown = (window as unknown as { __dpLab: { getState(): unknown } }).__dpLab.getState();
    for (const k of p.split('.')) v = v == null ? undefined : (v as Record<string, unknown>)[k];
    return v;
  }, path) as Promise<T>;
}

/**
 * The non-private fit p̂ of the finished release, read in one go with its status (a release that restarts
 * between two reads cannot mix them up); waits until there is one.
 */
export async function releasedFit(page: Page, timeout = 60_000): Promise<number[]> {
  let fit: number[] | undefined;
  await poll(
    async () => {
      fit = await page.evaluate(() => {
        const r = (
          window as unknown as {
            __dpLab: {
              getState(): { release: { status: string; cells: ({ pHat: Float64Array } | undefined)[] } };
            };
          }
        ).__dpLab.getState().release;
        const cell = r.cells[0];
        return r.status === 'done' && cell ? Array.from(cell.pHat) : undefined;
      });
      return fit !== undefined;
    },
    { timeout },
  ).toBe(true);
  return fit!;
}

/** Waits until the private release for the current settings has arrived. */
export async function waitForRelease(page: Page, timeout = 60_000) {
  await poll(() => labState<string>(page, 'release.status'), { timeout }).toBe('done');
}

/**
 * Waits until the private release computed on the data last imported into `workspace` has arrived. Right after
 * an import the previous release still reads 'done' until the debounced check starts the new one, so
 * waitForRelease alone can return the old data's release (or the new one's empty cells).
 */
export async function waitForImportedRelease(page: Page, workspace: string, timeout = 60_000) {
  await poll(
    () =>
      page.evaluate((ws) => {
        type State = {
          imported: Record<string, { id: number } | undefined>;
          release: { status: string; key?: string };
        };
        const s = (window as unknown as { __dpLab: { getState(): State } }).__dpLab.getState();
        const id = s.imported[ws]?.id;
        return id !== undefined && s.release.status === 'done' && String(s.release.key).endsWith(`#${id}`);
      }, workspace),
    { timeout },
  ).toBe(true);
}

/** Waits until the sweep behind the MSE plots has finished. */
export async function waitForSweep(page: Page, timeout = 120_000) {
  await poll(() => labState<string>(page, 'sweep.status'), { timeout }).toBe('done');
}

type Pace = { __dpLabPace: { allow(task: string, k: number): void; open(task: string): void } };

/** With `?pace=<task>` (app/compute/pacing.ts): lets `k` more cells of that task's jobs reach the page. */
export async function letCellsThrough(page: Page, task: string, k: number): Promise<void> {
  await page.evaluate(([t, n]) => (window as unknown as Pace).__dpLabPace.allow(t, n), [task, k] as const);
}

/** With `?pace=<task>`: stops pacing that task; its held cells and all later ones go through. */
export async function stopPacing(page: Page, task: string): Promise<void> {
  await page.evaluate((t) => (window as unknown as Pace).__dpLabPace.open(t), task);
}

/** Where points of a 3-D view land on its canvas, for a camera at `position` looking at `target` (as the view's). */
export async function onCanvas(
  canvas: Locator,
  points: readonly (readonly [number, number, number])[],
  camera: { fov: number; position: readonly number[]; target: readonly number[] },
): Promise<{ x: number; y: number }[]> {
  const box = (await canvas.boundingBox())!;
  const cam = new THREE.PerspectiveCamera(camera.fov, box.width / box.height, 0.001, 1000);
  cam.position.set(camera.position[0], camera.position[1], camera.position[2]);
  cam.lookAt(camera.target[0], camera.target[1], camera.target[2]);
  cam.updateMatrixWorld();
  return points.map((p) => {
    const q = new THREE.Vector3(p[0], p[1], p[2]).project(cam);
    return { x: box.x + ((q.x + 1) / 2) * box.width, y: box.y + ((1 - q.y) / 2) * box.height };
  });
}

/** The camera position a 3-D view shows (its frame's data-camera). */
export async function shownCamera(frame: Locator): Promise<number[]> {
  return ((await frame.getAttribute('data-camera')) ?? '').split(',').map(Number);
}

/**
 * The index of the screen point farthest from every other one among those `allowed`: an unambiguous target for
 * a click (with that distance in pixels).
 */
export function mostIsolated(
  screen: readonly { x: number; y: number }[],
  allowed: (i: number) => boolean = () => true,
): { index: number; gap: number } {
  let index = -1;
  let gap = 0;
  screen.forEach((s, i) => {
    if (!allowed(i)) return;
    const g = Math.min(...screen.filter((_, j) => j !== i).map((o) => Math.hypot(o.x - s.x, o.y - s.y)));
    if (g > gap) [index, gap] = [i, g];
  });
  return { index, gap };
}

/** The view's and the plots' scripts have loaded and a plot is drawn. */
export async function settled(page: Page) {
  await expect(page.locator('.loading')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator('figure.plot-figure').filter({ visible: true }).first()).toBeVisible({
    timeout: 60_000,
  });
}

/** Sets settings as the controls would (the store's set): where a test puts the page back between its steps. */
export async function setSettings(page: Page, patch: Record<string, unknown>) {
  await page.evaluate(
    (p) =>
      (window as unknown as { __dpLab: { getState(): { set(p: object): void } } }).__dpLab.getState().set(p),
    patch,
  );
}

/**
 * Switches the page to workspace `ws` as its tab does (the store's setWorkspace: in presenting mode the tabs are
 * folded away), so that one page can step through the workspaces (a fresh page per workspace costs a load, the
 * workers' start and a WebGL context).
 */
export async function switchWorkspace(page: Page, ws: string) {
  await page.evaluate(
    (w) =>
      (window as unknown as { __dpLab: { getState(): { setWorkspace(w: string): void } } }).__dpLab
        .getState()
        .setWorkspace(w),
    ws,
  );
  await expect(page.locator('#workspace-panel')).toHaveAttribute('aria-labelledby', `tab-${ws}`);
}

/** Switches to workspace `ws` and waits until its view and first plot are drawn. */
export async function showWorkspace(page: Page, ws: string) {
  await switchWorkspace(page, ws);
  await settled(page);
}

/**
 * The record the Audit tab changes, once its legend shows it: its number k, with the legend's two entries naming
 * the record as in D and as in D′.
 */
export async function auditedRecord(page: Page): Promise<number> {
  const legend = page.getByTestId('audit-record-legend');
  await expect(legend).toBeVisible({ timeout: 60_000 });
  const k = Number(await legend.getAttribute('data-record'));
  expect(k).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('audit-legend-d')).toContainText(`record #${k} as in D`);
  await expect(page.getByTestId('audit-legend-d2')).toContainText(`record #${k} as in D′`);
  return k;
}
