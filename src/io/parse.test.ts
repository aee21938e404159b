import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DataFormatError, parseDataFile, type ParseOptions } from '.';

type Manifold = ParseOptions['manifold'];

const parse = (text: string, manifold: Manifold, extra: Partial<ParseOptions> = {}) =>
  parseDataFile(text, { fileName: 'data.csv', manifold, ...extra });

/** Parses and returns the DataFormatError (fails the test if none is thrown). */
function failure(text: string, manifold: Manifold, extra: Partial<ParseOptions> = {}): DataFormatError {
  try {
    parse(text, manifold, extra);
  } catch (e) {
    expect(e).toBeInstanceOf(DataFormatError);
    return e as DataFormatError;
  }
  throw new Error('expected a DataFormatError');
}

const norm = (v: Float64Array) => Math.hypot(...v);
const s2 = Math.SQRT1_2;

describe('CSV layout', () => {
  const sphere = `x,y1,y2,y3\n0,1,0,0\n0.5,${s2},${s2},0\n1,0,0,1\n`;

  it('reads comma-separated sphere data with a header', () => {
    const d = parse(sphere, 'sphere');
    expect(d.n).toBe(3);
    expect(d.format).toBe('csv');
    expect(d.separator).toBe('comma');
    expect([...d.xs]).toEqual([0, 0.5, 1]);
    expect(d.xLabel).toBe('x');
    expect(d.yLabels).toEqual(['y1', 'y2', 'y3']);
    expect([...d.ys[2]]).toEqual([0, 0, 1]);
    expect(d.rows).toEqual([2, 3, 4]);
    expect(d.warnings).toEqual([]);
  });

  it('detects semicolon and tab separators and a missing header', () => {
    const semi = parse(sphere.replace(/,/g, ';'), 'sphere');
    expect(semi.separator).toBe('semicolon');
    expect(semi.n).toBe(3);
    const tab = parse(sphere.split('\n').slice(1).join('\n').replace(/,/g, '\t'), 'sphere');
    expect(tab.separator).toBe('tab');
    expect(tab.n).toBe(3);
    expect(tab.xLabel).toBe('column 1');
    expect(tab.rows).toEqual([1, 2, 3]);
  });

  it('accepts a byte-order mark, CRLF line ends, quoted names, blank and comment lines', () => {
    const text =
      '\ufeff# exported by hand\r\n"age";"p x";"p y";"p z"\r\n\r\n0;1;0;0\r\n1;0;1;0\r\n2;0;0;1\r\n';
    const d = parse(text, 'sphere');
    expect(d.n).toBe(3);
    expect(d.xLabel).toBe('age');
    expect(d.rows).toEqual([4, 5, 6]);
  });

  it('reads decimal commas when the separator is a semicolon (with a warning)', () => {
    const d = parse('x;a;b;c\n0;1,5;0;1\n1;2;0,25;1\n2;1;0;3\n', 'spd');
    expect([...d.ys[0]]).toEqual([1.5, 0, 0, 1]);
    expect(d.warnings.join(' ')).toMatch(/decimal comma/);
  });

  it('keeps duplicate rows with a warning naming them', () => {
    const d = parse('x,a,b,c\n0,1,0,1\n1,2,0,2\n0,1,0,1\n2,3,0,3\n', 'spd');
    expect(d.n).toBe(4);
    expect(d.warnings.join(' ')).toMatch(/1 duplicate row \(row 4 repeats row 2\)/);
  });
});

describe('sphere', () => {
  it('converts latitude/longitude in degrees (header lat/lon or latitude/longitude)', () => {
    for (const [la, lo] of [
      ['lat', 'lon'],
      ['Latitude', 'Longitude'],
    ]) {
      const d = parse(`t,${la},${lo}\n0,0,0\n1,90,0\n2,0,90\n3,45,180\n`, 'sphere');
      expect(d.yLabels).toEqual([la, lo]);
      expect(d.ys[0][0]).toBeCloseTo(1, 15);
      expect(d.ys[1][2]).toBeCloseTo(1, 15);
      expect(d.ys[2][1]).toBeCloseTo(1, 15);
      expect(d.ys[3][0]).toBeCloseTo(-s2, 15);
      expect(d.ys[3][2]).toBeCloseTo(s2, 15);
    }
  });

  it('refuses latitudes and longitudes that all look like radians, saying how to proceed', () => {
    const e = failure('x,lat,lon\n0,0.5,1.2\n1,-0.3,-2.9\n2,1.5,3.1\n', 'sphere');
    expect(e.row).toBeUndefined();
    expect(e.message).toMatch(
      /^data\.csv: every latitude lies in \[−π\/2, π\/2\] and every longitude in \[−π, π\]/,
    );
    expect(e.message).toMatch(/look like radians.*multiply by 180\/π.*unit vector/);
    // two chosen columns are read as latitude and longitude too
    const chosen = failure('x,a,b\n0,0.5,1.2\n1,-0.3,-2.9\n', 'sphere', { columns: { y: ['a', 'b'] } });
    expect(chosen.message).toMatch(/column "a" and column "b"\): they look like radians/);
    // one value beyond the radian range is enough to read degrees
    expect(parse('x,lat,lon\n0,0.5,1.2\n1,-0.3,4\n2,0,0\n', 'sphere').n).toBe(3);
  });

  it('rejects a latitude outside [−90, 90], naming row and column', () => {
    const e = failure('x,lat,lon\n0,10,10\n1,95,10\n2,0,0\n', 'sphere');
    expect(e.row).toBe(3);
    expect(e.column).toBe('lat');
    expect(e.message).toBe('data.csv, row 3, column "lat": latitude 95 is outside [−90, 90] degrees');
  });

  it('accepts points within 1e-6 of the unit length and rejects others, suggesting normalise', () => {
    const ok = parse('0,1.0000005,0,0\n1,0,1,0\n2,0,0,1\n', 'sphere');
    expect(norm(ok.ys[0])).toBeCloseTo(1, 15);
    const e = failure('0,1,0,0\n1,0,2,0\n2,0,0,1\n', 'sphere');
    expect(e.row).toBe(2);
    expect(e.message).toMatch(/^data\.csv, row 2: the point \(0, 2, 0\) has length 2, not 1/);
    expect(e.message).toMatch(/--normalize/);
  });

  it('projects points with normalize: true (with a warning) but not the zero vector', () => {
    const d = parse('0,1,0,0\n1,0,2,0\n2,0,0,1.5\n', 'sphere', { normalize: true });
    expect([...d.ys[1]]).toEqual([0, 1, 0]);
    expect(d.warnings.join(' ')).toMatch(/2 points were projected/);
    const e = failure('0,1,0,0\n1,0,0,0\n2,0,0,1.5\n', 'sphere', { normalize: true });
    expect(e.row).toBe(2);
    expect(e.message).toMatch(/length 0/);
  });

  it('says what layout sphere data need when the column count is wrong', () => {
    const e = failure('x,a,b,c,d\n0,1,0,0,0\n1,0,1,0,0\n2,0,0,1,0\n', 'sphere');
    expect(e.message).toMatch(
      /sphere data need x and 3 coordinates.*found 4 response columns \(a, b, c, d\)/,
    );
  });
});

describe('SPD(2)', () => {
  it('reads x, a, b, c as [[a, b], [b, c]] and the 4-entry form', () => {
    const d = parse('x,a,b,c\n0,2,0.5,1\n1,1,0,1\n2,3,-1,1\n', 'spd');
    expect([...d.ys[0]]).toEqual([2, 0.5, 0.5, 1]);
    const f = parse('x,m11,m12,m21,m22\n0,2,0.5,0.5,1\n1,1,0,0,1\n2,3,-1,-1,1\n', 'spd');
    expect([...f.ys[2]]).toEqual([3, -1, -1, 1]);
  });

  it('names the row (and column) of a matrix that is not positive definite', () => {
    const neg = failure('x,a,b,c\n0,2,0.5,1\n1,-1,0,1\n2,3,-1,1\n', 'spd');
    expect(neg.row).toBe(3);
    expect(neg.column).toBe('a');
    expect(neg.message).toMatch(
      /row 3, column "a": the matrix \[\[-1, 0\], \[0, 1\]\] is not positive definite: a = -1/,
    );
    const det = failure('x,a,b,c\n0,2,0.5,1\n1,1,0,1\n2,1,2,1\n', 'spd');
    expect(det.row).toBe(4);
    expect(det.message).toMatch(/row 4: .*a·c − b² = -3 ≤ 0/);
  });

  it('rejects a non-symmetric 4-entry matrix', () => {
    const e = failure('x,m11,m12,m21,m22\n0,2,0.5,0.5,1\n1,1,0.3,0.2,1\n2,3,-1,-1,1\n', 'spd');
    expect(e.row).toBe(3);
    expect(e.message).toMatch(/not symmetric/);
  });
});

describe('Kendall shapes', () => {
  const tri = (s: number, dx: number) => [0, 0, 1, 0, 0, 1].map((c, i) => (i % 2 === 0 ? s * c + dx : s * c));

  it('projects each row of 2k coordinates to a centred preshape of unit norm', () => {
    const rows = [0, 1, 2, 3].map((x) => [50 + 10 * x, ...tri(1 + x, x)].join(','));
    const d = parse(`age,x1,y1,x2,y2,x3,y3\n${rows.join('\n')}\n`, 'kendall');
    expect(d.n).toBe(4);
    expect(d.landmarks).toBe(3);
    expect(d.xLabel).toBe('age');
    for (const y of d.ys) {
      expect(norm(y)).toBeCloseTo(1, 14);
      expect(y[0] + y[2] + y[4]).toBeCloseTo(0, 14);
      expect(y[1] + y[3] + y[5]).toBeCloseTo(0, 14);
    }
    // translation and scale do not change the preshape
    for (let j = 0; j < 6; j++) expect(d.ys[3][j]).toBeCloseTo(d.ys[0][j], 14);
  });

  it('names the row of a degenerate shape (all landmarks equal)', () => {
    const e = failure('0,0,0,1,0,0,1\n1,2,2,2,2,2,2\n2,0,0,1,0,0,1\n', 'kendall');
    expect(e.row).toBe(2);
    expect(e.message).toMatch(/row 2: all 3 landmarks of this row coincide/);
  });

  it('needs an even number (≥ 6) of coordinates', () => {
    expect(failure('0,0,0,1,0,0\n1,0,0,1,0,0\n2,0,0,1,0,0\n', 'kendall').message).toMatch(
      /2k landmark coordinates.*found 5 response columns/,
    );
    expect(failure('0,0,0,1,0\n1,0,0,1,0\n2,0,0,1,0\n', 'kendall').message).toMatch(/k ≥ 3/);
  });

  it('reads the long format (subject column, landmark index in any order)', () => {
    const lines = ['subject,landmark,age,px,py'];
    for (const [s, age] of [
      ['a', 60],
      ['b', 70],
      ['c', 80],
    ] as const) {
      const pts = tri(age / 60, 0);
      for (const l of [2, 0, 1]) lines.push(`${s},${l},${age},${pts[2 * l]},${pts[2 * l + 1]}`);
    }
    const d = parse(lines.join('\n'), 'kendall');
    expect(d.n).toBe(3);
    expect(d.subjects).toEqual(['a', 'b', 'c']);
    expect([...d.xs]).toEqual([60, 70, 80]);
    expect(d.rows).toEqual([2, 5, 8]);
    const wide = parse(
      `0,${tri(1, 0).join(',')}\n1,${tri(2, 0).join(',')}\n2,${tri(3, 1).join(',')}\n`,
      'kendall',
    );
    for (let j = 0; j < 6; j++) expect(d.ys[0][j]).toBeCloseTo(wide.ys[0][j], 14);
  });

  it('long format: names the row where a subject’s covariate changes, and unequal landmark counts', () => {
    const e = failure('id,x,px,py\na,1,0,0\na,1,1,0\na,2,0,1\nb,2,0,0\nb,2,1,0\nb,2,0,1\n', 'kendall');
    expect(e.row).toBe(4);
    expect(e.column).toBe('x');
    expect(e.message).toMatch(/2 differs from 1, the covariate of subject "a" on row 2/);
    const k = failure('id,x,px,py\na,1,0,0\na,1,1,0\na,1,0,1\nb,2,0,0\nb,2,1,0\n', 'kendall');
    expect(k.row).toBe(5);
    expect(k.message).toMatch(/subject "b" has 2 landmarks, expected 3/);
    const deg = failure(
      'id,x,px,py\na,1,0,0\na,1,1,0\na,1,0,1\nb,2,5,5\nb,2,5,5\nb,2,5,5\nc,3,0,0\nc,3,1,0\nc,3,0,1\n',
      'kendall',
    );
    expect(deg.row).toBe(5);
    expect(deg.message).toMatch(/landmarks of subject "b" coincide/);
  });
});

describe('Euclidean and column choice', () => {
  it('parses the wine table (semicolon, quoted header) with chosen columns: 1599 rows', () => {
    const text = readFileSync(new URL('../../public/data/winequality-red.csv', import.meta.url), 'utf8');
    const d = parseDataFile(text, {
      fileName: 'winequality-red.csv',
      manifold: 'euclidean',
      columns: { x: 'alcohol', y: ['pH', 'density'] },
    });
    expect(d.n).toBe(1599);
    expect(d.separator).toBe('semicolon');
    expect(d.xLabel).toBe('alcohol');
    expect(d.yLabels).toEqual(['pH', 'density']);
    expect(d.xs[0]).toBe(9.4);
    expect([...d.ys[0]]).toEqual([3.51, 0.9978]);
    expect(d.warnings.join(' ')).toMatch(/duplicate rows/);
  });

  it('chooses columns by name, case-insensitively, or by 1-based number', () => {
    const text = 'a,b,c\n1,2,3\n4,5,6\n7,8,10\n';
    const d = parse(text, 'euclidean', { columns: { x: 'C', y: [1] } });
    expect([...d.xs]).toEqual([3, 6, 10]);
    expect(d.ys.map((y) => y[0])).toEqual([1, 4, 7]);
    const e = failure(text, 'euclidean', { columns: { x: 'alcohol' } });
    expect(e.message).toBe(
      'data.csv: there is no column named "alcohol" (for x); the columns are "a", "b", "c"',
    );
  });

  it('ignores an id column (with a warning)', () => {
    const d = parse('id,x,y\nA,1,2\nB,2,3\nC,3,5\n', 'euclidean');
    expect([...d.xs]).toEqual([1, 2, 3]);
    expect(d.ys.length).toBe(3);
    expect(d.warnings.join(' ')).toMatch(/ignored column "id"/);
  });
});

describe('JSON', () => {
  it('reads an array of row objects', () => {
    const d = parseDataFile(JSON.stringify([0, 1, 2].map((t) => ({ t, lat: 10 * t, lon: 5 }))), {
      fileName: 'd.json',
      manifold: 'sphere',
    });
    expect(d.format).toBe('json');
    expect(d.xLabel).toBe('t');
    expect(d.ys[2][2]).toBeCloseTo(Math.sin((20 * Math.PI) / 180), 15);
  });

  it('reads an array of row arrays and the {x, y} form (also with landmark pairs)', () => {
    const rows = parseDataFile('[[0, 1, 0, 1], [1, 2, 0, 2], [2, 1, 0.5, 1]]', {
      fileName: 'd.json',
      manifold: 'spd',
    });
    expect(rows.n).toBe(3);
    const xy = parseDataFile(
      JSON.stringify({
        x: [1, 2, 3],
        y: [
          [
            [0, 0],
            [1, 0],
            [0, 1],
          ],
          [
            [0, 0],
            [2, 0],
            [0, 1],
          ],
          [
            [0, 0],
            [1, 0],
            [0, 2],
          ],
        ],
      }),
      { fileName: 'shapes.json', manifold: 'kendall' },
    );
    expect(xy.landmarks).toBe(3);
    expect(norm(xy.ys[1])).toBeCloseTo(1, 14);
    const e1 = parseDataFile('{"x": [1, 2, 3], "y": [4, 5, 6], "xLabel": "dose"}', {
      fileName: 'lin.json',
      manifold: 'euclidean',
    });
    expect(e1.xLabel).toBe('dose');
    expect(e1.ys[2][0]).toBe(6);
  });

  it('names the entry and key of a bad value, a missing key, and invalid JSON', () => {
    const opts = { fileName: 'd.json', manifold: 'euclidean' as const };
    const err = (text: string) => {
      try {
        parseDataFile(text, opts);
      } catch (e) {
        return e as DataFormatError;
      }
      throw new Error('no error');
    };
    const bad = err('[{"x": 1, "y": 2}, {"x": 2, "y": "abc"}, {"x": 3, "y": 1}]');
    expect(bad.message).toBe('d.json, row 2, column "y": "abc" is not a number');
    const missing = err('[{"x": 1, "y": 2}, {"x": 2, "y": 1}, {"x": 3}]');
    expect(missing.message).toMatch(/^d\.json, row 3, column "y": the key "y" is missing/);
    const nul = err('{"x": [1, 2, 3], "y": [1, null, 2]}');
    expect(nul.row).toBe(2);
    expect(nul.message).toMatch(/missing or null/);
    expect(err('[[1, 2], [2, 3],\n [3, ]]').message).toMatch(/^d\.json: not valid JSON/);
    expect(err('{"x": [1, 2, 3], "y": [1, 2]}').message).toMatch(/"x" has 3 entries but "y" has 2/);
  });
});

describe('validation errors', () => {
  it('empty file, header only', () => {
    expect(failure('', 'sphere').message).toBe('data.csv: the file is empty');
    expect(failure('\ufeff \n\n', 'sphere').message).toBe('data.csv: the file is empty');
    expect(failure('x,a,b,c\n', 'spd').message).toBe('data.csv: the file has a header but no data rows');
  });

  it('non-numeric, empty, NaN and infinite cells name row and column', () => {
    const base = 'x,a,b,c\n0,1,0,1\n1,2,0,2\n2,1,0,1\n';
    const cases: [string, number, string | number, RegExp][] = [
      [base.replace('1,2,0,2', '1,2,zero,2'), 3, 'b', /"zero" is not a number/],
      [base.replace('1,2,0,2', '1,2,,2'), 3, 'b', /empty/],
      [base.replace('2,1,0,1', '2,NaN,0,1'), 4, 'a', /"NaN" is not a finite number/],
      [base.replace('2,1,0,1', '2,1,0,-Infinity'), 4, 'c', /not a finite number/],
      [base.replace('2,1,0,1', '2,1e999,0,1'), 4, 'a', /too large/],
      ['0,1,0,1\n1,2,x,2\n2,1,0,1\n', 2, 3, /"x" is not a number/],
    ];
    for (const [text, row, column, msg] of cases) {
      const e = failure(text, 'spd');
      expect(e.row).toBe(row);
      expect(e.column).toBe(column);
      expect(e.message).toMatch(msg);
    }
    expect(failure('0,1,0,1\n1,2,x,2\n2,1,0,1\n', 'spd').message).toBe(
      'data.csv, row 2, column 3: "x" is not a number',
    );
  });

  it('ragged rows: expected and found column counts', () => {
    const e = failure('x,a,b,c\n0,1,0,1\n1,2,0\n2,1,0,1\n', 'spd');
    expect(e.message).toBe('data.csv, row 3: expected 4 columns (as in the header), found 3');
    expect(failure('0,1,0,1\n1,2,0,2,5\n', 'spd').message).toBe(
      'data.csv, row 2: expected 4 columns (as in the first row), found 5',
    );
  });

  it('an unterminated quote names its row', () => {
    const e = failure('x,y\n1,2\n2,"3\n3,4\n', 'euclidean');
    expect(e.row).toBe(3);
    expect(e.message).toMatch(/never closed/);
  });

  it('n < 3 and all-equal covariates', () => {
    expect(failure('x,y\n1,2\n2,3\n', 'euclidean').message).toBe(
      'data.csv: only 2 data rows; geodesic regression needs at least 3',
    );
    const e = failure('age,y\n5,2\n5,3\n5,4\n', 'euclidean');
    expect(e.column).toBe('age');
    expect(e.message).toBe(
      'data.csv, column "age": all covariates are equal (to 5), so no regression line can be fitted',
    );
  });

  it('size limit, and text that is not UTF-8', () => {
    const big = failure('x,y\n1,2\n2,3\n3,4\n', 'euclidean', { maxBytes: 10 });
    expect(big.message).toMatch(/the limit is/);
    expect(failure('x'.repeat(21 * 1024 * 1024), 'euclidean').message).toBe(
      'data.csv: the file is 21 MB; the limit is 20 MB',
    );
    const bytes = new Uint8Array([...new TextEncoder().encode('x,y\n1,2\n'), 0xff, 0xfe, 0x0a]);
    const text = new TextDecoder('utf-8').decode(bytes);
    const e = failure(text, 'euclidean');
    expect(e.message).toMatch(/not valid UTF-8 text \(an undecodable byte on line 3\)/);
  });
});

describe('columns named in the header', () => {
  const unit = (i: number) => {
    const a = 0.3 * i;
    return [Math.cos(a), Math.sin(a), 0].map((v) => v.toFixed(9));
  };
  const rows = (f: (i: number) => string) => Array.from({ length: 6 }, (_, i) => f(i)).join('\n');

  it('a sphere file headed x,y,z,age reads age as the covariate and x, y, z as the point', () => {
    const text = `x,y,z,age\n${rows((i) => [...unit(i), 40 + i].join(','))}`;
    const d = parseDataFile(text, { fileName: 'directions_covlast.csv', manifold: 'sphere' });
    expect(d.xLabel).toBe('age');
    expect(d.yLabels).toEqual(['x', 'y', 'z']);
    expect(Array.from(d.xs)).toEqual([40, 41, 42, 43, 44, 45]);
    expect(Math.hypot(...d.ys[2])).toBeCloseTo(1, 12);
  });

  it('names SPD a, b, c and shapes x1, y1, … wherever they stand', () => {
    const spd = parseDataFile(`a,b,c,t\n${rows((i) => `2,0.1,1,${i}`)}`, {
      fileName: 'm.csv',
      manifold: 'spd',
    });
    expect([spd.xLabel, spd.yLabels.join(' ')]).toEqual(['t', 'a b c']);
    const shapes = parseDataFile(
      `y1,x1,x2,y2,x3,y3,age\n${rows((i) => `0,0,1,0,0.5,${1 + 0.01 * i},${60 + i}`)}`,
      { fileName: 's.csv', manifold: 'kendall' },
    );
    expect([shapes.xLabel, shapes.yLabels.join(' ')]).toEqual(['age', 'x1 y1 x2 y2 x3 y3']);
  });

  it('asks which column is the covariate when several are left and none is named like one', () => {
    const text = `x,y,z,weight,height\n${rows((i) => [...unit(i), 1, 2 + i].join(','))}`;
    expect(() => parseDataFile(text, { fileName: 'f.csv', manifold: 'sphere' })).toThrow(
      /which of column "weight", column "height" is the covariate/,
    );
  });
});

describe('sphere points far from length 1', () => {
  it('are a wrong column, said so, and never projected (no normalise offer)', () => {
    // the covariate read as a coordinate: lengths near 20
    const text = `t,a,b,c\n${Array.from({ length: 5 }, (_, i) => `${i},20,${0.1 * i},0`).join('\n')}`;
    for (const normalize of [false, true])
      expect(() => parseDataFile(text, { fileName: 'f.csv', manifold: 'sphere', normalize })).toThrow(
        /has length 20, far from 1: these columns do not hold the coordinates of a unit vector/,
      );
  });

  it('near 1 (rounded coordinates) they are projected on request', () => {
    const text = `t,a,b,c\n${Array.from({ length: 5 }, (_, i) => `${i},1.001,${0.01 * i},0`).join('\n')}`;
    expect(() => parseDataFile(text, { fileName: 'f.csv', manifold: 'sphere' })).toThrow(/not 1/);
    const d = parseDataFile(text, { fileName: 'f.csv', manifold: 'sphere', normalize: true });
    expect(d.projected?.count).toBe(5);
  });
});

describe('a file with several problems', () => {
  it('lists them all in one message, the first with its advice, up to ten and the count of the rest', () => {
    const bad = ['t,x,y,z', '0,1,0,0', '1,abc,0,0', '2,0,1,0', '3,0,0,1.2', '4,0,xyz,0', '5,1,0,0.1'];
    const e = failure(bad.join('\n'), 'sphere');
    expect(e.row).toBe(3); // the first problem's place, for callers that read it
    expect(e.message).toMatch(
      /^data\.csv, row 3, column "x": "abc" is not a number\n4 problems in all; also:/,
    );
    expect(e.message).toContain('row 5: the point (0, 0, 1.2) has length 1.2, not 1');
    expect(e.message).toContain('row 6, column "y": "xyz" is not a number');
    expect(e.message).toContain('row 7: the point (1, 0, 0.1)');
    // advice once, not per row
    expect(e.message.match(/normalise option/g)?.length ?? 0).toBeLessThanOrEqual(1);
    const many = ['t,x,y,z', ...Array.from({ length: 25 }, (_, i) => `${i},oops,0,0`)];
    const m = failure(many.join('\n'), 'sphere');
    expect(m.message).toContain('25 problems in all');
    expect(m.message).toMatch(/… and 15 more$/);
  });
});
