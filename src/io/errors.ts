/**
 * The one error type of the data importers: says exactly what is wrong and where.
 *
 * The message reads `file, row 7, column "lat": "abc" is not a number`. Rows count from 1 at the first line of
 * a CSV file, header included (the row number a spreadsheet shows); in JSON they count the entries of the
 * array from 1. Columns are named by their header when there is one (`column "lat"`), else numbered from 1
 * (`column 3`).
 */
export class DataFormatError extends Error {
  /** The file name the caller passed. */
  readonly file: string;
  /** Row of the problem (see above), when it is about one row. */
  readonly row?: number;
  /** Header name of the column, or its 1-based number when the file has no header. */
  readonly column?: string | number;
  /** The message without the location prefix. */
  readonly detail: string;

  constructor(detail: string, where: { file: string; row?: number; column?: string | number }) {
    super(`${locate(where)}: ${detail}`);
    this.name = 'DataFormatError';
    this.file = where.file;
    this.row = where.row;
    this.column = where.column;
    this.detail = detail;
  }
}

/** `file, row 7, column "lat"` (the parts that are known). */
export function locate(where: { file: string; row?: number; column?: string | number }): string {
  let s = where.file;
  if (where.row !== undefined) s += `, row ${where.row}`;
  if (where.column !== undefined) s += `, ${columnText(where.column)}`;
  return s;
}

export function columnText(column: string | number): string {
  return typeof column === 'number' ? `column ${column}` : `column "${column}"`;
}
