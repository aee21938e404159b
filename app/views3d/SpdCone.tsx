/**
 * SPD(2) as the open cone {(a, b, c): ac > b², a, c > 0}, drawn in the coordinates (a, √2·b, c) — an isometric
 * copy of the Frobenius inner product, in which the cone is round with half-angle 45° around the identity
 * direction a = c (drawn vertical). The translucent surface is the boundary ac = b² (singular matrices); inside it
 * the data, the non-private geodesic (blue, solid tube) and the private geodesics (vermillion, dashed), all
 * computed with the affine-invariant metric.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import * as THREE from 'three';
import { coneCoords, packSegments, spdGeodesic, sym2 } from './geodesics';
import type { ReleasedPair } from '../release/releasedPairs';
import { linearRgb } from './budgetColours';
import { VIEW_COLOURS as C } from './palette';
import { lambert } from './materials';
import { Hairlines, isPlainClick, Label, Markers, Segments, Tube } from './primitives';
import { CameraLights, View3D, type Vec3 } from './View3D';
import { CONE_VIEW, coneLayout, type P3 } from './coneView';

function ConeSurface({ height }: { height: number }) {
  const { surface, wire } = useMemo(() => {
    // ConeGeometry has its apex up; flip it so the apex sits at the origin and it opens upward
    const g = new THREE.ConeGeometry(height, height, 96, 1, true);
    g.rotateX(Math.PI);
    g.translate(0, height / 2, 0);
    const pts: number[] = [];
    const N = 96;
    for (const f of [0.25, 0.5, 0.75, 1]) {
      const r = f * height;
      for (let i = 0; i < N; i++) {
        const t0 = (2 * Math.PI * i) / N;
        const t1 = (2 * Math.PI * (i + 1)) / N;
        pts.push(r * Math.cos(t0), r, r * Math.sin(t0), r * Math.cos(t1), r, r * Math.sin(t1));
      }
    }
    for (let k = 0; k < 12; k++) {
      const t = (2 * Math.PI * k) / 12;
      pts.push(0, 0, 0, height * Math.cos(t), height, height * Math.sin(t));
    }
    return { surface: g, wire: Float32Array.from(pts) };
  }, [height]);
  useEffect(() => () => surface.dispose(), [surface]);
  return (
    <>
      <mesh
        geometry={surface}
        material={lambert('#9fb3c8', { opacity: 0.16, doubleSide: true })}
        renderOrder={2}
      />
      <Hairlines positions={wire} colour={C.graticule} opacity={0.45} renderOrder={3} />
    </>
  );
}

/** Axes a, c (on the boundary: b = 0 and the other entry 0) and √2·b (through the apex, outside the cone). */
function Axes({ height, unit }: { height: number; unit: number }) {
  const L = height * 1.05;
  const { a, c, b, I, positions } = useMemo(() => {
    const a = coneCoords([L, 0, 0]);
    const c = coneCoords([0, 0, L]);
    const b: P3 = [0, 0, L * 0.7];
    const I = coneCoords([1, 0, 1]);
    return { a, c, b, I, positions: Float32Array.from([0, 0, 0, ...a, 0, 0, 0, ...c, 0, 0, -b[2], ...b]) };
  }, [L]);
  const s = height * 0.055;
  return (
    <>
      <Hairlines positions={positions} colour={C.muted} />
      <Label text="a" position={[a[0] * 1.04, a[1] * 1.04, a[2]]} height={s} />
      <Label text="c" position={[c[0] * 1.04, c[1] * 1.04, c[2]]} height={s} />
      <Label text="√2·b" position={[0, 0, b[2] * 1.08]} height={s} />
      {I[1] < height && (
        <>
          <Markers points={[I]} shape="octahedron" size={unit * 0.009} colour={C.ink} />
          <Label text="I" position={[I[0] + unit * 0.044, I[1], I[2]]} height={unit * 0.05} />
        </>
      )}
    </>
  );
}

export interface SpdConeProps {
  ys: readonly Float64Array[];
  fit: { pHat: Float64Array; vHat: Float64Array } | null;
  pairs: readonly ReleasedPair[];
  footpoints: readonly Float64Array[];
  camera: Vec3 | null;
  onCameraSaved(p: Vec3): void;
  describedBy?: string;
  /** Accessible name and data-testid of the view (defaults: the regression view's). */
  label?: string;
  testId?: string;
  /** More to draw inside the cone (in cone coordinates). */
  children?: ReactNode;
  /** A click on data ball i (the Audit tab picks that record with it); the balls take no clicks without it. */
  onPickData?(index: number): void;
}

export function SpdCone({
  ys,
  fit,
  pairs,
  footpoints,
  camera,
  onCameraSaved,
  describedBy,
  onPickData,
  ...props
}: SpdConeProps) {
  const points = useMemo(() => ys.map((y) => coneCoords(sym2(y))), [ys]);
  const fitLine = useMemo(() => {
    if (!fit) return null;
    return Float32Array.from(spdGeodesic(fit.pHat, fit.vHat, 96).flatMap((y) => coneCoords(y)));
  }, [fit]);
  // the layout follows the data only (not the fit arriving later), so the view does not jump
  const layout = useMemo(() => coneLayout(points), [points]);
  const H = layout.height;
  // sizes on screen: markers, tube and dashes scale with the framed data, the cone's labels with the cone
  const U = layout.unit;
  const privateLines = useMemo(() => {
    const lines = pairs.map((pr) =>
      Float32Array.from(spdGeodesic(pr.p, pr.v, 40).flatMap((y) => coneCoords(y))),
    );
    const lim = 3 * H;
    const rgb = linearRgb(C.private);
    return packSegments(
      lines,
      lines.map(() => rgb),
      (x, y, z) => y < lim && Math.abs(x) < lim && Math.abs(z) < lim,
    );
  }, [pairs, H]);
  const feet = useMemo(() => footpoints.map((p) => coneCoords(sym2(p))), [footpoints]);
  return (
    <View3D
      label={props.label ?? 'SPD(2) cone: data, non-private and private geodesics (3D)'}
      testId={props.testId ?? 'spd-cone'}
      className="cone"
      describedBy={describedBy}
      target={layout.target}
      home={layout.home}
      camera={camera}
      onCameraSaved={onCameraSaved}
      fov={CONE_VIEW.fov}
      near={layout.distance * 0.01}
      far={Math.max(H, layout.distance) * 50}
      minDistance={layout.distance * 0.15}
      maxDistance={Math.max(H * 8, layout.distance * 4)}
      overlay={
        <p className="view3d-note" data-testid={`${props.testId ?? 'spd-cone'}-zoom-note`}>
          Zoomed to the data, true to scale (− zooms out)
        </p>
      }
    >
      <CameraLights intensity={1.2} />
      <Axes height={H} unit={U} />
      <Segments
        positions={privateLines.positions}
        colors={privateLines.colors}
        width={1.6}
        opacity={0.6}
        dashed
        dashSize={U * 0.03}
        gapSize={U * 0.02}
        renderOrder={1}
      />
      {fitLine && <Tube points={fitLine} radius={U * 0.009} colour={C.spdNonPrivate} />}
      <Markers
        points={points}
        shape="sphere"
        size={U * 0.007}
        colour={C.spdData}
        onPick={
          onPickData
            ? (i, e) => {
                if (!isPlainClick(e)) return;
                e.stopPropagation();
                onPickData(i);
              }
            : undefined
        }
      />
      <Markers points={feet} shape="cube" size={U * 0.006} colour={C.footpoint} />
      {props.children}
      <ConeSurface height={H} />
    </View3D>
  );
}
