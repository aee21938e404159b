import { describe, expect, it } from 'vitest';
import { boxStats, jitter, summarize } from './stats';

describe('plot statistics', () => {
  it('box stats ignore non-finite values', () => {
    const b = boxStats([4, 1, NaN, 3, 2, Infinity, 5])!;
    expect(b).toEqual({ n: 5, min: 1, q1: 2, median: 3, q3: 4, max: 5 });
    expect(boxStats([NaN])).toBeNull();
  });
  it('summaries and jitter', () => {
    const s = summarize([1, 2, 3, 4]);
    expect(s.mean).toBe(2.5);
    expect(s.median).toBe(2.5);
    for (let i = 0; i < 50; i++) expect(Math.abs(jitter(i))).toBeLessThanOrEqual(1);
  });
});
