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

/** How many of a file's problems one message lists (the count of the rest follows). */
export const MAX_LISTED_PROBLEMS = 10;

/**
 * A file's row problems, gathered so that one message lists them all (up to MAX_LISTED_PROBLEMS): fixing a file
 * one error per attempt is slow. The error thrown is the first problem's (its row, column and detail, which the
 * callers read), with the others appended to its message.
 */
export class ProblemList {
  private readonly problems: DataFormatError[] = [];
  private total = 0;

  /** Runs `f`, noting a DataFormatError it throws instead of stopping; other errors pass through. */
  check(f: () => void): void {
    try {
      f();
    } catch (e) {
      if (!(e instanceof DataFormatError)) throw e;
      this.total++;
      if (this.problems.length < MAX_LISTED_PROBLEMS) this.problems.push(e);
    }
  }

  throwIfAny(): void {
    const [first, ...rest] = this.problems;
    if (!first) return;
    if (rest.length === 0) throw first;
    const more = this.total - this.problems.length;
    // the others without their advice (the first gives it): what is wrong, and where
    const list = rest.map((e) => `${locate({ row: e.row, column: e.column })}: ${e.detail.split('; ')[0]}`);
    throw new DataFormatError(
      `${first.detail}\n${this.total} problems in all; also:\n${list.join('\n')}${more > 0 ? `\n… and ${more} more` : ''}`,
      { file: first.file, row: first.row, column: first.column },
    );
  }
}

/** `file, row 7, column "lat"` (the parts that are known; without the file inside a file's own message). */
export function locate(where: { file?: string; row?: number; column?: string | number }): string {
  const parts: string[] = [];
  if (where.file !== undefined) parts.push(where.file);
  if (where.row !== undefined) parts.push(`row ${where.row}`);
  if (where.column !== undefined) parts.push(columnText(where.column));
  return parts.join(', ');
}

export function columnText(column: string | number): string {
  return typeof column === 'number' ? `column ${column}` : `column "${column}"`;
}
