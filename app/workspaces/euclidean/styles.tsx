/**
 * One look per method of the linear-regression comparison, shared by the scatter and the MSE plot: colour,
 * dash pattern AND marker differ, so the methods stay distinguishable without colour.
 */
import * as d3 from 'd3';
import type { LinregMethod } from '../../../src/privacy/linreg';
import { OKABE_ITO, symbolPath } from '../../plots/chart';
import { COLOURS } from '../../views2d/svgUtils';

export interface MethodStyle {
  color: string;
  /** SVG stroke-dasharray (undefined: solid), and its name for legends. */
  dash?: string;
  dashName: string;
  symbol: d3.SymbolType;
  symbolName: string;
  /** Where on the unit covariate the scatter marks each line (spread so markers of methods do not overlap). */
  markAt: number;
}

export const METHOD_STYLES: Record<LinregMethod, MethodStyle> = {
  dpgr: {
    color: OKABE_ITO.vermillion,
    dash: '7 4',
    dashName: 'dashed',
    symbol: d3.symbolCircle,
    symbolName: 'circle',
    markAt: 0.2,
  },
  ssp: {
    color: OKABE_ITO.green,
    dash: '2 3',
    dashName: 'dotted',
    symbol: d3.symbolSquare,
    symbolName: 'square',
    markAt: 0.5,
  },
  dpsgd: {
    color: OKABE_ITO.purple,
    dash: '10 3 2 3',
    dashName: 'dash-dot',
    symbol: d3.symbolTriangle,
    symbolName: 'triangle',
    markAt: 0.8,
  },
  // the same solid blue as the non-private line of the workspace's own view
  nonprivate: {
    color: COLOURS.nonPrivate,
    dashName: 'solid',
    symbol: d3.symbolDiamond,
    symbolName: 'diamond',
    markAt: 0.5,
  },
};

/** A small line-and-marker swatch for HTML legends. */
export function MethodSwatch({ method }: { method: LinregMethod }) {
  const st = METHOD_STYLES[method];
  return (
    <svg width="40" height="14" aria-hidden="true" className="linreg-swatch">
      <line x1="1" y1="7" x2="39" y2="7" stroke={st.color} strokeWidth={2.4} strokeDasharray={st.dash} />
      <path d={symbolPath(st.symbol, 48)} transform="translate(20,7)" fill={st.color} stroke="#fff" />
    </svg>
  );
}
