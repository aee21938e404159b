import { describe, expect, it } from 'vitest';
import { parseDataFile } from '.';
import { failure, norm, parse, s2 } from './parseTestkit';

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
