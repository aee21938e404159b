/**
 * The row-per-observation layout: the covariate x and the response columns of each row (chosen, named by the
 * space's convention, or by position), each row read as one point.
 */
import { MANIFOLDS, type DataManifold } from '../data/manifolds';
import { columnText, DataFormatError, ProblemList } from './errors';
import { ID_NAME, LAT_NAME, LON_NAME, Reader, RowChecks, type Core, type ReadOptions } from './reader';
import { refuseRadians } from './rows';

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

/** Picks x and y columns (explicit choice, or defaults) for the row-per-observation formats. */
function chooseColumns(
  reader: Reader,
  opts: ReadOptions,
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

export function readWide(reader: Reader, opts: ReadOptions, warnings: string[]): Core {
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
