/**
 * Property-based tests of the data importer, valid files: random valid tables written as CSV (comma, semicolon,
 * tab; header or not; quoted, decimal commas, CRLF, BOM, comments) or JSON (rows as arrays, as objects, or
 * columns) read back to the same numbers, extreme magnitudes and nearly singular matrices included. Fixed seed,
 * bounded runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataManifold } from '../data';
import { kendall } from '../geometry/kendall';
import {
  csvStyleArb,
  dataTableArb,
  jsonFormArb,
  numberText,
  PROPERTY_SEED,
  toCsv,
  toJson,
  type CsvStyle,
  type DataFile,
  type DataTable,
  type TableManifold,
} from '../testing/arbitraries';
import type { ParsedData } from '.';
import { csvStyleFor, formatError, parseCsv, parseJson } from './propertiesTestkit';

const params = { seed: PROPERTY_SEED, numRuns: 80 };
const plainCsv: CsvStyle = {
  sep: ',',
  header: false,
  eol: '\n',
  bom: false,
  quoted: false,
  decimalComma: false,
  preamble: false,
  trailingNewline: true,
};
const MANIFOLDS: TableManifold[] = ['sphere', 'spd', 'kendall', 'euclidean'];

/** The responses the importer must return for a table's rows. */
function expectedResponse(t: DataTable, row: number[]): Float64Array {
  const y = row.slice(1);
  switch (t.manifold) {
    case 'sphere': {
      if (t.latLon) {
        const [phi, lam] = y.map((d) => (d * Math.PI) / 180);
        return Float64Array.of(Math.cos(phi) * Math.cos(lam), Math.cos(phi) * Math.sin(lam), Math.sin(phi));
      }
      const r = Math.hypot(...y);
      return Float64Array.from(y, (c) => c / r);
    }
    case 'spd':
      return t.fullMatrix ? Float64Array.from(y) : Float64Array.of(y[0], y[1], y[1], y[2]);
    case 'kendall':
      return kendall(y.length / 2).projectPoint(Float64Array.from(y));
    case 'euclidean':
      return Float64Array.from(y);
  }
}

function expectSameData(d: ParsedData, t: DataTable, file: DataFile) {
  expect(d.n).toBe(t.rows.length);
  expect(d.rows).toEqual(file.rowOf);
  t.rows.forEach((row, i) => {
    expect(d.xs[i] === row[0], `x of row ${i}`).toBe(true);
    const want = expectedResponse(t, row);
    const got = d.ys[i];
    expect(got.length).toBe(want.length);
    // Exact for numbers passed through (SPD, R^d); rounding of a normalisation otherwise.
    const tol = t.manifold === 'spd' || t.manifold === 'euclidean' ? 0 : 1e-14;
    for (let j = 0; j < want.length; j++) expect(Math.abs(got[j] - want[j])).toBeLessThanOrEqual(tol);
  });
  // Every accepted response is a point the geometry works with.
  const M = t.manifold === 'kendall' ? kendall(d.ys[0].length / 2) : dataManifold(t.manifold, d.ys[0].length);
  for (const y of d.ys) expect(Number.isFinite(M.dist(d.ys[0], y))).toBe(true);
}

describe.each(MANIFOLDS)('%s tables: valid files read back to the same numbers', (m) => {
  it('CSV in every layout', () => {
    fc.assert(
      fc.property(dataTableArb(m), csvStyleArb, (t, style) => {
        const s = csvStyleFor(t, style);
        const file = toCsv(t, s);
        const d = parseCsv(file.text, m);
        expectSameData(d, t, file);
        expect(d.format).toBe('csv');
        expect(d.separator).toBe({ ',': 'comma', ';': 'semicolon', '\t': 'tab' }[s.sep]);
        expect(d.xLabel).toBe(s.header ? t.names[0] : 'column 1');
        if (s.decimalComma && t.rows.some((r) => r.some((x) => numberText(x).includes('.'))))
          expect(d.warnings.join(' ')).toMatch(/decimal comma/);
      }),
      params,
    );
  });

  it('JSON as arrays of rows, objects, or {x, y} columns', () => {
    fc.assert(
      fc.property(dataTableArb(m), jsonFormArb, (t, formChoice) => {
        // latitude/longitude need their names: only the objects form has them
        const form = t.latLon ? 'objects' : formChoice;
        const file = toJson(t, form);
        const d = parseJson(file.text, m);
        expectSameData(d, t, file);
        expect(d.format).toBe('json');
        if (form !== 'arrays') expect(d.xLabel).toBe(t.names[0]);
      }),
      params,
    );
  });
});

describe.each(['spd', 'kendall'] as const)('%s tables: extreme magnitudes', (m) => {
  it('responses scaled by 1e-200 … 1e300 read as the same matrices (scaled) or the same shapes', () => {
    fc.assert(
      fc.property(
        dataTableArb(m),
        fc.constantFrom(1e-300, 1e-200, 1e-150, 1e150, 1e200, 1e300),
        (t, scale) => {
          const scaled = { ...t, rows: t.rows.map((r) => [r[0], ...r.slice(1).map((y) => y * scale)]) };
          const file = toCsv(scaled, plainCsv);
          const d = parseCsv(file.text, m);
          const plain = parseCsv(toCsv(t, plainCsv).text, m);
          d.ys.forEach((y, i) => {
            const want = m === 'spd' ? plain.ys[i].map((v) => v * scale) : plain.ys[i];
            for (let j = 0; j < y.length; j++)
              expect(Math.abs(y[j] - want[j])).toBeLessThanOrEqual(1e-13 * Math.max(...want.map(Math.abs)));
          });
          const M = m === 'spd' ? dataManifold('spd') : kendall(d.ys[0].length / 2);
          for (const y of d.ys) expect(Number.isFinite(M.dist(d.ys[0], y))).toBe(true);
        },
      ),
      { ...params, numRuns: 40 },
    );
  });
});

describe('spd tables: nearly singular matrices', () => {
  it('a condition number above 1e7 is refused with its row; at 1e6 the matrix is read', () => {
    fc.assert(
      fc.property(
        dataTableArb('spd').chain((t) => fc.tuple(fc.constant(t), fc.nat(t.rows.length - 1), fc.boolean())),
        ([t, i, refused]) => {
          // eigenvalues s and s/cond, eigenvectors turned by θ
          const [s, theta, cond] = [1 + i, 0.3 * i, refused ? 3e7 : 1e6];
          const [cs, sn, lo] = [Math.cos(theta), Math.sin(theta), s / cond];
          const [a, b, c] = [s * cs * cs + lo * sn * sn, (s - lo) * cs * sn, s * sn * sn + lo * cs * cs];
          const rows = t.rows.map((r, k) =>
            k !== i ? r : t.fullMatrix ? [r[0], a, b, b, c] : [r[0], a, b, c],
          );
          const text = toCsv({ ...t, rows }, { ...plainCsv, header: true }).text;
          if (!refused) {
            expect(parseCsv(text, 'spd').n).toBe(t.rows.length);
          } else {
            const e = formatError(() => parseCsv(text, 'spd'));
            expect(e.row).toBe(i + 2);
            expect(e.message).toMatch(/too close to singular \(condition number 3e\+7, above 1e\+7\)/);
          }
        },
      ),
      { ...params, numRuns: 30 },
    );
  });
});
