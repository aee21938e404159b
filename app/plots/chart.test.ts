import * as d3 from 'd3';
import { describe, expect, it } from 'vitest';
import { labelledTicks, tickFormat } from './chart';

describe('labelledTicks', () => {
  const ticks = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2];
  const x = d3.scaleLog().domain([0.002, 2]).range([60, 430]);
  const width = (t: number, font: number) => tickFormat(t).length * 0.6 * font;

  it('labels no two ticks where their labels would overlap, keeping the powers of ten', () => {
    for (const font of [13, 17]) {
      const kept = [...labelledTicks(ticks, x, tickFormat, font)].sort((a, b) => a - b);
      for (let i = 1; i < kept.length; i++) {
        const gap = x(kept[i]) - x(kept[i - 1]);
        expect(gap).toBeGreaterThanOrEqual((width(kept[i], font) + width(kept[i - 1], font)) / 2);
      }
      for (const decade of [0.01, 0.1, 1]) expect(kept).toContain(decade);
      // the crowded left end (0.002, 0.005, 0.01, 0.02: "0.0020.0050.010.02") loses labels
      expect(kept.length).toBeLessThan(ticks.length);
    }
  });

  it('keeps every label when there is room', () => {
    const wide = d3.scaleLinear().domain([0, 1]).range([0, 800]);
    const lin = [0, 0.2, 0.4, 0.6, 0.8, 1];
    expect(labelledTicks(lin, wide, tickFormat, 13).size).toBe(lin.length);
  });
});
