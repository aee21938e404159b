import { describe, expect, it } from 'vitest';
import { DataFormatError } from './errors';
import { parsePointsFile, pointsJson, pointsTable, type PointsOptions } from './points';

const parse = (text: string, space: PointsOptions['space'], extra: Partial<PointsOptions> = {}) =>
  parsePointsFile(text, { fileName: 'points.csv', space, ...extra });

/** Parses and returns the DataFormatError (fails the test if none is thrown). */
function failure(
  text: string,
  space: PointsOptions['space'],
  extra: Partial<PointsOptions> = {},
): DataFormatError {
  try {
    parse(text, space, extra);
  } catch (e) {
    expect(e).toBeInstanceOf(DataFormatError);
    return e as DataFormatError;
  }
  throw new Error('expected a DataFormatError');
}

const s2 = Math.SQRT1_2;

describe('sphere points', () => {
  it('reads unit vectors with and without a header', () => {
    const d = parse(`x,y,z\n1,0,0\n${s2},${s2},0\n0,0,1\n`, 'sphere');
    expect(d.n).toBe(3);
    expect(d.layout).toBe('unit-vectors');
    expect(d.rows).toEqual([2, 3, 4]);
    expect([...d.points[2]]).toEqual([0, 0, 1]);
    expect(d.warnings).toEqual([]);
    const bare = parse('1;0;0\n0;1;0\n', 'sphere');
    expect(bare.n).toBe(2);
    expect(bare.rows).toEqual([1, 2]);
  });

  it('reads latitude and longitude in degrees (named columns, or a two-column file)', () => {
    const named = parse('id,lon,lat,height\na,0,90,3\nb,90,0,4\nc,0,0,5\n', 'sphere');
    expect(named.layout).toBe('lat-lon');
    expect(named.points[0][2]).toBeCloseTo(1, 15);
    expect(named.points[1][1]).toBeCloseTo(1, 15);
    expect(named.points[2][0]).toBeCloseTo(1, 15);
    expect(named.warnings).toEqual(['ignored column "height"', 'ignored column "id"']);
    const two = parse('45,0\n-45,180\n', 'sphere');
    expect(two.layout).toBe('lat-lon');
    expect(two.points[0][0]).toBeCloseTo(s2, 15);
    expect(two.points[1][2]).toBeCloseTo(-s2, 15);
  });

  it('reads JSON rows (arrays and objects)', () => {
    const arrays = parsePointsFile('[[1,0,0],[0,1,0]]', { fileName: 'p.json', space: 'sphere' });
    expect(arrays.format).toBe('json');
    expect(arrays.n).toBe(2);
    const objects = parsePointsFile('[{"lat": 0, "lon": 0}, {"lat": 90, "lon": 0}]', {
      fileName: 'p.json',
      space: 'sphere',
    });
    expect(objects.layout).toBe('lat-lon');
    expect(objects.points[1][2]).toBeCloseTo(1, 15);
  });

  it('refuses points off the sphere with where and how far, and projects them on request', () => {
    const text = 'x,y,z\n1,0,0\n0,2,0\n0,0,1\n';
    const e = failure(text, 'sphere');
    expect(e.row).toBe(3);
    expect(e.message).toBe(
      'points.csv, row 3: the point (0, 2, 0) has length 2, not 1 (tolerance 1e-6): sphere coordinates must be ' +
        'unit vectors; use the normalise option (--normalize on the command line) to project every point onto the sphere',
    );
    const d = parse(text, 'sphere', { normalize: true });
    expect([...d.points[1]]).toEqual([0, 1, 0]);
    expect(d.projected).toEqual({ count: 1, maxDeviation: 1 });
    expect(d.warnings[0]).toMatch(/^1 point was projected onto the unit sphere/);
    const zero = failure('0,0,0\n1,0,0\n', 'sphere', { normalize: true });
    expect(zero.message).toBe(
      'points.csv, row 1: the point (0, 0, 0) has length 0, so it cannot be projected onto the sphere',
    );
  });

  it('refuses latitudes and longitudes that all look like radians', () => {
    const e = failure('lat,lon\n0.1,0.2\n-1.2,3\n', 'sphere');
    expect(e.detail).toMatch(/look like radians, but latitude and longitude are read in degrees/);
    expect(
      parsePointsFile('lat,lon\n0.1,0.2\n-1.2,30\n', { fileName: 'p.csv', space: 'sphere' }).points,
    ).toHaveLength(2);
  });

  it('names the row and column of a latitude or longitude out of range', () => {
    const lat = failure('lat,lon\n10,20\n95,0\n', 'sphere');
    expect([lat.row, lat.column]).toEqual([3, 'lat']);
    expect(lat.detail).toBe('latitude 95 is outside [−90, 90] degrees');
    const lon = failure('lat,lon\n10,400\n0,0\n', 'sphere');
    expect([lon.row, lon.column]).toEqual([2, 'lon']);
    expect(lon.detail).toBe('longitude 400 is outside [−360, 360] degrees');
  });

  it('refuses a file with the wrong number of columns (e.g. a regression file with its covariate)', () => {
    const e = failure('t,y1,y2,y3\n0,1,0,0\n1,0,1,0\n', 'sphere');
    expect(e.message).toBe(
      'points.csv: sphere points need 3 coordinates of a unit vector, or latitude and longitude in degrees; ' +
        'found 4 columns (t, y1, y2, y3). A points file has no covariate column',
    );
    expect(failure('1\n0\n', 'sphere').detail).toMatch(/found 1 column \(column 1\)/);
  });
});

describe('cells: numbers, gaps, ragged rows, size (every layout shares them)', () => {
  it('names the row and column of a cell that is not a number, not finite, or empty', () => {
    const word = failure('x,y,z\n1,0,0\n0,abc,0\n', 'sphere');
    expect(word.message).toBe('points.csv, row 3, column "y": "abc" is not a number');
    const nan = failure('m11,m12,m22\n1,0,1\n2,NaN,2\n', 'spd');
    expect([nan.row, nan.column]).toEqual([3, 'm12']);
    expect(nan.detail).toMatch(/not a finite number/);
    const gap = failure('1,0,0\n0,,1\n', 'sphere');
    expect([gap.row, gap.column]).toEqual([2, 2]);
    expect(gap.detail).toBe('the cell is empty (expected a number)');
  });

  it('names a ragged row', () => {
    const e = failure('x,y,z\n1,0,0\n0,1\n0,0,1\n', 'sphere');
    expect(e.message).toBe('points.csv, row 3: expected 3 columns (as in the header), found 2');
  });

  it('refuses empty, non-UTF-8, oversized and one-point files, and bad JSON', () => {
    expect(failure('  \n', 'sphere').detail).toBe('the file is empty');
    expect(failure('1,0,0\n0,1\ufffd,0\n', 'sphere').detail).toMatch(
      /not valid UTF-8 text \(an undecodable byte on line 2\)/,
    );
    expect(failure('1\u00000\n', 'sphere').detail).toMatch(/NUL characters/);
    expect(failure('1,0,0\n'.repeat(10), 'sphere', { maxBytes: 20 }).detail).toBe(
      'the file is 60 bytes; the limit is 20 bytes',
    );
    expect(failure('x,y,z\n1,0,0\n', 'sphere').detail).toBe('only 1 point; a mean needs at least 2');
    const json = failure('[[1,0,0],\n[0,1,0]', 'sphere', { fileName: 'p.json' });
    expect(json.message).toMatch(/^p\.json: not valid JSON/);
  });
});

describe('SPD(k) points', () => {
  it('reads upper triangles and infers k from the number of columns', () => {
    const two = parse('m11,m12,m22\n2,0.5,1\n1,0,1\n', 'spd');
    expect(two.k).toBe(2);
    expect(two.layout).toBe('upper-triangle');
    expect([...two.points[0]]).toEqual([2, 0.5, 0.5, 1]);
    const three = parse('4,1,0,3,0.5,2\n1,0,0,1,0,1\n', 'spd');
    expect(three.k).toBe(3);
    expect([...three.points[0]]).toEqual([4, 1, 0, 1, 3, 0.5, 0, 0.5, 2]);
  });

  it('reads a JSON array of matrices, bare or as {"data": [...]}, and JSON rows of upper triangles', () => {
    const opts = { fileName: 'm.json', space: 'spd' } as const;
    const bare = parsePointsFile('[[[2, 0.5], [0.5, 1]], [[1, 0], [0, 3]]]', opts);
    expect(bare.layout).toBe('matrices');
    expect(bare.k).toBe(2);
    expect([...bare.points[1]]).toEqual([1, 0, 0, 3]);
    const wrapped = parsePointsFile(
      JSON.stringify({
        source: 'x',
        data: [
          [
            [1, 0, 0],
            [0, 2, 0],
            [0, 0, 3],
          ],
          [
            [1, 0, 0],
            [0, 1, 0],
            [0, 0, 1],
          ],
        ],
      }),
      opts,
    );
    expect(wrapped.k).toBe(3);
    expect(wrapped.n).toBe(2);
    const rows = parsePointsFile('[[2, 0.5, 1], [1, 0, 1]]', opts);
    expect(rows.layout).toBe('upper-triangle');
    expect([...rows.points[0]]).toEqual([2, 0.5, 0.5, 1]);
  });

  it('refuses matrices larger than 50×50', () => {
    const m = (51 * 52) / 2;
    const row = Array.from({ length: m }, () => 1).join(',');
    expect(failure(`${row}\n${row}\n`, 'spd').detail).toMatch(
      /^SPD\(k\) points are read for k ≤ 50; found 1326 columns \(column 1, .*, column 8, …\)\. A points/,
    );
  });

  it('refuses a column count that is no upper triangle', () => {
    const e = failure('a,b,c,d\n1,0,0,1\n1,0,0,1\n', 'spd');
    expect(e.detail).toMatch(
      /^SPD\(k\) points need the k\(k\+1\)\/2 upper-triangle entries .* found 4 columns \(a, b, c, d\)/,
    );
  });

  it('names the row and column of a non-positive diagonal, the row of an indefinite or near-singular matrix', () => {
    const diag = failure('m11,m12,m22\n1,0,1\n1,0,-2\n', 'spd');
    expect([diag.row, diag.column]).toEqual([3, 'm22']);
    expect(diag.detail).toBe('the diagonal entry (2,2) is -2 ≤ 0, so the matrix is not positive definite');
    const indefinite = failure('m11,m12,m22\n1,2,1\n1,0,1\n', 'spd');
    expect([indefinite.row, indefinite.column]).toEqual([2, undefined]);
    expect(indefinite.detail).toBe('the matrix is not positive definite (its smallest eigenvalue is -1)');
    const singular = failure('m11,m12,m22\n1,0,1e-9\n1,0,1\n', 'spd');
    expect(singular.row).toBe(2);
    expect(singular.detail).toMatch(/too close to singular \(condition number 1e\+9/);
  });

  it('names the entry (row) and matrix cell (column) of a bad JSON matrix', () => {
    const opts = { fileName: 'm.json', space: 'spd' } as const;
    const get = (text: string) => {
      try {
        parsePointsFile(text, opts);
      } catch (e) {
        return e as DataFormatError;
      }
      throw new Error('expected a DataFormatError');
    };
    const asym = get('[[[1, 0], [0, 1]], [[1, 0.2], [0.3, 1]]]');
    expect([asym.row, asym.column]).toEqual([2, 'm12']);
    expect(asym.detail).toBe('the matrix is not symmetric: entry (1,2) = 0.2 but entry (2,1) = 0.3');
    const shape = get('[[[1, 0], [0, 1]], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]]');
    expect(shape.row).toBe(2);
    expect(shape.detail).toMatch(/expected a 2×2 matrix .* found 3 rows/);
    const ragged = get('[[[1, 0], [0, 1]], [[1, 0], [0]]]');
    expect(ragged.detail).toMatch(/its row 2 has 1 entries/);
    const word = get('[[[1, 0], ["x", 1]], [[1, 0], [0, 1]]]');
    expect([word.row, word.column]).toEqual([1, 'm12']);
    expect(word.detail).toBe('"x" is not a number');
    const notMatrix = get('[[[1, 0], [0, 1]], 5]');
    expect([notMatrix.row, notMatrix.detail]).toEqual([
      2,
      'expected an array like the first row, found number 5',
    ]);
    const tiny = get('[[[2]], [[3]]]');
    expect([tiny.row, tiny.detail]).toEqual([
      1,
      'the first matrix is 1×1; SPD(k) points are read for 2 ≤ k ≤ 50',
    ]);
    const neg = get('[[[1, 0], [0, 1]], [[-1, 0], [0, 1]]]');
    expect([neg.row, neg.column]).toEqual([2, 'm11']);
  });
});

describe('round trip: parse ∘ export', () => {
  const csv = (t: { columns: string[]; rows: number[][] }) =>
    [t.columns.join(','), ...t.rows.map((r) => r.map(String).join(','))].join('\n');

  it('gives back the sphere points (CSV and JSON)', () => {
    const points = Array.from({ length: 25 }, (_, i) => {
      const v = Float64Array.of(Math.cos(i), Math.sin(1.3 * i), 0.2 + i / 30);
      const r = Math.hypot(...v);
      return v.map((c) => c / r);
    });
    for (const text of [
      csv(pointsTable('sphere', 2, points)),
      JSON.stringify(pointsJson('sphere', 2, points)),
    ]) {
      const back = parsePointsFile(text, {
        fileName: text.startsWith('{') ? 'p.json' : 'p.csv',
        space: 'sphere',
      });
      expect(back.n).toBe(points.length);
      back.points.forEach((p, i) =>
        p.forEach((c, j) => expect(Math.abs(c - points[i][j])).toBeLessThan(1e-15)),
      );
    }
  });

  it('gives back SPD(k) matrices exactly (CSV upper triangles and JSON matrices)', () => {
    for (const k of [2, 3, 5]) {
      const points = Array.from({ length: 6 }, (_, t) => {
        const X = new Float64Array(k * k);
        for (let i = 0; i < k; i++)
          for (let j = i; j < k; j++)
            X[i * k + j] = X[j * k + i] = i === j ? 2 + Math.sin(t + i) : 0.1 * Math.cos(t * j + i);
        return X;
      });
      for (const text of [csv(pointsTable('spd', k, points)), JSON.stringify(pointsJson('spd', k, points))]) {
        const back = parsePointsFile(text, {
          fileName: text.startsWith('{') ? 'm.json' : 'm.csv',
          space: 'spd',
        });
        expect(back.k).toBe(k);
        expect(back.points.map((p) => [...p])).toEqual(points.map((p) => [...p]));
      }
    }
  });
});
