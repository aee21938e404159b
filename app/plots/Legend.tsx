import type * as d3 from 'd3';
import type { ReactNode } from 'react';
import { INK, MUTED, symbolPath, textWidth, useChartType } from './chart';

/** `label` sizes the item; `node` (if given) is what is drawn, e.g. with subscripts. */
export type LegendItem = { label: string; node?: ReactNode } & (
  | { kind: 'series'; color: string; symbol: d3.SymbolType; line?: boolean; dash?: string }
  | { kind: 'dashed'; color?: string }
  | { kind: 'release' }
  | { kind: 'rule' }
  | { kind: 'box'; color: string; fill?: string }
  | { kind: 'line'; color: string; dash?: string }
);

const SWATCH = 24;
/** A legend row's height for text of `font` px. */
const rowHeight = (font: number) => font + 7;

/**
 * Lays legend items out left to right in text of `font` px, wrapping at `width`; returns the positions, the
 * height used and the font, which <Legend> draws as laid out.
 */
export function layoutLegend(items: readonly LegendItem[], width: number, font: number) {
  const ROW = rowHeight(font);
  let x = 0;
  let row = 0;
  const placed = items.map((item) => {
    const w = SWATCH + 6 + textWidth(item.label, font) + 14;
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    const at = { item, x, y: row * ROW };
    x += w;
    return at;
  });
  return { placed, height: items.length ? (row + 1) * ROW : 0, font };
}

export type LegendLayout = ReturnType<typeof layoutLegend>;

/** The legend laid out in the plots' current type (larger in presenting mode). */
export function useLegend(items: readonly LegendItem[], width: number): LegendLayout {
  return layoutLegend(items, width, useChartType().legend);
}

/** The swatch of a current-release marker: a ring with a dot (used in the plots too). */
export function ReleaseMarker(props: { x: number; y: number; faded?: boolean }) {
  return (
    <g transform={`translate(${props.x},${props.y})`} opacity={props.faded ? 0.55 : 1}>
      <circle r={7.5} fill="#ffffff" stroke={INK} strokeWidth={2.5} />
      <circle r={2.6} fill={INK} />
    </g>
  );
}

export function Legend(props: { layout: LegendLayout; x: number; y: number }) {
  const { placed, font } = props.layout;
  const ROW = rowHeight(font);
  return (
    <g className="legend" transform={`translate(${props.x},${props.y})`} aria-hidden="true">
      {placed.map(({ item, x, y }, i) => (
        <g
          key={i}
          transform={`translate(${x},${y + ROW / 2})`}
          data-ui={item.kind === 'release' || item.kind === 'rule' ? 'state' : undefined}
        >
          {item.kind === 'series' && (
            <>
              {item.line !== false && (
                <line x1={0} x2={SWATCH} stroke={item.color} strokeWidth={2.2} strokeDasharray={item.dash} />
              )}
              <path
                d={symbolPath(item.symbol, 56)}
                transform={`translate(${SWATCH / 2},0)`}
                fill={item.color}
                stroke="#ffffff"
                strokeWidth={1}
              />
            </>
          )}
          {item.kind === 'line' && (
            <line x1={0} x2={SWATCH} stroke={item.color} strokeWidth={2.2} strokeDasharray={item.dash} />
          )}
          {item.kind === 'dashed' && (
            <line x1={0} x2={SWATCH} stroke={item.color ?? MUTED} strokeWidth={1.8} strokeDasharray="6 4" />
          )}
          {item.kind === 'release' && <ReleaseMarker x={SWATCH / 2} y={0} />}
          {item.kind === 'rule' && (
            <line x1={SWATCH / 2} x2={SWATCH / 2} y1={-8} y2={8} stroke={INK} strokeWidth={2} opacity={0.6} />
          )}
          {item.kind === 'box' && (
            <rect
              x={3}
              y={-7}
              width={SWATCH - 6}
              height={14}
              fill={item.fill ?? item.color}
              fillOpacity={item.fill ? 1 : 0.3}
              stroke={item.color}
              strokeWidth={2}
            />
          )}
          <text x={SWATCH + 6} dy="0.35em" fontSize={font} fill={INK}>
            {item.node ?? item.label}
          </text>
        </g>
      ))}
    </g>
  );
}
