/**
 * Keyboard focus over the points of the MSE plots (pure, so it is unit-tested): one tab stop for all points
 * (roving tabindex); ← → move along a curve (past its last point to the current release's marker), ↑ ↓ jump to
 * the nearest point in x of the next / previous curve, Home / End to a curve's ends.
 */
export type Focus = { s: number; p: number } | 'release';

interface Curves {
  series: readonly { points: readonly { x: number }[] }[];
  /** Whether the current release's marker is drawn (it is the last stop). */
  hasRelease: boolean;
}

export const focusKey = (f: Focus) => (f === 'release' ? 'release' : `${f.s}:${f.p}`);

/** Every stop in order: the points curve by curve, then the release marker. */
export function focusOrder({ series, hasRelease }: Curves): Focus[] {
  return [
    ...series.flatMap((s, si) => s.points.map((_, p) => ({ s: si, p }))),
    ...(hasRelease ? (['release'] as const) : []),
  ];
}

export function focusExists(f: Focus | null, { series, hasRelease }: Curves): f is Focus {
  return f !== null && (f === 'release' ? hasRelease : series[f.s]?.points[f.p] !== undefined);
}

/** The stop a key moves to from `cur` (null: the key does not move). */
export function nextFocus(cur: Focus, key: string, curves: Curves): Focus | null {
  const { series } = curves;
  let next: Focus | null = null;
  if (cur === 'release') {
    if (key === 'ArrowLeft' || key === 'ArrowUp') {
      const order = focusOrder(curves);
      next = order[order.length - 2] ?? null;
    }
  } else {
    const pts = series[cur.s].points;
    if (key === 'ArrowRight') next = cur.p + 1 < pts.length ? { s: cur.s, p: cur.p + 1 } : 'release';
    else if (key === 'ArrowLeft') next = cur.p > 0 ? { s: cur.s, p: cur.p - 1 } : null;
    else if (key === 'ArrowDown' || key === 'ArrowUp') {
      const n = series.length;
      const s2 = (cur.s + (key === 'ArrowDown' ? 1 : n - 1)) % n;
      const pts2 = series[s2].points;
      if (pts2.length) {
        // the point of the other curve nearest in x
        let best = 0;
        pts2.forEach((p, i) => {
          if (Math.abs(p.x - pts[cur.p].x) < Math.abs(pts2[best].x - pts[cur.p].x)) best = i;
        });
        next = { s: s2, p: best };
      }
    } else if (key === 'Home') next = { s: cur.s, p: 0 };
    else if (key === 'End') next = { s: cur.s, p: pts.length - 1 };
  }
  return next && focusExists(next, curves) ? next : null;
}
