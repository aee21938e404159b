export type P3 = readonly [number, number, number];

/** A direction drawn at radius r (just above the globe, so the marks are not hidden in its surface). */
export const lift = (y: ArrayLike<number>, r: number): P3 => {
  const s = r / Math.hypot(y[0], y[1], y[2]);
  return [y[0] * s, y[1] * s, y[2] * s];
};
