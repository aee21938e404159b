import * as d3 from 'd3';
import { describe, expect, it } from 'vitest';
import { labelledXTicks, labelledYTicks, tickFormat } from './chart';

/** Widths as DejaVu Sans draws them (the fallback sans font): digits 0.636 em, the point 0.318 em. */
const drawnWidth = (label: string, font: number) =>
  [...label].reduce((w, ch) => w + (ch === '.' ? 0.318 : 0.636), 0) * font;

/** The gaps between neighbouring labels, each label `size(t)` long and centred on its tick. */
function gaps(kept: Set<number>, at: (t: number) => number, size: (t: number) => number): number[] {
  const sorted = [...kept].sort((a, b) => at(a) - at(b));
  return sorted.slice(1).map((t, i) => {
    const prev = sorted[i];
    return at(t) - at(prev) - (size(t) + size(prev)) / 2;
  });
}

describe('labelledXTicks', () => {
  const ticks = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2];

  it('labels of a log axis never touch, at any width the plot is drawn, keeping the powers of ten', () => {
    for (const font of [13, 17])
      for (let width = 200; width <= 900; width += 25) {
        const x = d3
          .scaleLog()
          .domain([0.002, 2])
          .range([60, 60 + width]);
        const kept = labelledXTicks(ticks, x, tickFormat, font);
        // the crowded left end ("0.0020.0050.010.02") loses labels rather than run them together
        for (const gap of gaps(kept, x, (t) => drawnWidth(tickFormat(t), font)))
          expect(gap).toBeGreaterThan(4);
        for (const decade of [0.01, 0.1, 1]) expect(kept).toContain(decade);
        if (width < 400) expect(kept.size).toBeLessThan(ticks.length);
      }
  });

  it('keeps every label when there is room', () => {
    const wide = d3.scaleLinear().domain([0, 1]).range([0, 800]);
    const lin = [0, 0.2, 0.4, 0.6, 0.8, 1];
    expect(labelledXTicks(lin, wide, tickFormat, 13).size).toBe(lin.length);
  });
});

describe('labelledYTicks', () => {
  it('labels of a short log axis in presenting type never touch, the powers of ten first', () => {
    for (const height of [120, 190, 300]) {
      const y = d3
        .scaleLog()
        .domain([0.002, 0.3])
        .range([20 + height, 20]);
      // d3's log ticks: every multiple 1 … 9 of each power of ten, crowded at the top of each decade
      const ticks = y.ticks();
      const kept = labelledYTicks(ticks, y, 17);
      // a line box of 1.15 em holds the drawn digits: boxes that do not overlap hold labels that do not touch
      for (const gap of gaps(
        kept,
        (t) => -y(t),
        () => 1.15 * 17,
      ))
        expect(gap).toBeGreaterThanOrEqual(0);
      for (const decade of [0.01, 0.1]) expect(kept).toContain(decade);
      expect(kept.size).toBeLessThan(ticks.length);
    }
  });

  it('keeps every label of a tall linear axis', () => {
    const y = d3.scaleLinear().domain([-1, 1]).range([300, 0]);
    expect(labelledYTicks([-1, -0.5, 0, 0.5, 1], y, 17).size).toBe(5);
  });
});
