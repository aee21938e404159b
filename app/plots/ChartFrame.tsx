/**
 * The frame every plot draws in, as in visx or mafs: the frame owns the size (the width from the container, the
 * legend laid out on top, the margins, the plot area and, while presenting, the height that leaves the whole plot
 * on the slide), sets the scales' ranges to the plot area and draws the legend and the axes. A plot passes its
 * scales with their domains, its axis titles and legend items, and draws its marks as children with the scales it
 * is handed back.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useFittedPlotHeight } from '../present/usePresentingPlotHeight';
import {
  AxisBottom,
  AxisLeft,
  MUTED,
  PlotFigure,
  formatTick,
  useChartType,
  yLabelOffset,
  useElementWidth,
  type ChartType,
} from './chart';
import { Legend, useLegend, type LegendItem, type LegendLayout } from './Legend';

/** A d3 scale whose range the frame sets (continuous or band). */
interface Rangeable<S> {
  copy(): S;
  range(range: [number, number]): S;
}

/** Space around the plot area; `top` is the gap between the legend and the plot area. */
export interface Margin {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface Frame<X, Y> {
  /** The SVG's width and height. */
  W: number;
  H: number;
  /** The margins, `top` including the legend. */
  margin: Margin;
  plotH: number;
  /** The plot area's edges. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The scales, ranged to the plot area. */
  x: X;
  y: Y;
  /** The plots' type sizes (larger while presenting). */
  type: ChartType;
  /** While presenting, the plot area's height fitted to the slide (else null). */
  fitted: number | null;
  legend: LegendLayout;
}

export interface AxisSpec {
  label: ReactNode;
  ticks?: number[];
  count?: number;
  format?: (x: number) => string;
  /** Grid lines across the plot area (default: drawn). */
  grid?: boolean;
  /** The y axis title's distance from the axis. */
  labelOffset?: number;
}

type Of<F, T> = T | ((frame: F) => T);
const resolve = <F, T>(value: Of<F, T>, frame: F): T =>
  typeof value === 'function' ? (value as (frame: F) => T)(frame) : value;

export function ChartFrame<X extends Rangeable<X>, Y extends Rangeable<Y>>(props: {
  /** Plain-text title (used for exports); `heading` may render it richer. */
  title: string;
  heading?: ReactNode;
  exportName: string;
  figureName?: string;
  testId: string;
  /** Nothing to export yet. */
  empty: boolean;
  role?: 'img' | 'group';
  onMouseLeave?: () => void;
  footer?: ReactNode;
  /** HTML over the plot, such as a tooltip. */
  overlay?: (frame: Frame<X, Y>) => ReactNode;
  /** The container's width before it is measured. */
  initialWidth?: number;
  minWidth?: number;
  maxWidth?: number;
  /** The margins; while presenting (`presenting`), a plot may ask for more room for the larger type. */
  margin: Margin | ((presenting: boolean) => Margin);
  /** Legend items (none: no legend). */
  legend: readonly LegendItem[];
  /** The width the legend wraps at (default: the plot area and 40 px to its left). */
  legendWidth?: (W: number, margin: Margin) => number;
  /** Where the legend's top left corner is (default: 40 px left of the plot area, 4 px from the top). */
  legendAt?: (margin: Margin) => { x: number; y: number };
  /** The plot area's height at width W (while presenting too, unless the plot fits itself). */
  plotHeight: (W: number) => number;
  /**
   * While presenting, fit the plot area's height to the room on the slide ('height'); 'square' keeps the plot
   * area square, as high as the room allows and no wider than the column, narrowing the plot when the room is
   * short. Without it, presenting mode only enlarges the type.
   */
  fit?: 'height' | 'square';
  x: X;
  y: Y;
  xAxis?: Of<Frame<X, Y>, AxisSpec>;
  yAxis?: Of<Frame<X, Y>, AxisSpec>;
  /** Drawn under the axes and their grid (a shaded region). */
  under?: (frame: Frame<X, Y>) => ReactNode;
  /** Drawn before the legend (pattern definitions). */
  defs?: ReactNode;
  /** The marks, drawn over the axes. */
  children: (frame: Frame<X, Y>) => ReactNode;
}) {
  const titleId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [frameRef, width] = useElementWidth<HTMLDivElement>(props.initialWidth ?? 420);
  const type = useChartType();
  const minWidth = props.minWidth ?? 280;
  const columnW = Math.max(minWidth, Math.min(width, props.maxWidth ?? Infinity));
  const square = props.fit === 'square';
  const outer = (presenting: boolean) => resolve(props.margin, presenting);
  const fitMax = square ? columnW - outer(true).left - outer(true).right : undefined;
  // a plot that does not fit itself gives the hook no SVG to measure
  const noSvg = useRef<SVGSVGElement>(null);
  const fittedHeight = useFittedPlotHeight(props.fit ? svgRef : noSvg, fitMax);
  const fitted = props.fit ? fittedHeight : null;
  const asked = outer(fitted !== null);
  const W = square && fitted !== null ? Math.max(minWidth, fitted + asked.left + asked.right) : columnW;
  const legend = useLegend(props.legend, props.legendWidth?.(W, asked) ?? W - asked.left - asked.right + 40);
  const plotH = fitted ?? props.plotHeight(W);
  const layout = (m: Margin): Frame<X, Y> => {
    const margin = { ...m, top: legend.height + m.top };
    return {
      W,
      H: margin.top + plotH + margin.bottom,
      margin,
      plotH,
      left: margin.left,
      right: W - margin.right,
      top: margin.top,
      bottom: margin.top + plotH,
      x: props.x.copy().range([margin.left, W - margin.right]),
      y: props.y.copy().range([margin.top + plotH, margin.top]),
      type,
      fitted,
      legend,
    };
  };
  // the left margin grows where the y axis's tick labels and title need more room than the plot asked for (long
  // labels in presenting type)
  let frame = layout(asked);
  const yRoom = props.yAxis && yAxisRoom(resolve(props.yAxis, frame), frame);
  if (yRoom && yRoom > asked.left) frame = layout({ ...asked, left: Math.ceil(yRoom) });
  const { H } = frame;
  const legendAt = props.legendAt?.(asked) ?? { x: asked.left - 40, y: 4 };
  const xAxis = props.xAxis && resolve(props.xAxis, frame);
  const yAxis = props.yAxis && resolve(props.yAxis, frame);
  return (
    <PlotFigure
      titleId={titleId}
      title={props.title}
      heading={props.heading}
      exportName={props.exportName}
      figureName={props.figureName}
      empty={props.empty}
      frameRef={frameRef}
      svgRef={svgRef}
      width={W}
      height={H}
      testId={props.testId}
      role={props.role}
      onMouseLeave={props.onMouseLeave}
      overlay={props.overlay?.(frame)}
      footer={props.footer}
    >
      {props.defs}
      {props.legend.length > 0 && <Legend layout={legend} x={legendAt.x} y={legendAt.y} />}
      {props.under?.(frame)}
      {xAxis && (
        <AxisBottom
          scale={frame.x as never}
          y={frame.bottom}
          ticks={xAxis.ticks}
          count={xAxis.count}
          format={xAxis.format}
          label={xAxis.label}
          grid={xAxis.grid === false ? undefined : frame.top}
        />
      )}
      {yAxis && (
        <AxisLeft
          scale={frame.y as never}
          x={frame.left}
          ticks={yAxis.ticks}
          count={yAxis.count}
          format={yAxis.format}
          label={yAxis.label}
          grid={yAxis.grid === false ? undefined : frame.right}
          labelOffset={yAxis.labelOffset}
        />
      )}
      {props.children(frame)}
    </PlotFigure>
  );
}

/** The room left of the plot area that the y axis needs: its widest tick label, the title beside it, a gap. */
function yAxisRoom(axis: AxisSpec, frame: Frame<unknown, unknown>): number {
  const scale = frame.y as { ticks?: (count: number) => number[] };
  const ticks = axis.ticks ?? scale.ticks?.(axis.count ?? 5) ?? [];
  const format = axis.format ?? formatTick;
  const offset = yLabelOffset(
    ticks.map((t) => format(t)),
    frame.type,
    axis.labelOffset,
  );
  // the rotated title reaches about 0.8 of its size left of its centre (cap height above the baseline)
  return offset + 0.8 * frame.type.label + 2;
}

/** A note in the middle of an empty plot area ("Waiting for the first results…"); `dy` moves it up or down. */
export function EmptyNote(props: {
  frame: Frame<unknown, unknown>;
  size: number;
  dy?: number;
  children: ReactNode;
}) {
  const f = props.frame;
  return (
    <text
      x={(f.left + f.right) / 2}
      y={f.top + f.plotH / 2 + (props.dy ?? 0)}
      textAnchor="middle"
      fontSize={props.size}
      fill={MUTED}
      data-ui="state"
    >
      {props.children}
    </text>
  );
}
