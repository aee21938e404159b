/**
 * fast-check arbitraries for the property-based tests (test-only; imports fast-check, a devDependency):
 * points and tangent vectors of every manifold, corruptions of arrays, and data tables serialised as the CSV and
 * JSON files the importer reads.
 *
 * Points are generated in tangent coordinates at the base point (coefficients in an orthonormal basis, mapped by
 * Exp), so the same arbitrary serves every manifold and shrinks towards the base point. Geometric coordinates are
 * drawn evenly over their range (see `uniform`); the special lengths where formulas switch branches are added
 * explicitly.
 */
import fc from 'fast-check';
import { euclidean } from '../geometry/euclidean';
import { kendall } from '../geometry/kendall';
import { spd } from '../geometry/spd';
import { sphere } from '../geometry/sphere';
import type { DataManifold } from '../data/manifolds';
import type { Manifold } from '../geometry/types';

/** The seed of every property: CI runs are reproducible (change it locally to explore other cases). */
export const PROPERTY_SEED = 0x5eed;

// ---------------------------------------------------------------------------------------------------------
// Manifolds, points, tangent vectors

export interface ManifoldCase {
  M: Manifold;
  /** Random points lie within this geodesic distance of the base point (pairs stay inside the injectivity radius). */
  spread: number;
  /** Longest tangent vector of the exp/log round trips (below the injectivity radius). */
  maxLength: number;
}

/** Every manifold of the lab (and a few more sizes), with ranges where log is defined for every pair. */
export function manifoldCases(): ManifoldCase[] {
  const kendallRange = { spread: 0.75, maxLength: 0.99 * (Math.PI / 2) };
  return [
    { M: sphere(), spread: 1.5, maxLength: 0.99 * Math.PI },
    { M: euclidean(1), spread: 10, maxLength: 20 },
    { M: euclidean(3), spread: 10, maxLength: 20 },
    { M: spd(2, 'affine'), spread: 3, maxLength: 4 },
    { M: spd(3, 'affine'), spread: 3, maxLength: 4 },
    { M: spd(2, 'logEuclidean'), spread: 3, maxLength: 4 },
    { M: spd(3, 'logEuclidean'), spread: 3, maxLength: 4 },
    { M: kendall(3), ...kendallRange },
    { M: kendall(6), ...kendallRange },
    { M: kendall(50), ...kendallRange },
  ];
}

const STEPS = 2 ** 30;

/**
 * A double spread evenly over [min, max] (min ≤ 0 ≤ max), shrinking towards 0. (fc.double is even over the
 * floating-point numbers, so most of its values are tiny; it also favours 0 and the bounds.)
 */
export function uniform(min: number, max: number): fc.Arbitrary<number> {
  return fc
    .noBias(fc.integer({ min: min < 0 ? -STEPS : 0, max: max > 0 ? STEPS : 0 }))
    .map((i) => (i < 0 ? (-min * i) / STEPS : (max * i) / STEPS) + 0);
}

/** Coefficients of a direction in an orthonormal basis (not all tiny). */
export function directionArb(dim: number): fc.Arbitrary<number[]> {
  return fc.array(uniform(-1, 1), { minLength: dim, maxLength: dim }).filter((c) => Math.hypot(...c) > 1e-3);
}

/** Σ cᵢ bᵢ over the orthonormal basis of T_p, scaled to norm `length` in the metric at p. */
export function tangentFrom(M: Manifold, p: Float64Array, coeffs: readonly number[], length: number) {
  const basis = M.tangentBasis(p);
  const v = new Float64Array(M.ambientDim);
  const k = length / Math.hypot(...coeffs);
  basis.forEach((b, i) => {
    for (let j = 0; j < v.length; j++) v[j] += k * coeffs[i] * b[j];
  });
  return v;
}

/** A point within geodesic distance `spread` of the base point. */
export function pointArb(M: Manifold, spread: number): fc.Arbitrary<Float64Array> {
  return fc.tuple(directionArb(M.dim), uniform(0, 1)).map(([c, r]) => {
    const o = M.basePoint();
    return M.exp(o, tangentFrom(M, o, c, spread * r));
  });
}

/** A tangent vector, given as a direction and a length (build it at a point with tangentFrom). */
export interface TangentSpec {
  coeffs: number[];
  length: number;
}

/** Lengths in [0, maxLength], with the tiny ones where formulas switch to series made likely. */
export function tangentArb(dim: number, maxLength: number): fc.Arbitrary<TangentSpec> {
  return fc.record({
    coeffs: directionArb(dim),
    length: fc.oneof(
      { arbitrary: uniform(0, maxLength), weight: 5 },
      { arbitrary: fc.constantFrom(0, 1e-300, 1e-12, 1e-7, 1e-4, maxLength), weight: 1 },
    ),
  });
}

/** An ambient array (n numbers of moderate size: mostly uniform, sometimes fast-check's edge values). */
export function ambientArb(n: number, scale = 10): fc.Arbitrary<Float64Array> {
  return fc
    .array(
      fc.oneof(
        { arbitrary: uniform(-scale, scale), weight: 5 },
        { arbitrary: fc.double({ min: -scale, max: scale, noNaN: true }), weight: 1 },
      ),
      { minLength: n, maxLength: n },
    )
    .map((a) => Float64Array.from(a));
}

// ---------------------------------------------------------------------------------------------------------
// Corrupted arrays

export type CorruptionKind = 'nan' | 'inf' | '-inf' | 'short' | 'long' | 'empty';

export interface Corruption {
  kind: CorruptionKind;
  /** Which entry gets the non-finite value (taken modulo the length). */
  index: number;
}

export const corruptionArb: fc.Arbitrary<Corruption> = fc.record({
  kind: fc.constantFrom<CorruptionKind>('nan', 'inf', '-inf', 'short', 'long', 'empty'),
  index: fc.nat(),
});

/** A copy of a with one entry made non-finite, or with the wrong length. */
export function corrupt(a: Float64Array, c: Corruption): Float64Array {
  switch (c.kind) {
    case 'short':
      return a.slice(0, a.length - 1);
    case 'long':
      return Float64Array.from([...a, 0.5]);
    case 'empty':
      return new Float64Array(0);
    default: {
      const out = Float64Array.from(a);
      out[c.index % a.length] = c.kind === 'nan' ? NaN : c.kind === 'inf' ? Infinity : -Infinity;
      return out;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Data tables and files

/** The kinds of data files (the descriptor table's kinds). */
export type TableManifold = DataManifold;

/** A valid data table: rows of numbers [x, response…] and a name per column. */
export interface DataTable {
  manifold: TableManifold;
  names: string[];
  rows: number[][];
  /** Sphere responses given as latitude, longitude in degrees (needs a header naming them lat, lon). */
  latLon: boolean;
  /** SPD responses as the 4 entries of the matrix instead of a, b, c. */
  fullMatrix: boolean;
}

/**
 * Finite numbers in [−max, max]: evenly spread, integers, and fast-check's doubles (all magnitudes, subnormal
 * ones too); never −0 (written "0", it would read back as +0).
 */
const anyNumber = (max: number) =>
  fc.oneof(
    uniform(-max, max),
    fc.integer({ min: -1000, max: 1000 }),
    fc.double({ min: -max, max, noNaN: true }).map((x) => x + 0),
  );

/** Column names that the importer reads as plain names (not id, subject, landmark, lat/lon or a number). */
const RESERVED = /^(id|sid|subject.*|landmark.*|point|index|lat.*|lon.*|lng|nan|inf.*)$/i;
const nameArb = fc
  .stringMatching(/^[A-Za-z][A-Za-z0-9_ .()-]{0,8}[A-Za-z0-9]$/)
  .filter((s) => !RESERVED.test(s.split(/[ (]/)[0]));

/**
 * Per kind of data: the layout choices a valid table may make (lat/lon columns, a full 2×2 matrix, a width) and
 * one row's response in that layout. A table, so that a new kind is one more entry.
 */
interface TableKind {
  latLon: fc.Arbitrary<boolean>;
  fullMatrix: fc.Arbitrary<boolean>;
  width: fc.Arbitrary<number>;
  responseWidth(latLon: boolean, fullMatrix: boolean, width: number): number;
  response(latLon: boolean, fullMatrix: boolean, width: number): fc.Arbitrary<number[]>;
}

const anyWidth = fc.integer({ min: 1, max: 4 });
const TABLE_KINDS: Readonly<Record<TableManifold, TableKind>> = {
  sphere: {
    latLon: fc.boolean(),
    fullMatrix: fc.constant(false),
    width: anyWidth,
    responseWidth: (latLon) => (latLon ? 2 : 3),
    response: (latLon) =>
      latLon
        ? fc.tuple(
            fc.oneof(uniform(-90, 90), fc.constantFrom(-90, 90)),
            fc.oneof(uniform(-360, 360), fc.constantFrom(-360, 360)),
          )
        : fc
            .tuple(...[0, 1, 2].map(() => uniform(-1, 1)))
            .filter((c) => Math.hypot(...c) > 0.1)
            .map((c) => {
              const r = Math.hypot(...c);
              return c.map((x) => x / r + 0);
            }),
  },
  spd: {
    latLon: fc.constant(false),
    fullMatrix: fc.boolean(),
    width: anyWidth,
    responseWidth: (_, fullMatrix) => (fullMatrix ? 4 : 3),
    // a = e^u, c = e^w, b = ρ√(ac) with |ρ| < 1: positive definite over 4 orders of magnitude, condition
    // number up to about 4e6 (the importer refuses nearly singular matrices).
    response: (_, fullMatrix) =>
      fc.tuple(uniform(-5, 5), uniform(-5, 5), uniform(-0.99, 0.99)).map(([u, w, rho]) => {
        const a = Math.exp(u);
        const c = Math.exp(w);
        const b = rho * Math.sqrt(a) * Math.sqrt(c) + 0;
        return fullMatrix ? [a, b, b, c] : [a, b, c];
      }),
  },
  kendall: {
    latLon: fc.constant(false),
    fullMatrix: fc.constant(false),
    width: fc.integer({ min: 3, max: 8 }).map((k) => 2 * k),
    responseWidth: (_, __, width) => width,
    response: (_, __, width) =>
      fc
        .array(uniform(-100, 100), {
          minLength: width,
          maxLength: width,
        })
        .filter((z) => {
          const xs = z.filter((_, i) => i % 2 === 0);
          const ys = z.filter((_, i) => i % 2 === 1);
          return Math.max(...xs) - Math.min(...xs) + Math.max(...ys) - Math.min(...ys) > 1e-3;
        }),
  },
  euclidean: {
    latLon: fc.constant(false),
    fullMatrix: fc.constant(false),
    width: anyWidth,
    responseWidth: (_, __, width) => width,
    response: (_, __, width) => fc.array(anyNumber(1e9), { minLength: width, maxLength: width }),
  },
};

/** A valid table for manifold m: 3–25 rows, covariates not all equal. */
export function dataTableArb(m: TableManifold): fc.Arbitrary<DataTable> {
  const kind = TABLE_KINDS[m];
  return fc
    .record({
      latLon: kind.latLon,
      fullMatrix: kind.fullMatrix,
      width: kind.width,
      n: fc.integer({ min: 3, max: 25 }),
    })
    .chain(({ latLon, fullMatrix, width, n }) => {
      const responseWidth = kind.responseWidth(latLon, fullMatrix, width);
      return fc.record({
        manifold: fc.constant(m),
        latLon: fc.constant(latLon),
        fullMatrix: fc.constant(fullMatrix),
        names: fc
          .uniqueArray(nameArb, {
            minLength: responseWidth + 1,
            maxLength: responseWidth + 1,
            selector: (s) => s.toLowerCase(),
          })
          .map((names) => (latLon ? [names[0], 'lat', 'lon'] : names)),
        rows: fc
          .array(
            fc.tuple(anyNumber(1e6), kind.response(latLon, fullMatrix, width)).map(([x, y]) => [x, ...y]),
            { minLength: n, maxLength: n },
          )
          .filter((rows) => rows.some((r) => r[0] !== rows[0][0])),
      });
    });
}

export interface CsvStyle {
  sep: ',' | ';' | '\t';
  header: boolean;
  eol: '\n' | '\r\n';
  bom: boolean;
  /** Every field in double quotes. */
  quoted: boolean;
  /** Numbers written 3,14 (only with ; or tab separators). */
  decimalComma: boolean;
  /** A comment line and a blank line before the table. */
  preamble: boolean;
  trailingNewline: boolean;
}

export const csvStyleArb: fc.Arbitrary<CsvStyle> = fc
  .record({
    sep: fc.constantFrom<CsvStyle['sep']>(',', ';', '\t'),
    header: fc.boolean(),
    eol: fc.constantFrom<CsvStyle['eol']>('\n', '\r\n'),
    bom: fc.boolean(),
    quoted: fc.boolean(),
    decimalComma: fc.boolean(),
    preamble: fc.boolean(),
    trailingNewline: fc.boolean(),
  })
  .map((s) => ({ ...s, decimalComma: s.decimalComma && s.sep !== ',' }));

export type JsonForm = 'arrays' | 'objects' | 'columns';
export const jsonFormArb = fc.constantFrom<JsonForm>('arrays', 'objects', 'columns');

/** A serialised table: the text, and where each data row and column is (as the importer's messages name them). */
export interface DataFile {
  text: string;
  /** Row number of data row i in messages: its line in a CSV file, its entry (from 1) in JSON. */
  rowOf: number[];
  /** How column j is named in messages: its header name, or its number from 1. */
  columnOf: (string | number)[];
  /** Whether the importer sees a header (CSV header line, JSON objects or columns). */
  hasHeader: boolean;
}

/** Cell overrides: [data row, column, text] (a cell's text replaced, e.g. to corrupt it). */
export type CellEdit = { row: number; column: number; text: string };

export function numberText(x: number, decimalComma = false): string {
  const s = String(x);
  return decimalComma ? s.replace('.', ',') : s;
}

/** Writes a table as CSV; `edit` replaces one cell's text, `rowCells` can change one row's cell list. */
export function toCsv(
  t: DataTable,
  s: CsvStyle,
  edit?: CellEdit,
  rowCells?: { row: number; cells: (cells: string[]) => string[] },
): DataFile {
  const field = (f: string) => (s.quoted ? `"${f.replace(/"/g, '""')}"` : f);
  const lines: string[] = [];
  if (s.preamble) lines.push('# generated by a property test', '');
  if (s.header) lines.push(t.names.map(field).join(s.sep));
  const rowOf: number[] = [];
  t.rows.forEach((r, i) => {
    let cells = r.map((x) => numberText(x, s.decimalComma));
    if (edit && edit.row === i) cells[edit.column] = edit.text;
    if (rowCells && rowCells.row === i) cells = rowCells.cells(cells);
    rowOf.push(lines.length + 1);
    lines.push(cells.map(field).join(s.sep));
  });
  const text = (s.bom ? '\ufeff' : '') + lines.join(s.eol) + (s.trailingNewline ? s.eol : '');
  return {
    text,
    rowOf,
    columnOf: t.names.map((n, j) => (s.header ? n : j + 1)),
    hasHeader: s.header,
  };
}

/** Writes a table as JSON in one of the accepted forms; `edit` replaces one cell by a JSON value's text. */
export function toJson(t: DataTable, form: JsonForm, edit?: CellEdit): DataFile {
  const cell = (i: number, j: number) =>
    edit && edit.row === i && edit.column === j ? edit.text : JSON.stringify(t.rows[i][j]);
  const rowOf = t.rows.map((_, i) => i + 1);
  const indices = (r: number[]) => r.map((_, j) => j);
  let text: string;
  let columnOf: (string | number)[];
  if (form === 'arrays') {
    text = `[${t.rows.map((r, i) => `[${indices(r).map((j) => cell(i, j))}]`).join(',\n')}]`;
    columnOf = t.names.map((_, j) => j + 1);
  } else if (form === 'objects') {
    text = `[${t.rows
      .map((r, i) => `{${indices(r).map((j) => `${JSON.stringify(t.names[j])}: ${cell(i, j)}`)}}`)
      .join(',\n')}]`;
    columnOf = t.names;
  } else {
    const ys = t.rows.map((r, i) => `[${indices(r.slice(1)).map((j) => cell(i, j + 1))}]`);
    text = `{"xLabel": ${JSON.stringify(t.names[0])}, "x": [${t.rows.map((_, i) => cell(i, 0))}], "y": [${ys.join(',\n')}]}`;
    columnOf = [t.names[0], ...t.names.slice(1).map((_, j) => `y[${j + 1}]`)];
  }
  return { text, rowOf, columnOf, hasHeader: form !== 'arrays' };
}
