import { describe, expect, it } from 'vitest';
import { power } from './power';
import { Rng } from './rng';

describe('power: x^y through exp and log', () => {
  it('is within a few units in the last place of Math.pow on the exponents the samplers use', () => {
    const rng = Rng.fromKey(3);
    for (const y of [1 / 2, 1 / 3, 1 / 12, 1 / 96, 1.6, 0.25, 0.75]) {
      for (let i = 0; i < 2000; i++) {
        const x = rng.uniform();
        expect(Math.abs(power(x, y) - Math.pow(x, y))).toBeLessThanOrEqual(
          8 * Number.EPSILON * Math.pow(x, y),
        );
      }
    }
  });

  it('keeps the edge cases of a power of x ≥ 0', () => {
    expect(power(0, 0.5)).toBe(0);
    expect(power(0, 0)).toBe(1);
    expect(power(0, -1)).toBe(Infinity);
    expect(power(1, 1 / 3)).toBe(1);
    expect(power(5, 0)).toBe(1);
    expect(power(-1, 0.5)).toBeNaN();
  });
});
