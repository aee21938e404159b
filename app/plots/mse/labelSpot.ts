/**
 * Where an in-plot label goes so that no curve runs through it: the first of the candidate spots (in order of
 * preference) whose box no curve crosses, else the one crossed least. Everything in screen px.
 */
export interface LabelSpot {
  /** The text's anchor point: its baseline, at its start or its end. */
  x: number;
  y: number;
  anchor: 'start' | 'end';
}

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The box of a label of `width` × `height` px at `spot` (the descent below the baseline is a fifth of it). */
export function labelBox(spot: LabelSpot, width: number, height: number, pad = 3): Box {
  const left = spot.anchor === 'start' ? spot.x : spot.x - width;
  return {
    left: left - pad,
    right: left + width + pad,
    top: spot.y - 0.8 * height - pad,
    bottom: spot.y + 0.2 * height + pad,
  };
}

const inside = (b: Box, x: number, y: number) => x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;

/** How many of the curves' segments cross the box (each segment sampled finely enough for a label's size). */
export function crossings(box: Box, curves: readonly (readonly { x: number; y: number }[])[]): number {
  let n = 0;
  for (const c of curves)
    for (let i = 0; i < c.length; i++) {
      const a = c[i];
      const b = c[i + 1] ?? a;
      const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 3));
      for (let k = 0; k <= steps; k++) {
        const t = k / steps;
        if (inside(box, a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))) {
          n++;
          break;
        }
      }
    }
  return n;
}

export function labelSpot(
  candidates: readonly LabelSpot[],
  width: number,
  height: number,
  curves: readonly (readonly { x: number; y: number }[])[],
): LabelSpot | null {
  let best: { spot: LabelSpot; hits: number } | null = null;
  for (const spot of candidates) {
    const hits = crossings(labelBox(spot, width, height), curves);
    if (hits === 0) return spot;
    if (!best || hits < best.hits) best = { spot, hits };
  }
  return best?.spot ?? null;
}
