/**
 * Constants and camera placement of the sphere view, without React or WebGL (end-to-end tests import them to
 * project data points to the screen exactly as the view does).
 */
export const SPHERE_VIEW = {
  fov: 40,
  /** Distance of the camera from the centre of the unit sphere in the initial view. */
  distance: 2.9,
  minDistance: 1.35,
  maxDistance: 8,
  /** Radius at which data points and footpoints sit (just above the globe). */
  pointLift: 1.012,
  /** Radius of the geodesic lines (above the graticule, below the markers). */
  lineLift: 1.006,
  dataSize: 0.014,
} as const;

/** The camera's limits of every globe (the sphere workspace's and the Fréchet mean's), as View3D takes them. */
export const GLOBE_CAMERA: {
  target: [number, number, number];
  fov: number;
  minDistance: number;
  maxDistance: number;
} = {
  target: [0, 0, 0],
  fov: SPHERE_VIEW.fov,
  minDistance: SPHERE_VIEW.minDistance,
  maxDistance: SPHERE_VIEW.maxDistance,
};

/** Initial camera: on the ray from the centre through the data's centre of mass, looking at the centre. */
export function sphereHome(ys: readonly ArrayLike<number>[]): [number, number, number] {
  let x = 0;
  let y = 0;
  let z = 0;
  for (const p of ys) {
    x += p[0];
    y += p[1];
    z += p[2];
  }
  const r = Math.hypot(x, y, z);
  const d = SPHERE_VIEW.distance;
  if (!(r > 1e-9)) return [0, 0, d];
  return [(d * x) / r, (d * y) / r, (d * z) / r];
}
