/** Output helpers: JSON (typed arrays as plain arrays) and CSV, and the head every command's output starts with. */
import type { PrivacyStatement } from '../privacy/statement';
import type { Command } from './options';
import { SCHEMA_VERSION, type Provenance } from './provenance';

export interface Sink {
  write(text: string): unknown;
}

export interface ErrorSink extends Sink {
  /** When true, the progress line is redrawn in place. */
  isTTY?: boolean;
}

const typedArrays = (_key: string, v: unknown) =>
  ArrayBuffer.isView(v) && !(v instanceof DataView) ? Array.from(v as Float64Array) : v;

/** JSON with typed arrays as arrays and non-finite numbers as null. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, typedArrays, 2);
}

/** What every output carries before its results (docs/cli-output.md). */
export interface OutputHead {
  command: Command;
  /** Every setting in force, resolved to a value. */
  settings: Record<string, unknown>;
  notes: readonly string[];
  privacy: PrivacyStatement;
  provenance: Provenance;
}

/**
 * The head as `# key: value` lines for the top of a CSV (strings as they are, everything else as JSON), with a
 * command's own `extra` lines after them (results that do not fit the table).
 */
export function csvHead(head: OutputHead, extra: readonly (readonly [string, unknown])[] = []): string {
  const p = head.provenance;
  const entries: (readonly [string, unknown])[] = [
    ['command', head.command],
    ['schemaVersion', SCHEMA_VERSION],
    ['tool', p.tool],
    ['version', p.version],
    ['commit', p.commit],
    ['modified', p.modified],
    ['node', p.node],
    ['argv', p.argv],
    ['seeds', p.seeds],
    ['dataSha256', p.dataSha256],
    ['settings', head.settings],
    ['privacy', head.privacy],
    ...extra,
  ];
  return entries
    .map(
      ([k, v]) =>
        `# ${k}: ${typeof v === 'string' && !/[\r\n]/.test(v) ? v : JSON.stringify(v, typedArrays)}\n`,
    )
    .join('');
}

/** A command's CSV: the table, and results beside it as further `# key: value` lines (`head`). */
export interface CsvTable {
  columns: readonly string[];
  rows: readonly Record<string, unknown>[];
  head?: readonly (readonly [string, unknown])[];
}

/**
 * Writes one command's output: JSON — the head (command, schemaVersion, provenance, settings, notes, privacy),
 * then `body`; CSV — the head as comment lines (and the table's own), then `table()`'s header line and rows
 * (notes go to stderr only).
 */
export function writeOutput(
  stdout: Sink,
  format: 'json' | 'csv',
  head: OutputHead,
  body: Record<string, unknown>,
  table: () => CsvTable,
): void {
  if (format === 'json') {
    const { command, provenance, settings, notes, privacy } = head;
    stdout.write(
      `${toJson({ command, schemaVersion: SCHEMA_VERSION, provenance, settings, notes, privacy, ...body })}\n`,
    );
    return;
  }
  const { columns, rows, head: extra } = table();
  stdout.write(csvHead(head, extra) + toCsv(columns, rows));
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
