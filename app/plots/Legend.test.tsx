// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePresent } from '../present/presentStore';
import { Sub } from './chart';
import { Legend, layoutLegend, legendTextBox, type LegendItem } from './Legend';

afterEach(() => {
  cleanup();
  usePresent.setState({ on: false, more: false });
});

const plain = (label: string): LegendItem => ({ kind: 'dashed', label });
const withSub = (label: string, sub: string): LegendItem => ({
  kind: 'rule',
  label: label + sub,
  node: (
    <>
      {label}
      <Sub>{sub}</Sub>
    </>
  ),
});

const TYPES = [
  { font: 13, sub: { scale: 0.75, drop: 0.3 } },
  { font: 16, sub: { scale: 1, drop: 0.25 } },
];

describe('the legend’s rows', () => {
  it('never overlap: each row’s text, subscripts dropped included, ends above the next row’s', () => {
    // one item per row (a narrow legend), rich text on every other row
    const items = [plain('n = 20'), withSub('current ε', 'p'), plain('n = 50'), withSub('footpoint r', 'p')];
    for (const { font, sub } of TYPES) {
      const { placed, height } = layoutLegend(items, 10, font, sub);
      const boxes = placed.map(({ item, y }) => {
        const box = legendTextBox(font, item.node ? sub : null);
        return { top: y - box.above, bottom: y + box.below };
      });
      for (let i = 1; i < boxes.length; i++) expect(boxes[i].top).toBeGreaterThanOrEqual(boxes[i - 1].bottom);
      expect(boxes[0].top).toBeGreaterThanOrEqual(0);
      expect(height).toBeGreaterThanOrEqual(boxes.at(-1)!.bottom);
      // a subscript's drop reaches below the letters: only rows with rich text are the taller for it
      expect(legendTextBox(font, sub).below).toBeGreaterThan(legendTextBox(font, null).below);
      expect(layoutLegend([plain('a'), plain('b')], 10, font, sub).height).toBeLessThanOrEqual(
        2 * (font + 7),
      );
    }
  });

  it('draw a subscript dropped by the type’s drop, in ems of its text, as the layout assumes', () => {
    usePresent.setState({ on: true, more: false });
    const layout = layoutLegend([withSub('current ε', 'p')], 400, 16, TYPES[1].sub);
    const { container } = render(
      <svg>
        <Legend layout={layout} x={0} y={0} />
      </svg>,
    );
    const tspan = container.querySelector('.legend tspan')!;
    expect(tspan.textContent).toBe('p');
    expect(tspan.getAttribute('baseline-shift')).toBe('-0.25em');
    expect(tspan.getAttribute('font-size')).toBe('1em');
  });
});
