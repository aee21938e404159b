import { DataFormatError } from './errors';
import type { Table, TableRow } from './table';

/**
 * A small RFC 4180 reader: fields separated by one character, optionally quoted with `"` (a quote inside a
 * quoted field is written `""`; quoted fields may contain separators and line breaks). Line breaks are
 * `\n`, `\r\n` or `\r`. Unquoted fields are trimmed. Empty lines and lines starting with `#` are skipped but
 * still counted, so row numbers are the file's line numbers.
 */
export type Separator = ',' | ';' | '\t';

export interface CsvRecord {
  /** Line of the file (from 1) on which the record starts. */
  line: number;
  fields: string[];
}

export function readCsv(text: string, sep: Separator, file: string, lenientEnd = false): CsvRecord[] {
  const records: CsvRecord[] = [];
  const len = text.length;
  let i = 0;
  let line = 1;
  while (i < len) {
    // start of a record
    const startLine = line;
    // skip blank and comment lines
    const c0 = text.charCodeAt(i);
    if (c0 === 10 || c0 === 13) {
      i += c0 === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      line++;
      continue;
    }
    if (c0 === 35 /* # */) {
      while (i < len && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      continue;
    }
    const fields: string[] = [];
    let quoted = false;
    let endOfRecord = false;
    while (!endOfRecord) {
      // one field
      let field = '';
      quoted = false;
      // leading spaces before an opening quote
      let j = i;
      while (j < len && (text[j] === ' ' || (text[j] === '\t' && sep !== '\t'))) j++;
      if (j < len && text[j] === '"') {
        quoted = true;
        i = j + 1;
        const quoteLine = line;
        for (;;) {
          if (i >= len) {
            if (lenientEnd) return records;
            throw new DataFormatError(
              'a quoted field starting on this row is never closed (missing closing ")',
              { file, row: quoteLine },
            );
          }
          const ch = text[i];
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
          field += ch;
          i++;
        }
        // anything after the closing quote up to the separator is kept (lenient)
        let rest = '';
        while (i < len && text[i] !== sep && text[i] !== '\n' && text[i] !== '\r') rest += text[i++];
        field += rest.trim();
      } else {
        const start = i;
        while (i < len) {
          const ch = text[i];
          if (ch === sep || ch === '\n' || ch === '\r') break;
          i++;
        }
        field = text.slice(start, i).trim();
      }
      fields.push(field);
      if (i >= len) {
        endOfRecord = true;
      } else if (text[i] === sep) {
        i++;
      } else {
        // line break
        i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
        endOfRecord = true;
      }
    }
    // a record made of one empty unquoted field is a blank line (e.g. only spaces)
    if (!(fields.length === 1 && fields[0] === '' && !quoted)) records.push({ line: startLine, fields });
  }
  return records;
}

/**
 * Picks the separator from the first lines: the first of tab, semicolon, comma that splits most sampled lines
 * (more than half) into the same number (> 1) of fields, so that one ragged row is reported as ragged rather
 * than read with another separator; failing that, the one giving the most fields on the first line.
 * (Semicolon and tab come before comma because comma-separated files rarely contain them, while semicolon
 * files often use decimal commas.)
 */
export function detectSeparator(text: string, file: string): Separator {
  const sample = sampleLines(text, 20);
  const candidates: Separator[] = ['\t', ';', ','];
  let best: Separator = ',';
  let bestFirst = 0;
  for (const sep of candidates) {
    const recs = readCsv(sample, sep, file, true);
    if (recs.length === 0) continue;
    const counts = recs.map((r) => r.fields.length);
    const most = Math.max(...counts.map((c) => (c > 1 ? counts.filter((d) => d === c).length : 0)));
    if (2 * most > counts.length) return sep;
    if (counts[0] > bestFirst) {
      bestFirst = counts[0];
      best = sep;
    }
  }
  return best;
}

function sampleLines(text: string, lines: number): string {
  let i = 0;
  let count = 0;
  while (i < text.length && count < lines) {
    const ch = text.charCodeAt(i);
    if (ch === 10) count++;
    i++;
  }
  return text.slice(0, i);
}

/** The decimal-comma form `3,14` (read as 3.14 when the separator is not a comma). */
const DECIMAL_COMMA = /^[+-]?\d+,\d+(?:[eE][+-]?\d+)?$/;

export const SEPARATOR_NAMES: Record<Separator, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/** CSV text → table (header detection, decimal commas, trailing empty columns). */
export function csvTable(text: string, file: string): Table {
  const sep = detectSeparator(text, file);
  const records = readCsv(text, sep, file);
  const warnings: string[] = [];
  if (records.length === 0) throw new DataFormatError('the file has no data rows', { file });
  // Drop a trailing column that is empty everywhere (lines ending with a separator).
  while (
    records.every((r) => r.fields.length > 1 && r.fields[r.fields.length - 1] === '') &&
    records[0].fields.length > 1
  ) {
    for (const r of records) r.fields.pop();
  }
  if (sep !== ',') {
    let converted = false;
    for (const r of records) {
      for (let k = 0; k < r.fields.length; k++) {
        if (DECIMAL_COMMA.test(r.fields[k])) {
          r.fields[k] = r.fields[k].replace(',', '.');
          converted = true;
        }
      }
    }
    if (converted) warnings.push('numbers with a decimal comma (e.g. 3,14) were read as 3.14');
  }
  const first = records[0].fields;
  const header = looksLikeHeader(first) ? first : null;
  const rows: TableRow[] = (header ? records.slice(1) : records).map((r) => ({
    row: r.line,
    cells: r.fields,
  }));
  return { header, rows, format: 'csv', separator: SEPARATOR_NAMES[sep], warnings };
}

const NUMBERISH = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$|^[+-]?(?:nan|inf|infinity)$/i;

/** A first row is a header when more than half of its non-empty cells are not numbers. */
export function looksLikeHeader(fields: readonly string[]): boolean {
  let text = 0;
  let nonEmpty = 0;
  for (const f of fields) {
    if (f === '') continue;
    nonEmpty++;
    if (!NUMBERISH.test(f)) text++;
  }
  return nonEmpty > 0 && text * 2 > nonEmpty;
}
