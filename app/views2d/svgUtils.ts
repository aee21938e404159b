/**
 * Small helpers shared by the 2-D SVG views (shapes, scatter): line styles that tell non-private from private
 * without colour, the cells to draw while a new release starts, number formats and paths.
 */
import { useState } from 'react';
import type { ReleaseCell } from '../../src/experiments';

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

/** Compact number format for labels and tooltips. */
export { formatSignificant as fmt } from '../format';

/** Closed polygon path through the points (x0, y0, x1, y1, …) already in SVG pixels. */
export function closedPath(xy: ArrayLike<number>): string {
  let d = '';
  for (let i = 0; i < xy.length; i += 2) d += `${i ? 'L' : 'M'}${xy[i].toFixed(2)},${xy[i + 1].toFixed(2)}`;
  return d + 'Z';
}
