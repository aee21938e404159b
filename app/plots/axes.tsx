/** The axes of a plot, and the marks that sit on them. */
import type * as d3 from 'd3';
import type { ReactNode } from 'react';
import { GRID, INK, MUTED, textWidth } from './chartStyle';
import { useChartType, type ChartType } from './chartType';
import { formatTick, labelledXTicks, labelledYTicks } from './ticks';

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
  const format = props.format ?? formatTick;
  const type = useChartType();
  const labelled = labelledXTicks(ticks, scale, format, type.tick);
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
      <AxisTitle x={(x0 + x1) / 2} y={y + 24 + type.label} size={type.label}>
        {props.label}
      </AxisTitle>
    </g>
  );
}

/** An axis's title, centred where it is put. */
function AxisTitle(props: { x?: number; y?: number; transform?: string; size: number; children: ReactNode }) {
  return (
    <text
      x={props.x}
      y={props.y}
      transform={props.transform}
      textAnchor="middle"
      fontSize={props.size}
      fill={INK}
      fontWeight={600}
    >
      {props.children}
    </text>
  );
}

/**
 * How far left of the y axis its title's centre goes: `asked` (44 px by default), or further where the widest
 * tick label needs it (in presenting type a label of five characters reaches the title).
 */
export function yLabelOffset(labels: string[], type: ChartType, asked = 44): number {
  const widest = Math.max(0, ...labels.map((l) => textWidth(l, type.tick)));
  // the labels end 8 px left of the axis; the rotated title reaches about 0.3 of its size right of its centre
  return Math.max(asked, 8 + widest + 0.3 * type.label + 2);
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
  const format = props.format ?? formatTick;
  const type = useChartType();
  const labelOffset = yLabelOffset(
    ticks.map((t) => format(t)),
    type,
    props.labelOffset,
  );
  // in presenting type the labels of a short or log axis would touch: the round ones keep theirs
  const labelled = labelledYTicks(ticks, scale, type.tick);
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
          {labelled.has(t) && (
            <text className="tick-label" x={-8} dy="0.32em" textAnchor="end" fontSize={type.tick} fill={INK}>
              {format(t)}
            </text>
          )}
        </g>
      ))}
      <AxisTitle transform={`translate(${x - labelOffset},${(y0 + y1) / 2}) rotate(-90)`} size={type.label}>
        {props.label}
      </AxisTitle>
    </g>
  );
}

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

/** A subscript in SVG text, sized and dropped as the plots' type says (the legend leaves room for the drop). */
export function Sub({ children }: { children: ReactNode }) {
  const { sub } = useChartType();
  // baseline-shift's em is the subscript's own: the drop is given in ems of the text around it
  return (
    <tspan baselineShift={`${-sub.drop / sub.scale}em`} fontSize={`${sub.scale}em`}>
      {children}
    </tspan>
  );
}

/** "ε" with a subscript, for SVG text. */
export function EpsSub({ sub }: { sub: string }) {
  return (
    <>
      ε<Sub>{sub}</Sub>
    </>
  );
}
