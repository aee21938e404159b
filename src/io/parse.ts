import { MANIFOLDS, type DataManifold } from '../data/manifolds';
import { csvTable } from './csv';
import { columnText, DataFormatError, ProblemList } from './errors';
import { jsonTable } from './json';
import { fmt, preshape, refuseRadians, SPHERE_TOLERANCE } from './rows';
import { cellNumber, type Table, type TableRow } from './table';

export { fmt, fromLatLon, spherePoint, SPD_MAX_CONDITION, SPHERE_TOLERANCE } from './rows';

/**
 * Data import for every manifold (README.md): CSV or JSON text → covariates and responses, validated, with
 * messages that say exactly what is wrong and where. Pure TypeScript (no Node or DOM): the command line and
 * the browser lab both call it on the text of a file.
 *
 * Layout of a row (after choosing columns; by default the first column is the covariate x and the others the
 * response — unless the header names the responses by the space's convention, `namedResponses`, when the
 * column left, or the one named like a covariate, is x):
 *  - sphere: x, then 3 coordinates of a unit vector (|‖y‖ − 1| ≤ 1e-6, else an error — or `normalize: true`
 *    projects each point), or x, latitude, longitude in degrees when the header names them (lat/lon,
 *    latitude/longitude, lng, long), or when exactly two response columns are chosen (read as latitude, longitude);
 *  - spd: x, a, b, c for the matrix [[a, b], [b, c]] (or x and the 4 entries row-major, which must be
 *    symmetric); it must be positive definite (a > 0, ac − b² > 0) and not nearly singular (condition number at
 *    most SPD_MAX_CONDITION). Responses are returned as [a, b, b, c];
 *  - kendall: x, then 2k landmark coordinates x1, y1, x2, y2, … (k ≥ 3); each row is centred and scaled to a
 *    preshape. Or the long format: one row per landmark, with a subject column (header `subject`, `id`,
 *    `subject_id`) holding the same covariate on all its rows, two coordinate columns and optionally a
 *    landmark-index column (`landmark`, `point`, `index`) that orders the landmarks (file order otherwise);
 *  - euclidean: x, then d ≥ 1 responses.
 * Covariates are any finite numbers; they are not rescaled here (the caller does it). A column named `id`
 * or `subject` is ignored in the row-per-observation formats.
 *
 * CSV: comma, semicolon or tab separated (detected), quoted fields as in RFC 4180, header optional (a first
 * row whose cells are mostly not numbers), decimal commas accepted with `;` or tab separators, blank lines and
 * lines starting with # skipped. JSON: see `jsonTable`. Files larger than `maxBytes` (20 MB), empty files,
 * non-UTF-8 text (UTF-16 included), non-numbers, NaN/Inf, ragged rows (the row whose width differs from most),
 * points off the manifold, n < 3 and all-equal covariates are errors (DataFormatError); duplicate rows are a
 * warning.
 */
export interface ColumnChoice {
  /** The covariate column: header name, or 1-based number. */
  x?: string | number;
  /** The response columns, in order. */
  y?: (string | number)[];
  /** Kendall long format: the subject column. */
  subject?: string | number;
}

export interface ParseOptions {
  fileName: string;
  manifold: DataManifold;
  columns?: ColumnChoice;
  /** Project sphere points that are not unit vectors onto the sphere instead of failing. */
  normalize?: boolean;
  /** Size limit in bytes (UTF-16 code units of the text are counted; default 20 MB). */
  maxBytes?: number;
}

export interface ParsedData {
  /** Covariates in the file's units (not rescaled). */
  xs: Float64Array;
  /** Responses on the manifold (sphere: unit 3-vectors; SPD(2): [a, b, b, c]; Kendall: preshapes; R^d). */
  ys: Float64Array[];
  xLabel: string;
  /** Names of the response columns as read. */
  yLabels: string[];
  warnings: string[];
  n: number;
  format: 'csv' | 'json';
  /** CSV only: 'comma', 'semicolon' or 'tab'. */
  separator?: string;
  /** Row (as in messages) of each data point; for the Kendall long format, the subject's first row. */
  rows: number[];
  /** Kendall long format: the subject of each data point. */
  subjects?: string[];
  /** Kendall: landmarks per shape. */
  landmarks?: number;
  /** The file's column names (CSV header, keys of JSON row objects), or null when it has none. */
  header: string[] | null;
  /** Sphere with `normalize`: how many points were off the unit sphere, and the largest |‖y‖ − 1| among them. */
  projected?: { count: number; maxDeviation: number };
}

export const MAX_DATA_BYTES = 20 * 1024 * 1024;

const ID_NAME = /^(subject|subject[ _-]?id|id|sid)$/i;

/** A column so named is read as a subject id (ignored by default in the row-per-observation layouts). */
export function isIdColumnName(name: string): boolean {
  return ID_NAME.test(name.trim());
}
const LANDMARK_NAME = /^(landmark|landmark[ _-]?index|point|index)$/i;
export const LAT_NAME = /^lat(itude)?(\s*\(.*\))?$/i;
export const LON_NAME = /^(lon|long|lng|longitude)(\s*\(.*\))?$/i;

export function parseDataFile(text: string, opts: ParseOptions): ParsedData {
  const file = opts.fileName;
  const table = readTable(text, file, opts.maxBytes ?? MAX_DATA_BYTES);
  checkRectangular(table, file);
  const reader = new Reader(table, file);
  const warnings = [...table.warnings];
  const result =
    MANIFOLDS[opts.manifold].rows.longFormat && reader.isLongFormat(opts.columns)
      ? readKendallLong(reader, opts, warnings)
      : readWide(reader, opts, warnings);
  checkCovariates(result, reader, file);
  const { xColumn: _xColumn, ...core } = result;
  return {
    ...core,
    warnings,
    n: result.xs.length,
    format: table.format,
    ...(table.separator ? { separator: table.separator } : {}),
    header: table.header,
  };
}

/**
 * The column names of a data file (CSV header, keys of JSON row objects), or null when it has none — so a user
 * can choose columns even when the default choice fails to parse. Throws DataFormatError when the file cannot
 * be read as a table at all.
 */
export function dataFileHeader(text: string, fileName: string, maxBytes = MAX_DATA_BYTES): string[] | null {
  return readTable(text, fileName, maxBytes).header;
}

/** Text → table, after the checks that do not depend on the manifold (size, encoding, emptiness). */
export function readTable(text: string, file: string, max: number): Table {
  if (text.length > max) {
    let [size, limit] = [sizeText(text.length), sizeText(max)];
    if (size === limit) [size, limit] = [`${text.length} bytes`, `${max} bytes`];
    throw new DataFormatError(`the file is ${size}; the limit is ${limit}`, { file });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const bad = text.indexOf('\ufffd');
  if (bad >= 0) {
    throw new DataFormatError(
      `the file is not valid UTF-8 text (an undecodable byte on line ${lineAt(text, bad)}); ` +
        'save it as UTF-8 CSV or JSON (spreadsheet files such as .xlsx must be exported first)',
      { file },
    );
  }
  // UTF-16 read as UTF-8 gives a NUL beside every ASCII character (binary files have them too).
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    throw new DataFormatError(
      `the file contains NUL characters (the first on line ${lineAt(text, nul)}), so it is not UTF-8 text: it ` +
        'looks like UTF-16 text or a binary file; save it as UTF-8 CSV or JSON',
      { file },
    );
  }
  if (text.trim() === '') throw new DataFormatError('the file is empty', { file });
  const table = isJson(text, file) ? jsonTable(text, file) : csvTable(text, file);
  if (table.rows.length === 0) throw new DataFormatError('the file has a header but no data rows', { file });
  return table;
}

/** A size as people read it: 512 bytes, 3.4 kB, 21 MB (1 kB = 1024 bytes; the text's length in UTF-16 units). */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'kB'] : [bytes / (1024 * 1024), 'MB'];
  return `${value.toFixed(1).replace(/\.0$/, '')} ${unit}`;
}

function lineAt(text: string, pos: number): number {
  let line = 1;
  for (let i = 0; i < pos; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** JSON when the name ends in .json or the text starts with [ or { (never the start of numeric CSV). */
function isJson(text: string, file: string): boolean {
  if (file.toLowerCase().endsWith('.json')) return true;
  const c = text.trimStart()[0];
  return c === '[' || c === '{';
}

export function checkRectangular(table: Table, file: string): void {
  const width = table.header ? table.header.length : commonWidth(table.rows);
  const like = table.header
    ? 'as in the header'
    : width === table.rows[0].cells.length
      ? 'as in the first row'
      : 'as in most rows';
  for (const r of table.rows) {
    if (r.cells.length !== width) {
      throw new DataFormatError(`expected ${width} columns (${like}), found ${r.cells.length}`, {
        file,
        row: r.row,
      });
    }
  }
}

/** The number of cells most rows have (the first row's on a tie): a single ragged row is the one reported. */
function commonWidth(rows: TableRow[]): number {
  const count = new Map<number, number>();
  for (const r of rows) count.set(r.cells.length, (count.get(r.cells.length) ?? 0) + 1);
  let best = rows[0].cells.length;
  for (const [w, c] of count) if (c > count.get(best)!) best = w;
  return best;
}

/** Column lookup and numeric cells of one table. */
export class Reader {
  readonly width: number;
  constructor(
    readonly table: Table,
    readonly file: string,
  ) {
    this.width = table.header ? table.header.length : table.rows[0].cells.length;
  }

  /** How a column is named in messages: its header name, or its 1-based number. */
  name(col: number): string | number {
    const h = this.table.header?.[col];
    return h !== undefined && h !== '' ? h : col + 1;
  }

  label(col: number): string {
    const n = this.name(col);
    return typeof n === 'number' ? `column ${n}` : n;
  }

  /** The index of a column given by header name (exact, then case-insensitive) or 1-based number. */
  resolve(ref: string | number, role: string): number {
    const header = this.table.header;
    if (typeof ref === 'string') {
      const s = ref.trim();
      if (header) {
        let k = header.indexOf(s);
        if (k < 0) k = header.findIndex((h) => h.trim().toLowerCase() === s.toLowerCase());
        if (k >= 0) return k;
      }
      if (/^\d+$/.test(s)) return this.resolve(Number(s), role);
      throw new DataFormatError(
        `there is no column named "${s}" (for ${role}); ` +
          (header
            ? `the columns are ${header.map((h) => `"${h}"`).join(', ')}`
            : 'the file has no header, so give column numbers (from 1)'),
        { file: this.file },
      );
    }
    if (!Number.isInteger(ref) || ref < 1 || ref > this.width) {
      throw new DataFormatError(`column number ${ref} (for ${role}) is out of range 1–${this.width}`, {
        file: this.file,
      });
    }
    return ref - 1;
  }

  find(pattern: RegExp): number {
    return this.table.header ? this.table.header.findIndex((h) => pattern.test(h.trim())) : -1;
  }

  num(r: TableRow, col: number): number {
    return cellNumber(r.cells[col], { file: this.file, row: r.row, column: this.name(col) });
  }

  isLongFormat(columns: ColumnChoice | undefined): boolean {
    if (columns?.subject !== undefined) return true;
    return this.find(ID_NAME) >= 0 && this.width - (this.find(LANDMARK_NAME) >= 0 ? 1 : 0) === 4;
  }
}

interface Core {
  xs: Float64Array;
  ys: Float64Array[];
  xLabel: string;
  yLabels: string[];
  rows: number[];
  subjects?: string[];
  landmarks?: number;
  xColumn: number;
}

/** Picks x and y columns (explicit choice, or defaults) for the row-per-observation formats. */
/** A covariate column so named (when the responses are named too, this picks it among the columns left). */
const COVARIATE_NAME = /^(x|t|time|age|year|date|covariate|cov)(\s*\(.*\))?$/i;

/**
 * The response columns a header names by the space's convention — sphere x, y, z; SPD(2) a, b, c; shapes x1,
 * y1, …, xk, yk — in that order, or null when it does not name them all. A file headed
 * `x,y,z,age` then reads age as the covariate instead of the coordinate x.
 */
function namedResponses(reader: Reader, manifold: DataManifold): number[] | null {
  const header = reader.table.header;
  if (!header) return null;
  const at = (name: string) => header.findIndex((h) => h.trim().toLowerCase() === name);
  const all = (names: string[]) => {
    const cols = names.map(at);
    return cols.every((c) => c >= 0) ? cols : null;
  };
  if (manifold === 'sphere') return all(['x', 'y', 'z']);
  if (manifold === 'spd') return all(['a', 'b', 'c']);
  const numbered = (prefix: string) => {
    const cols: number[] = [];
    for (let i = 1; at(`${prefix}${i}`) >= 0; i++) cols.push(at(`${prefix}${i}`));
    return cols;
  };
  if (manifold === 'kendall') {
    const xs = numbered('x');
    const ys = numbered('y');
    return xs.length >= 3 && xs.length === ys.length ? xs.flatMap((c, i) => [c, ys[i]]) : null;
  }
  // R^d: responses carry any names (the lab asks which columns to use)
  return null;
}

function chooseColumns(
  reader: Reader,
  opts: ParseOptions,
  warnings: string[],
): { x: number; y: number[]; latLon: boolean } {
  const cols = opts.columns ?? {};
  const all = Array.from({ length: reader.width }, (_, k) => k);
  const id = cols.x === undefined && cols.y === undefined ? reader.find(ID_NAME) : -1;
  let x = cols.x !== undefined ? reader.resolve(cols.x, 'x') : -1;
  let y = cols.y?.map((c) => reader.resolve(c, 'y'));
  let latLon = false;
  const format = MANIFOLDS[opts.manifold].rows;
  if (!y && format.latLon) {
    const lat = reader.find(LAT_NAME);
    const lon = reader.find(LON_NAME);
    if (lat >= 0 && lon >= 0 && lat !== x && lon !== x) {
      y = [lat, lon];
      latLon = true;
    }
  }
  let byName = false;
  if (!y) {
    const named = namedResponses(reader, opts.manifold);
    if (named && !named.includes(x)) {
      y = named;
      byName = true;
    }
  }
  if (x < 0 && byName) {
    const left = all.filter((k) => k !== id && !y!.includes(k));
    x = left.length === 1 ? left[0] : (left.find((k) => COVARIATE_NAME.test(reader.label(k).trim())) ?? -1);
    if (x < 0)
      throw new DataFormatError(
        left.length === 0
          ? `the header names the responses (${y!.map((k) => reader.label(k)).join(', ')}) and no column is left for the covariate`
          : `the header names the responses (${y!.map((k) => reader.label(k)).join(', ')}); which of ` +
              `${left.map((k) => columnText(reader.name(k))).join(', ')} is the covariate? Name it (e.g. "t" or "age") or choose it`,
        { file: reader.file },
      );
  }
  if (x < 0) {
    x = all.find((k) => k !== id && !(y ?? []).includes(k)) ?? -1;
    if (x < 0) throw new DataFormatError('no column is left for the covariate x', { file: reader.file });
  }
  if (!y) y = all.filter((k) => k !== x && k !== id);
  if (y.includes(x))
    throw new DataFormatError(`${columnText(reader.name(x))} cannot be both the covariate and a response`, {
      file: reader.file,
    });
  if (format.latLon && y.length === 2 && cols.y !== undefined) latLon = true;
  if (y.length === 0)
    throw new DataFormatError('the file has only one column; expected the covariate x and the response', {
      file: reader.file,
    });
  if (cols.x === undefined && cols.y === undefined) {
    const unused = all.filter((k) => k !== x && !y.includes(k));
    if (unused.length > 0)
      warnings.push(`ignored ${unused.map((k) => columnText(reader.name(k))).join(', ')}`);
  }
  return { x, y, latLon };
}

function readWide(reader: Reader, opts: ParseOptions, warnings: string[]): Core {
  const { file } = reader;
  const { x, y, latLon } = chooseColumns(reader, opts, warnings);
  const names = y.map((k) => reader.label(k));
  const shapeError = (expected: string) =>
    new DataFormatError(
      `${opts.manifold} data need ${expected}; found ${y.length} response column${y.length === 1 ? '' : 's'} (${names.join(', ')})`,
      { file },
    );
  const format = MANIFOLDS[opts.manifold].rows;
  const problem = format.widthProblem(y.length, latLon);
  if (problem !== null) throw shapeError(problem);
  const context = { names: y.map((k) => reader.name(k)), latLon, normalize: opts.normalize ?? false };

  const xs = new Float64Array(reader.table.rows.length);
  const ys: Float64Array[] = [];
  const rows: number[] = [];
  const checks = new RowChecks();
  const raw = new Float64Array(y.length);
  const lats: number[] = [];
  const lons: number[] = [];
  const problems = new ProblemList();
  reader.table.rows.forEach((r, i) =>
    problems.check(() => {
      xs[i] = reader.num(r, x);
      for (let j = 0; j < y.length; j++) raw[j] = reader.num(r, y[j]);
      checks.row(`${xs[i]}|${raw.join('|')}`, `row ${r.row}`);
      const [point, deviation] = format.read(raw, { ...context, at: { file, row: r.row } });
      checks.deviation(deviation);
      ys.push(point);
      rows.push(r.row);
      if (latLon) {
        lats.push(raw[0]);
        lons.push(raw[1]);
      }
    }),
  );
  problems.throwIfAny();
  if (latLon) refuseRadians(lats, lons, { file, latColumn: context.names[0], lonColumn: context.names[1] });
  warnings.push(...checks.warnings());
  return {
    xs,
    ys,
    xLabel: reader.label(x),
    yLabels: names,
    rows,
    xColumn: x,
    ...(format.landmarks ? { landmarks: format.landmarks(y.length) } : {}),
    ...(checks.projected ? { projected: checks.projected } : {}),
  };
}

/**
 * What a reader notices row by row and reports once at the end: repeated rows (kept, but named) and points
 * that were projected onto the unit sphere (how many, and by how much at most).
 */
export class RowChecks {
  private readonly seen = new Map<string, string>();
  private readonly duplicates: string[] = [];
  private projectedCount = 0;
  private maxDeviation = 0;

  /** Notes a row (`label`, e.g. `row 5`) with content `key`; a repeat names the first row with that content. */
  row(key: string, label: string): void {
    const first = this.seen.get(key);
    if (first !== undefined) this.duplicates.push(`${label} repeats ${first}`);
    else this.seen.set(key, label);
  }

  /** Notes how far a point's length was from 1 before it was projected onto the sphere. */
  deviation(d: number): void {
    if (d <= SPHERE_TOLERANCE) return;
    this.projectedCount++;
    this.maxDeviation = Math.max(this.maxDeviation, d);
  }

  get projected(): { count: number; maxDeviation: number } | undefined {
    return this.projectedCount > 0
      ? { count: this.projectedCount, maxDeviation: this.maxDeviation }
      : undefined;
  }

  warnings(): string[] {
    const out: string[] = [];
    const dup = this.duplicates;
    if (dup.length > 0) {
      const more = dup.length > 3 ? `, and ${dup.length - 3} more` : '';
      out.push(
        `${dup.length} duplicate row${dup.length === 1 ? '' : 's'} (${dup.slice(0, 3).join(', ')}${more}); they are kept`,
      );
    }
    const n = this.projectedCount;
    if (n > 0)
      out.push(
        `${n} point${n === 1 ? ' was' : 's were'} projected onto the unit sphere (normalize; ` +
          `lengths were off by up to ${fmt(this.maxDeviation)})`,
      );
    return out;
  }
}

function readKendallLong(reader: Reader, opts: ParseOptions, warnings: string[]): Core {
  const { file } = reader;
  const cols = opts.columns ?? {};
  const subject = cols.subject !== undefined ? reader.resolve(cols.subject, 'subject') : reader.find(ID_NAME);
  const landmark = reader.find(LANDMARK_NAME);
  const rest = Array.from({ length: reader.width }, (_, k) => k).filter(
    (k) => k !== subject && k !== landmark,
  );
  const x = cols.x !== undefined ? reader.resolve(cols.x, 'x') : (rest[0] ?? -1);
  const y = cols.y?.map((c) => reader.resolve(c, 'y')) ?? rest.filter((k) => k !== x);
  if (x < 0 || y.length !== 2) {
    throw new DataFormatError(
      'the long format for shapes needs a subject column, the covariate x and two landmark coordinates per row ' +
        `(and optionally a landmark index); found ${y.length} coordinate column${y.length === 1 ? '' : 's'}`,
      { file },
    );
  }
  interface Subject {
    name: string;
    firstRow: number;
    x: number;
    points: { order: number; row: number; px: number; py: number }[];
  }
  const subjects = new Map<string, Subject>();
  reader.table.rows.forEach((r, i) => {
    const cell = r.cells[subject];
    const name = cell === null || cell === undefined ? '' : String(cell).trim();
    if (name === '')
      throw new DataFormatError('the subject is empty', { file, row: r.row, column: reader.name(subject) });
    const xv = reader.num(r, x);
    let s = subjects.get(name);
    if (!s) {
      s = { name, firstRow: r.row, x: xv, points: [] };
      subjects.set(name, s);
    } else if (xv !== s.x) {
      throw new DataFormatError(
        `${fmt(xv)} differs from ${fmt(s.x)}, the covariate of subject "${name}" on row ${s.firstRow} ` +
          '(x must be the same on all rows of a subject)',
        { file, row: r.row, column: reader.name(x) },
      );
    }
    const order = landmark >= 0 ? reader.num(r, landmark) : i;
    if (landmark >= 0 && s.points.some((p) => p.order === order)) {
      throw new DataFormatError(`subject "${name}" already has a landmark ${fmt(order)}`, {
        file,
        row: r.row,
        column: reader.name(landmark),
      });
    }
    s.points.push({ order, row: r.row, px: reader.num(r, y[0]), py: reader.num(r, y[1]) });
  });
  const list = [...subjects.values()];
  const k = list[0].points.length;
  if (k < 3)
    throw new DataFormatError(`subject "${list[0].name}" has ${k} landmarks; shapes need at least 3`, {
      file,
      row: list[0].firstRow,
    });
  for (const s of list) {
    if (s.points.length !== k) {
      throw new DataFormatError(
        `subject "${s.name}" has ${s.points.length} landmarks, expected ${k} like subject "${list[0].name}"`,
        { file, row: s.firstRow },
      );
    }
  }
  const checks = new RowChecks();
  const ys = list.map((s) => {
    const pts = [...s.points].sort((a, b) => a.order - b.order);
    const raw = pts.flatMap((p) => [p.px, p.py]);
    checks.row(`${s.x}|${raw.join('|')}`, `subject "${s.name}"`);
    return preshape(raw, { file, row: s.firstRow }, s.name);
  });
  warnings.push(...checks.warnings());
  return {
    xs: Float64Array.from(list, (s) => s.x),
    ys,
    xLabel: reader.label(x),
    yLabels: y.map((c) => reader.label(c)),
    rows: list.map((s) => s.firstRow),
    subjects: list.map((s) => s.name),
    landmarks: k,
    xColumn: x,
  };
}

function checkCovariates(core: Core, reader: Reader, file: string): void {
  const n = core.xs.length;
  const unit = core.subjects ? 'subject' : 'data row';
  if (n < 3) {
    throw new DataFormatError(
      `only ${n} ${unit}${n === 1 ? '' : 's'}; geodesic regression needs at least 3`,
      { file },
    );
  }
  const x0 = core.xs[0];
  if (core.xs.every((x) => x === x0)) {
    throw new DataFormatError(
      `all covariates are equal (to ${fmt(x0)}), so no regression line can be fitted`,
      { file, column: reader.name(core.xColumn) },
    );
  }
}
