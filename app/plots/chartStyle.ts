/**
 * The plots' colours and marks. Colours are written as attributes (not CSS variables) so exported files look the
 * same outside the page.
 */
import * as d3 from 'd3';
import { TICK_FONT } from './chartType';

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
