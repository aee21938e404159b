/**
 * A workspace's data as a file in one of the lab's import formats (README, "Data formats"; `src/io`): the
 * covariate in its own units, then the response in the manifold's import layout — sphere: 3 coordinates of the
 * unit vector; SPD(2): a, b, c of [[a, b], [b, c]]; shapes: x1, y1, …, xk, yk (the preshape); Euclidean: the d
 * responses. Importing the file again gives the same data, hence the same fit (dataExport.test.ts). The same
 * text keeps imported data across reloads (`app/state/persistence.ts`).
 */
import { MANIFOLDS, type DataManifold } from '../../src/data/manifolds';
import { isIdColumnName } from '../../src/io';
import { covariateScale } from '../../src/regression';

/** Data as the lab holds them: covariates rescaled to [0, 1] and the range that maps them back. */
export interface DataForExport {
  xs: ArrayLike<number>;
  ys: readonly Float64Array[];
  xRange: readonly [number, number];
  xLabel: string;
  /** Names of the response columns (imported Euclidean data keep the names they had in the file). */
  yLabels?: readonly string[];
}

export interface DataTable {
  /** Column names: the covariate, then the response coordinates (unique, none read as a subject id). */
  columns: string[];
  /** One row per data point, in the order of `columns`. */
  rows: number[][];
}

/** The covariate in its original units; the ends of the range are kept exactly (re-import rescales by them). */
function originalCovariates(xs: ArrayLike<number>, xRange: readonly [number, number]): number[] {
  const [min, max] = xRange;
  const scale = covariateScale(min, max);
  return Array.from(xs, (x) => (x === 0 ? min : x === 1 ? max : scale.toOriginal(x)));
}

/**
 * Names every column once, so that the importer reads the file as it was meant: an empty name, a repeat or a
 * name the importer takes for a subject id (`id`, `subject`) becomes `fallback` (with a number if needed).
 */
function uniqueNames(wanted: readonly string[], fallbacks: readonly string[]): string[] {
  const taken = new Set<string>();
  return wanted.map((w, k) => {
    const ok = (s: string) => s.trim() !== '' && !isIdColumnName(s) && !taken.has(s.trim().toLowerCase());
    let name = ok(w) ? w.trim() : fallbacks[k];
    for (let i = 2; !ok(name); i++) name = `${fallbacks[k]}_${i}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** The data as a table in the manifold's import layout. */
export function dataTable(manifold: DataManifold, data: DataForExport): DataTable {
  const rows = MANIFOLDS[manifold].rows; // the manifold's import layout, written back
  const dim = data.ys.length > 0 ? rows.exportRow(data.ys[0]).length : 0;
  const yNames = rows.exportNames(dim, data.yLabels);
  const fallbacks = ['x', ...yNames.map((_, j) => `y${j + 1}`)];
  const columns = uniqueNames([data.xLabel, ...yNames], fallbacks);
  const xs = originalCovariates(data.xs, data.xRange);
  return { columns, rows: data.ys.map((y, i) => [xs[i], ...rows.exportRow(y)]) };
}

/** The table as records keyed by column name (what `toCsv` writes). */
export function tableRecords(table: DataTable): Record<string, number>[] {
  return table.rows.map((row) => Object.fromEntries(table.columns.map((c, k) => [c, row[k]])));
}

/** The JSON import form `{"xLabel", "x": [...], "y": [[...], ...]}` (yLabels names the response coordinates). */
export function dataJson(
  manifold: DataManifold,
  data: DataForExport,
): { xLabel: string; yLabels: string[]; x: number[]; y: number[][] } {
  const table = dataTable(manifold, data);
  return {
    xLabel: table.columns[0],
    yLabels: table.columns.slice(1),
    x: table.rows.map((r) => r[0]),
    y: table.rows.map((r) => r.slice(1)),
  };
}

/** What the columns of an exported data file are (a note for the file's comment lines). */
export function dataLayoutNote(manifold: DataManifold): string {
  return `columns: the covariate in its own units, then ${MANIFOLDS[manifold].rows.layout}; the lab imports this file as it is`;
}
