import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DataFormatError, parseDataFile } from '.';
import { failure, norm, parse, s2 } from './parseTestkit';

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
