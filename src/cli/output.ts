/** Output helpers: JSON (typed arrays as plain arrays) and CSV. */

export interface Sink {
  write(text: string): unknown;
}

export interface ErrorSink extends Sink {
  /** When true, the progress line is redrawn in place. */
  isTTY?: boolean;
}

/** JSON with typed arrays as arrays and non-finite numbers as null. */
export function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) =>
      ArrayBuffer.isView(v) && !(v instanceof DataView) ? Array.from(v as Float64Array) : v,
    2,
  );
}

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : Number.isNaN(v) ? 'NaN' : String(v);
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header line and one line per row (columns: the given keys, in order). */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvCell(r[c])).join(','));
  return lines.join('\n') + '\n';
}

/** Spreads a vector into columns `prefix1 … prefixD`. */
export function spread(prefix: string, v: ArrayLike<number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 0; i < v.length; i++) out[`${prefix}${i + 1}`] = v[i];
  return out;
}

export function vectorColumns(prefix: string, d: number): string[] {
  return Array.from({ length: d }, (_, i) => `${prefix}${i + 1}`);
}

/** A compact progress line on stderr: redrawn in place on a terminal, otherwise only a final summary. */
export class Progress {
  private last = 0;
  private readonly start = performance.now();
  private drawn = false;
  constructor(
    private readonly stderr: ErrorSink,
    private readonly label: string,
    private readonly enabled: boolean,
  ) {}

  update = (done: number, total: number): void => {
    if (!this.enabled || !this.stderr.isTTY) return;
    const now = performance.now();
    if (done < total && now - this.last < 100) return;
    this.last = now;
    const pct = total > 0 ? Math.floor((100 * done) / total) : 100;
    this.stderr.write(`\r${this.label}: ${done}/${total} cells (${pct}%) ${this.seconds().toFixed(1)} s   `);
    this.drawn = true;
  };

  seconds(): number {
    return (performance.now() - this.start) / 1000;
  }

  finish(summary: string): void {
    if (!this.enabled) return;
    if (this.drawn) this.stderr.write('\r\x1b[K');
    this.stderr.write(`${this.label}: ${summary} in ${this.seconds().toFixed(1)} s\n`);
  }
}
