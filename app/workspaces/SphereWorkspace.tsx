/**
 * The sphere workspace: the data on a shaded globe, the non-private geodesic segment (solid, thick, dark), the
 * private geodesics of the current release (dashed, thin, vermillion; one draw call for all of them) and the
 * private footpoints (purple cubes). Click a data point (or step through them with N / P) to see its covariate and
 * its residual. In Fig. 5 mode the private geodesics are those of ten total budgets, coloured by budget.
 * Nothing is fitted here: the non-private fit and the private pairs come from the workers.
 */
import { Swatch } from '../views3d/Swatch';
import { Brief } from '../help/Brief';
import type { ThreeEvent } from '@react-three/fiber';
import { useCallback, useMemo, useState } from 'react';
import * as THREE from 'three';
import { FIG5_BUDGETS, FIG5_MAX_M, useBudgetGeodesics, type BudgetState } from '../compute/budgetGeodesics';
import { useReleaseCells, useWorkspaceData } from '../compute/useData';
import { AuditRecordLegend, isRecord, pickAuditRecord, useAuditRecord } from '../audit/record';
import { useLab } from '../store';
import { budgetColour, budgetRgb, linearRgb } from '../views3d/budgetColours';
import { packSegments, sphereGeodesic, type Polyline } from '../views3d/geodesics';
import { VIEW_COLOURS as C, DASH_3D } from '../views3d/palette';
import { lambert } from '../views3d/materials';
import { Markers, Segments, Tube } from '../views3d/primitives';
import { ReleaseStatus } from '../release/ReleaseStatus';
import { releasedFootpoints, releasedPairs } from '../release/releasedPairs';
import { useNonPrivateFit } from '../views3d/useFit';
import { SPHERE_VIEW as SV, sphereHome } from '../views3d/sphereView';
import { CameraLights, View3D, type Vec3 } from '../views3d/View3D';
import { Globe, Graticule } from '../views3d/Globe';
import '../views3d/views3d.css';
import { isGlobeClick, RECORD_MARKS_3D, RecordMarks } from '../audit/RecordMarks3d';

type P3 = readonly [number, number, number];

const lift = (y: ArrayLike<number>, r: number): P3 => {
  const s = r / Math.hypot(y[0], y[1], y[2]);
  return [y[0] * s, y[1] * s, y[2] * s];
};

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

function SphereScene(props: SceneProps) {
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

function BudgetLegend({ budgets, lnNp }: { budgets: BudgetState; lnNp: number | null }) {
  const byEps = new Map(budgets.runs.map((r) => [r.eps, r]));
  return (
    <div className="budget-legend" data-testid="budget-legend">
      <h3>Total budget ε</h3>
      <p className="hint">Equal split ε_p = ε_v = ε/2; darker = smaller ε = more private.</p>
      <ul>
        {FIG5_BUDGETS.map((eps) => {
          const cells = (byEps.get(eps)?.cells ?? []).filter((c) => c !== undefined);
          const mses = cells.flatMap((c) => c.mse.flat()).filter(Number.isFinite);
          const ln = mses.length ? Math.log(mses.reduce((a, b) => a + b, 0) / mses.length) : null;
          return (
            <li key={eps}>
              <Swatch kind="dashed" colour={budgetColour(eps)} />
              <span className="eps">ε = {eps.toFixed(1)}</span>
              <span className="ln">{ln === null ? '…' : `ln MSE ${ln.toFixed(2)}`}</span>
            </li>
          );
        })}
        <li>
          <Swatch kind="solid" colour={C.sphereNonPrivate} />
          <span className="eps">non-private</span>
          <span className="ln">{lnNp === null ? '…' : `ln MSE ${lnNp.toFixed(2)}`}</span>
        </li>
      </ul>
      <p className="hint" data-testid="budget-progress">
        {budgets.status === 'running'
          ? `Computing: ${budgets.done} of ${budgets.total} chain groups…`
          : budgets.status === 'done'
            ? `Done: ${budgets.runs.length} budgets.`
            : budgets.status === 'error'
              ? `Failed: ${budgets.error}`
              : ''}
      </p>
    </div>
  );
}

export function SphereWorkspace() {
  const { data, fileName } = useWorkspaceData();
  const cells = useReleaseCells();
  const figure = useLab((s) => s.settings.figure);
  const camera = useLab((s) => s.settings.camera);
  const m = useLab((s) => s.settings.m);
  const set = useLab((s) => s.set);
  const fig5 = figure === 'fig5';
  const audit = useAuditRecord();
  const rec = isRecord(audit) ? audit : null;
  const recordMarks = useMemo(
    () => (rec ? { before: lift(rec.before, SV.pointLift), after: lift(rec.after, SV.pointLift) } : null),
    [rec],
  );
  const budgets = useBudgetGeodesics(fig5);
  const [selected, setSelected] = useState<{ key: unknown; index: number } | null>(null);
  // a selection belongs to one data set
  const sel = selected && selected.key === data ? selected.index : null;

  const points = useMemo(() => data.ys.map((y) => lift(y, SV.pointLift)), [data]);
  const home = useMemo(() => sphereHome(data.ys), [data]);
  const fit = useNonPrivateFit(cells, 3, data);
  const lnNp = fit?.lnMse ?? null;

  const pairs = useMemo(() => releasedPairs(cells, 3), [cells]);
  const privateLines = useMemo(() => {
    if (fig5) {
      const lines: Polyline[] = [];
      const colours: [number, number, number][] = [];
      // smallest budget first, so the larger budgets (close to the data) are drawn on top
      for (const run of [...budgets.runs].sort((a, b) => a.eps - b.eps)) {
        const rgb = budgetRgb(run.eps);
        for (const pr of releasedPairs(
          run.cells.filter((c) => c !== undefined),
          3,
        )) {
          lines.push(sphereGeodesic(pr.p, pr.v, 48, SV.lineLift));
          colours.push(rgb);
        }
      }
      return packSegments(lines, colours);
    }
    // one colour, but as vertex colours too: the same shader program as in Fig. 5 mode (one compile)
    const rgb = linearRgb(C.private);
    return packSegments(
      pairs.map((pr) => sphereGeodesic(pr.p, pr.v, 48, SV.lineLift)),
      pairs.map(() => rgb),
    );
  }, [fig5, budgets.runs, pairs]);
  const footpoints = useMemo(
    () => (fig5 ? [] : releasedFootpoints(cells, 3).map((p) => lift(p, SV.pointLift))),
    [fig5, cells],
  );

  const fitted = useMemo((): P3 | null => {
    if (sel === null || !fit) return null;
    const x = data.xs[sel];
    const l = sphereGeodesic(fit.pHat, fit.vHat, 1, SV.pointLift, x, x);
    return [l[0], l[1], l[2]];
  }, [sel, fit, data]);

  const onPick = useCallback(
    (i: number, e: ThreeEvent<MouseEvent>) => {
      if (!isGlobeClick(points[i], e)) return;
      e.stopPropagation();
      // with the Audit tab shown, a click picks the record the audit replaces
      if (audit) pickAuditRecord(i + 1);
      else setSelected({ key: data, index: i });
    },
    [points, data, audit],
  );

  const onKey = (e: React.KeyboardEvent) => {
    const n = data.ys.length;
    if (e.key === 'n' || e.key === 'N' || e.key === ']') {
      setSelected({ key: data, index: sel === null ? 0 : (sel + 1) % n });
      return true;
    }
    if (e.key === 'p' || e.key === 'P' || e.key === '[') {
      setSelected({ key: data, index: sel === null ? n - 1 : (sel - 1 + n) % n });
      return true;
    }
    if (e.key === 'Escape' && sel !== null) {
      setSelected(null);
      return true;
    }
    return false;
  };

  const onCameraSaved = useCallback((position: Vec3) => set({ camera: position }), [set]);

  const [x0, x1] = data.xRange;
  const unitsDiffer = x0 !== 0 || x1 !== 1;
  const readout =
    sel !== null ? (
      <div className="view3d-readout" data-testid="sphere-readout" role="status" aria-live="polite">
        <strong>
          Point {sel + 1} of {data.ys.length}:
        </strong>{' '}
        <span data-testid="sphere-readout-x">
          {data.xLabel} = {(x0 + data.xs[sel] * (x1 - x0)).toPrecision(4)}
        </span>
        {unitsDiffer && <> (rescaled x = {data.xs[sel].toFixed(3)})</>}
        {fitted && (
          <>
            {' '}
            · residual to the non-private fit{' '}
            {(
              2 *
              Math.asin(
                Math.min(
                  1,
                  Math.hypot(
                    points[sel][0] - fitted[0],
                    points[sel][1] - fitted[1],
                    points[sel][2] - fitted[2],
                  ) /
                    (2 * SV.pointLift),
                ),
              )
            ).toFixed(3)}{' '}
            rad
          </>
        )}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => setSelected(null)}
          aria-label="Clear selection"
        >
          ×
        </button>
      </div>
    ) : null;

  const nPrivate = fig5
    ? budgets.runs.reduce(
        (a, r) =>
          a +
          releasedPairs(
            r.cells.filter((c) => c !== undefined),
            3,
          ).length,
        0,
      )
    : pairs.length;

  return (
    <section className="panel workspace-sphere view-container" aria-labelledby="sphere-title">
      <h2 id="sphere-title">Geodesic regression on the sphere</h2>
      {/* a file's name is the user's text: shown as written, never through the maths markup */}
      <Brief
        className="view-description"
        {...(fileName
          ? { short: data.description }
          : {
              text:
                data.description +
                ' Each point is a direction (a unit vector); the covariate moves along a great circle.',
            })}
      />
      {fig5 && (
        <p className="figure-caption" data-testid="fig5-caption">
          <strong>Fig. 5 of paper 000.</strong> Private geodesics for ten total budgets ε = 2.0 … 0.2 (equal
          split), coloured by budget; {Math.min(m, FIG5_MAX_M) ** 2} per budget. Look for: the smaller the
          budget (darker), the farther the private geodesics stray from the data — most visibly at larger
          noise δ.
        </p>
      )}
      <ReleaseStatus dim={3} />
      <div className="view-with-legend">
        <View3D
          label="Sphere: data, non-private and private geodesics (3D)"
          testId="sphere-canvas"
          describedBy="sphere-keys"
          target={[0, 0, 0]}
          home={home}
          camera={camera}
          onCameraSaved={onCameraSaved}
          fov={SV.fov}
          minDistance={SV.minDistance}
          maxDistance={SV.maxDistance}
          onKey={onKey}
          overlay={readout}
        >
          <SphereScene
            points={points}
            fit={fit}
            privateLines={privateLines}
            fig5={fig5}
            footpoints={footpoints}
            selected={sel}
            fitted={fitted}
            record={recordMarks}
            onPick={onPick}
          />
        </View3D>
        <aside className="view-legend" aria-label="Legend">
          {fig5 ? (
            <BudgetLegend budgets={budgets} lnNp={lnNp} />
          ) : (
            <>
              <h3>Legend</h3>
              <ul>
                <li>
                  <Swatch kind="dot" colour={C.sphereData} />
                  <span>data yᵢ ({data.ys.length})</span>
                </li>
                <li>
                  <Swatch kind="solid" colour={C.sphereNonPrivate} />
                  <span>
                    <strong>solid</strong>: non-private geodesic Exp(p̂, x v̂), x ∈ [0, 1]; the cone marks x = 1
                  </span>
                </li>
                <li>
                  <Swatch kind="dashed" colour={C.private} />
                  <span>
                    <strong>dashed</strong>: private geodesics Exp(p̃, x ṽ) ({nPrivate})
                  </span>
                </li>
                <li>
                  <Swatch kind="square" colour={C.footpoint} />
                  <span>private footpoints p̃</span>
                </li>
                <li>
                  <Swatch kind="ring" colour={C.selected} />
                  <span>selected point and its residual</span>
                </li>
              </ul>
            </>
          )}
          {audit && (
            <AuditRecordLegend
              record={audit}
              marks={RECORD_MARKS_3D}
              pickHint="Click a data point to replace that one instead."
            />
          )}
          <p className="hint" id="sphere-keys">
            Drag to rotate, wheel to zoom; click a point for its covariate. Keyboard (focus the view): ← → ↑ ↓
            rotate, + − zoom, Home resets, N / P step through the points, Esc clears.
          </p>
        </aside>
      </div>
    </section>
  );
}
