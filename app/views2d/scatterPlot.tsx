/**
 * Scatter of (x, y) with the non-private regression line (solid) and private lines (dashed), drawn with d3
 * scales into React-rendered SVG. Hover (or focus + arrow keys) shows a point's values.
 */
import { Delaunay, extent, scaleLinear } from 'd3';
import {
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import type { CovariateScale } from '../../src/regression/covariates';
import { useViewBoxType } from '../plots/chart';
import { formatSignificant } from '../format';
import { ScatterAxes } from './scatterAxes';
import { COLOURS, DASH } from './svgUtils';
import './shapes.css';
import './scatter.css';

/** A line y = a + t b in the unit covariate t ∈ [0, 1] (intercept and slope of one response coordinate). */
export interface UnitLine {
  a: number;
  b: number;
}

/**
 * A set of extra lines in one style (e.g. the releases of one method), drawn under the non-private line;
 * `symbol` (an SVG path centred at 0) marks each line at `markAt` ∈ [0, 1] of the unit covariate, so sets
 * differ in dash pattern and marker, not only in colour.
 */
export interface ScatterSeries {
  id: string;
  lines: UnitLine[];
  stroke: string;
  dash?: string;
  width: number;
  opacity: number;
  symbol?: string;
  markAt?: number;
}

export interface ScatterPlotProps {
  /** Covariates in [0, 1] (the regression's scale). */
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
  scale: CovariateScale;
  xLabel: string;
  yLabel: string;
  nonPrivate: UnitLine | null;
  selected: UnitLine | null;
  others: UnitLine[];
  series?: readonly ScatterSeries[];
  width?: number;
  height?: number;
  testId?: string;
  /** The audit's changed record: point `index` as in D, and its response `after` in D′ (Audit tab only). */
  record?: { index: number; after: number; colours: { D: string; D2: string } } | null;
  /** Click (or Enter) on a point: the Audit tab picks the record with it. */
  onPickPoint?(index: number): void;
}

const PLOT_MARGIN = { top: 14, right: 18, bottom: 50, left: 64 };

export function ScatterPlot({
  xs,
  ys,
  scale,
  xLabel,
  yLabel,
  nonPrivate,
  selected,
  others,
  series = [],
  width = 640,
  height = 340,
  testId,
  record,
  onPickPoint,
}: ScatterPlotProps) {
  const clipId = `clip-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const svgRef = useRef<SVGSVGElement>(null);
  const type = useViewBoxType(svgRef, width, height);
  // room on the left for tick labels of up to five characters and the axis title, at the type's sizes
  const MARGIN = {
    ...PLOT_MARGIN,
    left: Math.max(PLOT_MARGIN.left, Math.round(3 * type.legend + type.label + 12)),
  };
  const [hover, setHover] = useState<number | null>(null);
  const n = xs.length;
  const innerW = width - MARGIN.left - MARGIN.right;
  const innerH = height - MARGIN.top - MARGIN.bottom;

  const { x, y, orig, order, delaunay } = useMemo(() => {
    const orig = Float64Array.from(xs, (t) => scale.toOriginal(t));
    const [x0, x1] = extent(orig) as [number, number];
    const padX = (x1 - x0 || 1) * 0.03;
    const x = scaleLinear()
      .domain([x0 - padX, x1 + padX])
      .range([MARGIN.left, MARGIN.left + innerW]);
    // The y range holds the data and the non-private line; private lines beyond it are clipped.
    const yv = Array.from(ys);
    if (nonPrivate) yv.push(nonPrivate.a, nonPrivate.a + nonPrivate.b);
    if (record) yv.push(record.after);
    const [y0, y1] = extent(yv) as [number, number];
    const padY = (y1 - y0 || 1) * 0.08;
    const y = scaleLinear()
      .domain([y0 - padY, y1 + padY])
      .nice()
      .range([MARGIN.top + innerH, MARGIN.top]);
    const order = Array.from({ length: orig.length }, (_, i) => i).sort((a, b) => orig[a] - orig[b]);
    const delaunay = Delaunay.from(Array.from(orig, (v, i) => [x(v), y(ys[i])] as [number, number]));
    return { x, y, orig, order, delaunay };
  }, [xs, ys, scale, nonPrivate, innerW, innerH, record, MARGIN.left, MARGIN.top]);

  // Many faint lines add up: the more there are, the fainter each.
  const othersOpacity = Math.min(0.45, 1.3 / Math.sqrt(Math.max(1, others.length)));

  const lineCoords = (l: UnitLine) => ({
    x1: x(scale.toOriginal(0)),
    y1: y(l.a),
    x2: x(scale.toOriginal(1)),
    y2: y(l.a + l.b),
  });

  // The point under the pointer (within 30 px), found from the event itself so that a click
  // right after a move does not depend on the hover state having rendered.
  const pointAt = (e: { currentTarget: SVGRectElement; clientX: number; clientY: number }) => {
    const svg = e.currentTarget.ownerSVGElement;
    if (!svg || n === 0) return null;
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = pt.matrixTransform(m.inverse());
    const i = delaunay.find(p.x, p.y);
    const dist = Math.hypot(x(orig[i]) - p.x, y(ys[i]) - p.y);
    return dist < 30 ? i : null;
  };
  const onMove = (e: PointerEvent<SVGRectElement>) => setHover(pointAt(e));
  const onPick = (e: MouseEvent<SVGRectElement>) => {
    const i = pointAt(e);
    if (i !== null && onPickPoint) onPickPoint(i);
  };

  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    if (n === 0) return;
    const pos = hover === null ? -1 : order.indexOf(hover);
    let next: number;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = Math.min(n - 1, pos + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = Math.max(0, pos < 0 ? 0 : pos - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    else if (e.key === 'Enter' && hover !== null && onPickPoint) {
      onPickPoint(hover);
      return;
    } else if (e.key === 'Escape') {
      setHover(null);
      return;
    } else return;
    e.preventDefault();
    setHover(order[next]);
  };

  const xTicks = x.ticks(Math.max(2, Math.round(innerW / 90)));
  const yTicks = y.ticks(Math.max(2, Math.round(innerH / 55)));

  const tip =
    hover !== null
      ? {
          cx: x(orig[hover]),
          cy: y(ys[hover]),
          lines: [
            `point ${hover + 1}`,
            `${xLabel} = ${formatSignificant(orig[hover], 4)}`,
            `${yLabel} = ${formatSignificant(ys[hover], 4)}`,
          ],
        }
      : null;
  const tipW = 150;
  const tipH = 56;
  const tipX = tip ? (tip.cx + 12 + tipW > width - 4 ? tip.cx - 12 - tipW : tip.cx + 12) : 0;
  const tipY = tip ? Math.min(Math.max(tip.cy - tipH / 2, 4), height - tipH - 4) : 0;

  return (
    <svg
      ref={svgRef}
      viewBox={`0 0 ${width} ${height}`}
      className="scatter-svg"
      style={{ fontSize: type.legend }}
      role="img"
      tabIndex={0}
      aria-label={`Scatter plot of ${yLabel} against ${xLabel}: ${n} points, non-private line solid, private lines dashed. Use the arrow keys to read the points.`}
      data-testid={testId}
      onKeyDown={onKey}
      onBlur={() => setHover(null)}
    >
      <defs>
        <clipPath id={clipId}>
          <rect x={MARGIN.left} y={MARGIN.top} width={innerW} height={innerH} />
        </clipPath>
      </defs>
      <ScatterAxes
        x={x}
        y={y}
        xTicks={xTicks}
        yTicks={yTicks}
        margin={MARGIN}
        height={height}
        xLabel={xLabel}
        yLabel={yLabel}
        labelSize={type.label}
      />
      <g clipPath={`url(#${clipId})`}>
        <g data-testid="private-lines">
          {others.map((l, i) => (
            <line
              key={i}
              {...lineCoords(l)}
              stroke={COLOURS.private}
              strokeWidth={1.1}
              strokeOpacity={othersOpacity}
              strokeDasharray={DASH.private}
              data-role="private-other"
            />
          ))}
          {selected && (
            <line
              {...lineCoords(selected)}
              stroke={COLOURS.private}
              strokeWidth={2.6}
              strokeDasharray={DASH.private}
              data-role="private"
              data-testid="private-line"
            />
          )}
        </g>
        {series.map((s) => (
          <g key={s.id} data-series={s.id} strokeOpacity={s.opacity}>
            {s.lines.map((l, i) => (
              <line
                key={i}
                {...lineCoords(l)}
                stroke={s.stroke}
                strokeWidth={s.width}
                strokeDasharray={s.dash}
                data-role={`series-${s.id}`}
              />
            ))}
            {s.symbol !== undefined &&
              s.lines.map((l, i) => {
                const t = s.markAt ?? 0.5;
                return (
                  <path
                    key={`m${i}`}
                    d={s.symbol}
                    transform={`translate(${x(scale.toOriginal(t))},${y(l.a + t * l.b)})`}
                    fill={s.stroke}
                    fillOpacity={Math.min(1, s.opacity + 0.3)}
                    stroke="#ffffff"
                    strokeWidth={0.8}
                  />
                );
              })}
          </g>
        ))}
        {nonPrivate && (
          <line
            {...lineCoords(nonPrivate)}
            stroke={COLOURS.nonPrivate}
            strokeWidth={3}
            data-role="nonprivate"
            data-testid="nonprivate-line"
          />
        )}
        <g data-testid="points">
          {Array.from(orig, (v, i) => (
            <circle key={i} cx={x(v)} cy={y(ys[i])} r={3.6} className="scatter-point">
              <title>{`point ${i + 1}: ${xLabel} = ${formatSignificant(v, 4)}, ${yLabel} = ${formatSignificant(ys[i], 4)}`}</title>
            </circle>
          ))}
        </g>
        {record && ys[record.index] !== undefined && (
          <g data-testid="scatter-audit-record" pointerEvents="none">
            <line
              x1={x(orig[record.index])}
              y1={y(ys[record.index])}
              x2={x(orig[record.index])}
              y2={y(record.after)}
              stroke={COLOURS.ink}
              strokeDasharray="2 3"
            />
            <circle
              cx={x(orig[record.index])}
              cy={y(ys[record.index])}
              r={6.5}
              fill="none"
              stroke={record.colours.D}
              strokeWidth={3}
              data-role="audit-d"
            />
            <path
              d={`M0,-8L8,0L0,8L-8,0Z`}
              transform={`translate(${x(orig[record.index])},${y(record.after)})`}
              fill={record.colours.D2}
              stroke={COLOURS.ink}
              data-role="audit-d2"
            />
            <text
              x={x(orig[record.index]) + 10}
              y={y(ys[record.index]) + 4}
              fontWeight={700}
              fontSize={type.note}
            >
              D
            </text>
            <text
              x={x(orig[record.index]) + 11}
              y={y(record.after) + 4}
              fontWeight={700}
              fontSize={type.note}
            >
              D′
            </text>
          </g>
        )}
      </g>
      {/* hover layer */}
      <rect
        x={MARGIN.left}
        y={MARGIN.top}
        width={innerW}
        height={innerH}
        fill="transparent"
        onPointerMove={onMove}
        onPointerLeave={() => setHover(null)}
        onClick={onPickPoint ? onPick : undefined}
        style={onPickPoint ? { cursor: 'pointer' } : undefined}
        data-testid="hover-layer"
      />
      {tip && (
        <g className="scatter-tip" pointerEvents="none" data-testid="point-tooltip">
          <circle cx={tip.cx} cy={tip.cy} r={7} fill="none" stroke={COLOURS.ink} strokeWidth={2} />
          <rect x={tipX} y={tipY} width={tipW} height={tipH} rx={4} />
          {tip.lines.map((t, k) => (
            <text key={k} x={tipX + 8} y={tipY + 17 + k * 16} fontWeight={k === 0 ? 700 : 400}>
              {t}
            </text>
          ))}
        </g>
      )}
    </svg>
  );
}

export { ScatterLegend } from './scatterLegend';
