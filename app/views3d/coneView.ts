/**
 * Camera placement of the SPD(2) cone view, without React or WebGL (end-to-end tests import it to project the
 * data to the screen exactly as the view does). The view is zoomed to the data: the cone itself is only context,
 * and data that sit far up the cone in a thin band used to show as a short streak.
 */
export type P3 = [number, number, number];

export const CONE_VIEW = {
  fov: 40,
  /** Fraction of the view's half-height that the data's bounding sphere fills in the initial view. */
  fill: 0.8,
} as const;

export interface ConeLayout {
  /** Height (a + c)/√2 of the drawn part of the cone. */
  height: number;
  target: P3;
  home: P3;
  distance: number;
  /** Radius of the data's bounding sphere about `target` (what the initial view frames). */
  radius: number;
  /** A length that looks the same size on screen in every initial view (markers and tubes scale with it). */
  unit: number;
}

/** The default viewing direction (from the target to the camera): from the side, a little above. */
const SIDE: P3 = [0.62, 0.2, 0.76];

const norm = (v: P3): P3 => {
  const r = Math.hypot(v[0], v[1], v[2]);
  return r > 0 ? [v[0] / r, v[1] / r, v[2] / r] : [0, 0, 0];
};
const dot = (a: P3, b: P3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The data's main direction: the top eigenvector of their 3×3 scatter about `c` (power iteration). */
export function principalDirection(points: readonly P3[], c: P3): P3 {
  const S = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const p of points) {
    const d = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) S[3 * i + j] += d[i] * d[j];
  }
  // start off every axis, so a start orthogonal to the answer is unlikely
  let v: P3 = norm([0.577, 0.5774, 0.5775]);
  for (let k = 0; k < 60; k++) {
    const w: P3 = [
      S[0] * v[0] + S[1] * v[1] + S[2] * v[2],
      S[3] * v[0] + S[4] * v[1] + S[5] * v[2],
      S[6] * v[0] + S[7] * v[1] + S[8] * v[2],
    ];
    if (!(Math.hypot(...w) > 0)) return [0, 0, 0];
    v = norm(w);
  }
  return v;
}

/**
 * Where to look: at the centre of the data's bounding box, from the side of their main direction (so a band of
 * data along a geodesic is seen at full length, not end on), from the distance at which their bounding sphere
 * fills `CONE_VIEW.fill` of the view's half-height. The non-private geodesic runs through the data over the
 * covariates' range, so it is framed with them; private geodesics close to the data are too, and those that
 * stray far leave the frame (zoom out to follow them). The layout depends on the data only, so it does not jump
 * when a release arrives, and a camera saved in a link is seen about the same target.
 */
export function coneLayout(points: readonly P3[]): ConeLayout {
  let top = 0;
  const lo: P3 = [Infinity, Infinity, Infinity];
  const hi: P3 = [-Infinity, -Infinity, -Infinity];
  for (const p of points) {
    top = Math.max(top, p[1]);
    for (let j = 0; j < 3; j++) {
      lo[j] = Math.min(lo[j], p[j]);
      hi[j] = Math.max(hi[j], p[j]);
    }
  }
  const height = Math.max(0.5, 1.15 * top) || 2;
  const target: P3 = points.length
    ? [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2]
    : [0, height / 2, 0];
  let radius = 0;
  for (const p of points)
    radius = Math.max(radius, Math.hypot(p[0] - target[0], p[1] - target[1], p[2] - target[2]));
  // a floor: a single point (or identical ones) is shown with a little of the cone around it
  radius = Math.max(radius, 0.05 * Math.hypot(...target), 1e-6);
  const distance = radius / (CONE_VIEW.fill * Math.tan(((CONE_VIEW.fov / 2) * Math.PI) / 180));
  // view from the default side with the data's main direction taken out (then seen at full length)
  const u = principalDirection(points, target);
  const side: P3 = [
    SIDE[0] - dot(SIDE, u) * u[0],
    SIDE[1] - dot(SIDE, u) * u[1],
    SIDE[2] - dot(SIDE, u) * u[2],
  ];
  const dir = Math.hypot(...side) > 0.2 ? norm(side) : norm(SIDE);
  const home: P3 = [
    target[0] + distance * dir[0],
    target[1] + distance * dir[1],
    target[2] + distance * dir[2],
  ];
  // the old whole-cone view stood 1.95 heights away with markers sized in heights: keep their look on screen
  return { height, target, home, distance, radius, unit: distance / 1.95 };
}
