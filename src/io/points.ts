import { createSymEig, symEig } from '../geometry/linalg';
import { columnText, DataFormatError } from './errors';
import { checkRectangular, MAX_DATA_BYTES, readTable } from './readTable';
import { isIdColumnName, LAT_NAME, LON_NAME, Reader, RowChecks } from './reader';
import { fmt, fromLatLon, refuseRadians, SPD_MAX_CONDITION, spherePoint } from './rows';
import { cellNumber, type Table } from './table';

/**
 * Points-only files for the Fréchet-mean workspace (no covariate): the data whose mean is released. Same text
 * checks (size, encoding, CSV/JSON reading, row/column messages) as `parseDataFile`, other layouts:
 *  - sphere: 3 coordinates of a unit vector per row (|‖y‖ − 1| ≤ 1e-6, else an error — `normalize: true`
 *    projects each point), or latitude and longitude in degrees: the columns a header names lat/lon (any
 *    other columns ignored with a warning), or a file of exactly two columns (read as latitude, longitude);
 *  - spd: the k(k+1)/2 entries of the upper triangle of a k×k matrix, row by row (m11, m12, …, m1k, m22, …,
 *    mkk; k ≥ 2 read from the number of columns), or in JSON an array of k×k matrices `[[[a, b], [b, c]], …]`
 *    (also wrapped as `{"data": [...]}`), which must be symmetric. Every matrix must be positive definite and
 *    not nearly singular (condition number at most SPD_MAX_CONDITION), and all must have the same k.
 * Columns named `id` or `subject` are ignored (with a warning); a file needs at least 2 points. SPD matrices are
 * returned row-major (k² entries), sphere points as unit 3-vectors.
 */
export type PointSpace = 'sphere' | 'spd';

export interface PointsOptions {
  fileName: string;
  space: PointSpace;
  /** Project sphere points that are not unit vectors onto the sphere instead of failing. */
  normalize?: boolean;
  maxBytes?: number;
}

export interface ParsedPoints {
  points: Float64Array[];
  /** SPD: the matrix size k; the sphere: 2 (S²). */
  k: number;
  /** How the file gave the points. */
  layout: 'unit-vectors' | 'lat-lon' | 'upper-triangle' | 'matrices';
  n: number;
  /** Row (as in messages) of each point. */
  rows: number[];
  warnings: string[];
  format: 'csv' | 'json';
  header: string[] | null;
  /** Sphere with `normalize`: how many points were off the unit sphere, and the largest |‖y‖ − 1| among them. */
  projected?: { count: number; maxDeviation: number };
}

/** Largest SPD size read from a file (the command line's limit for `--k` too). */
export const MAX_POINTS_K = 50;

/** Column names of the SPD upper triangle, row by row: m11, m12, …, mkk (what the export writes). */
export function upperTriangleNames(k: number): string[] {
  const names: string[] = [];
  for (let i = 1; i <= k; i++) for (let j = i; j <= k; j++) names.push(`m${i}${k > 9 ? '_' : ''}${j}`);
  return names;
}

/** k with k(k+1)/2 = m, or null when m is not a triangular number. */
export function triangularSide(m: number): number | null {
  const k = Math.round((Math.sqrt(8 * m + 1) - 1) / 2);
  return (k * (k + 1)) / 2 === m ? k : null;
}

export function parsePointsFile(text: string, opts: PointsOptions): ParsedPoints {
  const file = opts.fileName;
  const table = readTable(text, file, opts.maxBytes ?? MAX_DATA_BYTES);
  const matrices = opts.space === 'spd' && table.format === 'json' ? jsonMatrices(text) : null;
  const result = matrices ? readMatrices(matrices, file) : readRows(table, opts);
  const n = result.points.length;
  if (n < 2)
    throw new DataFormatError(`only ${n} point${n === 1 ? '' : 's'}; a mean needs at least 2`, { file });
  return {
    ...result,
    n,
    warnings: [...table.warnings, ...result.warnings],
    format: table.format,
    header: matrices ? null : table.header,
  };
}

type Read = Pick<ParsedPoints, 'points' | 'k' | 'layout' | 'rows' | 'warnings' | 'projected'>;

/** CSV rows or JSON rows: unit vectors, lat/lon, or upper triangles. */
function readRows(table: Table, opts: PointsOptions): Read {
  const file = opts.fileName;
  checkRectangular(table, file);
  const reader = new Reader(table, file);
  const warnings: string[] = [];
  const all = Array.from({ length: reader.width }, (_, c) => c);
  const ids = all.filter((c) => table.header !== null && isIdColumnName(table.header[c]));
  let cols = all.filter((c) => !ids.includes(c));
  let layout: Read['layout'];
  if (opts.space === 'sphere') {
    const lat = reader.find(LAT_NAME);
    const lon = reader.find(LON_NAME);
    if (lat >= 0 && lon >= 0) {
      const other = cols.filter((c) => c !== lat && c !== lon);
      if (other.length > 0)
        warnings.push(`ignored ${other.map((c) => columnText(reader.name(c))).join(', ')}`);
      cols = [lat, lon];
      layout = 'lat-lon';
    } else if (cols.length === 3) layout = 'unit-vectors';
    else if (cols.length === 2) layout = 'lat-lon';
    else
      throw widthError(
        reader,
        cols,
        'sphere points need 3 coordinates of a unit vector, or latitude and longitude in degrees',
      );
  } else {
    const k = triangularSide(cols.length);
    if (k === null || k < 2)
      throw widthError(
        reader,
        cols,
        'SPD(k) points need the k(k+1)/2 upper-triangle entries m11, m12, …, mkk of each matrix (3 for k = 2, 6 for k = 3, 10 for k = 4, …)',
      );
    if (k > MAX_POINTS_K) throw widthError(reader, cols, `SPD(k) points are read for k ≤ ${MAX_POINTS_K}`);
    layout = 'upper-triangle';
  }
  if (ids.length > 0) warnings.push(`ignored ${ids.map((c) => columnText(reader.name(c))).join(', ')}`);
  const k = opts.space === 'spd' ? triangularSide(cols.length)! : 2;
  const points: Float64Array[] = [];
  const rows: number[] = [];
  const checks = new RowChecks();
  const raw = new Float64Array(cols.length);
  for (const r of table.rows) {
    for (let j = 0; j < cols.length; j++) raw[j] = reader.num(r, cols[j]);
    checks.row(raw.join('|'), `row ${r.row}`);
    const at = { file, row: r.row };
    if (layout === 'lat-lon') {
      points.push(
        fromLatLon(raw[0], raw[1], {
          ...at,
          latColumn: reader.name(cols[0]),
          lonColumn: reader.name(cols[1]),
        }),
      );
    } else if (layout === 'unit-vectors') {
      const [p, deviation] = spherePoint(raw, opts.normalize ?? false, at);
      checks.deviation(deviation);
      points.push(p);
    } else {
      const names = cols.map((c) => reader.name(c));
      points.push(spdMatrix(fromUpperTriangle(raw, k), k, at, (i, j) => names[upperIndex(k, i, j)]));
    }
    rows.push(r.row);
  }
  if (layout === 'lat-lon')
    refuseRadians(
      table.rows.map((r) => reader.num(r, cols[0])),
      table.rows.map((r) => reader.num(r, cols[1])),
      { file, latColumn: reader.name(cols[0]), lonColumn: reader.name(cols[1]) },
    );
  warnings.push(...checks.warnings());
  return {
    points,
    k,
    layout,
    rows,
    warnings,
    ...(checks.projected ? { projected: checks.projected } : {}),
  };
}

function widthError(reader: Reader, cols: number[], need: string): DataFormatError {
  // a long list is cut: the count says how many there are
  const shown = cols.slice(0, 8).map((c) => reader.label(c));
  const names = shown.join(', ') + (cols.length > shown.length ? ', …' : '');
  return new DataFormatError(
    `${need}; found ${cols.length} column${cols.length === 1 ? '' : 's'} (${names}). A points file has no covariate column`,
    { file: reader.file },
  );
}

/** Position of entry (i, j), i ≤ j (0-based), in the row-by-row upper triangle. */
function upperIndex(k: number, i: number, j: number): number {
  return i * k - (i * (i - 1)) / 2 + (j - i);
}

function fromUpperTriangle(raw: ArrayLike<number>, k: number): Float64Array {
  const X = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = i; j < k; j++) X[i * k + j] = X[j * k + i] = raw[upperIndex(k, i, j)];
  return X;
}

/** The matrix's upper triangle, row by row (the CSV layout; inverse of fromUpperTriangle). */
export function upperTriangle(X: ArrayLike<number>, k: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < k; i++) for (let j = i; j < k; j++) out.push(X[i * k + j]);
  return out;
}

const eigScratch = new Map<number, ReturnType<typeof createSymEig>>();

/**
 * Checks a symmetric matrix for positive definiteness and conditioning; `column(i, j)` names the cell of entry
 * (i, j) in messages (a non-positive diagonal entry is the clearest way to say where the problem is).
 */
function spdMatrix(
  X: Float64Array,
  k: number,
  at: { file: string; row: number },
  column: (i: number, j: number) => string | number,
): Float64Array {
  for (let i = 0; i < k; i++)
    if (!(X[i * k + i] > 0))
      throw new DataFormatError(
        `the diagonal entry (${i + 1},${i + 1}) is ${fmt(X[i * k + i])} ≤ 0, so the matrix is not positive definite`,
        { ...at, column: column(i, i) },
      );
  let eig = eigScratch.get(k);
  if (!eig) eigScratch.set(k, (eig = createSymEig(k)));
  symEig(X, k, eig);
  const lo = eig.values[0];
  const hi = eig.values[k - 1];
  if (!(lo > 0))
    throw new DataFormatError(
      `the matrix is not positive definite (its smallest eigenvalue is ${fmt(+lo.toPrecision(4))})`,
      at,
    );
  if (!(hi / lo <= SPD_MAX_CONDITION))
    throw new DataFormatError(
      `the matrix is too close to singular (condition number ${Number((hi / lo).toPrecision(3)).toExponential()}, above ` +
        `${SPD_MAX_CONDITION.toExponential()}), so distances between such matrices cannot be computed reliably`,
      at,
    );
  return X;
}

/** A JSON array of matrices (arrays of arrays), or null when the JSON has rows instead. */
function jsonMatrices(text: string): unknown[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return null; // readTable has already reported bad JSON; not reached
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    value = Array.isArray(obj.data) ? obj.data : Array.isArray(obj.rows) ? obj.rows : null;
  }
  if (!Array.isArray(value) || value.length === 0) return null;
  const first: unknown = value[0];
  return Array.isArray(first) && first.length > 0 && Array.isArray(first[0]) ? value : null;
}

/** `[[[a, b], [b, c]], …]`: entry e (from 1) is row e; column mIJ names entry (I, J). */
function readMatrices(items: unknown[], file: string): Read {
  const k = (items[0] as unknown[]).length;
  if (k < 2 || k > MAX_POINTS_K)
    throw new DataFormatError(
      `the first matrix is ${k}×${k}; SPD(k) points are read for 2 ≤ k ≤ ${MAX_POINTS_K}`,
      {
        file,
        row: 1,
      },
    );
  const names = upperTriangleNames(k);
  const column = (i: number, j: number) => names[upperIndex(k, Math.min(i, j), Math.max(i, j))];
  const points: Float64Array[] = [];
  const rows: number[] = [];
  const checks = new RowChecks();
  items.forEach((item, e) => {
    const at = { file, row: e + 1 };
    const shape = `expected a ${k}×${k} matrix (an array of ${k} rows of ${k} numbers) like the first entry`;
    if (!Array.isArray(item) || item.length !== k)
      throw new DataFormatError(
        `${shape}, found ${Array.isArray(item) ? `${item.length} rows` : JSON.stringify(item)}`,
        at,
      );
    const X = new Float64Array(k * k);
    item.forEach((line: unknown, i) => {
      if (!Array.isArray(line) || line.length !== k)
        throw new DataFormatError(
          `${shape}; its row ${i + 1} has ${Array.isArray(line) ? `${line.length} entries` : `the value ${JSON.stringify(line)}`}`,
          at,
        );
      for (let j = 0; j < k; j++) X[i * k + j] = cellNumber(line[j], { ...at, column: column(i, j) });
    });
    for (let i = 0; i < k; i++)
      for (let j = i + 1; j < k; j++) {
        const [u, l] = [X[i * k + j], X[j * k + i]];
        if (Math.abs(u - l) > 1e-9 * Math.max(1, Math.abs(u), Math.abs(l)))
          throw new DataFormatError(
            `the matrix is not symmetric: entry (${i + 1},${j + 1}) = ${fmt(u)} but entry (${j + 1},${i + 1}) = ${fmt(l)}`,
            { ...at, column: column(i, j) },
          );
        X[i * k + j] = X[j * k + i] = (u + l) / 2;
      }
    checks.row(X.join('|'), `row ${e + 1}`);
    points.push(spdMatrix(X, k, at, column));
    rows.push(e + 1);
  });
  return {
    points,
    k,
    layout: 'matrices',
    rows,
    warnings: checks.warnings(),
  };
}

/**
 * Points as a table in the import layout (what the lab's data export writes): the sphere's unit vectors as
 * x, y, z; SPD matrices as their upper triangles m11, m12, …, mkk. Reading it back gives the same points.
 */
export function pointsTable(
  space: PointSpace,
  k: number,
  points: readonly Float64Array[],
): { columns: string[]; rows: number[][] } {
  return space === 'sphere'
    ? { columns: ['x', 'y', 'z'], rows: points.map((p) => Array.from(p)) }
    : { columns: upperTriangleNames(k), rows: points.map((p) => upperTriangle(p, k)) };
}

/** The JSON import form: `{"data": rows}` — unit vectors [x, y, z], or k×k matrices [[m11, …], …]. */
export function pointsJson(
  space: PointSpace,
  k: number,
  points: readonly Float64Array[],
): { data: number[][] | number[][][] } {
  if (space === 'sphere') return { data: points.map((p) => Array.from(p)) };
  return {
    data: points.map((p) => Array.from({ length: k }, (_, i) => Array.from(p.subarray(i * k, i * k + k)))),
  };
}
