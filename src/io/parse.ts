import { MANIFOLDS } from '../data/manifolds';
import { DataFormatError } from './errors';
import { readKendallLong } from './kendallLong';
import { checkRectangular, MAX_DATA_BYTES, readTable } from './readTable';
import { Reader, type Core, type ReadOptions } from './reader';
import { fmt } from './rows';
import { readWide } from './wide';

export type { ColumnChoice } from './reader';

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
 *
 * The parts: `readTable.ts` (text → table, the checks that do not depend on the manifold), `reader.ts`
 * (columns and cells of a table, the checks noticed row by row), `wide.ts` (one row per observation) and
 * `kendallLong.ts` (one row per landmark).
 */
export interface ParseOptions extends ReadOptions {
  fileName: string;
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
