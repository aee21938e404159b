import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseUserData, parseUserPoints } from './parseTask';

const WINE = readFileSync(new URL('../../e2e/fixtures/winequality-red.csv', import.meta.url), 'utf8');

describe('parsing a user file in the worker', () => {
  it('returns the header, and fits the columns chosen from it (wine: pH against alcohol)', () => {
    const all = parseUserData({ text: WINE, fileName: 'wine.csv', manifold: 'euclidean' });
    if (!all.ok) throw new Error(all.message);
    expect(all.header).toHaveLength(12);
    expect(all.header?.[10]).toBe('alcohol');
    expect(all.ys[0]).toHaveLength(11);
    const chosen = parseUserData({
      text: WINE,
      fileName: 'wine.csv',
      manifold: 'euclidean',
      columns: { x: 11, y: [9] },
    });
    if (!chosen.ok) throw new Error(chosen.message);
    expect(chosen.xLabel).toBe('alcohol');
    expect(chosen.yLabels).toEqual(['pH']);
    expect(chosen.xs).toHaveLength(1599);
    expect(chosen.xRange).toEqual([8.4, 14.9]);
    expect(chosen.ys[0][0]).toBe(3.51);
  });

  it('returns the header of a file whose default columns fail, so other columns can be chosen', () => {
    const text = 'name,age,height\nann,30,1.6\nbob,40,1.8\ncyd,50,1.7\n';
    const out = parseUserData({ text, fileName: 'people.csv', manifold: 'euclidean' });
    expect(out.ok).toBe(false);
    expect(out.header).toEqual(['name', 'age', 'height']);
    if (!out.ok) expect(out.message).toMatch(/people\.csv, row 2, column "name": "ann" is not a number/);
    const ok = parseUserData({
      text,
      fileName: 'people.csv',
      manifold: 'euclidean',
      columns: { x: 2, y: [3] },
    });
    expect(ok.ok).toBe(true);
  });

  it('offers to normalise sphere points off the unit sphere: how many, and by how much', () => {
    const text = 't,x,y,z\n0,1,0,0\n1,0,1.5,0\n2,0,0,0.9\n3,0.6,0.8,0\n';
    const out = parseUserData({ text, fileName: 'dirs.csv', manifold: 'sphere' });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.message).toMatch(/dirs\.csv, row 3: the point \(0, 1\.5, 0\) has length 1\.5, not 1/);
    expect(out.normalizable?.count).toBe(2);
    expect(out.normalizable?.maxDeviation).toBeCloseTo(0.5, 12);
    const fixed = parseUserData({ text, fileName: 'dirs.csv', manifold: 'sphere', normalize: true });
    if (!fixed.ok) throw new Error(fixed.message);
    expect(Array.from(fixed.ys[1])).toEqual([0, 1, 0]);
    expect(fixed.warnings.join(' ')).toMatch(
      /2 points were projected onto the unit sphere.*off by up to 0\.5/,
    );
  });

  it('does not offer to normalise when something else is wrong too, nor for points already on the sphere', () => {
    const both = 't,x,y,z\n0,1,0,0\n1,0,2,0\n2,0,abc,1\n3,0,0,1\n';
    const out = parseUserData({ text: both, fileName: 'b.csv', manifold: 'sphere' });
    expect(out.ok || out.normalizable).toBeFalsy();
    const bad = parseUserData({ text: 't,x,y,z\n0,1,0,0\n1,0,1,0\n', fileName: 'c.csv', manifold: 'sphere' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.message).toMatch(/only 2 data rows/);
      expect(bad.normalizable).toBeUndefined();
    }
  });
});

describe('parsing a points file in the worker (Fréchet workspace)', () => {
  it('returns the points, or the message with the offer to normalise points off the sphere', () => {
    const ok = parseUserPoints({ text: 'lat,lon\n10,20\n30,40\n', fileName: 'p.csv', space: 'sphere' });
    if (!ok.ok) throw new Error(ok.message);
    expect([ok.layout, ok.k, ok.points.length]).toEqual(['lat-lon', 2, 2]);
    const off = parseUserPoints({ text: '1,0,0\n0,2,0\n0,0,1.5\n', fileName: 'p.csv', space: 'sphere' });
    expect(off).toMatchObject({ ok: false, normalizable: { count: 2, maxDeviation: 1 } });
    if (!off.ok) expect(off.message).toMatch(/^p\.csv, row 2: the point \(0, 2, 0\) has length 2/);
    // far from length 1 (a covariate read as a coordinate): no offer
    const far = parseUserPoints({ text: '1,0,0\n0,20,0\n0,0,1\n', fileName: 'p.csv', space: 'sphere' });
    expect(far.ok || far.normalizable).toBeFalsy();
    const fixed = parseUserPoints({
      text: '1,0,0\n0,2,0\n',
      fileName: 'p.csv',
      space: 'sphere',
      normalize: true,
    });
    expect(fixed.ok && [...fixed.points[1]]).toEqual([0, 1, 0]);
    // a bad cell is not fixed by normalising: no offer
    const bad = parseUserPoints({ text: '1,0,0\n0,x,0\n', fileName: 'p.csv', space: 'sphere' });
    expect(bad).toEqual({ ok: false, message: 'p.csv, row 2, column 2: "x" is not a number' });
    const spd = parseUserPoints({ text: '1,0,1\n2,0,-1\n', fileName: 'm.csv', space: 'spd' });
    expect(spd).toEqual({
      ok: false,
      message:
        'm.csv, row 2, column 3: the diagonal entry (2,2) is -1 ≤ 0, so the matrix is not positive definite',
    });
  });
});
