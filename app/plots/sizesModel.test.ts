import { describe, expect, it } from 'vitest';
import type { SizesRow } from '../../src/experiments';
import { sizesSeries, sizesVerdict, timesWords } from './sizesModel';

const row = (
  n: number,
  mechanism: SizesRow['mechanism'],
  lnMeanMse: number,
  lnMedianMse = lnMeanMse,
): SizesRow => ({
  n,
  mechanism,
  lnMeanMse,
  lnMedianMse,
  draws: 10,
});

describe('the error-against-n plot reads its own numbers', () => {
  const np = [50, 100, 200, 300].map((n) => row(n, 'nonprivate', -6.2));
  it('names the size from which the joint release stays near the fit, and the gap below it', () => {
    const rows = [
      ...np,
      row(50, 'kng-joint', -0.5),
      row(100, 'kng-joint', -2),
      row(200, 'kng-joint', -6),
      row(300, 'kng-joint', -6.1),
    ];
    expect(sizesVerdict(rows)).toBe(
      'At n = 50 its mean error is about 299× the non-private one. From n = 200 on it is within about 1.6× the non-private error: there privacy starts to pay.',
    );
  });
  it('a dip that does not last does not count; no size that pays says so', () => {
    const rows = [
      ...np,
      row(50, 'kng-joint', -0.5),
      row(100, 'kng-joint', -6),
      row(200, 'kng-joint', -2),
      row(300, 'kng-joint', -3),
    ];
    expect(sizesVerdict(rows)).toMatch(/No size shown brings it within about 1\.6× the non-private error/);
  });
  it('says "the same as" for a negligible gap, and builds four series', () => {
    expect(timesWords(0.01)).toBe('the same as');
    expect(timesWords(Math.log(2))).toBe('about 2.0×');
    const series = sizesSeries([...np, row(50, 'kng-joint', -1, -3), row(50, 'kng', -5)]);
    expect(series.map((s) => [s.id, s.points.length])).toEqual([
      ['joint-mean', 1],
      ['joint-median', 1],
      ['paper', 1],
      ['nonprivate', 4],
    ]);
    expect(series[1].points[0].y).toBe(-3);
  });
});
