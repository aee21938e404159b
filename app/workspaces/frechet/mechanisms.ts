/**
 * How the Fréchet workspace presents each private mechanism: its name, where it applies, and a style that
 * differs in marker shape as well as colour (Okabe–Ito), the same in the 3-D views (`shape3d`), in the SVG
 * ellipse strip and in the plots (`symbol`), so every mechanism can be told apart without colour.
 */
import * as d3 from 'd3';
import { FRECHET_MECHANISM_TABLE } from '../../../src/privacy/frechet/mechanisms';
import type { FrechetMechanismId } from '../../state/settings';
import type { MarkerShape } from '../../views3d/primitives';
import { mechanismIdsOn, type FrechetSpace } from './problems';

export interface MechanismStyle {
  id: FrechetMechanismId;
  /** Label for legends and plots. */
  label: string;
  /** Abbreviation (column headers, tight spots). */
  short: string;
  /** One line: what it does. */
  blurb: string;
  colour: string;
  shape3d: MarkerShape;
  symbol: d3.SymbolType;
  /** Name of the symbol, for text ("squares"). */
  symbolName: string;
  /** The spaces it is defined on. */
  spaces: readonly FrechetSpace[];
}

/** Marker styles per mechanism; names, blurbs and spaces come from the one mechanism table. */
const LOOKS: Record<
  FrechetMechanismId,
  Pick<MechanismStyle, 'colour' | 'shape3d' | 'symbol' | 'symbolName'>
> = {
  rl: { colour: '#0072b2', shape3d: 'cube', symbol: d3.symbolSquare, symbolName: 'squares' },
  tg: { colour: '#d55e00', shape3d: 'octahedron', symbol: d3.symbolDiamond, symbolName: 'diamonds' },
  extg: { colour: '#009e73', shape3d: 'tetrahedron', symbol: d3.symbolTriangle, symbolName: 'triangles' },
  ambient: { colour: '#cc79a7', shape3d: 'cross', symbol: d3.symbolCross, symbolName: 'crosses' },
  conformal: { colour: '#e69f00', shape3d: 'ring', symbol: d3.symbolCircle, symbolName: 'rings' },
};

export const MECHANISM_STYLES = Object.fromEntries(
  FRECHET_MECHANISM_TABLE.map((m): [FrechetMechanismId, MechanismStyle] => [
    m.labId,
    { id: m.labId, label: m.label, short: m.short, blurb: m.blurb, spaces: m.spaces, ...LOOKS[m.labId] },
  ]),
) as Record<FrechetMechanismId, MechanismStyle>;

/** Data points and the true (non-private) mean. */
export const FRECHET_COLOURS = {
  data: '#7d8b99',
  mean: '#1b1f24',
} as const;

/** The mechanisms of `selected` that are defined on `space`, in the canonical order. */
export function mechanismsOn(space: FrechetSpace, selected: readonly FrechetMechanismId[]): MechanismStyle[] {
  return mechanismIdsOn(space, selected).map((id) => MECHANISM_STYLES[id]);
}
