import { DataFormatError } from './errors';

/** A parsed file before it is read as data of a manifold: optional header and rows of raw cells. */
export interface Table {
  header: string[] | null;
  rows: TableRow[];
  format: 'csv' | 'json';
  /** CSV only: 'comma' | 'semicolon' | 'tab'. */
  separator?: string;
  warnings: string[];
}

export interface TableRow {
  /** Row number used in messages (CSV: line of the file; JSON: entry of the array, from 1). */
  row: number;
  /** Strings (CSV, JSON strings) or JSON values. */
  cells: unknown[];
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const NON_FINITE = /^[+-]?(?:nan|inf|infinity)$/i;

/** Reads one cell as a finite number, or throws a DataFormatError naming the row and column. */
export function cellNumber(
  cell: unknown,
  where: { file: string; row: number; column: string | number },
): number {
  if (typeof cell === 'number') {
    if (Number.isFinite(cell)) return cell;
    throw new DataFormatError(`${cell} is not a finite number (NaN and infinities are not allowed)`, where);
  }
  if (typeof cell === 'string') {
    const s = cell.trim();
    if (s === '') throw new DataFormatError('the cell is empty (expected a number)', where);
    if (NON_FINITE.test(s))
      throw new DataFormatError(`"${s}" is not a finite number (NaN and infinities are not allowed)`, where);
    if (!NUMBER.test(s)) throw new DataFormatError(`"${clip(s)}" is not a number`, where);
    const x = Number(s);
    if (!Number.isFinite(x))
      throw new DataFormatError(`"${clip(s)}" is too large to be a finite number`, where);
    return x;
  }
  if (cell === null || cell === undefined)
    throw new DataFormatError('the value is missing or null (expected a number)', where);
  throw new DataFormatError(`${clip(JSON.stringify(cell) ?? String(cell))} is not a number`, where);
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
