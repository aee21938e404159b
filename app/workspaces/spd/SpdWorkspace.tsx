/**
 * The SPD(2) workspace: (a) predictions as ellipses along the covariate (Fig. 8 of paper 000), non-private solid
 * vs private dashed, over the faint data ellipses; (b) the SPD cone {ac > b²} in 3D with the data and both kinds
 * of geodesic inside it. The fits come from the workers (release cells carry p̂, v̂ and the private pairs).
 */
import { Swatch } from '../../views3d/Swatch';
import { Brief } from '../../help/Brief';
import { ViewDescription } from '../ViewDescription';
import { useCallback, useMemo, useState } from 'react';
import { useReleaseCells, useWorkspaceData } from '../../compute/useData';
import {
  AuditRecordLegend,
  isRecord,
  pickAuditRecord,
  RECORD_COLOURS,
  useAuditRecord,
} from '../../audit/record';
import { useLab } from '../../store';
import { ELLIPSE_COLUMNS, EllipseStrip } from '../../views2d/ellipses';
import { autoMagnify, coneCoords, spdGeodesic, sym2 } from '../../views3d/geodesics';
import { releasedFootpoints, releasedPairs } from '../../release/releasedPairs';
import { VIEW_COLOURS as C } from '../../views3d/palette';
import { ReleaseStatus } from '../../release/ReleaseStatus';
import { useNonPrivateFit } from '../../views3d/useFit';
import { RecordMarks } from '../../audit/RecordMarks3d';
import { coneLayout } from '../../views3d/coneView';
import { SpdCone } from '../../views3d/SpdCone';
import type { Vec3 } from '../../views3d/View3D';
import '../../views3d/views3d.css';

/** A label's place: a little above its marker (and to its right: Label beside). */
const offset = (p: readonly number[], h: number): [number, number, number] => [p[0], p[1] + 0.02 * h, p[2]];

export function SpdWorkspace() {
  const { data, fileName } = useWorkspaceData();
  const cells = useReleaseCells();
  const camera = useLab((s) => s.settings.camera);
  const set = useLab((s) => s.set);
  const [allPairs, setAllPairs] = useState(false);
  // private wobble too small to see at true size: an exaggeration the legend and the strip's label state; by
  // default the strip picks one where the true size would show nothing
  const [magnifyChoice, setMagnify] = useState<number | 'auto'>('auto');

  const fit = useNonPrivateFit(cells, 4, data);
  const pairs = useMemo(() => releasedPairs(cells, 4), [cells]);
  // a few: the first shooting vector of each footpoint (one pair per private footpoint)
  const fewPairs = useMemo(
    () => pairs.filter((p, i) => i === 0 || pairs[i - 1].footpoint !== p.footpoint),
    [pairs],
  );
  const shown = allPairs ? pairs : fewPairs;
  const autoFactor = useMemo(
    () =>
      fit
        ? autoMagnify(
            spdGeodesic(fit.pHat, fit.vHat, ELLIPSE_COLUMNS - 1),
            shown.map((pr) => spdGeodesic(pr.p, pr.v, ELLIPSE_COLUMNS - 1)),
          )
        : 1,
    [fit, shown],
  );
  const magnify = magnifyChoice === 'auto' ? autoFactor : magnifyChoice;
  const footpoints = useMemo(() => releasedFootpoints(cells, 4), [cells]);
  const onCameraSaved = useCallback((position: Vec3) => set({ camera: position }), [set]);
  const audit = useAuditRecord();
  const rec = isRecord(audit) ? audit : null;
  const stripRecord = useMemo(
    () => (rec ? { x: rec.x, before: rec.before, after: rec.after, colours: RECORD_COLOURS } : null),
    [rec],
  );
  const onPickData = useCallback((i: number) => pickAuditRecord(i + 1), []);
  // marker size in the cone view's units (its framing follows the data)
  const coneHeight = useMemo(() => coneLayout(data.ys.map((y) => coneCoords(sym2(y)))).unit, [data]);

  return (
    <section className="panel workspace-spd view-container" aria-labelledby="spd-title">
      <h2 id="spd-title">SPD(2): covariance matrices as ellipses</h2>
      <ViewDescription
        description={data.description}
        fileName={fileName}
        about="Each response is a 2×2 symmetric positive-definite matrix y = [[a, b], [b, c]] — think of a covariance."
      />
      <ReleaseStatus dim={4} />
      <div className="spd-panels">
        <div className="ellipse-strip">
          <h3>Predictions along the covariate</h3>
          <Brief
            className="convention"
            testId="ellipse-convention"
            short="Ellipse of y = UΛUᵀ: semi-axes √λ₁, √λ₂ along U’s columns."
            more="The first matrix coordinate is to the right, the second up; one scale for all ellipses."
          />
          <EllipseStrip
            data={data}
            fit={fit}
            pairs={shown}
            privateOpacity={allPairs ? 0.22 : 0.6}
            magnify={magnify}
            record={stripRecord}
            onPickData={audit ? onPickData : undefined}
          />
          <div className="ellipse-controls">
            <span>
              <Swatch kind="solid" colour={C.spdNonPrivate} /> <strong>solid</strong>: non-private Exp(p̂, x v̂)
            </span>
            <span>
              <Swatch kind="dashed" colour={C.private} /> <strong>dashed</strong>: private Exp(p̃, x ṽ) (
              {shown.length} {shown.length === 1 ? 'pair' : 'pairs'})
              {magnify !== 1 && (
                <strong data-testid="spd-magnified">
                  {' '}
                  — differences from the solid ellipse drawn ×{magnify}
                  {magnifyChoice === 'auto' ? ' (too small to see at true size)' : ''}, not to scale
                </strong>
              )}
            </span>
            <span>
              <Swatch kind="faint" colour={C.spdData} /> data yᵢ at their covariates
            </span>
            <label>
              private differences drawn{' '}
              <select
                value={magnifyChoice}
                onChange={(e) => setMagnify(e.target.value === 'auto' ? 'auto' : Number(e.target.value))}
                data-testid="spd-magnify"
              >
                <option value="auto">auto (×5, ×20 if too small)</option>
                <option value={1}>at true size</option>
                <option value={5}>×5 (exaggerated)</option>
                <option value={20}>×20 (exaggerated)</option>
              </select>
            </label>
            <label>
              <input
                type="checkbox"
                checked={allPairs}
                onChange={(e) => setAllPairs(e.target.checked)}
                data-testid="spd-all-pairs"
              />{' '}
              show all {pairs.length} private pairs (faint) instead of one per footpoint
            </label>
          </div>
          {audit && (
            <AuditRecordLegend
              record={audit}
              marks={{
                D: 'outline',
                D2: 'dashed-outline',
                words: {
                  D: 'green solid ellipse; green octahedron in the cone',
                  D2: 'orange dashed ellipse; orange cube in the cone',
                },
              }}
              pickHint="Click a data ellipse, or a data ball in the cone, to replace that record instead."
            />
          )}
        </div>
        <div>
          <h3>The SPD cone</h3>
          <div className="view-with-legend">
            <SpdCone
              ys={data.ys}
              fit={fit}
              pairs={shown}
              footpoints={footpoints}
              camera={camera}
              onCameraSaved={onCameraSaved}
              describedBy="spd-cone-keys"
              onPickData={audit ? onPickData : undefined}
            >
              {rec && (
                <RecordMarks
                  before={coneCoords(sym2(rec.before))}
                  after={coneCoords(sym2(rec.after))}
                  size={coneHeight * 0.018}
                  labelHeight={coneHeight * 0.06}
                  labelAt={(p) => offset(p, coneHeight)}
                />
              )}
            </SpdCone>
            <aside className="view-legend" aria-label="Legend of the cone view">
              <ul>
                <li>
                  <Swatch kind="dot" colour={C.spdData} />
                  <span>data yᵢ ({data.ys.length})</span>
                </li>
                <li>
                  <Swatch kind="solid" colour={C.spdNonPrivate} />
                  <span>
                    <strong>solid</strong>: non-private geodesic
                  </span>
                </li>
                <li>
                  <Swatch kind="dashed" colour={C.private} />
                  <span>
                    <strong>dashed</strong>: private geodesics
                  </span>
                </li>
                <li>
                  <Swatch kind="square" colour={C.footpoint} />
                  <span>private footpoints p̃</span>
                </li>
              </ul>
              <Brief
                className="hint"
                text={
                  'Coordinates (a, √2·b, c), axis a = c vertical: then SPD(2) is the inside of a round cone and ' +
                  'its surface ac = b² holds the singular matrices. Geodesics use the affine-invariant metric: ' +
                  'they curve and never reach the surface. The axes a and c lie on the surface; I marks the ' +
                  'identity. The view starts zoomed to the data, true to scale; zoom out to see the whole cone.'
                }
              />
              <p className="hint" id="spd-cone-keys">
                Drag to rotate, wheel to zoom. Keyboard (focus the view): ← → ↑ ↓ rotate, + − zoom, Home
                resets.
              </p>
            </aside>
          </div>
        </div>
      </div>
    </section>
  );
}
