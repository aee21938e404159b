/**
 * Small helpers shared by the 2-D SVG views (shapes, scatter): line styles that tell non-private from private
 * without colour, the flattened list of released pairs, and the plain-language status of the release.
 */
import { useState } from 'react';
import type { ReleaseCell } from '../../src/experiments';
import type { JobView } from '../store';

/**
 * The release cells to draw: the current ones, or — while a new release has not delivered its first cell — the
 * last ones that had content (drawn dimmed as `stale`), so the view does not blank out on every change.
 */
export function useShownCells(cells: ReleaseCell[], dim: number): { cells: ReleaseCell[]; stale: boolean } {
  const fresh = cells.some((c) => c.pHat.length === dim);
  const [last, setLast] = useState<ReleaseCell[]>(cells);
  if (fresh && cells !== last) setLast(cells);
  if (fresh) return { cells, stale: false };
  const usable = last.some((c) => c.pHat.length === dim);
  return { cells: usable ? last : cells, stale: usable };
}

/** Okabe–Ito colours (same values as the CSS variables in styles.css). */
export const COLOURS = {
  nonPrivate: '#0072b2', // blue
  private: '#d55e00', // vermillion
  data: '#6b7480',
  ink: '#1b1f24',
  muted: '#4a5360',
} as const;

/** Non-private: solid; private: dashed (so the two differ in line style, not only in colour). */
export const DASH = {
  nonPrivate: undefined,
  private: '7 4',
  privateOther: '3 3',
} as const;

/** One released pair (p̃, ṽ) of the private release, in the order of the release grid. */
export interface PrivatePair {
  /** 1-based number shown to the user. */
  index: number;
  p: Float64Array;
  v: Float64Array;
  /** MSE of the pair on the data (computed in the worker). */
  mse: number;
}

/**
 * All released pairs of the cells, for responses of `dim` coordinates. Cells of another workspace (still in the
 * store for a moment after a switch) have another dimension and are skipped.
 */
export function releasedPairs(cells: readonly ReleaseCell[], dim: number): PrivatePair[] {
  const out: PrivatePair[] = [];
  for (const c of cells) {
    if (c.pHat.length !== dim) continue;
    c.footpoints.forEach((p, i) => {
      c.shootingVectors[i].forEach((v, j) => {
        out.push({ index: out.length + 1, p, v, mse: c.mse[i]?.[j] ?? NaN });
      });
    });
  }
  return out;
}

/** The non-private fit carried by the release cells (computed in the worker), if it matches the data. */
export function nonPrivateFit(
  cells: readonly ReleaseCell[],
  dim: number,
): { pHat: Float64Array; vHat: Float64Array; lnMse: number } | null {
  const c = cells.find((x) => x.pHat.length === dim);
  return c ? { pHat: c.pHat, vHat: c.vHat, lnMse: c.lnNonPrivateMse } : null;
}

/** Compact number format for labels and tooltips. */
export function fmt(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-3 || a >= 1e5)) return x.toExponential(2);
  return String(+x.toPrecision(digits));
}

export interface ReleaseSummary {
  /** One sentence: computing … / done …. */
  text: string;
  busy: boolean;
  /** null while nothing has arrived. */
  isPrivate: boolean | null;
  /** The calibration's verdict in a few words (null while nothing has arrived). */
  privacyLabel: string | null;
  /** Why it is (not) private, and other calibration notes. */
  notes: string[];
}

/** Plain-language status of the private release behind a view. */
export function releaseSummary(
  release: JobView<ReleaseCell>,
  cells: readonly ReleaseCell[],
  budget: { epsP: number; epsV: number },
  dim: number,
): ReleaseSummary {
  const mine = cells.filter((c) => c.pHat.length === dim);
  const pairs = releasedPairs(mine, dim).length;
  const first = mine[0];
  const isPrivate = first ? first.isPrivate : null;
  const privacyLabel = first ? first.privacyLabel : null;
  const notes = first ? first.notes : [];
  const eps = `ε_p = ${fmt(budget.epsP, 2)}, ε_v = ${fmt(budget.epsV, 2)}`;
  if (release.status === 'error')
    return {
      text: `The private release failed: ${release.error ?? 'unknown error'}`,
      busy: false,
      isPrivate,
      privacyLabel,
      notes,
    };
  if (release.status === 'running' || release.status === 'idle') {
    const progress = release.total > 0 ? ` (${release.done} of ${release.total} chain groups)` : '';
    return {
      text: `Computing the private release at ${eps}…${progress}${pairs ? ` — ${pairs} pairs so far` : ''}`,
      busy: true,
      isPrivate,
      privacyLabel,
      notes,
    };
  }
  const escaped = mine.reduce((s, c) => s + c.escapedShootingChains, 0);
  const privacy =
    isPrivate === null
      ? ''
      : isPrivate
        ? ` — public bounds only, yet ${privacyLabel} (see below).`
        : ' — NOT private: the noise is calibrated from the private data (see why below).';
  return {
    text:
      `Private release done: ${pairs} released pairs (p̃, ṽ) at ${eps}${privacy}` +
      (escaped ? ` ${escaped} shooting-vector chain(s) escaped the ball.` : ''),
    busy: false,
    isPrivate,
    privacyLabel,
    notes,
  };
}

/** Closed polygon path through the points (x0, y0, x1, y1, …) already in SVG pixels. */
export function closedPath(xy: ArrayLike<number>): string {
  let d = '';
  for (let i = 0; i < xy.length; i += 2) d += `${i ? 'L' : 'M'}${xy[i].toFixed(2)},${xy[i + 1].toFixed(2)}`;
  return d + 'Z';
}
