/**
 * Small building blocks shared by the plots: d3 computes scales, ticks and shapes; React renders the SVG.
 * Colours are written as attributes (not CSS variables) so exported files look the same outside the page.
 */
import * as d3 from 'd3';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { MANIFOLDS } from '../../src/data/manifolds';
import { ExportButtons } from '../export/ExportButtons';
import { TICK_FONT, useChartType } from './chartType';
import type { WorkspaceId } from '../state/settings';

export {
  LABEL_FONT,
  TICK_FONT,
  useChartType,
  useViewBoxScale,
  useViewBoxType,
  type ChartType,
} from './chartType';

/** Okabe–Ito (colour-blind safe), as in styles.css. */
export const INK = '#1b1f24';
export const MUTED = '#4a5360';
export const GRID = '#e3e8ed';
export const OKABE_ITO = {
  blue: '#0072b2',
  vermillion: '#d55e00',
  green: '#009e73',
  purple: '#cc79a7',
  orange: '#e69f00',
  sky: '#56b4e9',
  yellow: '#f0e442',
} as const;

/** The split advisor's marks: a colour no curve uses (a dark violet, apart from the curves' reddish purple). */
export const ADVICE_COLOUR = '#542788';

/** Curve styles: colour AND marker shape differ, so curves stay distinguishable without colour. */
export const SERIES_STYLES: readonly { color: string; symbol: d3.SymbolType; name: string }[] = [
  { color: OKABE_ITO.blue, symbol: d3.symbolCircle, name: 'circle' },
  { color: OKABE_ITO.vermillion, symbol: d3.symbolSquare, name: 'square' },
  { color: OKABE_ITO.green, symbol: d3.symbolTriangle, name: 'triangle' },
  { color: OKABE_ITO.purple, symbol: d3.symbolDiamond, name: 'diamond' },
  { color: OKABE_ITO.orange, symbol: d3.symbolCross, name: 'cross' },
  { color: OKABE_ITO.sky, symbol: d3.symbolStar, name: 'star' },
  { color: INK, symbol: d3.symbolWye, name: 'wye' },
  { color: MUTED, symbol: d3.symbolTriangle2, name: 'down triangle' },
];

export const seriesStyle = (i: number) =>
  SERIES_STYLES[((i % SERIES_STYLES.length) + SERIES_STYLES.length) % SERIES_STYLES.length];

export function symbolPath(type: d3.SymbolType, size = 64): string {
  return d3.symbol(type, size)() ?? '';
}

/** White outline behind text drawn over data, so it stays readable. */
export const HALO = {
  stroke: '#ffffff',
  strokeWidth: 3,
  strokeLinejoin: 'round',
  paintOrder: 'stroke',
} as const;

/** Rough width of a label in px (for layout without measuring the DOM). */
export const textWidth = (s: string, font = TICK_FONT) => s.length * font * 0.56;

/** Numbers for people: no NaN, sensible digits, a real minus sign. */
export function fmt(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  const a = Math.abs(x);
  let s: string;
  if (a !== 0 && (a >= 1e5 || a < 1e-3)) s = x.toExponential(2);
  else if (a >= 100) s = x.toFixed(0);
  else s = x.toFixed(Math.max(0, digits - (a >= 10 ? 2 : a >= 1 ? 1 : 0)));
  return s.replace('-', '−');
}

export const tickFormat = (x: d3.NumberValue) => d3.format('~g')(x).replace('-', '−');

/** The leading digit of a positive tick value (1 for 0.01, 2 for 20, 5 for 0.5). */
const leadingDigit = (t: number) => Math.round(t / 10 ** Math.floor(Math.log10(t) + 1e-9));

/**
 * Ticks of a log axis that stay readable at any span: the powers of ten over two decades or more, else
 * the 1-2-5 values (d3's own log ticks label every integer multiple).
 */
export function logTicks(scale: d3.ScaleLogarithmic<number, number>): number[] {
  const [a, b] = scale.domain();
  const decades = Math.log10(b / a);
  return scale.ticks().filter((t) => {
    const lead = leadingDigit(t);
    return decades >= 2 ? lead === 1 : lead === 1 || lead === 2 || lead === 5;
  });
}

/**
 * Which ticks get a label so that no two labels overlap: the round ones first (powers of ten, then the rest),
 * each only where its label clears those already placed. Widths are estimated (0.6 em per character, 6 px gap).
 */
export function labelledTicks(
  ticks: readonly number[],
  at: (t: number) => number,
  label: (t: number) => string,
  fontSize: number,
): Set<number> {
  const half = (t: number) => (label(t).length * 0.6 * fontSize) / 2 + 3;
  const roundness = (t: number) => {
    if (!(t > 0)) return 0;
    const lead = leadingDigit(t);
    return lead === 1 ? 0 : lead === 5 ? 1 : 2;
  };
  const order = [...ticks].sort((a, b) => roundness(a) - roundness(b));
  const placed: { lo: number; hi: number }[] = [];
  const kept = new Set<number>();
  for (const t of order) {
    const c = at(t);
    const box = { lo: c - half(t), hi: c + half(t) };
    if (placed.some((p) => box.lo < p.hi && p.lo < box.hi)) continue;
    placed.push(box);
    kept.add(t);
  }
  return kept;
}

/** Width of an element, kept current with a ResizeObserver (whole pixels, so layout does not loop). */
export function useElementWidth<T extends HTMLElement>(fallback = 400): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(Math.round(el.clientWidth) || fallback);
    const ro = new ResizeObserver((entries) => {
      const w = Math.round(entries[0]?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [fallback]);
  return [ref, width];
}

type Scale = d3.ScaleContinuousNumeric<number, number>;

export function AxisBottom(props: {
  scale: Scale;
  y: number;
  ticks?: number[];
  count?: number;
  label: ReactNode;
  format?: (x: number) => string;
  grid?: number;
}) {
  const { scale, y } = props;
  const ticks = props.ticks ?? scale.ticks(props.count ?? 5);
  const [x0, x1] = scale.range();
  const format = props.format ?? tickFormat;
  const type = useChartType();
  const labelled = labelledTicks(ticks, scale, format, type.tick);
  return (
    <g className="axis axis-x">
      {props.grid !== undefined &&
        ticks.map((t) => (
          <line key={`g${t}`} x1={scale(t)} x2={scale(t)} y1={props.grid} y2={y} stroke={GRID} />
        ))}
      <line x1={x0} x2={x1} y1={y} y2={y} stroke={MUTED} />
      {ticks.map((t) => (
        <g key={t} transform={`translate(${scale(t)},${y})`}>
          <line y2={5} stroke={MUTED} />
          {labelled.has(t) && (
            <text className="tick-label" y={18} textAnchor="middle" fontSize={type.tick} fill={INK}>
              {format(t)}
            </text>
          )}
        </g>
      ))}
      <text
        x={(x0 + x1) / 2}
        y={y + 24 + type.label}
        textAnchor="middle"
        fontSize={type.label}
        fill={INK}
        fontWeight={600}
      >
        {props.label}
      </text>
    </g>
  );
}

export function AxisLeft(props: {
  scale: Scale;
  x: number;
  ticks?: number[];
  count?: number;
  label: ReactNode;
  format?: (x: number) => string;
  /** Right end of grid lines (none if undefined). */
  grid?: number;
  labelOffset?: number;
}) {
  const { scale, x } = props;
  const ticks = props.ticks ?? scale.ticks(props.count ?? 5);
  const [y0, y1] = scale.range();
  const format = props.format ?? tickFormat;
  const type = useChartType();
  return (
    <g className="axis axis-y">
      {props.grid !== undefined &&
        ticks.map((t) => (
          <line key={`g${t}`} x1={x} x2={props.grid} y1={scale(t)} y2={scale(t)} stroke={GRID} />
        ))}
      <line x1={x} x2={x} y1={y0} y2={y1} stroke={MUTED} />
      {ticks.map((t) => (
        <g key={t} transform={`translate(${x},${scale(t)})`}>
          <line x2={-5} stroke={MUTED} />
          <text className="tick-label" x={-8} dy="0.32em" textAnchor="end" fontSize={type.tick} fill={INK}>
            {format(t)}
          </text>
        </g>
      ))}
      <text
        transform={`translate(${x - (props.labelOffset ?? 44)},${(y0 + y1) / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize={type.label}
        fill={INK}
        fontWeight={600}
      >
        {props.label}
      </text>
    </g>
  );
}

/** "ε" with a subscript, for SVG text. */
/** The vertical rule marking the current setting on a plot's x axis (data-x carries its value for tests). */
export function CurrentRule(props: {
  value: number;
  x: number;
  top: number;
  bottom: number;
  testId: string;
}) {
  return (
    <line
      data-testid={props.testId}
      data-ui="state"
      data-x={props.value}
      x1={props.x}
      x2={props.x}
      y1={props.top}
      y2={props.bottom}
      stroke={INK}
      strokeWidth={2}
      opacity={0.55}
    />
  );
}

export function EpsSub({ sub }: { sub: string }) {
  const type = useChartType();
  return (
    <>
      ε
      <tspan baselineShift="sub" fontSize={type.sub}>
        {sub}
      </tspan>
    </>
  );
}

/** A progress bar for a background job (role=progressbar, done of total). */
export function JobProgress(props: {
  label: string;
  status: 'idle' | 'running' | 'done' | 'error';
  done: number;
  total: number;
  error?: string | null;
  unit?: string;
}) {
  const { status, done, total } = props;
  const unit = props.unit ?? 'cells';
  const pct = total > 0 ? Math.min(100, (100 * done) / total) : status === 'done' ? 100 : 0;
  const text =
    status === 'error'
      ? 'Failed'
      : status === 'running'
        ? total > 0
          ? `Computing… ${done} / ${total} ${unit}`
          : 'Starting workers…'
        : status === 'done'
          ? `Done: ${done} / ${total} ${unit}`
          : total > 0
            ? `Stopped at ${done} / ${total} ${unit}`
            : 'Not run yet';
  return (
    <div className={`job-progress job-${status}`}>
      <div
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 1)}
        aria-valuenow={done}
        aria-valuetext={text}
        className="job-progress-track"
      >
        <div className="job-progress-bar" style={{ width: `${pct}%` }} />
      </div>
      <span className="job-progress-text" aria-hidden="true">
        {text}
      </span>
      {status === 'error' && (
        <p className="plot-warning job-progress-error" role="alert">
          The computation failed: {props.error ?? 'unknown error'}
        </p>
      )}
    </div>
  );
}

/** Units of geodesic distance per workspace (for axis labels; the manifold's descriptor says them). */
export function distanceUnit(w: WorkspaceId): string {
  return w === 'frechet' ? 'geodesic' : MANIFOLDS[w].distanceUnit;
}

/** Unit of a squared distance, short enough for a vertical axis label. */
export function squaredUnit(w: WorkspaceId): string {
  return w === 'frechet' ? 'dist²' : MANIFOLDS[w].squaredUnit;
}

/** A tooltip box over a chart (HTML, so it is not part of exported SVG). */
export function Tooltip(props: { x: number; y: number; width: number; children: ReactNode; id?: string }) {
  const left = props.x > props.width * 0.55;
  return (
    <div
      id={props.id}
      data-ui="state"
      className="plot-tooltip"
      style={
        left
          ? { right: props.width - props.x + 12, top: Math.max(0, props.y - 12) }
          : { left: props.x + 12, top: Math.max(0, props.y - 12) }
      }
    >
      {props.children}
    </div>
  );
}

/**
 * The frame every plot shares: heading with export buttons, a responsive frame holding the SVG (and any
 * overlay such as a tooltip), then the caption. `children` is the SVG's content.
 */
export function PlotFigure({
  titleId,
  title,
  heading,
  exportName,
  figureName,
  empty,
  frameRef,
  svgRef,
  width,
  height,
  testId,
  role = 'img',
  onMouseLeave,
  overlay,
  footer,
  children,
}: {
  titleId: string;
  /** Plain-text title (used for exports); `heading` may render it richer. */
  title: string;
  heading?: ReactNode;
  exportName: string;
  figureName?: string;
  /** Nothing to export yet. */
  empty: boolean;
  frameRef: RefObject<HTMLDivElement | null>;
  svgRef: RefObject<SVGSVGElement | null>;
  width: number;
  height: number;
  testId: string;
  role?: 'img' | 'group';
  onMouseLeave?: () => void;
  overlay?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <figure className="plot-figure" aria-labelledby={titleId}>
      <div className="plot-figure-head">
        <h3 id={titleId}>{heading ?? title}</h3>
        <ExportButtons
          what={title}
          name={exportName}
          figureName={figureName}
          svg={() => svgRef.current}
          disabled={empty}
        />
      </div>
      <div className="plot-frame" ref={frameRef}>
        <svg
          ref={svgRef}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role={role}
          aria-labelledby={titleId}
          data-testid={testId}
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
          onMouseLeave={onMouseLeave}
        >
          {children}
        </svg>
        {overlay}
      </div>
      {footer}
    </figure>
  );
}
