/**
 * The sphere workspace: the data on a shaded globe, the non-private geodesic segment (solid, thick, dark), the
 * private geodesics of the current release (dashed, thin, vermillion; one draw call for all of them) and the
 * private footpoints (purple cubes). Click a data point (or step through them with N / P) to see its covariate and
 * its residual. In Fig. 5 mode the private geodesics are those of ten total budgets, coloured by budget.
 * Nothing is fitted here: the non-private fit and the private pairs come from the workers. The parts are in
 * ./sphere/.
 */
import { ViewDescription } from '../ViewDescription';
import { useCallback, useMemo } from 'react';
import { useBudgetGeodesics } from '../../compute/budgetGeodesics';
import { useReleaseCells, useWorkspaceData } from '../../compute/useData';
import { isRecord, useAuditRecord } from '../../audit/record';
import { useLab } from '../../store';
import { sphereGeodesic } from '../../views3d/geodesics';
import { ReleaseStatus } from '../../release/ReleaseStatus';
import { useNonPrivateFit } from '../../views3d/useFit';
import { GLOBE_CAMERA, SPHERE_VIEW as SV, sphereHome } from '../../views3d/sphereView';
import { View3D, type Vec3 } from '../../views3d/View3D';
import '../../views3d/views3d.css';
import { Fig5Caption } from './Fig5Caption';
import { lift, type P3 } from './lift';
import { PointReadout } from './PointReadout';
import { SphereLegend } from './SphereLegend';
import { SphereScene } from './SphereScene';
import { usePointSelection } from './usePointSelection';
import { usePrivateGeodesics } from './usePrivateGeodesics';

export function SphereWorkspace() {
  const { data, fileName } = useWorkspaceData();
  const cells = useReleaseCells();
  const figure = useLab((s) => s.settings.figure);
  const camera = useLab((s) => s.settings.camera);
  const set = useLab((s) => s.set);
  const fig5 = figure === 'fig5';
  const audit = useAuditRecord();
  const rec = isRecord(audit) ? audit : null;
  const recordMarks = useMemo(
    () => (rec ? { before: lift(rec.before, SV.pointLift), after: lift(rec.after, SV.pointLift) } : null),
    [rec],
  );
  const budgets = useBudgetGeodesics(fig5);

  const points = useMemo(() => data.ys.map((y) => lift(y, SV.pointLift)), [data]);
  const home = useMemo(() => sphereHome(data.ys), [data]);
  const fit = useNonPrivateFit(cells, 3, data);
  const lnNp = fit?.lnMse ?? null;
  const { privateLines, footpoints, nPrivate } = usePrivateGeodesics(cells, fig5, budgets);
  const { sel, onPick, onKey, clear } = usePointSelection(data, points, audit);

  const fitted = useMemo((): P3 | null => {
    if (sel === null || !fit) return null;
    const x = data.xs[sel];
    const l = sphereGeodesic(fit.pHat, fit.vHat, 1, SV.pointLift, x, x);
    return [l[0], l[1], l[2]];
  }, [sel, fit, data]);

  const onCameraSaved = useCallback((position: Vec3) => set({ camera: position }), [set]);

  const readout =
    sel !== null ? (
      <PointReadout index={sel} data={data} point={points[sel]} fitted={fitted} onClear={clear} />
    ) : null;

  return (
    <section className="panel workspace-sphere view-container" aria-labelledby="sphere-title">
      <h2 id="sphere-title">Geodesic regression on the sphere</h2>
      <ViewDescription
        description={data.description}
        fileName={fileName}
        about="Each point is a direction (a unit vector); the covariate moves along a great circle."
      />
      {fig5 && <Fig5Caption />}
      <ReleaseStatus dim={3} />
      <div className="view-with-legend">
        <View3D
          label="Sphere: data, non-private and private geodesics (3D)"
          testId="sphere-canvas"
          describedBy="sphere-keys"
          {...GLOBE_CAMERA}
          home={home}
          camera={camera}
          onCameraSaved={onCameraSaved}
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
        <SphereLegend
          fig5={fig5}
          budgets={budgets}
          lnNp={lnNp}
          nData={data.ys.length}
          nPrivate={nPrivate}
          audit={audit}
        />
      </div>
    </section>
  );
}
