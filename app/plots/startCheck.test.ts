import { describe, expect, it } from 'vitest';
import type { JointReleaseCell } from '../../src/experiments';
import { startVerdict } from './StartCheck';

const cell = (potential: number, fromFit: number) =>
  ({ potential, fromFit: { potential: fromFit, mse: 0 } }) as unknown as JointReleaseCell;

describe('the start check reads its chains', () => {
  it('agrees when both starts end in the same law, and says so with the means', () => {
    const cells = Array.from({ length: 20 }, (_, i) => cell(3 + (i % 5) * 0.3, 3 + ((i + 2) % 5) * 0.3));
    const v = startVerdict(cells)!;
    expect(v.agree).toBe(true);
    expect(v.chains).toBe(20);
    expect(v.meanPublic).toBeCloseTo(v.meanFit, 12);
  });
  it('differs when the chains from the fit stay near it', () => {
    const cells = Array.from({ length: 20 }, (_, i) => cell(30 + i, 2 + i * 0.01));
    const v = startVerdict(cells)!;
    expect(v.agree).toBe(false);
    expect(v.pValue).toBeLessThan(0.01);
  });
  it('needs two chains of each', () => {
    expect(startVerdict([cell(1, 1)])).toBeNull();
  });
});
