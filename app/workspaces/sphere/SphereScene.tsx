import type { ThreeEvent } from '@react-three/fiber';
import { useMemo } from 'react';
import * as THREE from 'three';
import { RecordMarks } from '../../audit/RecordMarks3d';
import { sphereGeodesic } from '../../views3d/geodesics';
import { Globe, Graticule } from '../../views3d/Globe';
import { lambert } from '../../views3d/materials';
import { VIEW_COLOURS as C, DASH_3D } from '../../views3d/palette';
import { Markers, Segments, Tube } from '../../views3d/primitives';
import { SPHERE_VIEW as SV } from '../../views3d/sphereView';
import { CameraLights, type Vec3 } from '../../views3d/View3D';
import { lift, type P3 } from './lift';

/** Arrowhead at the end x = 1 of the non-private geodesic, pointing the way the covariate grows. */
function Arrowhead({ p, v }: { p: Float64Array; v: Float64Array }) {
  const { position, quaternion } = useMemo(() => {
    const nv = Math.hypot(v[0], v[1], v[2]);
    const end = sphereGeodesic(p, v, 1, SV.lineLift);
    const at = new THREE.Vector3(end[3], end[4], end[5]);
    // d/dx Exp(p, x v) at x = 1: −|v| sin|v| p + cos|v| v
    const d = new THREE.Vector3(
      -nv * Math.sin(nv) * p[0] + Math.cos(nv) * v[0],
      -nv * Math.sin(nv) * p[1] + Math.cos(nv) * v[1],
      -nv * Math.sin(nv) * p[2] + Math.cos(nv) * v[2],
    ).normalize();
    const q = new THREE.Quaternion().setFromUnitVectors(new THREE.Vector3(0, 1, 0), d);
    return { position: at.addScaledVector(d, 0.02).toArray() as Vec3, quaternion: q };
  }, [p, v]);
  return (
    <mesh position={position} quaternion={quaternion} material={lambert(C.sphereNonPrivate)}>
      <coneGeometry args={[0.026, 0.07, 20]} />
    </mesh>
  );
}

/** Orange ring around the selected point, and a line from it to its fitted value Exp(p̂, xᵢ v̂). */
function Selection({ y, fitted }: { y: P3; fitted: P3 | null }) {
  const quaternion = useMemo(
    () =>
      new THREE.Quaternion().setFromUnitVectors(
        new THREE.Vector3(0, 0, 1),
        new THREE.Vector3(...y).normalize(),
      ),
    [y],
  );
  const residual = useMemo(() => {
    if (!fitted) return null;
    // geodesic from y to the fitted point, on the sphere
    const a = new THREE.Vector3(...y).normalize();
    const b = new THREE.Vector3(...fitted).normalize();
    const pts: number[] = [];
    const N = 24;
    for (let i = 0; i <= N; i++) {
      const q = a
        .clone()
        .lerp(b, i / N)
        .normalize()
        .multiplyScalar(SV.pointLift);
      pts.push(q.x, q.y, q.z);
    }
    return Float32Array.from(pts);
  }, [y, fitted]);
  return (
    <>
      <mesh position={y as Vec3} quaternion={quaternion} material={lambert(C.selected)}>
        <torusGeometry args={[0.042, 0.007, 10, 40]} />
      </mesh>
      {residual && <Tube points={residual} radius={0.004} colour={C.selected} segments={32} />}
    </>
  );
}

interface SceneProps {
  points: P3[];
  fit: { pHat: Float64Array; vHat: Float64Array } | null;
  privateLines: { positions: Float32Array; colors: Float32Array };
  fig5: boolean;
  footpoints: P3[];
  selected: number | null;
  fitted: P3 | null;
  /** The audit's changed record: its version in D and in D′ (Audit tab only). */
  record: { before: P3; after: P3 } | null;
  onPick(i: number, e: ThreeEvent<MouseEvent>): void;
}

/** The globe with the data, the non-private geodesic, the private geodesics and footpoints, the selection. */
export function SphereScene(props: SceneProps) {
  const { points, fit, privateLines, fig5, footpoints, selected, fitted, record, onPick } = props;
  const fitLine = useMemo(() => (fit ? sphereGeodesic(fit.pHat, fit.vHat, 128, SV.lineLift) : null), [fit]);
  return (
    <>
      <CameraLights />
      <Globe />
      <Graticule />
      <Segments
        positions={privateLines.positions}
        colors={privateLines.colors}
        width={fig5 ? 2 : 1.6}
        opacity={fig5 ? 0.85 : 0.6}
        dashed
        dashSize={DASH_3D.size}
        gapSize={DASH_3D.gap}
        renderOrder={1}
      />
      {fitLine && <Tube points={fitLine} radius={0.0085} colour={C.sphereNonPrivate} />}
      {fit && <Arrowhead p={fit.pHat} v={fit.vHat} />}
      <Markers points={points} shape="sphere" size={SV.dataSize} colour={C.sphereData} onPick={onPick} />
      <Markers points={footpoints} shape="cube" size={0.0095} colour={C.footpoint} />
      {selected !== null && points[selected] && <Selection y={points[selected]} fitted={fitted} />}
      {record && (
        <RecordMarks
          before={record.before}
          after={record.after}
          size={SV.dataSize * 1.6}
          labelHeight={0.07}
          labelAt={(p) => lift(p, 1.03)}
        />
      )}
    </>
  );
}
