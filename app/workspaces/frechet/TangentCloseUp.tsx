/**
 * Close-up of the sphere around the true mean x̄: every point z drawn at Log_x̄(z) in the tangent plane (the
 * azimuthal equidistant map — distances from x̄ are exact), scaled so that the farthest release sits at the
 * edge. Rings mark distances from the mean (radians), so clouds can be compared at any ε.
 */
import * as d3 from 'd3';
import { useMemo } from 'react';
import type { FrechetDataset } from '../../../src/experiments/frechetData';
import { sphere } from '../../../src/geometry/sphere';
import { ChartFrame } from '../../plots/ChartFrame';
import { GRID, INK, MUTED, fmt, symbolPath } from '../../plots/chart';
import type { ViewCloud } from './jobs';
import { FRECHET_COLOURS, MECHANISM_STYLES } from './mechanisms';

/** Orthonormal basis (e₁, e₂) of the tangent plane at the unit vector p. */
function tangentBasis(p: ArrayLike<number>): [number[], number[]] {
  const a = Math.abs(p[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const dot = a[0] * p[0] + a[1] * p[1] + a[2] * p[2];
  const e1 = [a[0] - dot * p[0], a[1] - dot * p[1], a[2] - dot * p[2]];
  const n1 = Math.hypot(e1[0], e1[1], e1[2]);
  for (let i = 0; i < 3; i++) e1[i] /= n1;
  const e2 = [p[1] * e1[2] - p[2] * e1[1], p[2] * e1[0] - p[0] * e1[2], p[0] * e1[1] - p[1] * e1[0]];
  return [e1, e2];
}

/**
 * Log_mean(z) in the basis of `tangentBasis(mean)`, for z anywhere in R³ (pushed onto the sphere first);
 * null where it is undefined (z at the origin or antipodal to the mean).
 */
export function tangentCoords(mean: Float64Array, z: ArrayLike<number>): [number, number] | null {
  const norm = Math.hypot(z[0], z[1], z[2]);
  if (!(norm > 1e-12)) return null;
  try {
    const v = sphere().log(mean, Float64Array.of(z[0] / norm, z[1] / norm, z[2] / norm));
    const [e1, e2] = tangentBasis(mean);
    return [v[0] * e1[0] + v[1] * e1[1] + v[2] * e1[2], v[0] * e2[0] + v[1] * e2[1] + v[2] * e2[2]];
  } catch {
    return null;
  }
}

/** Room around the plot area, so that the farthest release's marker is drawn whole. */
const PAD = 22;
const MARGIN = { left: PAD, right: PAD, top: PAD, bottom: PAD };

export function TangentCloseUp({ data, clouds }: { data: FrechetDataset; clouds: readonly ViewCloud[] }) {
  const { dataXY, cloudXY, R } = useMemo(() => {
    const mean = data.mean;
    const cloudXY = clouds.map((c) => ({
      cloud: c,
      xy: c.releases.map((z) => tangentCoords(mean, z)).filter((p): p is [number, number] => p !== null),
    }));
    let R = 0;
    for (const { xy } of cloudXY) for (const [x, y] of xy) R = Math.max(R, Math.hypot(x, y));
    if (!(R > 0)) R = data.ballRadius;
    const dataXY = data.points
      .map((z) => tangentCoords(mean, z))
      .filter((p): p is [number, number] => p !== null && Math.hypot(p[0], p[1]) <= 1.08 * R);
    return { dataXY, cloudXY, R };
  }, [data, clouds]);

  // the tangent plane, the true mean at the centre and the farthest release at the plot area's edge
  const x = d3.scaleLinear().domain([-R, R]);
  const y = d3.scaleLinear().domain([-R, R]);
  const rings = d3.ticks(0, R, 3).filter((t) => t > 0);
  const count = cloudXY.reduce((a, c) => a + c.xy.length, 0);
  return (
    <ChartFrame
      title="Close-up around the true mean (tangent plane)"
      exportName="closeup"
      testId="frechet-closeup"
      empty={count === 0}
      minWidth={260}
      maxWidth={520}
      margin={MARGIN}
      legend={[]}
      // a square plot area: distances from the mean are drawn to one scale in every direction
      plotHeight={(W) => W - 2 * PAD}
      x={x}
      y={y}
      footer={
        <figcaption className="plot-caption">
          Every point z is drawn at Log<sub>x̄</sub>(z): its direction and geodesic distance from the true mean
          x̄ (at the centre) are exact. The scale follows the farthest release: rings at{' '}
          {rings.map((r) => fmt(r)).join(', ')} rad. Smaller ε spreads the clouds; data points within the
          frame are the small grey dots.
        </figcaption>
      }
      under={(f) => <rect x={0} y={0} width={f.W} height={f.H} fill="#ffffff" />}
    >
      {(f) => {
        const cx = f.x(0);
        const cy = f.y(0);
        const s = f.x(1) - cx;
        return (
          <>
            {rings.map((r) => (
              <g key={r}>
                <circle cx={cx} cy={cy} r={r * s} fill="none" stroke={GRID} strokeWidth={1.2} />
                <text
                  x={cx + r * s * Math.SQRT1_2 + 3}
                  y={cy - r * s * Math.SQRT1_2 - 3}
                  fontSize={f.type.small}
                  fill={MUTED}
                >
                  {fmt(r)} rad
                </text>
              </g>
            ))}
            <g>
              {dataXY.map(([px, py], i) => (
                <circle key={i} cx={f.x(px)} cy={f.y(py)} r={2.2} fill={FRECHET_COLOURS.data} opacity={0.6} />
              ))}
            </g>
            {cloudXY.map(({ cloud, xy }) => {
              const m = MECHANISM_STYLES[cloud.mechanism];
              const d = symbolPath(m.symbol, 46);
              return (
                <g key={m.id} data-mechanism={m.id} className="closeup-cloud">
                  {xy.map(([px, py], i) => (
                    <path
                      key={i}
                      d={d}
                      transform={`translate(${f.x(px)},${f.y(py)})`}
                      fill={m.colour}
                      fillOpacity={0.85}
                      stroke="#ffffff"
                      strokeWidth={0.7}
                    >
                      <title>{`${m.label}: ${fmt(Math.hypot(px, py))} rad from the true mean`}</title>
                    </path>
                  ))}
                </g>
              );
            })}
            <circle cx={cx} cy={cy} r={7} fill="#ffffff" stroke={INK} strokeWidth={2.5} />
            <circle cx={cx} cy={cy} r={2.6} fill={INK} />
          </>
        );
      }}
    </ChartFrame>
  );
}
