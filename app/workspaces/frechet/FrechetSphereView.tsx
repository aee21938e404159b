/**
 * The Fréchet workspace on S²: the globe with the data (small grey dots), the true Fréchet mean (large dark
 * ball) and each mechanism's releases as a cloud of its own marker shape; beside it, a close-up of the tangent
 * plane at the true mean, scaled to the releases (at large ε they are far too close to the mean to tell apart
 * on the globe). Ambient and extrinsic releases are points of R³ off the sphere: drawn projected onto it.
 */
import type { ThreeEvent } from '@react-three/fiber';
import { useCallback, useMemo } from 'react';
import type { FrechetDataset } from '../../../src/experiments/frechetData';
import { AuditRecordLegend, isRecord, pickAuditRecord, useAuditRecord } from '../../audit/record';
import { isGlobeClick, RECORD_MARKS_3D, RecordMarks } from '../../audit/RecordMarks3d';
import { useLab } from '../../store';
import { Label, Markers } from '../../views3d/primitives';
import { GLOBE_CAMERA, SPHERE_VIEW as SV, sphereHome } from '../../views3d/sphereView';
import { CameraLights, View3D, type Vec3 } from '../../views3d/View3D';
import { Globe, Graticule } from '../../views3d/Globe';
import { CloudLegend } from './CloudLegend';
import type { ViewCloud } from './jobs';
import { FRECHET_COLOURS, MECHANISM_STYLES } from './mechanisms';
import { TangentCloseUp } from './TangentCloseUp';
import '../../views3d/views3d.css';

type P3 = readonly [number, number, number];

const HOME_SCALE = 2 / SV.distance;

/** A point of R³ (on the sphere or not) pushed radially to radius r; null for (almost) the origin. */
export function onSphere(y: ArrayLike<number>, r: number): P3 | null {
  const norm = Math.hypot(y[0], y[1], y[2]);
  if (!(norm > 1e-12)) return null;
  return [(y[0] * r) / norm, (y[1] * r) / norm, (y[2] * r) / norm];
}

const lift = (ys: readonly ArrayLike<number>[], r: number): P3[] =>
  ys.map((y) => onSphere(y, r)).filter((p): p is P3 => p !== null);

export function FrechetSphereView({ data, clouds }: { data: FrechetDataset; clouds: readonly ViewCloud[] }) {
  const camera = useLab((s) => s.settings.camera);
  const set = useLab((s) => s.set);
  const points = useMemo(() => lift(data.points, SV.pointLift), [data]);
  const mean = useMemo(() => lift([data.mean], SV.pointLift * 1.004), [data]);
  // closer than the regression view's home: the data fill a small cap
  const home = useMemo(() => sphereHome([data.mean]).map((x) => x * HOME_SCALE) as Vec3, [data]);
  const released = useMemo(
    () => clouds.map((c) => ({ cloud: c, points: lift(c.releases, SV.pointLift * 1.002) })),
    [clouds],
  );
  const onCameraSaved = useCallback((position: Vec3) => set({ camera: position }), [set]);
  // the Audit tab's changed record (D and D′), picked by a click on a data point while the tab shows
  const audit = useAuditRecord();
  const rec = isRecord(audit) ? audit : null;
  const recordMarks = useMemo(
    () =>
      rec ? { before: onSphere(rec.before, SV.pointLift)!, after: onSphere(rec.after, SV.pointLift)! } : null,
    [rec],
  );
  const onPick = useCallback(
    (i: number, e: ThreeEvent<MouseEvent>) => {
      if (!isGlobeClick(points[i], e)) return;
      e.stopPropagation();
      pickAuditRecord(i + 1);
    },
    [points],
  );
  const labelAt = mean[0]
    ? ([mean[0][0] * 1.03, mean[0][1] * 1.03 + 0.045, mean[0][2] * 1.03] as const)
    : null;
  return (
    <div className="frechet-sphere">
      <div className="view-with-legend">
        <View3D
          label="Sphere: data, true Fréchet mean and private releases of each mechanism (3D)"
          testId="frechet-sphere-canvas"
          describedBy="frechet-sphere-keys"
          {...GLOBE_CAMERA}
          home={home}
          camera={camera}
          onCameraSaved={onCameraSaved}
        >
          <CameraLights />
          <Globe />
          <Graticule />
          <Markers
            points={points}
            shape="sphere"
            size={SV.dataSize * 0.75}
            colour={FRECHET_COLOURS.data}
            onPick={audit ? onPick : undefined}
          />
          {recordMarks && (
            <RecordMarks
              before={recordMarks.before}
              after={recordMarks.after}
              size={SV.dataSize * 1.6}
              labelHeight={0.05}
              labelAt={(p) => onSphere(p, 1.03)!}
            />
          )}
          {released.map(({ cloud, points: ps }) => {
            const m = MECHANISM_STYLES[cloud.mechanism];
            return <Markers key={m.id} points={ps} shape={m.shape3d} size={0.011} colour={m.colour} />;
          })}
          <Markers points={mean} shape="sphere" size={0.022} colour={FRECHET_COLOURS.mean} />
          {labelAt && <Label text="x̄" position={labelAt} height={0.06} />}
        </View3D>
        <aside className="view-legend" aria-label="Legend">
          <CloudLegend
            space="sphere"
            n={data.points.length}
            clouds={clouds}
            testId="frechet-legend"
            drawnAs={(c) =>
              c.mechanism === 'ambient' || c.mechanism === 'extg' ? 'drawn projected onto the sphere' : null
            }
          />
          {audit && (
            <AuditRecordLegend
              record={audit}
              marks={RECORD_MARKS_3D}
              pickHint="Click a data point to replace that one instead."
            />
          )}
          <p className="hint" id="frechet-sphere-keys">
            Drag to rotate, wheel to zoom. Keyboard (focus the view): ← → ↑ ↓ rotate, + − zoom, Home resets.
          </p>
        </aside>
      </div>
      <TangentCloseUp data={data} clouds={clouds} />
    </div>
  );
}
