/**
 * Reading a table's rows as data: which column is which (by header name or number), numeric cells with their
 * place in messages, and what is noticed row by row (repeated rows, points projected onto the sphere).
 */
import type { DataManifold } from '../data/manifolds';
import { DataFormatError } from './errors';
import { cellNumber, type Table, type TableRow } from './table';
import { fmt, SPHERE_TOLERANCE } from './rows';

export interface ColumnChoice {
  /** The covariate column: header name, or 1-based number. */
  x?: string | number;
  /** The response columns, in order. */
  y?: (string | number)[];
  /** Kendall long format: the subject column. */
  subject?: string | number;
}

/** What a layout reader reads: the space, the columns chosen, and whether to project sphere points. */
export interface ReadOptions {
  manifold: DataManifold;
  columns?: ColumnChoice;
  /** Project sphere points that are not unit vectors onto the sphere instead of failing. */
  normalize?: boolean;
}

/** What a layout reader returns (ParsedData's core), before the covariates are checked. */
export interface Core {
  xs: Float64Array;
  ys: Float64Array[];
  xLabel: string;
  yLabels: string[];
  rows: number[];
  subjects?: string[];
  landmarks?: number;
  xColumn: number;
}

export const ID_NAME = /^(subject|subject[ _-]?id|id|sid)$/i;

/** A column so named is read as a subject id (ignored by default in the row-per-observation layouts). */
export function isIdColumnName(name: string): boolean {
  return ID_NAME.test(name.trim());
}
export const LANDMARK_NAME = /^(landmark|landmark[ _-]?index|point|index)$/i;
export const LAT_NAME = /^lat(itude)?(\s*\(.*\))?$/i;
export const LON_NAME = /^(lon|long|lng|longitude)(\s*\(.*\))?$/i;

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
