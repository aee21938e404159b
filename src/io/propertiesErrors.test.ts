/**
 * Property-based tests of the data importer, bad files: one random corruption gives a DataFormatError whose row
 * and column point at it, as does a row off the manifold or a problem with the whole file; and arbitrary text
 * never gives anything but data or a DataFormatError. Fixed seed, bounded runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvStyleArb,
  dataTableArb,
  jsonFormArb,
  PROPERTY_SEED,
  toCsv,
  toJson,
  type DataTable,
  type TableManifold,
} from '../testing/arbitraries';
import { DataFormatError, parseDataFile, type ParsedData } from '.';
import { csvStyleFor, formatError, parseCsv, parseJson } from './propertiesTestkit';

const params = { seed: PROPERTY_SEED, numRuns: 80 };
const MANIFOLDS: TableManifold[] = ['sphere', 'spd', 'kendall', 'euclidean'];

/** A bad cell: the text written instead of a number, and what the message must say. */
const badCsvCell = fc.constantFrom(
  { text: 'abc', message: /"abc" is not a number/ },
  { text: '1.2.3', message: /"1\.2\.3" is not a number/ },
  { text: '12a', message: /"12a" is not a number/ },
  { text: 'NaN', message: /"NaN" is not a finite number/ },
  { text: '-Infinity', message: /"-Infinity" is not a finite number/ },
  { text: 'inf', message: /"inf" is not a finite number/ },
  { text: '1e999', message: /"1e999" is too large/ },
  { text: '', message: /the cell is empty/ },
);
const badJsonCell = fc.constantFrom(
  { text: '"abc"', message: /"abc" is not a number/ },
  { text: '"NaN"', message: /"NaN" is not a finite number/ },
  { text: '1e999', message: /Infinity is not a finite number/ },
  { text: 'null', message: /missing or null/ },
  { text: '""', message: /the cell is empty/ },
  { text: 'true', message: /true is not a number/ },
);

describe.each(MANIFOLDS)('%s tables: one corruption is reported where it is', (m) => {
  const cellArb = (t: DataTable) =>
    fc.record({ row: fc.nat(t.rows.length - 1), column: fc.nat(t.names.length - 1) });

  it('CSV: a non-numeric, NaN, infinite, huge or empty cell names its row and column', () => {
    fc.assert(
      fc.property(
        dataTableArb(m).chain((t) => fc.tuple(fc.constant(t), cellArb(t), csvStyleArb, badCsvCell)),
        ([t, at, style, bad]) => {
          const file = toCsv(t, csvStyleFor(t, style), { ...at, text: bad.text });
          const e = formatError(() => parseCsv(file.text, m));
          expect(e.row).toBe(file.rowOf[at.row]);
          expect(e.column).toBe(file.columnOf[at.column]);
          expect(e.message).toMatch(bad.message);
          expect(e.message.startsWith(`data.csv, row ${e.row}, `)).toBe(true);
        },
      ),
      params,
    );
  });

  it('JSON: a bad value names its entry and key (or position)', () => {
    fc.assert(
      fc.property(
        dataTableArb(m).chain((t) => fc.tuple(fc.constant(t), cellArb(t), jsonFormArb, badJsonCell)),
        ([t, at, formChoice, bad]) => {
          const form = t.latLon ? 'objects' : formChoice;
          const file = toJson(t, form, { ...at, text: bad.text });
          const e = formatError(() => parseJson(file.text, m));
          expect(e.message).toMatch(bad.message);
          expect(e.row).toBe(file.rowOf[at.row]);
          expect(e.column).toBe(file.columnOf[at.column]);
        },
      ),
      params,
    );
  });

  it('CSV: a ragged row (a cell missing or one too many) names its row', () => {
    fc.assert(
      fc.property(
        dataTableArb(m).chain((t) =>
          fc.tuple(fc.constant(t), fc.nat(t.rows.length - 1), fc.boolean(), csvStyleArb),
        ),
        ([t, row, shorter, style]) => {
          const s = csvStyleFor(t, style);
          const file = toCsv(t, s, undefined, {
            row,
            cells: (cells) => (shorter ? cells.slice(0, -1) : [...cells, '1']),
          });
          const e = formatError(() => parseCsv(file.text, m));
          expect(e.row).toBe(file.rowOf[row]);
          expect(e.message).toMatch(
            /expected \d+ columns \(as in (the header|the first row|most rows)\), found \d+/,
          );
        },
      ),
      params,
    );
  });
});

/** Per manifold, a row made invalid on the manifold, and where and what the error says. */
const offManifold: Record<
  TableManifold,
  | ((t: DataTable, row: number[]) => { row: number[]; column?: (t: DataTable) => string; message: RegExp })
  | null
> = {
  sphere: (t, r) =>
    t.latLon
      ? { row: [r[0], 95, r[2]], column: () => 'lat', message: /latitude 95 is outside \[−90, 90\]/ }
      : { row: [r[0], 2 * r[1], 2 * r[2], 2 * r[3]], message: /has length 2, not 1/ },
  spd: (t, r) =>
    t.fullMatrix
      ? {
          row: [r[0], -r[1], r[2], r[3], r[4]],
          column: (u) => u.names[1],
          message: /not positive definite: a = /,
        }
      : {
          row: [r[0], r[1], 2 * Math.sqrt(r[1] * r[3]) + 1, r[3]],
          message: /not positive definite: a·c − b²/,
        },
  kendall: (_t, r) => ({
    row: [r[0], ...r.slice(1).map(() => 3.5)],
    message: /all \d+ landmarks of this row coincide/,
  }),
  euclidean: null,
};

describe.each(MANIFOLDS.filter((m) => offManifold[m]))('%s tables: a row off the manifold', (m) => {
  it('is refused with its row (and column where one is to blame), in CSV and JSON', () => {
    fc.assert(
      fc.property(
        dataTableArb(m).chain((t) =>
          fc.tuple(fc.constant(t), fc.nat(t.rows.length - 1), csvStyleArb, jsonFormArb),
        ),
        ([t, i, style, formChoice]) => {
          const bad = offManifold[m]!(t, t.rows[i]);
          const rows = t.rows.map((r, k) => (k === i ? bad.row : r));
          const broken = { ...t, rows };
          const csv = toCsv(broken, csvStyleFor(t, style));
          const json = toJson(broken, t.latLon ? 'objects' : formChoice);
          for (const [file, e] of [
            [csv, formatError(() => parseCsv(csv.text, m))],
            [json, formatError(() => parseJson(json.text, m))],
          ] as const) {
            expect(e.row).toBe(file.rowOf[i]);
            expect(e.message).toMatch(bad.message);
            if (bad.column && file.hasHeader && file === csv) expect(e.column).toBe(bad.column(t));
          }
        },
      ),
      { ...params, numRuns: 40 },
    );
  });
});

describe('whole-file problems', () => {
  const tableArb = fc.constantFrom(...MANIFOLDS).chain((m) => dataTableArb(m));

  it('empty or blank files, and a header without rows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(' ', '\t', '\n', '\r\n'), { maxLength: 12 }),
        fc.boolean(),
        (blanks, bom) => {
          const text = (bom ? '\ufeff' : '') + blanks.join('');
          expect(formatError(() => parseCsv(text, 'euclidean')).message).toBe('data.csv: the file is empty');
        },
      ),
      params,
    );
    fc.assert(
      fc.property(tableArb, csvStyleArb, (t, s) => {
        const header = toCsv({ ...t, rows: [] }, { ...s, header: true, preamble: false }).text;
        expect(formatError(() => parseCsv(header, t.manifold)).message).toBe(
          'data.csv: the file has a header but no data rows',
        );
      }),
      params,
    );
  });

  it('too few rows (n < 3) and all covariates equal', () => {
    fc.assert(
      fc.property(tableArb, csvStyleArb, fc.integer({ min: 1, max: 2 }), (t, style, n) => {
        const s = csvStyleFor(t, style);
        const few = toCsv({ ...t, rows: t.rows.slice(0, n) }, s);
        expect(formatError(() => parseCsv(few.text, t.manifold)).message).toMatch(
          new RegExp(`only ${n} data rows?; geodesic regression needs at least 3`),
        );
        const equal = toCsv({ ...t, rows: t.rows.map((r) => [t.rows[0][0], ...r.slice(1)]) }, s);
        const e = formatError(() => parseCsv(equal.text, t.manifold));
        expect(e.message).toMatch(/all covariates are equal/);
        expect(e.column).toBe(equal.columnOf[0]);
      }),
      params,
    );
  });

  it('a file over the size limit says how large it is and what the limit is', () => {
    fc.assert(
      fc.property(tableArb, csvStyleArb, fc.double({ min: 0, max: 1, noNaN: true }), (t, style, f) => {
        const text = toCsv(t, csvStyleFor(t, style)).text;
        const limit = Math.floor(f * (text.length - 1));
        const e = formatError(() =>
          parseDataFile(text, { fileName: 'data.csv', manifold: t.manifold, maxBytes: limit }),
        );
        const sizes = /^data\.csv: the file is (.+); the limit is (.+)$/.exec(e.message);
        expect(sizes, e.message).not.toBeNull();
        // the two sizes must read differently (no "0 MB; the limit is 0 MB")
        expect(sizes![1]).not.toBe(sizes![2]);
        // at the limit the file is read
        expect(
          parseDataFile(text, { fileName: 'data.csv', manifold: t.manifold, maxBytes: text.length }).n,
        ).toBe(t.rows.length);
      }),
      params,
    );
  });

  it('bytes that are not UTF-8 are reported with their line; UTF-16 files are recognised', () => {
    const encoder = new TextEncoder();
    const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);
    fc.assert(
      fc.property(
        tableArb,
        csvStyleArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom([0xff], [0xfe], [0x80], [0xc3, 0x28], [0xe2, 0x82]),
        (t, style, f, junk) => {
          const bytes = encoder.encode(toCsv(t, csvStyleFor(t, style)).text);
          const start = bytes[0] === 0xef ? 3 : 0; // not inside the byte-order mark
          const at = start + Math.floor(f * (bytes.length - start));
          const corrupted = new Uint8Array([...bytes.slice(0, at), ...junk, ...bytes.slice(at)]);
          const line = 1 + bytes.slice(0, at).filter((b) => b === 10).length;
          const e = formatError(() => parseCsv(decode(corrupted), t.manifold));
          expect(e.message).toContain(`not valid UTF-8 text (an undecodable byte on line ${line})`);
        },
      ),
      params,
    );
    fc.assert(
      fc.property(
        tableArb,
        csvStyleArb,
        fc.constantFrom('le', 'be'),
        fc.boolean(),
        (t, style, order, bom) => {
          const text = toCsv(t, { ...csvStyleFor(t, style), bom: false }).text;
          const units = Uint16Array.from(text, (c) => c.charCodeAt(0));
          const bytes = new Uint8Array(2 * units.length);
          units.forEach((u, i) => {
            bytes[2 * i + (order === 'le' ? 0 : 1)] = u & 0xff;
            bytes[2 * i + (order === 'le' ? 1 : 0)] = u >> 8;
          });
          const mark = order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff];
          const e = formatError(() =>
            parseCsv(decode(new Uint8Array([...(bom ? mark : []), ...bytes])), t.manifold),
          );
          expect(e.message).toMatch(bom ? /not valid UTF-8 text/ : /UTF-16/);
          expect(e.message).toMatch(/save it as UTF-8/);
        },
      ),
      params,
    );
  });
});

describe('arbitrary text', () => {
  const alphabet = [
    ...'0123456789.,;\t\n\r "#-+eE[]{}:xyabNnIf',
    '\ufeff',
    'NaN',
    'Infinity',
    '1e999',
    'lat',
    'id',
  ];
  const textArb = fc.oneof(
    fc.array(fc.constantFrom(...alphabet), { maxLength: 200 }).map((a) => a.join('')),
    fc.string({ maxLength: 200 }),
    fc.json(),
  );

  it('gives valid data or a DataFormatError, never another error, NaN or a hang', () => {
    fc.assert(
      fc.property(textArb, fc.constantFrom(...MANIFOLDS), fc.boolean(), (text, m, json) => {
        let d: ParsedData;
        try {
          d = parseDataFile(text, { fileName: json ? 'data.json' : 'data.csv', manifold: m });
        } catch (e) {
          expect(e).toBeInstanceOf(DataFormatError);
          expect((e as DataFormatError).message.startsWith(json ? 'data.json' : 'data.csv')).toBe(true);
          return;
        }
        expect(d.n).toBeGreaterThanOrEqual(3);
        expect(d.xs.every(Number.isFinite)).toBe(true);
        expect(new Set(d.xs).size).toBeGreaterThan(1);
        for (const y of d.ys) expect(y.every(Number.isFinite)).toBe(true);
      }),
      { ...params, numRuns: 1500 },
    );
  });
});
