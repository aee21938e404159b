/**
 * The Fréchet workspace on SPD(2): (a) an ellipse strip — the data and their true mean, then one column per
 * mechanism with its releases drawn over the true mean (solid); (b) the SPD cone {ac > b²} in 3D with the data,
 * the true mean and every mechanism's releases as markers of its own shape. Releases that are not SPD (the
 * ambient and extrinsic baselines can produce them) have no ellipse; in the cone they sit outside the surface.
 */
import { Brief } from '../../help/Brief';
import { useCallback, useId, useMemo } from 'react';
import type { FrechetDataset } from '../../../src/experiments/frechetData';
import { AuditRecordLegend, isRecord, pickAuditRecord, useAuditRecord } from '../../audit/record';
import { RECORD_MARKS_3D, RecordMarks } from '../../audit/RecordMarks3d';
import { useLab } from '../../store';
import { draw, EllipseAt, formatEntry, type Drawn } from '../../views2d/ellipses';
import { coneCoords, ellipseOf, sym2 } from '../../views3d/geodesics';
import { Markers } from '../../views3d/primitives';
import { SpdCone } from '../../views3d/SpdCone';
import { coneLayout } from '../../views3d/coneView';
import type { Vec3 } from '../../views3d/View3D';
import { CloudLegend } from './CloudLegend';
import type { ViewCloud } from './jobs';
import { FRECHET_COLOURS, MECHANISM_STYLES, mechanismsOn } from './mechanisms';
import { symbolPath, useChartType, useElementWidth } from '../../plots/chart';
import '../../views3d/views3d.css';

function describe(what: string, d: Drawn): string {
  const [a, b, c] = d.y;
  return `${what}: a = ${formatEntry(a)}, b = ${formatEntry(b)}, c = ${formatEntry(c)}`;
}

function EllipseColumns({ data, clouds }: { data: FrechetDataset; clouds: readonly ViewCloud[] }) {
  const clipBase = useId();
  const chosen = useLab((s) => s.settings.mechanisms);
  const [box, width] = useElementWidth<HTMLDivElement>(640);
  const type = useChartType();
  const shown = mechanismsOn('spd', chosen);
  const byId = new Map(clouds.map((c) => [c.mechanism, c]));
  const columns = 1 + shown.length;
  const W = Math.max(300, Math.round(width));
  const COL = (W - 8) / columns;
  const R_MAX = Math.min(COL / 2 - 4, 90);
  const HEAD = 34;
  const H = HEAD + 2 * R_MAX + 30;
  const CY = HEAD + R_MAX + 4;
  const colX = (i: number) => 4 + COL * (i + 0.5);
  // a column's text at `max` px, smaller where its `chars` characters (≈ em × size px each) would not fit
  const fitted = (max: number, chars: number, em: number) =>
    Math.min(max, (COL - 6) / (em * Math.max(1, chars)));
  // column headings: the symbol above the name, all at one size (the longest name's)
  const headSize = fitted(type.legend, Math.max(0, ...shown.map((m) => m.short.length)), 0.62);

  const scale = useMemo(() => {
    let big = 0;
    for (const y of [...data.points, data.mean]) {
      const e = ellipseOf(sym2(y));
      if (e && Number.isFinite(e.major)) big = Math.max(big, e.major);
    }
    return big > 0 ? R_MAX / big : 1;
  }, [data, R_MAX]);

  const meanAt = (i: number) => draw(sym2(data.mean), colX(i), scale);
  const dataEl = data.points.map((y) => draw(sym2(y), colX(0), scale));
  return (
    <div ref={box} className="ellipse-box">
      <svg
        width={W}
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label="SPD(2) as ellipses: the data and their true mean, then each mechanism's releases over the true mean"
        data-testid="frechet-ellipses"
        className="ellipse-svg"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
      >
        <defs>
          {Array.from({ length: columns }, (_, i) => (
            <clipPath key={i} id={`${clipBase}-${i}`}>
              <rect x={colX(i) - COL / 2 + 1} y={HEAD} width={COL - 2} height={H - HEAD - 24} />
            </clipPath>
          ))}
        </defs>
        <text x={colX(0)} y={28} textAnchor="middle" fontSize={type.legend} fontWeight={600}>
          data, x̄
        </text>
        <g clipPath={`url(#${clipBase}-0)`}>
          {dataEl.map(
            (d, i) =>
              d && (
                <EllipseAt
                  key={i}
                  d={d}
                  cy={CY}
                  title={describe(`data point ${i + 1}`, d)}
                  fill="none"
                  stroke={FRECHET_COLOURS.data}
                  strokeOpacity={0.3}
                  strokeWidth={0.8}
                />
              ),
          )}
          {meanAt(0) && (
            <EllipseAt
              d={meanAt(0)!}
              cy={CY}
              title={describe('true mean', meanAt(0)!)}
              fill="none"
              stroke={FRECHET_COLOURS.mean}
              strokeWidth={3}
            />
          )}
        </g>
        {shown.map((m, j) => {
          const i = j + 1;
          const cloud = byId.get(m.id);
          const drawn = (cloud?.releases ?? []).map((y) => draw(sym2(y), colX(i), scale));
          const notDrawn = drawn.filter((d) => !d || !(d.rx < 50 * W)).length;
          const mean = meanAt(i);
          const caption = !cloud
            ? '…'
            : !cloud.applicable
              ? 'not applicable'
              : notDrawn > 0
                ? `${notDrawn} not SPD / too large`
                : `${drawn.length} releases`;
          return (
            <g key={m.id} data-mechanism={m.id}>
              <g transform={`translate(${colX(i)},0)`}>
                <path d={symbolPath(m.symbol, 60)} transform="translate(0,8)" fill={m.colour} />
                <text y={28} textAnchor="middle" fontSize={headSize} fontWeight={600}>
                  {m.short}
                </text>
              </g>
              <g clipPath={`url(#${clipBase}-${i})`}>
                {drawn.map(
                  (d, k) =>
                    d &&
                    d.rx < 50 * W && (
                      <EllipseAt
                        key={k}
                        d={d}
                        cy={CY}
                        title={describe(`${m.label}, release ${k + 1}`, d)}
                        fill="none"
                        stroke={m.colour}
                        strokeOpacity={0.55}
                        strokeWidth={1.2}
                      />
                    ),
                )}
                {mean && (
                  <EllipseAt
                    d={mean}
                    cy={CY}
                    title={describe('true mean', mean)}
                    fill="none"
                    stroke={FRECHET_COLOURS.mean}
                    strokeWidth={2}
                  />
                )}
              </g>
              <text
                x={colX(i)}
                y={H - 8}
                textAnchor="middle"
                fontSize={fitted(type.small, caption.length, 0.56)}
                fill="#4a5360"
              >
                {caption}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/**
 * The drawing needs 2×2 matrices: the user's k×k points with k > 2 are not drawn (their releases still feed
 * the error plot, and the numbers below say how far they fell).
 */
export function FrechetSpdView({ data, clouds }: { data: FrechetDataset; clouds: readonly ViewCloud[] }) {
  const k = Math.round(Math.sqrt(data.mean.length));
  if (k !== 2)
    return (
      <div className="frechet-spd" data-testid="frechet-spd-undrawn">
        <p className="plot-warning">
          Your data are {k}×{k} matrices: the ellipses and the cone draw 2×2 matrices only, so this view shows
          the releases’ errors instead.
        </p>
        <CloudErrors clouds={clouds} />
      </div>
    );
  return <FrechetSpd2View data={data} clouds={clouds} />;
}

/** Each mechanism's mean distance of the view's releases to the true mean (what the drawing would show). */
function CloudErrors({ clouds }: { clouds: readonly ViewCloud[] }) {
  return (
    <table className="frechet-cloud-errors">
      <thead>
        <tr>
          <th scope="col">mechanism</th>
          <th scope="col">releases</th>
          <th scope="col">mean distance to the true mean</th>
        </tr>
      </thead>
      <tbody>
        {clouds.map((c) => (
          <tr key={c.mechanism}>
            <td>
              {MECHANISM_STYLES[c.mechanism].label}
              {c.isPrivate ? '' : ' (not private)'}
            </td>
            <td>{c.releases.length}</td>
            <td>
              {c.applicable
                ? formatEntry(c.dists.reduce((a, d) => a + d, 0) / Math.max(1, c.dists.length))
                : 'not applicable'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FrechetSpd2View({ data, clouds }: { data: FrechetDataset; clouds: readonly ViewCloud[] }) {
  const camera = useLab((s) => s.settings.camera);
  const set = useLab((s) => s.set);
  const onCameraSaved = useCallback((position: Vec3) => set({ camera: position }), [set]);
  const mean = useMemo(() => [coneCoords(sym2(data.mean))], [data]);
  const markers = useMemo(
    () => clouds.map((c) => ({ cloud: c, points: c.releases.map((y) => coneCoords(sym2(y))) })),
    [clouds],
  );
  const audit = useAuditRecord();
  const rec = isRecord(audit) ? audit : null;
  const onPickData = useCallback((i: number) => pickAuditRecord(i + 1), []);
  // marker sizes follow the cone view's framing of the data
  const size = useMemo(() => coneLayout(data.points.map((y) => coneCoords(sym2(y)))).unit * 0.008, [data]);
  return (
    <div className="frechet-spd">
      <h3>Ellipses: the true mean and the releases of each mechanism</h3>
      <Brief
        className="convention"
        short="Solid dark: the true (non-private) Fréchet mean; thin coloured: private releases."
        more="Ellipse of X = UΛUᵀ: semi-axes √λ₁, √λ₂ along U’s columns, one scale for all."
      />
      <EllipseColumns data={data} clouds={clouds} />
      <h3>The SPD cone</h3>
      <div className="view-with-legend">
        <SpdCone
          ys={data.points}
          fit={null}
          pairs={[]}
          footpoints={[]}
          camera={camera}
          onCameraSaved={onCameraSaved}
          describedBy="frechet-cone-keys"
          onPickData={audit ? onPickData : undefined}
          label="SPD(2) cone: data, true Fréchet mean and private releases of each mechanism (3D)"
          testId="frechet-cone"
        >
          {markers.map(({ cloud, points }) => {
            const m = MECHANISM_STYLES[cloud.mechanism];
            return (
              <Markers key={m.id} points={points} shape={m.shape3d} size={size * 0.9} colour={m.colour} />
            );
          })}
          <Markers points={mean} shape="sphere" size={size * 1.6} colour={FRECHET_COLOURS.mean} />
          {rec && (
            <RecordMarks
              before={coneCoords(sym2(rec.before))}
              after={coneCoords(sym2(rec.after))}
              size={size * 2}
              labelHeight={size * 6}
              labelAt={(p) => [p[0], p[1] + size * 2.5, p[2]]}
            />
          )}
        </SpdCone>
        <aside className="view-legend" aria-label="Legend">
          <CloudLegend space="spd" n={data.points.length} clouds={clouds} testId="frechet-legend" />
          {audit && (
            <AuditRecordLegend
              record={audit}
              marks={RECORD_MARKS_3D}
              pickHint="Click a data ball in the cone to replace that record instead."
            />
          )}
          <Brief
            className="hint"
            text={
              'Data: small grey balls; true mean: the large dark ball. Cone coordinates (a, √2·b, c), axis ' +
              'a = c vertical: SPD(2) is the inside of the cone; releases that are not SPD lie outside it. ' +
              'The view starts zoomed to the data, true to scale; zoom out to see the whole cone.'
            }
          />
          <p className="hint" id="frechet-cone-keys">
            Drag to rotate, wheel to zoom. Keyboard (focus the view): ← → ↑ ↓ rotate, + − zoom, Home resets.
          </p>
        </aside>
      </div>
    </div>
  );
}
