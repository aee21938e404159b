/**
 * SPD(2) predictions as ellipses along the covariate (Fig. 8 of paper 000), plain React SVG. At seven equally
 * spaced covariates: the non-private prediction Exp(p̂, x v̂) (blue, solid, thick) and private predictions
 * Exp(p̃, x ṽ) (vermillion, dashed, thin, translucent); behind them the data ellipses, faint, at their own
 * covariates. Convention (SPEC §5): the ellipse of y = U Λ Uᵀ has semi-axes √λ₁, √λ₂ along U's columns; the
 * first matrix coordinate points right, the second up. One scale for all ellipses (a scale bar shows length 1).
 */
import { useId, useMemo } from 'react';
import type { RegressionData } from '../../src/data';
import { ellipseOf, spdGeodesic, sym2, type ReleasedPair, type Sym2 } from '../views3d/geodesics';
import { PRIVATE_DASH, VIEW_COLOURS as C } from '../views3d/palette';

export const ELLIPSE_COLUMNS = 7;

const W = 760;
const H = 236;
const M = { left: 24, right: 24, top: 16, bottom: 62 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;
const COL = PLOT_W / ELLIPSE_COLUMNS;
const CY = M.top + PLOT_H / 2;
/** Largest semi-axis drawn, in px (the non-private predictions and the data fit within it). */
const R_MAX = Math.min(COL / 2 - 3, PLOT_H / 2 - 4);

const colX = (x: number) => M.left + COL / 2 + x * (PLOT_W - COL);

interface Drawn {
  cx: number;
  rx: number;
  ry: number;
  /** Degrees, SVG sense (clockwise), i.e. minus the math angle because SVG's y axis points down. */
  rot: number;
  y: Sym2;
}

function draw(y: Sym2, cx: number, scale: number): Drawn | null {
  const e = ellipseOf(y);
  if (!e) return null;
  return { cx, rx: e.major * scale, ry: e.minor * scale, rot: (-e.angle * 180) / Math.PI, y };
}

const fmt = (x: number) =>
  Math.abs(x) >= 100 || (Math.abs(x) < 0.01 && x !== 0) ? x.toExponential(2) : x.toFixed(3);

function describe(what: string, xLabel: string, x: number, d: Drawn, scale: number): string {
  const [a, b, c] = d.y;
  return (
    `${what} at ${xLabel} = ${fmt(x)}: a = ${fmt(a)}, b = ${fmt(b)}, c = ${fmt(c)}; ` +
    `semi-axes √λ = ${fmt(d.rx / scale)}, ${fmt(d.ry / scale)}`
  );
}

export interface EllipseStripProps {
  data: RegressionData;
  fit: { pHat: Float64Array; vHat: Float64Array } | null;
  /** Private pairs to draw (all of them, or a few). */
  pairs: readonly ReleasedPair[];
  /** Opacity of the private ellipses (lower when many are drawn). */
  privateOpacity: number;
}

export function EllipseStrip({ data, fit, pairs, privateOpacity }: EllipseStripProps) {
  const clipId = useId();
  const [x0, x1] = data.xRange;
  const orig = (x: number) => x0 + x * (x1 - x0);
  const columns = useMemo(
    () => Array.from({ length: ELLIPSE_COLUMNS }, (_, k) => k / (ELLIPSE_COLUMNS - 1)),
    [],
  );

  const { scale, np, dataEl } = useMemo(() => {
    const npY = fit ? spdGeodesic(fit.pHat, fit.vHat, ELLIPSE_COLUMNS - 1) : [];
    const dataY = data.ys.map(sym2);
    let big = 0;
    for (const y of [...npY, ...dataY]) {
      const e = ellipseOf(y);
      if (e && Number.isFinite(e.major)) big = Math.max(big, e.major);
    }
    const scale = big > 0 ? R_MAX / big : 1;
    return {
      scale,
      np: npY.map((y, k) => draw(y, colX(columns[k]), scale)),
      dataEl: dataY.map((y, i) => draw(y, colX(data.xs[i]), scale)),
    };
  }, [fit, data, columns]);

  const priv = useMemo(() => {
    const out: { d: Drawn; k: number; pair: number }[] = [];
    let offChart = 0;
    pairs.forEach((pr, j) => {
      const ys = spdGeodesic(pr.p, pr.v, ELLIPSE_COLUMNS - 1);
      ys.forEach((y, k) => {
        const d = draw(y, colX(columns[k]), scale);
        // absurdly large ellipses (tiny budgets) are clipped anyway; do not hand SVG huge numbers
        if (!d || !(d.rx < 50 * W)) offChart++;
        else out.push({ d, k, pair: j });
      });
    });
    return { out, offChart };
  }, [pairs, columns, scale]);

  // ticks at the seven covariates, in original units
  const ticks = columns.map((x) => ({ x: colX(x), label: +orig(x).toPrecision(3) }));
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`SPD(2) predictions as ellipses at ${ELLIPSE_COLUMNS} covariates: non-private solid blue, private dashed vermillion, data faint grey`}
      data-testid="spd-ellipses"
      className="ellipse-svg"
    >
      <defs>
        <clipPath id={clipId}>
          <rect x={M.left} y={M.top - 8} width={PLOT_W} height={PLOT_H + 16} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <g className="e-data-layer">
          {dataEl.map(
            (d, i) =>
              d && (
                <ellipse
                  key={i}
                  className="e-data"
                  cx={d.cx}
                  cy={CY}
                  rx={d.rx}
                  ry={d.ry}
                  transform={`rotate(${d.rot} ${d.cx} ${CY})`}
                  fill={C.spdData}
                  fillOpacity={0.03}
                  stroke={C.spdData}
                  strokeOpacity={0.28}
                  strokeWidth={0.8}
                >
                  <title>{describe(`data point ${i + 1}`, data.xLabel, orig(data.xs[i]), d, scale)}</title>
                </ellipse>
              ),
          )}
        </g>
        <g className="e-np-layer">
          {np.map(
            (d, k) =>
              d && (
                <ellipse
                  key={k}
                  className="e-np"
                  cx={d.cx}
                  cy={CY}
                  rx={d.rx}
                  ry={d.ry}
                  transform={`rotate(${d.rot} ${d.cx} ${CY})`}
                  fill="none"
                  stroke={C.spdNonPrivate}
                  strokeWidth={3}
                >
                  <title>{describe('non-private prediction', data.xLabel, orig(columns[k]), d, scale)}</title>
                </ellipse>
              ),
          )}
        </g>
        <g className="e-priv-layer">
          {priv.out.map(({ d, k, pair }) => (
            <ellipse
              key={`${pair}-${k}`}
              className="e-priv"
              cx={d.cx}
              cy={CY}
              rx={d.rx}
              ry={d.ry}
              transform={`rotate(${d.rot} ${d.cx} ${CY})`}
              fill="none"
              stroke={C.private}
              strokeOpacity={privateOpacity}
              strokeWidth={1.4}
              strokeDasharray={PRIVATE_DASH}
            >
              <title>
                {describe(`private prediction (pair ${pair + 1})`, data.xLabel, orig(columns[k]), d, scale)}
              </title>
            </ellipse>
          ))}
        </g>
      </g>
      {/* covariate axis */}
      <g fontSize="12" fill={C.ink}>
        <line x1={M.left} x2={W - M.right} y1={H - M.bottom + 6} y2={H - M.bottom + 6} stroke={C.muted} />
        {ticks.map((t) => (
          <g key={t.x}>
            <line x1={t.x} x2={t.x} y1={H - M.bottom + 6} y2={H - M.bottom + 11} stroke={C.muted} />
            <text x={t.x} y={H - M.bottom + 24} textAnchor="middle">
              {t.label}
            </text>
          </g>
        ))}
        <text x={M.left + PLOT_W / 2} y={H - 12} textAnchor="middle" fontWeight={600}>
          covariate {data.xLabel}
        </text>
        {/* scale bar: length 1 in √λ units */}
        {scale * 1 < PLOT_W / 3 && (
          <g>
            <line
              x1={W - M.right - scale}
              x2={W - M.right}
              y1={H - 16}
              y2={H - 16}
              stroke={C.ink}
              strokeWidth={2}
            />
            <text x={W - M.right - scale - 6} y={H - 12} textAnchor="end" fontSize="11">
              length 1
            </text>
          </g>
        )}
      </g>
      {priv.offChart > 0 && (
        <text x={M.left} y={H - 12} fontSize="11" fill={C.muted}>
          {priv.offChart} private ellipse(s) too large to draw
        </text>
      )}
    </svg>
  );
}
