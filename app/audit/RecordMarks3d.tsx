/**
 * The audit's changed record in a 3D view (globe or SPD cone, regression or Fréchet workspace): its version in
 * D (green octahedron, "D") and in D′ (orange cube, "D'": ASCII, as the sprites draw), with a globe's camera
 * turned to face it, and the click rule that picks a record from a data marker.
 */
import { useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect } from 'react';
import { Vector3 } from 'three';
import { isPlainClick, Label, Markers } from '../views3d/primitives';
import { SPHERE_VIEW } from '../views3d/sphereView';
import { RECORD_COLOURS } from './record';

type P3 = readonly [number, number, number];

/** The legend's words for the marks below (for AuditRecordLegend). */
export const RECORD_MARKS_3D = {
  D: 'diamond',
  D2: 'square',
  words: { D: 'green octahedron, labelled D', D2: "orange cube, labelled D'" },
} as const;

/** How far from the view's centre (the cosine of the angle at the globe's centre) a mark counts as in sight. */
const IN_SIGHT = 0.4;

const unit = (p: P3): P3 => {
  const r = Math.hypot(p[0], p[1], p[2]);
  return [p[0] / r, p[1] / r, p[2] / r];
};
const dot = (a: P3, b: P3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * Where the camera of a globe view (a unit globe centred at the origin, the camera looking at it) should move so
 * that the changed record is in sight, or null when it is (both versions well inside the hemisphere facing the
 * camera). The camera keeps its distance and faces the two versions' midpoint, or D′ alone when they lie too
 * far apart to be seen together.
 */
export function facingCamera(camera: P3, before: P3, after: P3): P3 | null {
  const c = unit(camera);
  const [b, a] = [unit(before), unit(after)];
  if (dot(a, c) > IN_SIGHT && dot(b, c) > IN_SIGHT) return null;
  const mid: P3 = [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
  const look = Math.hypot(...mid) > 1e-6 && dot(unit(mid), a) > IN_SIGHT ? unit(mid) : a;
  const d = Math.hypot(camera[0], camera[1], camera[2]);
  return [look[0] * d, look[1] * d, look[2] * d];
}

/** Both marks sit at the radius the globe views draw their points at (the cone views draw elsewhere). */
const onGlobe = (before: P3, after: P3) =>
  [before, after].every((p) => Math.abs(Math.hypot(p[0], p[1], p[2]) - SPHERE_VIEW.pointLift) < 1e-6);

/**
 * On a globe, D′ can sit on its hidden side: when the record shown changes, the camera turns to face it, and
 * turns back when the marks go (the Audit tab closed) unless the user has moved it since.
 */
function useFaceRecord(before: P3, after: P3) {
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  const key = [...before, ...after].join();
  useEffect(() => {
    if (!onGlobe(before, after)) return;
    const from = camera.position.clone();
    const to = facingCamera([from.x, from.y, from.z], before, after);
    if (!to) return;
    const turned = new Vector3(...to);
    const move = (p: Vector3) => {
      camera.position.copy(p);
      camera.lookAt(0, 0, 0);
      invalidate();
    };
    move(turned);
    return () => {
      if (camera.position.distanceTo(turned) < 1e-3) move(from);
    };
    // keyed by the marks' positions, not their arrays' identity
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, camera, invalidate]);
}

export function RecordMarks({
  before,
  after,
  size,
  labelHeight,
  labelAt,
}: {
  /** The record's position in D and in D′, in view coordinates. */
  before: P3;
  after: P3;
  /** Marker size of D's version (D′'s cube is a little smaller, so both show where they coincide). */
  size: number;
  labelHeight: number;
  /** Where a label goes beside a mark. */
  labelAt(p: P3): P3;
}) {
  useFaceRecord(before, after);
  return (
    <>
      <Markers points={[before]} shape="octahedron" size={size} colour={RECORD_COLOURS.D} />
      <Markers points={[after]} shape="cube" size={size * 0.8} colour={RECORD_COLOURS.D2} />
      <Label text="D" position={labelAt(before)} height={labelHeight} colour="#00684b" beside />
      <Label text="D'" position={labelAt(after)} height={labelHeight} colour="#8f5a00" beside />
    </>
  );
}

/**
 * Whether a click on the marker of point `y` (on a globe centred at the origin) picks it: the point faces the
 * camera (a ray through the globe reaches hidden points too) and the pointer did not drag (an orbit).
 */
export function isGlobeClick(y: P3, e: ThreeEvent<MouseEvent>): boolean {
  const c = e.camera.position;
  const facing = y[0] * (c.x - y[0]) + y[1] * (c.y - y[1]) + y[2] * (c.z - y[2]) > 0;
  return facing && isPlainClick(e);
}
