// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JobProgress } from './JobProgress';

afterEach(cleanup);

const bar = (props: Parameters<typeof JobProgress>[0]) => {
  const { container } = render(<JobProgress {...props} />);
  const root = container.firstElementChild!;
  const progress = root.querySelector('[role="progressbar"]')!;
  return { root, progress, text: root.querySelector('.job-progress-text')!.textContent };
};

describe('JobProgress', () => {
  it('counts cells by default', () => {
    const { root, progress, text } = bar({ label: 'x', status: 'running', done: 3, total: 12 });
    expect(text).toBe('Computing… 3 / 12 cells');
    expect(root.className).toBe('job-progress job-running');
    expect(progress.getAttribute('aria-valuenow')).toBe('3');
    expect(progress.getAttribute('aria-valuemax')).toBe('12');
  });

  it('a figure that only refines says how far, and is marked job-refining while it runs', () => {
    const running = bar({
      label: 'x',
      status: 'running',
      done: 30,
      total: 60,
      refining: true,
      runningText: 'Refining: 50 of 100 pairs per point',
      doneText: 'Done: 100 pairs per point',
    });
    expect(running.root.className).toBe('job-progress job-running job-refining');
    expect(running.text).toBe('Refining: 50 of 100 pairs per point');
    expect(running.progress.getAttribute('aria-valuetext')).toBe('Refining: 50 of 100 pairs per point');
    // the cells stay the bar's value
    expect(running.progress.getAttribute('aria-valuenow')).toBe('30');
    cleanup();
    const done = bar({
      label: 'x',
      status: 'done',
      done: 60,
      total: 60,
      refining: true,
      doneText: 'Done: 100',
    });
    expect(done.root.className).toBe('job-progress job-done');
    expect(done.text).toBe('Done: 100');
  });
});
