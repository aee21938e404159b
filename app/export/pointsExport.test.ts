import { describe, expect, it } from 'vitest';
import { parsePointsFile, pointsJson, pointsTable } from '../../src/io';
import { csvComments, exportMeta, toCsv, toJson } from './results';
import { defaultsFor } from '../state/settings';

/**
 * The Fréchet workspace's data download (WorkspaceExports → FrechetDataExport) writes these files: reading them
 * back with the points importer gives the same points.
 */
describe('Fréchet data download round trip', () => {
  const meta = exportMeta('data', defaultsFor('frechet'));

  it('CSV with the # lines and JSON with the metadata read back as the same SPD(3) matrices', () => {
    const k = 3;
    const points = [
      Float64Array.of(2, 0.3, 0.1, 0.3, 1, 0, 0.1, 0, 1.5),
      Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1),
    ];
    const table = pointsTable('spd', k, points);
    const rows = table.rows.map((r) => Object.fromEntries(table.columns.map((c, j) => [c, r[j]])));
    const csv = toCsv(rows, table.columns, csvComments(meta, ['a note, with a comma']));
    const json = toJson({ ...meta, source: 'test', ...pointsJson('spd', k, points) });
    for (const [text, fileName] of [
      [csv, 'dp-lab-frechet-points.csv'],
      [json, 'dp-lab-frechet-points.json'],
    ]) {
      const back = parsePointsFile(text, { fileName, space: 'spd' });
      expect(back.k).toBe(k);
      expect(back.points.map((p) => [...p])).toEqual(points.map((p) => [...p]));
    }
  });

  it('sphere points come back as the same unit vectors', () => {
    const points = [Float64Array.of(0.6, 0.8, 0), Float64Array.of(0, 0, 1), Float64Array.of(0, -0.6, 0.8)];
    const table = pointsTable('sphere', 2, points);
    const rows = table.rows.map((r) => Object.fromEntries(table.columns.map((c, j) => [c, r[j]])));
    for (const [text, fileName] of [
      [toCsv(rows, table.columns, csvComments(meta)), 'p.csv'],
      [toJson({ ...meta, ...pointsJson('sphere', 2, points) }), 'p.json'],
    ]) {
      const back = parsePointsFile(text, { fileName, space: 'sphere' });
      expect(back.layout).toBe('unit-vectors');
      back.points.forEach((p, i) => p.forEach((c, j) => expect(c).toBeCloseTo(points[i][j], 15)));
    }
  });
});
