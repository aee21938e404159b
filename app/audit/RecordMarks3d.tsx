/**
 * The audit's changed record in a 3D view (globe or SPD cone, regression or Fréchet workspace): its version in
 * D (green octahedron, "D") and in D′ (orange cube, "D'": ASCII, as the sprites draw), and the click rule that
 * picks a record from a data marker.
 */
import type { ThreeEvent } from '@react-three/fiber';
import { isPlainClick, Label, Markers } from '../views3d/primitives';
import { RECORD_COLOURS } from './record';

type P3 = readonly [number, number, number];

/** The legend's words for the marks below (for AuditRecordLegend). */
export const RECORD_MARKS_3D = {
  D: 'diamond',
  D2: 'square',
  words: { D: 'green octahedron, labelled D', D2: "orange cube, labelled D'" },
} as const;

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
