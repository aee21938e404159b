import type * as d3 from 'd3';
import type { ReactNode } from 'react';
import { INK, MUTED, symbolPath, textWidth, useChartType, type SubscriptType } from './chart';

/**
 * `label` sizes the item; `node` (if given) is what is drawn, rich text such as a subscript (<Sub>), whose drop
 * its row leaves room for.
 */
export type LegendItem = { label: string; node?: ReactNode } & (
  | { kind: 'series'; color: string; symbol: d3.SymbolType; line?: boolean; dash?: string }
  | { kind: 'dashed'; color?: string }
  | { kind: 'release' }
  | { kind: 'rule' }
  | { kind: 'box'; color: string; fill?: string }
  | { kind: 'line'; color: string; dash?: string }
);

const SWATCH = 24;
/** The swatches sit this far above the text's baseline, in ems (level with the middle of its digits). */
const MIDDLE = 0.35;
/** Space above and below a row's text. */
const ROW_PAD = 2;
/** How far the sans fonts' glyphs reach above and below the baseline, in ems. */
const ASCENT = 0.93;
const DESCENT = 0.24;

/**
 * How far a legend row's text reaches above its baseline and below it, in px, for text of `font` px: below, the
 * letters' descent or, on a row with rich text, a subscript's (dropped, at its own size), whichever is lower.
 */
export function legendTextBox(font: number, sub: SubscriptType | null) {
  const below = sub ? Math.max(DESCENT, sub.drop + DESCENT * sub.scale) : DESCENT;
  return { above: ASCENT * font, below: below * font };
}

/**
 * Lays legend items out left to right in text of `font` px, wrapping at `width`: each row as high as its text
 * (with a subscript's drop where an item has rich text) and a few px above and below. Returns each item's
 * position (`y`: its text's baseline), the height used and the font, which <Legend> draws as laid out.
 */
export function layoutLegend(items: readonly LegendItem[], width: number, font: number, sub: SubscriptType) {
  const rows: { item: LegendItem; x: number }[][] = [];
  let x = 0;
  for (const item of items) {
    const w = SWATCH + 6 + textWidth(item.label, font) + 14;
    if (x > 0 && x + w > width) x = 0;
    if (x === 0) rows.push([]);
    rows[rows.length - 1].push({ item, x });
    x += w;
  }
  let top = 0;
  const placed = rows.flatMap((row) => {
    const box = legendTextBox(font, row.some((p) => p.item.node !== undefined) ? sub : null);
    const baseline = top + ROW_PAD + box.above;
    top = Math.ceil(baseline + box.below + ROW_PAD);
    return row.map((p) => ({ ...p, y: baseline }));
  });
  return { placed, height: top, font };
}

export type LegendLayout = ReturnType<typeof layoutLegend>;

/** The legend laid out in the plots' current type (larger in presenting mode). */
export function useLegend(items: readonly LegendItem[], width: number): LegendLayout {
  const type = useChartType();
  return layoutLegend(items, width, type.legend, type.sub);
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
  return (
    <g className="legend" transform={`translate(${props.x},${props.y})`} aria-hidden="true">
      {placed.map(({ item, x, y }, i) => (
        <g
          key={i}
          transform={`translate(${x},${y - MIDDLE * font})`}
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
          <text x={SWATCH + 6} dy={`${MIDDLE}em`} fontSize={font} fill={INK}>
            {item.node ?? item.label}
          </text>
        </g>
      ))}
    </g>
  );
}
