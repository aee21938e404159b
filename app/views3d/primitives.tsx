/**
 * three.js building blocks of the 3-D views: many line segments in one draw call (solid or dashed, screen-space
 * width, a colour per vertex), a shaded tube for the non-private geodesic, instanced markers, and text labels.
 * Geometries are rebuilt when their input changes and disposed; materials are shared (materials.ts), so new data
 * never trigger a shader compile.
 */
import type { ThreeEvent } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import * as THREE from 'three';
import { LineSegments2 } from 'three/examples/jsm/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/examples/jsm/lines/LineSegmentsGeometry.js';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { ballLambert, ballSquare, hairline, lambert, wideLine } from './materials';

export interface SegmentsProps {
  /** Segment pairs (start xyz, end xyz), as from packSegments. */
  positions: Float32Array;
  /** rgb per vertex (linear), as from packSegments. */
  colors: Float32Array;
  /** Width in CSS pixels. */
  width?: number;
  opacity?: number;
  dashed?: boolean;
  dashSize?: number;
  gapSize?: number;
  renderOrder?: number;
}

const round3 = (x: number) => +x.toPrecision(3);

/** Geometry of segment pairs with colours and cumulative dash distances (as LineSegments2.computeLineDistances). */
function segmentsGeometry(positions: Float32Array, colors: Float32Array): LineSegmentsGeometry {
  const g = new LineSegmentsGeometry();
  if (positions.length === 0) return g;
  g.setPositions(positions);
  g.setColors(colors);
  const n = positions.length / 6;
  const d = new Float32Array(2 * n);
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const k = 6 * i;
    d[2 * i] = acc;
    acc += Math.hypot(
      positions[k + 3] - positions[k],
      positions[k + 4] - positions[k + 1],
      positions[k + 5] - positions[k + 2],
    );
    d[2 * i + 1] = acc;
  }
  const buffer = new THREE.InstancedInterleavedBuffer(d, 2, 1);
  g.setAttribute('instanceDistanceStart', new THREE.InterleavedBufferAttribute(buffer, 1, 0));
  g.setAttribute('instanceDistanceEnd', new THREE.InterleavedBufferAttribute(buffer, 1, 1));
  return g;
}

/** All segments in ONE LineSegments2 (instanced quads): a hundred geodesics cost one draw call. */
export function Segments({
  positions,
  colors,
  width = 1.5,
  opacity = 1,
  dashed = false,
  dashSize = 0.05,
  gapSize = 0.03,
  renderOrder = 0,
}: SegmentsProps) {
  const material = wideLine({ width, opacity, dashed, dashSize: round3(dashSize), gapSize: round3(gapSize) });
  const line = useMemo(() => new LineSegments2(new LineSegmentsGeometry(), material), [material]);
  const geometry = useMemo(() => segmentsGeometry(positions, colors), [positions, colors]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return (
    <primitive
      object={line}
      geometry={geometry}
      visible={positions.length > 0}
      renderOrder={renderOrder}
      frustumCulled={false}
    />
  );
}

/** A tube of the given radius along a polyline (xyz flat): the thick, shaded, solid non-private geodesic. */
export function Tube({
  points,
  radius,
  colour,
  segments = 128,
}: {
  points: Float32Array;
  radius: number;
  colour: string;
  segments?: number;
}) {
  const geometry = useMemo(() => {
    const pts: THREE.Vector3[] = [];
    for (let i = 0; i + 2 < points.length; i += 3)
      pts.push(new THREE.Vector3(points[i], points[i + 1], points[i + 2]));
    if (pts.length < 2) return null;
    const curve = new THREE.CatmullRomCurve3(pts, false, 'centripetal');
    return new THREE.TubeGeometry(curve, segments, radius, 10, false);
  }, [points, radius, segments]);
  useEffect(() => () => geometry?.dispose(), [geometry]);
  if (!geometry) return null;
  return <mesh geometry={geometry} material={lambert(colour)} />;
}

export type MarkerShape = 'sphere' | 'cube' | 'octahedron' | 'tetrahedron' | 'cross' | 'ring';

function markerGeometry(shape: MarkerShape, size: number): THREE.BufferGeometry {
  switch (shape) {
    case 'sphere':
      return ballSquare(size);
    case 'cube':
      return new THREE.BoxGeometry(size * 1.6, size * 1.6, size * 1.6);
    case 'octahedron':
      return new THREE.OctahedronGeometry(size * 1.4);
    case 'tetrahedron':
      return new THREE.TetrahedronGeometry(size * 1.7);
    case 'cross': {
      // three bars along the axes: a "+" from every side
      const [l, w] = [size * 3, size * 0.8];
      return mergeGeometries([
        new THREE.BoxGeometry(l, w, w),
        new THREE.BoxGeometry(w, l, w),
        new THREE.BoxGeometry(w, w, l),
      ]);
    }
    case 'ring':
      return new THREE.TorusGeometry(size * 1.2, size * 0.35, 8, 20);
  }
}

/** A click, not the end of a drag that orbited the view (the pointer moved at most a few pixels). */
export function isPlainClick(e: ThreeEvent<MouseEvent>): boolean {
  return e.delta <= 6;
}

export interface MarkersProps {
  points: readonly (readonly [number, number, number])[];
  shape: MarkerShape;
  size: number;
  colour: string;
  opacity?: number;
  /** Invisible larger proxies catch clicks (raycast); the handler gets the point's index. */
  onPick?(index: number, e: ThreeEvent<MouseEvent>): void;
  /** Radius of the click proxies (default 2.2 × size). */
  pickRadius?: number;
}

function instanced(
  geometry: THREE.BufferGeometry,
  material: THREE.Material,
  matrices: Float32Array,
  count: number,
) {
  const im = new THREE.InstancedMesh(geometry, material, Math.max(1, count));
  if (count > 0) im.instanceMatrix.set(matrices);
  im.count = count;
  im.instanceMatrix.needsUpdate = true;
  im.computeBoundingSphere();
  return im;
}

/** Many identical markers in one instanced draw call, optionally clickable. */
export function Markers({ points, shape, size, colour, opacity = 1, onPick, pickRadius }: MarkersProps) {
  const geometry = useMemo(() => markerGeometry(shape, size), [shape, size]);
  const pickGeometry = useMemo(
    () => (onPick ? new THREE.IcosahedronGeometry(pickRadius ?? size * 2.2, 1) : null),
    [onPick, pickRadius, size],
  );
  useEffect(
    () => () => {
      geometry.dispose();
      pickGeometry?.dispose();
    },
    [geometry, pickGeometry],
  );
  const matrices = useMemo(() => {
    const m = new THREE.Matrix4();
    const out = new Float32Array(points.length * 16);
    points.forEach((p, i) => {
      m.makeTranslation(p[0], p[1], p[2]);
      m.toArray(out, 16 * i);
    });
    return out;
  }, [points]);
  const material = shape === 'sphere' ? ballLambert(colour, opacity) : lambert(colour, { opacity });
  const mesh = useMemo(
    () => instanced(geometry, material, matrices, points.length),
    [geometry, material, matrices, points.length],
  );
  const pickMesh = useMemo(() => {
    if (!pickGeometry) return null;
    // raycast only, never drawn; the markers' material, so precompiling the scene adds no shader program
    const im = instanced(pickGeometry, material, matrices, points.length);
    im.visible = false;
    return im;
  }, [pickGeometry, material, matrices, points.length]);
  useEffect(
    () => () => {
      mesh.dispose();
      pickMesh?.dispose();
    },
    [mesh, pickMesh],
  );
  if (points.length === 0) return null;
  return (
    <>
      <primitive object={mesh} />
      {pickMesh && onPick && (
        <primitive
          object={pickMesh}
          onClick={(e: ThreeEvent<MouseEvent>) => {
            if (e.instanceId !== undefined) onPick(e.instanceId, e);
          }}
        />
      )}
    </>
  );
}

/** Hairline segments (graticule, axes, wireframes): pairs of points, flat xyz. */
export function Hairlines({
  positions,
  colour,
  opacity = 1,
  renderOrder = 0,
}: {
  positions: Float32Array;
  colour: string;
  opacity?: number;
  renderOrder?: number;
}) {
  const geometry = useMemo(() => {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    return g;
  }, [positions]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return <lineSegments geometry={geometry} material={hairline(colour, opacity)} renderOrder={renderOrder} />;
}

/** A text label that always faces the camera (canvas texture on a sprite); `height` in world units. */
export function Label({
  text,
  position,
  height = 0.08,
  colour = '#1b1f24',
  beside = false,
}: {
  text: string;
  position: readonly [number, number, number];
  height?: number;
  colour?: string;
  /** Text starts just right of `position` (beside a marker) instead of centred on it. */
  beside?: boolean;
}) {
  const sprite = useMemo(() => {
    const px = 64;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d')!;
    const font = `600 ${px}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    ctx.font = font;
    const w = Math.ceil(ctx.measureText(text).width) + 16;
    canvas.width = w;
    canvas.height = px + 16;
    ctx.font = font;
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 10;
    ctx.strokeStyle = 'rgba(247,249,251,0.9)';
    ctx.strokeText(text, 8, canvas.height / 2);
    ctx.fillStyle = colour;
    ctx.fillText(text, 8, canvas.height / 2);
    const texture = new THREE.CanvasTexture(canvas);
    texture.colorSpace = THREE.SRGBColorSpace;
    const s = new THREE.Sprite(
      new THREE.SpriteMaterial({ map: texture, depthTest: false, transparent: true }),
    );
    s.scale.set((height * canvas.width) / canvas.height, height, 1);
    s.renderOrder = 10;
    if (beside) s.center.set(-0.25, 0.5);
    return s;
  }, [text, height, colour, beside]);
  useEffect(
    () => () => {
      sprite.material.map?.dispose();
      sprite.material.dispose();
    },
    [sprite],
  );
  return <primitive object={sprite} position={position as [number, number, number]} />;
}
