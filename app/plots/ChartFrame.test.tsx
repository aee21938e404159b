// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import * as d3 from 'd3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePresent } from '../present/presentStore';
import { ChartFrame, type Frame } from './ChartFrame';

beforeAll(() => {
  // jsdom has no layout: the frame keeps its initial width
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  cleanup();
  usePresent.setState({ on: false, more: false });
});

type Linear = d3.ScaleLinear<number, number>;

function renderFrame(legend: number, yFormat?: (t: number) => string) {
  let seen: Frame<Linear, Linear> | null = null;
  render(
    <ChartFrame
      title="A test plot"
      exportName="test"
      testId="test-plot"
      empty={false}
      initialWidth={500}
      margin={{ left: 60, right: 20, top: 10, bottom: 50 }}
      legend={Array.from({ length: legend }, (_, i) => ({ kind: 'dashed' as const, label: `item ${i}` }))}
      plotHeight={(W) => W / 2}
      x={d3.scaleLinear().domain([0, 10])}
      y={d3.scaleLinear().domain([-1, 1])}
      xAxis={{ label: 'the x axis', ticks: [0, 5, 10] }}
      yAxis={{ label: 'the y axis', ticks: [-1, 0, 1], format: yFormat }}
    >
      {(frame) => {
        seen = frame;
        return <circle data-testid="mark" cx={frame.x(5)} cy={frame.y(0)} r={2} />;
      }}
    </ChartFrame>,
  );
  return seen! as Frame<Linear, Linear>;
}

describe('ChartFrame', () => {
  it('lays the plot area out under the legend and ranges the scales to it', () => {
    const f = renderFrame(0);
    expect(f.W).toBe(500);
    expect(f.margin.top).toBe(10);
    expect(f.plotH).toBe(250);
    expect(f.H).toBe(10 + 250 + 50);
    expect([f.left, f.right, f.top, f.bottom]).toEqual([60, 480, 10, 260]);
    expect(f.x.range()).toEqual([60, 480]);
    expect(f.y.range()).toEqual([260, 10]);
    const svg = screen.getByTestId('test-plot');
    expect(svg.getAttribute('width')).toBe('500');
    expect(svg.getAttribute('height')).toBe('310');
    expect(svg.querySelector('.legend')).toBeNull();
    expect(screen.getByTestId('mark').getAttribute('cx')).toBe('270');
  });

  it('draws the legend and both axes, the legend pushing the plot area down', () => {
    const f = renderFrame(2);
    expect(f.legend.height).toBeGreaterThan(0);
    expect(f.top).toBe(f.legend.height + 10);
    const svg = screen.getByTestId('test-plot');
    expect(svg.querySelector('.legend')?.textContent).toContain('item 1');
    expect(svg.querySelector('.axis-x')?.textContent).toContain('the x axis');
    expect(svg.querySelector('.axis-y')?.textContent).toContain('the y axis');
    expect(svg.querySelectorAll('.axis-y .tick-label')).toHaveLength(3);
  });

  it('widens the left margin where the y tick labels and the title need more room, and only there', () => {
    // "-1.000": six characters of 13 px push the title beyond 44 px, so the plot area starts further right
    const wide = renderFrame(0, (t) => t.toFixed(3));
    expect(wide.left).toBeGreaterThan(60);
    const title = screen.getByText('the y axis');
    const x = Number(/translate\(([-\d.]+),/.exec(title.getAttribute('transform') ?? '')?.[1]);
    // the title's centre stays inside the SVG, left of the labels
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(wide.left - 8 - 6 * 13 * 0.56);
    cleanup();
    expect(renderFrame(0).left).toBe(60);
  });

  it('labels only the y ticks whose labels keep clear of each other in presenting type, the powers of ten first', () => {
    usePresent.setState({ on: true, more: false });
    const y = d3.scaleLog().domain([0.002, 0.3]);
    const ticks = y.ticks();
    render(
      <ChartFrame
        title="A log plot"
        exportName="test"
        testId="log-plot"
        empty={false}
        initialWidth={500}
        margin={{ left: 60, right: 20, top: 10, bottom: 50 }}
        legend={[]}
        plotHeight={() => 190}
        x={d3.scaleLinear().domain([0, 1])}
        y={y}
        xAxis={{ label: 'x', ticks: [0, 1] }}
        yAxis={{ label: 'error', ticks }}
      >
        {() => null}
      </ChartFrame>,
    );
    const svg = screen.getByTestId('log-plot');
    const labels = [...svg.querySelectorAll('.axis-y .tick-label')].map((t) => t.textContent);
    expect(labels).toContain('0.01');
    expect(labels).toContain('0.1');
    expect(labels.length).toBeLessThan(ticks.length);
    // every tick keeps its mark
    expect(svg.querySelectorAll('.axis-y line').length).toBeGreaterThanOrEqual(ticks.length);
  });
});
