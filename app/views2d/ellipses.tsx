/**
 * SPD(2) predictions as ellipses along the covariate (Fig. 8 of paper 000), plain React SVG. At seven equally
 * spaced covariates: the non-private prediction Exp(p̂, x v̂) (blue, solid, thick) and private predictions
 * Exp(p̃, x ṽ) (vermillion, dashed, thin, translucent); behind them the data ellipses, faint, at their own
 * covariates. Convention (docs/experiments.md): the ellipse of y = U Λ Uᵀ has semi-axes √λ₁, √λ₂ along U's
 * columns; the first matrix coordinate points right, the second up. One scale for all ellipses (a scale bar
 * shows length 1).
 */
import { useCallback, useId, useMemo, type SVGProps } from 'react';
import { formatFixed, formatSignificant, hyphenMinus } from '../format';
import type { RegressionData } from '../../src/data';
import { ellipseOf, magnifyFrom, spdGeodesic, sym2, type Sym2 } from '../views3d/geodesics';
import type { ReleasedPair } from '../release/releasedPairs';
import { PRIVATE_DASH, VIEW_COLOURS as C } from '../views3d/palette';
import { useChartType, useElementWidth } from '../plots/chart';

export const ELLIPSE_COLUMNS = 7;

const M = { left: 20, right: 20, top: 14, bottom: 58 };

/** Pixel layout for a strip `width` px wide: seven columns, ellipses at most half a column across. */
function stripLayout(width: number) {
  const W = Math.max(280, Math.round(width));
  const PLOT_W = W - M.left - M.right;
  const COL = PLOT_W / ELLIPSE_COLUMNS;
  /** Largest semi-axis drawn, in px (the non-private predictions and the data fit within it). */
  const R_MAX = COL / 2 - 3;
  const PLOT_H = Math.max(2.6 * R_MAX, 110);
  const H = M.top + PLOT_H + M.bottom;
  const CY = M.top + PLOT_H / 2;
  const colX = (x: number) => M.left + COL / 2 + x * (PLOT_W - COL);
  return { W, H, PLOT_W, PLOT_H, CY, R_MAX, colX };
}

export interface Drawn {
  cx: number;
  rx: number;
  ry: number;
  /** Degrees, SVG sense (clockwise), i.e. minus the math angle because SVG's y axis points down. */
  rot: number;
  y: Sym2;
}

/** One drawn ellipse on the strip's centre line (y = cy), rotated, with its hover title; styled by SVG props. */
export function EllipseAt({
  d,
  cy,
  title,
  ...style
}: { d: Drawn; cy: number; title: string } & Omit<
  SVGProps<SVGEllipseElement>,
  'd' | 'cx' | 'cy' | 'rx' | 'ry' | 'transform'
>) {
  return (
    <ellipse cx={d.cx} cy={cy} rx={d.rx} ry={d.ry} transform={`rotate(${d.rot} ${d.cx} ${cy})`} {...style}>
      <title>{title}</title>
    </ellipse>
  );
}

export function draw(y: Sym2, cx: number, scale: number): Drawn | null {
  const e = ellipseOf(y);
  if (!e) return null;
  return { cx, rx: e.major * scale, ry: e.minor * scale, rot: (-e.angle * 180) / Math.PI, y };
}

/**
 * A matrix entry or length in an ellipse's description: three decimals, an exponent outside 0.01 … 100; with a
 * hyphen for its minus sign, so that the matrix can be read back from the title.
 */
export const formatEntry = (x: number) => hyphenMinus(formatFixed(x, 3, { below: 0.01, from: 100 }));

function describe(what: string, xLabel: string, x: number, d: Drawn, scale: number): string {
  const [a, b, c] = d.y;
  return (
    `${what} at ${xLabel} = ${formatEntry(x)}: a = ${formatEntry(a)}, b = ${formatEntry(b)}, c = ${formatEntry(c)}; ` +
    `semi-axes √λ = ${formatEntry(d.rx / scale)}, ${formatEntry(d.ry / scale)}`
  );
}

export interface EllipseStripProps {
  data: RegressionData;
  fit: { pHat: Float64Array; vHat: Float64Array } | null;
  /** Private pairs to draw (all of them, or a few). */
  pairs: readonly ReleasedPair[];
  /** Opacity of the private ellipses (lower when many are drawn). */
  privateOpacity: number;
  /** Private predictions drawn `magnify` times as far from the non-private one (1: true size; labelled). */
  magnify?: number;
  /** The audit's changed record at covariate x: its version in D and in D′ (Audit tab only). */
  record?: {
    x: number;
    before: Float64Array;
    after: Float64Array;
    colours: { D: string; D2: string };
  } | null;
  /** Click on a data ellipse (its index); the Audit tab picks the record with it. */
  onPickData?(index: number): void;
}

export function EllipseStrip({
  data,
  fit,
  pairs,
  privateOpacity,
  magnify = 1,
  record,
  onPickData,
}: EllipseStripProps) {
  const clipId = useId();
  const [box, width] = useElementWidth<HTMLDivElement>(760);
  const type = useChartType();
  const { W, H, PLOT_W, PLOT_H, CY, R_MAX, colX } = useMemo(() => stripLayout(width), [width]);
  const [x0, x1] = data.xRange;
  const orig = useCallback((x: number) => x0 + x * (x1 - x0), [x0, x1]);
  const columns = useMemo(
    () => Array.from({ length: ELLIPSE_COLUMNS }, (_, k) => k / (ELLIPSE_COLUMNS - 1)),
    [],
  );

  const { scale, npY, np, dataEl, recordEl } = useMemo(() => {
    const npY = fit ? spdGeodesic(fit.pHat, fit.vHat, ELLIPSE_COLUMNS - 1) : [];
    const dataY = data.ys.map(sym2);
    // the record's D′ version is in the scale too: the audit's point is how far it moved
    const recY = record ? [sym2(record.before), sym2(record.after)] : [];
    let big = 0;
    for (const y of [...npY, ...dataY, ...recY]) {
      const e = ellipseOf(y);
      if (e && Number.isFinite(e.major)) big = Math.max(big, e.major);
    }
    const scale = big > 0 ? R_MAX / big : 1;
    return {
      scale,
      npY,
      np: npY.map((y, k) => draw(y, colX(columns[k]), scale)),
      dataEl: dataY.map((y, i) => draw(y, colX(data.xs[i]), scale)),
      recordEl: record ? recY.map((y) => draw(y, colX(record.x), scale)) : null,
    };
  }, [fit, data, columns, R_MAX, colX, record]);

  const priv = useMemo(() => {
    const out: { d: Drawn; k: number; pair: number }[] = [];
    let offChart = 0;
    pairs.forEach((pr, j) => {
      const ys = spdGeodesic(pr.p, pr.v, ELLIPSE_COLUMNS - 1);
      ys.forEach((y, k) => {
        const shown = magnify === 1 || !npY[k] ? y : magnifyFrom(npY[k], y, magnify);
        const d = shown && draw(shown, colX(columns[k]), scale);
        // absurdly large ellipses (tiny budgets) are clipped anyway; do not hand SVG huge numbers
        if (!d || !(d.rx < 50 * W)) offChart++;
        else out.push({ d, k, pair: j });
      });
    });
    return { out, offChart };
  }, [pairs, columns, scale, colX, W, magnify, npY]);

  // the data's ellipses (a thousand at the lab's defaults) change with the data, not with each release
  const dataLayer = useMemo(
    () => (
      <g className="e-data-layer">
        {dataEl.map(
          (d, i) =>
            d && (
              <EllipseAt
                key={i}
                className="e-data"
                d={d}
                cy={CY}
                title={describe(`data point ${i + 1}`, data.xLabel, orig(data.xs[i]), d, scale)}
                fill={C.spdData}
                fillOpacity={0.03}
                stroke={C.spdData}
                strokeOpacity={0.28}
                strokeWidth={0.8}
                onClick={onPickData ? () => onPickData(i) : undefined}
                style={onPickData ? { cursor: 'pointer' } : undefined}
              />
            ),
        )}
      </g>
    ),
    [dataEl, CY, data, scale, orig, onPickData],
  );

  // ticks at the seven covariates, in original units
  const ticks = columns.map((x) => ({ x: colX(x), label: formatSignificant(orig(x), 3) }));
  return (
    <div ref={box} className="ellipse-box">
      <svg
        width={W}
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`SPD(2) predictions as ellipses at ${ELLIPSE_COLUMNS} covariates: non-private solid blue, private dashed vermillion${magnify === 1 ? '' : ` (their differences from the non-private ones drawn ×${magnify})`}, data faint grey`}
        data-testid="spd-ellipses"
        className="ellipse-svg"
      >
        <defs>
          <clipPath id={clipId}>
            <rect x={M.left} y={M.top - 8} width={PLOT_W} height={PLOT_H + 16} />
          </clipPath>
        </defs>
        <g clipPath={`url(#${clipId})`}>
          {dataLayer}
          <g className="e-np-layer">
            {np.map(
              (d, k) =>
                d && (
                  <EllipseAt
                    key={k}
                    className="e-np"
                    d={d}
                    cy={CY}
                    title={describe('non-private prediction', data.xLabel, orig(columns[k]), d, scale)}
                    fill="none"
                    stroke={C.spdNonPrivate}
                    strokeWidth={3}
                  />
                ),
            )}
          </g>
          <g className="e-priv-layer">
            {priv.out.map(({ d, k, pair }) => (
              <EllipseAt
                key={`${pair}-${k}`}
                className="e-priv"
                d={d}
                cy={CY}
                title={describe(
                  `private prediction (pair ${pair + 1})`,
                  data.xLabel,
                  orig(columns[k]),
                  d,
                  scale,
                )}
                fill="none"
                stroke={C.private}
                strokeOpacity={privateOpacity}
                strokeWidth={1.4}
                strokeDasharray={PRIVATE_DASH}
              />
            ))}
          </g>
          {record && recordEl && (
            <g className="e-record-layer" data-testid="spd-audit-record">
              {recordEl[0] && (
                <EllipseAt
                  className="e-record-d"
                  d={recordEl[0]}
                  cy={CY}
                  title={describe('the audited record in D', data.xLabel, orig(record.x), recordEl[0], scale)}
                  fill="none"
                  stroke={record.colours.D}
                  strokeWidth={3}
                />
              )}
              {recordEl[1] && (
                <EllipseAt
                  className="e-record-d2"
                  d={recordEl[1]}
                  cy={CY}
                  title={describe('its replacement in D′', data.xLabel, orig(record.x), recordEl[1], scale)}
                  fill="none"
                  stroke={record.colours.D2}
                  strokeWidth={3}
                  strokeDasharray="5 3"
                />
              )}
            </g>
          )}
        </g>
        {/* covariate axis */}
        <g fontSize={type.note} fill={C.ink}>
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
              <text x={W - M.right - scale - 6} y={H - 12} textAnchor="end" fontSize={type.small}>
                length 1
              </text>
            </g>
          )}
        </g>
        {priv.offChart > 0 && (
          <text x={M.left} y={H - 12} fontSize={type.small} fill={C.muted}>
            {priv.offChart} private ellipse(s) too large to draw
          </text>
        )}
      </svg>
    </div>
  );
}
