import { DataFormatError } from './errors';
import type { Table, TableRow } from './table';

/**
 * JSON data files, read into the same table shape as CSV. Accepted forms:
 *  1. an array of row arrays: `[[x, y1, y2, …], …]` (no header; like a CSV without header);
 *  2. an array of row objects: `[{"x": 0.1, "lat": 10, "lon": 20}, …]` (the keys of the first object are the
 *     header; every object must have them; other keys are ignored with a warning);
 *  3. an object of columns: `{"x": [x1, …], "y": [[…], …]}` where each y entry is the response in the
 *     manifold's coordinates (sphere: 3 coordinates; SPD(2): a, b, c or the 4 entries of the matrix; Kendall:
 *     2k landmark coordinates, flat or as k pairs `[[x1, y1], …]`; Euclidean: d numbers, or a single number per
 *     entry when d = 1). An optional `"xLabel"` names the covariate.
 * Forms 1 and 2 may also be wrapped as `{"data": [...]}` (or `"rows"`). Numbers may be JSON numbers or
 * numeric strings. Rows are numbered by their entry in the array, from 1.
 */
export function jsonTable(text: string, file: string): Table {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(msg);
    const lineCol = /line (\d+) column (\d+)/.exec(msg);
    const line = lineCol ? Number(lineCol[1]) : pos ? lineOf(text, Number(pos[1])) : undefined;
    const reason = msg.replace(/^JSON\.parse: /, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    throw new DataFormatError(
      `not valid JSON${line !== undefined ? ` (at line ${line} of the file)` : ''}: ${reason}`,
      { file },
    );
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    if ('x' in obj && 'y' in obj) return columnsForm(obj, file);
    for (const key of ['data', 'rows'])
      if (Array.isArray(obj[key])) return arrayForm(obj[key] as unknown[], file);
    throw new DataFormatError(
      'a JSON object must have "x" and "y" arrays (or a "data" array of rows); found keys ' +
        (Object.keys(obj)
          .map((k) => `"${k}"`)
          .join(', ') || 'none'),
      { file },
    );
  }
  if (Array.isArray(value)) return arrayForm(value, file);
  throw new DataFormatError(
    'expected a JSON array of rows or an object {"x": [...], "y": [...]}, found ' + typeof value,
    { file },
  );
}

function lineOf(text: string, pos: number): number {
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function arrayForm(items: unknown[], file: string): Table {
  if (items.length === 0) throw new DataFormatError('the JSON array is empty (no data rows)', { file });
  const first = items[0];
  const warnings: string[] = [];
  if (Array.isArray(first)) {
    const rows: TableRow[] = items.map((item, k) => {
      if (!Array.isArray(item))
        throw new DataFormatError('expected an array like the first row, found ' + describe(item), {
          file,
          row: k + 1,
        });
      return { row: k + 1, cells: flatten(item) };
    });
    return { header: null, rows, format: 'json', warnings };
  }
  if (first !== null && typeof first === 'object') {
    const header = Object.keys(first as object);
    if (header.length === 0) throw new DataFormatError('the first row object has no keys', { file, row: 1 });
    const extra = new Set<string>();
    const rows: TableRow[] = items.map((item, k) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item))
        throw new DataFormatError('expected an object like the first row, found ' + describe(item), {
          file,
          row: k + 1,
        });
      const obj = item as Record<string, unknown>;
      for (const key of header) {
        if (!(key in obj))
          throw new DataFormatError(`the key "${key}" is missing (the first row has it)`, {
            file,
            row: k + 1,
            column: key,
          });
      }
      for (const key of Object.keys(obj)) if (!header.includes(key)) extra.add(key);
      return { row: k + 1, cells: header.map((key) => obj[key]) };
    });
    if (extra.size > 0)
      warnings.push(
        `keys not in the first row were ignored: ${[...extra]
          .slice(0, 5)
          .map((k) => `"${k}"`)
          .join(', ')}`,
      );
    return { header, rows, format: 'json', warnings };
  }
  throw new DataFormatError(
    'expected each entry of the JSON array to be a row (an array or an object), found ' + describe(first),
    { file, row: 1 },
  );
}

function columnsForm(obj: Record<string, unknown>, file: string): Table {
  const xs = obj.x;
  const ys = obj.y;
  if (!Array.isArray(xs)) throw new DataFormatError('"x" must be an array of numbers', { file, column: 'x' });
  if (!Array.isArray(ys))
    throw new DataFormatError('"y" must be an array of responses', { file, column: 'y' });
  if (xs.length !== ys.length)
    throw new DataFormatError(`"x" has ${xs.length} entries but "y" has ${ys.length}; they must match`, {
      file,
    });
  let width = -1;
  const rows: TableRow[] = ys.map((y, k) => {
    const cells = Array.isArray(y) ? flatten(y) : [y];
    if (width < 0) width = cells.length;
    else if (cells.length !== width)
      throw new DataFormatError(
        `y has ${cells.length} values in this entry, expected ${width} (as in the first entry)`,
        { file, row: k + 1, column: 'y' },
      );
    return { row: k + 1, cells: [xs[k], ...cells] };
  });
  const xLabel = typeof obj.xLabel === 'string' && obj.xLabel ? obj.xLabel : 'x';
  const header = [xLabel, ...Array.from({ length: Math.max(width, 0) }, (_, j) => `y[${j + 1}]`)];
  return { header, rows, format: 'json', warnings: [] };
}

/** One level of nesting is flattened: landmarks given as pairs [[x1, y1], …] become x1, y1, …. */
function flatten(item: unknown[]): unknown[] {
  return item.some(Array.isArray) ? item.flatMap((c) => (Array.isArray(c) ? c : [c])) : item;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;
}
