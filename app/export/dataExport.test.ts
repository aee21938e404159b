import { describe, expect, it } from 'vitest';
import { generate, type DataManifold } from '../../src/data';
import { parseUserData, prepareRegression } from '../../src/experiments';
import { DEFAULT_SETTINGS } from '../state/settings';
import { dataJson, dataLayoutNote, dataTable, tableRecords, type DataForExport } from './dataExport';
import { csvComments, exportMeta, toCsv, toJson } from './results';

const MANIFOLDS: { manifold: DataManifold; n: number; d?: number }[] = [
  { manifold: 'sphere', n: 30 },
  { manifold: 'spd', n: 30 },
  { manifold: 'kendall', n: 25 },
  { manifold: 'euclidean', n: 30, d: 2 },
];

/** The CSV the lab's data export writes (comment lines with settings and seed, header, rows). */
function exportCsv(manifold: DataManifold, data: DataForExport): string {
  const table = dataTable(manifold, data);
  const meta = exportMeta('data', DEFAULT_SETTINGS);
  return toCsv(tableRecords(table), table.columns, csvComments(meta, [dataLayoutNote(manifold)]));
}

/** The JSON the lab's data export writes (metadata, then the {x, y} import form). */
function exportJson(manifold: DataManifold, data: DataForExport): string {
  return toJson({ ...exportMeta('data', DEFAULT_SETTINGS), ...dataJson(manifold, data) });
}

function reimport(manifold: DataManifold, text: string, fileName: string) {
  const out = parseUserData({ text, fileName, manifold });
  if (!out.ok) throw new Error(out.message);
  return out;
}

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

describe('data export → import round trip through the real parser gives the same data and the same fit', () => {
  for (const { manifold, n, d } of MANIFOLDS) {
    const g = generate(manifold, { n, seed: 7, d });
    const data: DataForExport = { xs: g.xs, ys: g.ys, xRange: g.xRange, xLabel: g.xLabel };
    const fit = prepareRegression({ kind: 'imported', manifold, xs: g.xs, ys: g.ys });

    for (const format of ['csv', 'json'] as const) {
      it(`${manifold}, ${format}`, () => {
        const text = format === 'csv' ? exportCsv(manifold, data) : exportJson(manifold, data);
        const back = reimport(manifold, text, `dp-lab-${manifold}-data.${format}`);
        expect(back.warnings).toEqual([]);
        expect(back.xs.length).toBe(n);
        expect(back.xRange[0]).toBe(g.xRange[0]);
        expect(back.xRange[1]).toBe(g.xRange[1]);
        expect(maxAbsDiff(back.xs, g.xs)).toBeLessThan(1e-13);
        for (let i = 0; i < n; i++) expect(maxAbsDiff(back.ys[i], g.ys[i])).toBeLessThan(1e-14);
        // The same minimum: its MSE agrees to 1e-12; p̂, v̂ (and the largest residual, the data-driven τ) agree
        // to the optimiser's stopping rule (gradient norm < 1e-10, ~1e-9 in the parameters).
        const refit = prepareRegression({ kind: 'imported', manifold, xs: back.xs, ys: back.ys });
        expect(Math.abs(refit.lnNonPrivateMse - fit.lnNonPrivateMse)).toBeLessThan(1e-12);
        expect(maxAbsDiff(refit.pHat, fit.pHat)).toBeLessThan(1e-7);
        expect(maxAbsDiff(refit.vHat, fit.vHat)).toBeLessThan(1e-7);
        expect(Math.abs(refit.maxResidual - fit.maxResidual)).toBeLessThan(1e-7);
      });
    }
  }

  it('keeps the covariate in its own units (shapes: ages) and the exact ends of its range', () => {
    const g = generate('kendall', { n: 12, seed: 3 });
    const csv = exportCsv('kendall', g);
    const table = csv.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(table[0].split(',').slice(0, 3)).toEqual(['age (years)', 'x1', 'y1']);
    const ages = table.slice(1).map((l) => Number(l.split(',')[0]));
    expect(Math.min(...ages)).toBe(g.xRange[0]);
    expect(Math.max(...ages)).toBe(g.xRange[1]);
    expect(g.xRange[0]).toBeGreaterThanOrEqual(50);
    expect(csv).toMatch(/^# DP Manifold Lab: data\n/);
    expect(csv).toContain('# seed 1');
  });

  it('names columns so the importer reads them back as they were (no id-like, empty or repeated names)', () => {
    const ys = [0, 1, 2, 3].map((i) => Float64Array.of(i, 2 * i + 1, i * i));
    const data: DataForExport = {
      xs: [0, 0.25, 0.5, 1],
      ys,
      xRange: [10, 20],
      xLabel: 'id',
      yLabels: ['subject', 'pH', 'PH'],
    };
    const table = dataTable('euclidean', data);
    expect(table.columns).toEqual(['x', 'y1', 'pH', 'y3']);
    const back = reimport('euclidean', exportCsv('euclidean', data), 'named.csv');
    expect(back.ys.map((y) => Array.from(y))).toEqual(ys.map((y) => Array.from(y)));
    expect(back.yLabels).toEqual(['y1', 'pH', 'y3']);
    expect(Array.from(back.xs)).toEqual([0, 0.25, 0.5, 1]);
  });

  it('writes SPD(2) matrices as a, b, c', () => {
    const data: DataForExport = {
      xs: [0, 0.5, 1],
      ys: [Float64Array.of(2, 0.5, 0.5, 1), Float64Array.of(3, -1, -1, 2), Float64Array.of(1, 0, 0, 1)],
      xRange: [0, 1],
      xLabel: 'x',
    };
    const t = dataTable('spd', data);
    expect(t.columns).toEqual(['x', 'a', 'b', 'c']);
    expect(t.rows[1]).toEqual([0.5, 3, -1, 2]);
  });
});
