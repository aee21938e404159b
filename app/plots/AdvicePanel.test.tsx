// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../state/settings';
import { useLab } from '../store';
import { AdvicePanel } from './AdvicePanel';

// test files share their modules (vite.config.ts): leave the store as it was found
const reset = () => {
  useLab.getState().set({ ...DEFAULT_SETTINGS });
  useLab.getState().setImported('sphere', null);
};
beforeEach(reset);
afterEach(() => {
  cleanup();
  reset();
});

describe('the split advisor after an import', () => {
  it('offers a synthetic stand-in whose noise is a public value set beside it (the Data box no longer has one)', () => {
    render(<AdvicePanel />);
    expect(screen.queryByTestId('advice-noise')).toBeNull(); // synthetic data: the Data box sets the noise
    act(() =>
      useLab.getState().setImported('sphere', {
        id: 1,
        fileName: 'directions.csv',
        xs: Float64Array.of(0, 0.5, 1),
        ys: [Float64Array.of(1, 0, 0), Float64Array.of(0, 1, 0), Float64Array.of(0, 0, 1)],
        xLabel: 'year',
        xRange: [1990, 2020],
      }),
    );
    const panel = screen.getByTestId('advice-panel');
    expect(panel.textContent).toContain(
      'synthetic data of the same size (n = 3) and the public noise level below',
    );
    expect(panel.textContent).not.toContain('set under Data');
    const field = screen.getByTestId('advice-noise') as HTMLInputElement;
    expect(Number(field.value)).toBe(DEFAULT_SETTINGS.noise);
    fireEvent.change(field, { target: { value: '0.02' } });
    expect(useLab.getState().settings.noise).toBe(0.02);
  });
});
