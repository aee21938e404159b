/**
 * How the Fréchet workspace presents each private mechanism: its name, where it applies, and a style that
 * differs in marker shape as well as colour (Okabe–Ito), the same in the 3-D views (`shape3d`), in the SVG
 * ellipse strip and in the plots (`symbol`), so every mechanism can be told apart without colour.
 */
import * as d3 from 'd3';
import type { FrechetMechanismId } from '../state/settings';
import type { MarkerShape } from '../views3d/primitives';

export type FrechetSpace = 'sphere' | 'spd';

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

export const MECHANISM_STYLES: Record<FrechetMechanismId, MechanismStyle> = {
  rl: {
    id: 'rl',
    short: 'RL',
    label: 'Riemannian Laplace',
    blurb: 'noise ∝ exp(−ρ(η, z)/σ) along the manifold itself (004)',
    colour: '#0072b2',
    shape3d: 'cube',
    symbol: d3.symbolSquare,
    symbolName: 'squares',
    spaces: ['sphere', 'spd'],
  },
  tg: {
    id: 'tg',
    short: 'TG',
    label: 'Tangent Gaussian',
    blurb: 'Gaussian noise on logm of the log-Euclidean mean, mapped back by expm (002)',
    colour: '#d55e00',
    shape3d: 'octahedron',
    symbol: d3.symbolDiamond,
    symbolName: 'diamonds',
    spaces: ['spd'],
  },
  extg: {
    id: 'extg',
    short: 'ExtG',
    label: 'Extrinsic Gaussian',
    blurb: 'Gaussian noise in the surrounding space (R³, or the matrix entries); may leave the space (002)',
    colour: '#009e73',
    shape3d: 'tetrahedron',
    symbol: d3.symbolTriangle,
    symbolName: 'triangles',
    spaces: ['sphere', 'spd'],
  },
  ambient: {
    id: 'ambient',
    short: 'Ambient',
    label: 'Ambient Laplace',
    blurb: 'Euclidean Laplace noise in the surrounding space, then back onto the manifold (004)',
    colour: '#cc79a7',
    shape3d: 'cross',
    symbol: d3.symbolCross,
    symbolName: 'crosses',
    spaces: ['sphere', 'spd'],
  },
  conformal: {
    id: 'conformal',
    short: 'Conformal',
    label: 'Conformal-DP',
    blurb: 'Laplace noise in a metric rescaled by the data density (003)',
    colour: '#e69f00',
    shape3d: 'ring',
    symbol: d3.symbolCircle,
    symbolName: 'rings',
    spaces: ['sphere', 'spd'],
  },
};

/** Data points and the true (non-private) mean. */
export const FRECHET_COLOURS = {
  data: '#7d8b99',
  mean: '#1b1f24',
} as const;

/** The mechanisms of `selected` that are defined on `space`, in the canonical order. */
export function mechanismsOn(space: FrechetSpace, selected: readonly FrechetMechanismId[]): MechanismStyle[] {
  return selected.map((id) => MECHANISM_STYLES[id]).filter((m) => m.spaces.includes(space));
}
