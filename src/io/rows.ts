import { preshapeInto } from '../geometry/kendall';
import { symEig2 } from '../geometry/linalg';
import { columnText, DataFormatError } from './errors';

/**
 * Each manifold kind's row format: how a data file's response columns become a point (the readers below) and
 * how a point is written back as a row (the lab's data export, which the importer reads again). The
 * descriptors (src/data/manifolds.ts) hold one per kind; the data-file readers (wide.ts, kendallLong.ts) read
 * through them.
 */
export interface RowFormat {
  /** What the response columns must be, for the message when `width` of them (lat/lon or not) do not fit; else null. */
  widthProblem(width: number, latLon: boolean): string | null;
  /** Columns named lat/lon, or exactly two chosen response columns, are read as latitude and longitude. */
  readonly latLon: boolean;
  /** One row per landmark, with a subject column, is a layout of its own (read by kendallLong.ts). */
  readonly longFormat: boolean;
  /** One row's responses as a point, and how far off the manifold they were before projection (0 if never projected). */
  read(raw: Float64Array, row: RowContext): [point: Float64Array, deviation: number];
  /** Why the normalise option (project points onto the manifold) does not apply, or null where it does. */
  readonly cannotNormalize: string | null;
  /** Landmarks per shape, for formats that have them (from the number of response columns). */
  landmarks?(width: number): number;
  /** Column names of an exported file's response (d of them; the names read from a file where kept). */
  exportNames(d: number, labels: readonly string[] | undefined): string[];
  /** A point as a row of those columns. */
  exportRow(y: Float64Array): number[];
  /** What the exported columns hold, in words. */
  readonly layout: string;
}

export interface RowContext {
  at: { file: string; row: number };
  /** How the response columns are named in messages. */
  names: readonly (string | number)[];
  latLon: boolean;
  /** Project points off the manifold onto it instead of failing (sphere). */
  normalize: boolean;
}

const numbered = (prefix: string) => (d: number, labels?: readonly string[]) =>
  Array.from({ length: d }, (_, j) => labels?.[j] ?? `${prefix}${j + 1}`);

export const SPHERE_ROWS: RowFormat = {
  latLon: true,
  longFormat: false,
  cannotNormalize: null,
  widthProblem: (width, latLon) =>
    latLon || width === 3
      ? null
      : 'x and 3 coordinates of a unit vector, or x, lat, lon in degrees (with a header)',
  read: (raw, { at, names, latLon, normalize }) =>
    latLon
      ? [fromLatLon(raw[0], raw[1], { ...at, latColumn: names[0], lonColumn: names[1] }), 0]
      : spherePoint(raw, normalize, at),
  exportNames: () => ['y1', 'y2', 'y3'],
  exportRow: (y) => Array.from(y),
  layout: 'the 3 coordinates of a unit vector',
};

export const SPD2_ROWS: RowFormat = {
  latLon: false,
  longFormat: false,
  widthProblem: (width) =>
    width === 3 || width === 4 ? null : 'x and the entries a, b, c of the matrix [[a, b], [b, c]]',
  read: (raw, { at, names }) => [spdPoint(raw, at, names), 0],
  cannotNormalize: 'spd data are not projected',
  // held as [a, b, b, c], written a, b, c
  exportNames: () => ['a', 'b', 'c'],
  exportRow: (y) => [y[0], y[1], y[3]],
  layout: 'a, b, c of the SPD matrix [[a, b], [b, c]]',
};

export const SHAPE_ROWS: RowFormat = {
  latLon: false,
  longFormat: true,
  widthProblem: (width) =>
    width % 2 === 0 && width >= 6
      ? null
      : 'x and 2k landmark coordinates x1, y1, x2, y2, … with k ≥ 3 landmarks',
  read: (raw, { at }) => [preshape(raw, at), 0],
  cannotNormalize: 'shapes are always scaled to preshapes',
  landmarks: (width) => width / 2,
  exportNames: (d) =>
    Array.from({ length: d }, (_, j) => `${j % 2 === 0 ? 'x' : 'y'}${Math.floor(j / 2) + 1}`),
  exportRow: (y) => Array.from(y),
  layout: 'the landmarks x1, y1, …, xk, yk of the shape (centred and scaled to unit size)',
};

export const VECTOR_ROWS: RowFormat = {
  latLon: false,
  longFormat: false,
  widthProblem: () => null,
  read: (raw) => [Float64Array.from(raw), 0],
  cannotNormalize: 'euclidean data are not projected',
  exportNames: numbered('y'),
  exportRow: (y) => Array.from(y),
  layout: 'the responses',
};

/**
 * Largest condition number (ratio of the eigenvalues) of an SPD(2) matrix in a file. Comparing two matrices
 * (affine-invariant log, dist) whitens one by the other and keeps about 16 − log10(cond P · cond Q) digits: at
 * 1e7 each, exp∘log is still right to 1e-3, while pairs at 1e9 fail outright (measured in src/stress.test.ts).
 */
export const SPD_MAX_CONDITION = 1e7;

/** Tolerance on the length of sphere points (relative to 1). */
export const SPHERE_TOLERANCE = 1e-6;

export function fmt(v: number): string {
  return Number.isInteger(v)
    ? String(v)
    : v
        .toPrecision(6)
        .replace(/\.?0+$/, '')
        .replace(/\.?0+e/, 'e');
}

/**
 * Lengths a point may have to be projected onto the sphere (rounded or scaled coordinates); beyond them the
 * columns are not coordinates of a direction, and projecting would collapse the data onto a few spots.
 */
export const NORMALIZABLE_LENGTH = [0.5, 2] as const;

/** The unit vector of a sphere row, and |‖raw‖ − 1| (how far off the sphere it was). */
export function spherePoint(
  raw: Float64Array,
  normalize: boolean,
  at: { file: string; row: number },
): [Float64Array, number] {
  const r = Math.hypot(raw[0], raw[1], raw[2]);
  const deviation = Math.abs(r - 1);
  const off = deviation > SPHERE_TOLERANCE;
  const point = `(${[...raw].map(fmt).join(', ')})`;
  if (r > 1e-12 && (r < NORMALIZABLE_LENGTH[0] || r > NORMALIZABLE_LENGTH[1]))
    throw new DataFormatError(
      `the point ${point} has length ${fmt(r)}, far from 1: these columns do not hold the coordinates of a unit ` +
        'vector (is the covariate, or another quantity, among them?); choose the columns that hold x, y, z',
      at,
    );
  if (off && !normalize) {
    throw new DataFormatError(
      `the point ${point} has length ${fmt(r)}, not 1 (tolerance 1e-6): sphere coordinates must be ` +
        'unit vectors; use the normalise option (--normalize on the command line) to project every point onto the sphere',
      at,
    );
  }
  if (!(r > 1e-12))
    throw new DataFormatError(
      `the point ${point} has length 0, so it cannot be projected onto the sphere`,
      at,
    );
  return [Float64Array.from(raw, (c) => c / r), deviation];
}

export function fromLatLon(
  lat: number,
  lon: number,
  at: { file: string; row: number; latColumn: string | number; lonColumn: string | number },
): Float64Array {
  if (lat < -90 || lat > 90)
    throw new DataFormatError(`latitude ${fmt(lat)} is outside [−90, 90] degrees`, {
      file: at.file,
      row: at.row,
      column: at.latColumn,
    });
  if (lon < -360 || lon > 360)
    throw new DataFormatError(`longitude ${fmt(lon)} is outside [−360, 360] degrees`, {
      file: at.file,
      row: at.row,
      column: at.lonColumn,
    });
  const phi = (lat * Math.PI) / 180;
  const lam = (lon * Math.PI) / 180;
  return new Float64Array([Math.cos(phi) * Math.cos(lam), Math.cos(phi) * Math.sin(lam), Math.sin(phi)]);
}

/**
 * Refuses latitudes and longitudes that all lie in [−π/2, π/2] and [−π, π]: such values look like radians, which
 * read as degrees would put every point within 1.6° of (0°, 0°) without any error. Degrees that really lie that
 * close to (0°, 0°) can be given as unit vectors x, y, z instead.
 */
export function refuseRadians(
  lats: ArrayLike<number>,
  lons: ArrayLike<number>,
  at: { file: string; latColumn: string | number; lonColumn: string | number },
): void {
  if (lats.length === 0) return;
  for (let i = 0; i < lats.length; i++)
    if (!(Math.abs(lats[i]) <= Math.PI / 2 && Math.abs(lons[i]) <= Math.PI)) return;
  throw new DataFormatError(
    `every latitude lies in [−π/2, π/2] and every longitude in [−π, π] (${columnText(at.latColumn)} and ` +
      `${columnText(at.lonColumn)}): they look like radians, but latitude and longitude are read in degrees. ` +
      'Convert them to degrees (multiply by 180/π); if they are degrees this close to (0°, 0°), give each point as ' +
      'the 3 coordinates x, y, z of a unit vector instead',
    { file: at.file },
  );
}

export function spdPoint(
  raw: Float64Array,
  at: { file: string; row: number },
  names: readonly (string | number)[],
): Float64Array {
  let a: number, b: number, c: number;
  if (raw.length === 4) {
    const [m11, m12, m21, m22] = raw;
    if (Math.abs(m12 - m21) > 1e-9 * Math.max(1, Math.abs(m12), Math.abs(m21))) {
      throw new DataFormatError(
        `the matrix [[${fmt(m11)}, ${fmt(m12)}], [${fmt(m21)}, ${fmt(m22)}]] is not symmetric ` +
          `(entry (1,2) = ${fmt(m12)} but entry (2,1) = ${fmt(m21)})`,
        { ...at, column: names[2] },
      );
    }
    a = m11;
    b = (m12 + m21) / 2;
    c = m22;
  } else {
    [a, b, c] = raw;
  }
  const matrix = `[[${fmt(a)}, ${fmt(b)}], [${fmt(b)}, ${fmt(c)}]]`;
  if (!(a > 0))
    throw new DataFormatError(`the matrix ${matrix} is not positive definite: a = ${fmt(a)} ≤ 0`, {
      ...at,
      column: names[0],
    });
  // |b| < √a·√c is ac − b² > 0 without overflow or underflow.
  if (!(Math.abs(b) < Math.sqrt(a) * Math.sqrt(c))) {
    const det = a * c - b * b;
    throw new DataFormatError(
      `the matrix ${matrix} is not positive definite: ` +
        (Number.isFinite(det) && det <= 0 ? `a·c − b² = ${fmt(det)} ≤ 0` : 'b² ≥ a·c'),
      at,
    );
  }
  const y = new Float64Array([a, b, b, c]);
  const { values } = symEig2(y); // the small eigenvalue to high relative accuracy
  const condition = values[1] / values[0];
  if (!(condition <= SPD_MAX_CONDITION)) {
    throw new DataFormatError(
      `the matrix ${matrix} is too close to singular (condition number ${Number(condition.toPrecision(3)).toExponential()}, above ` +
        `${SPD_MAX_CONDITION.toExponential()}), so distances between such matrices cannot be computed reliably`,
      at,
    );
  }
  return y;
}

/**
 * Centres a configuration (x1, y1, x2, y2, …) and scales it to unit Frobenius norm (Kendall's projectPoint); landmarks
 * that coincide to 1e-10 of their largest coordinate are refused.
 */
export function preshape(
  raw: ArrayLike<number>,
  at: { file: string; row: number },
  subject?: string,
): Float64Array {
  const out = Float64Array.from(raw);
  if (!(preshapeInto(out, out) > 1e-10)) {
    throw new DataFormatError(
      `all ${raw.length / 2} landmarks ${subject === undefined ? 'of this row' : `of subject "${subject}"`} coincide, ` +
        'so the shape is degenerate (it has no size and no defined shape)',
      at,
    );
  }
  return out;
}
