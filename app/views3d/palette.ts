/**
 * Colours and line styles of the sphere and SPD views (Okabe–Ito, colour-blind safe; same values as the CSS
 * variables in styles.css). Non-private and private fits differ in line style as well as colour: non-private
 * solid and thick, private dashed, thinner and semi-transparent.
 */
export const VIEW_COLOURS = {
  /** Data on the sphere (the paper's "blue dots"). */
  sphereData: '#0072b2',
  /** Non-private geodesic on the sphere: dark, so it reads against the blue data and the pale globe. */
  sphereNonPrivate: '#1b1f24',
  private: '#d55e00', // vermillion
  /** Private footpoints p̃ (cubes). */
  footpoint: '#cc79a7', // reddish purple
  /** SPD views: data grey, non-private blue (as in the paper's Fig. 8), private vermillion. */
  spdData: '#6b7480',
  spdNonPrivate: '#0072b2',
  selected: '#e69f00', // orange
  ink: '#1b1f24',
  muted: '#4a5360',
  globe: '#dfe6ee',
  graticule: '#7d8b99',
  background: '#f7f9fb',
} as const;

/** SVG dash pattern of private curves (non-private curves are solid). */
export const PRIVATE_DASH = '7 4';

/** Dashes of the private geodesics in 3D, in world units (the unit sphere has radius 1). */
export const DASH_3D = { size: 0.06, gap: 0.04 } as const;
