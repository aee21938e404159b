import { describe, expect, it } from 'vitest';
import { failure } from './parseTestkit';

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
