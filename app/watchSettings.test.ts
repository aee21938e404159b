import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLab, watchSettings } from './store';

describe('watchSettings', () => {
  let stop: () => void = () => {};
  let checks = 0;
  let changes = 0;
  const initial = useLab.getState().settings;

  beforeEach(() => {
    vi.useFakeTimers();
    checks = 0;
    changes = 0;
    stop = watchSettings(
      () => checks++,
      150,
      () => changes++,
    );
    checks = 0; // the first check runs when watching starts
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    useLab.setState({ settings: initial, settingsStep: false });
  });
  const { set } = useLab.getState();

  it('checks a typed value once the settings have settled, not at each digit', () => {
    set({ eps: 2 });
    set({ eps: 2.5 });
    expect(changes).toBe(2);
    expect(checks).toBe(0);
    vi.advanceTimersByTime(149);
    expect(checks).toBe(0);
    vi.advanceTimersByTime(1);
    expect(checks).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(checks).toBe(1);
  });

  it('checks a slider step at once, and the steps that follow it once they settle', () => {
    set({ split: 0.6 }, { step: true });
    expect(checks).toBe(1);
    // a lone step is checked once: nothing changed after it
    vi.advanceTimersByTime(1000);
    expect(checks).toBe(1);

    set({ split: 0.7 }, { step: true });
    expect(checks).toBe(2);
    vi.advanceTimersByTime(100);
    set({ split: 0.8 }, { step: true });
    set({ split: 0.9 }, { step: true });
    expect(checks).toBe(2);
    vi.advanceTimersByTime(149);
    expect(checks).toBe(2);
    vi.advanceTimersByTime(1);
    expect(checks).toBe(3);
    expect(changes).toBe(4);
  });

  it('keeps the debounce for a typed value right after a slider step', () => {
    set({ split: 0.6 }, { step: true });
    set({ eps: 3 });
    expect(checks).toBe(1);
    vi.advanceTimersByTime(150);
    expect(checks).toBe(2);
  });

  it('ignores writes that leave the settings and the imported data as they were', () => {
    useLab.setState({ notices: ['x'] });
    vi.advanceTimersByTime(1000);
    expect(changes).toBe(0);
    expect(checks).toBe(0);
  });
});
