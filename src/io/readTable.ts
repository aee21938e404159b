/**
 * Text → table: the checks of a data file that do not depend on the manifold (size, encoding, emptiness, rows
 * of one width), then CSV or JSON.
 */
import { csvTable } from './csv';
import { DataFormatError } from './errors';
import { jsonTable } from './json';
import type { Table, TableRow } from './table';

export const MAX_DATA_BYTES = 20 * 1024 * 1024;

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
