// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SweepRow } from '../../src/experiments';
import type { FrechetRow } from '../../src/experiments/frechetRows';
import { SWEEP_POINTS } from '../compute/jobs';
import { presetById, presetSettings } from '../presets';
import { useLab } from '../store';
import { FigureClaim } from './FigureClaim';

afterEach(cleanup);

/** The split sweep's rows: one curve per n, ln MSE `ln(i)` at its i-th split. */
function showSweep(presetId: string, ln: (i: number, n: number) => number) {
  const settings = presetSettings(presetById(presetId)!);
  const rows = settings.curves.flatMap((n) =>
    Array.from({ length: SWEEP_POINTS }, (_, i) => {
      const epsP = ((i + 0.5) / SWEEP_POINTS) * settings.eps;
      return {
        n,
        noise: settings.noise,
        split: 'unequal',
        epsP,
        epsV: settings.eps - epsP,
        eps: settings.eps,
        lnMeanMse: ln(i, n),
        lnMedianMse: ln(i, n),
        lnNonPrivateMse: -8,
      } as SweepRow;
    }),
  );
  useLab.setState({ settings, sweep: { ...useLab.getState().sweep, rows } });
  render(<FigureClaim presetId={presetId} />);
  return screen.getByTestId('present-claim');
}

describe('a figure slide’s computed claim', () => {
  it('Fig. 1 over flat split curves: “no split helps”, never a U', () => {
    const claim = showSweep('fig1', (i) => -3 + 0.01 * Math.sin(i * 7));
    expect(claim.dataset.shape).toBe('flat');
    expect(claim.textContent).toContain('No split helps here');
    expect(claim.textContent).not.toMatch(/\bU\b/);
  });

  it('Fig. 1 over U-shaped curves: a U', () => {
    const claim = showSweep('fig1', (i) => -5 + 0.3 * (i - 4.5) ** 2);
    expect(claim.dataset.shape).toBe('u');
    expect(claim.textContent).toContain('A U:');
  });

  it('before the sweep is in, only its progress', () => {
    useLab.setState({ sweep: { ...useLab.getState().sweep, rows: [] } });
    useLab.setState({ settings: presetSettings(presetById('fig7')!) });
    render(<FigureClaim presetId="fig7" />);
    expect(screen.getByTestId('present-claim').textContent).toMatch(/^Computing:/);
  });

  it('002 Fig. 1: the growth with k once the k sweep is done, nothing while it runs', () => {
    const settings = presetSettings(presetById('p002fig1')!);
    const row = (mechanism: string, k: number, meanDist: number) =>
      ({
        mechanism,
        k,
        n: settings.n,
        eps: settings.eps,
        meanDist,
        seDist: meanDist / 50,
        applicable: true,
        isPrivate: true,
        distance: 'riemannian',
        notes: [],
      }) as unknown as FrechetRow;
    const rows = [2, 30].flatMap((k) => [
      row('riemannian-laplace', k, k === 2 ? 0.01 : 0.2),
      row('tangent-gaussian', k, k === 2 ? 0.02 : 0.05),
    ]);
    const job = { status: 'running' as const, cells: [], done: 3, total: 14, error: null, rows };
    useLab.setState({ settings, frechetK: job });
    const { rerender } = render(<FigureClaim presetId="p002fig1" />);
    const claim = screen.getByTestId('present-claim');
    expect(claim.textContent).toMatch(/^Computing \(3 of 14\)/);
    useLab.setState({ frechetK: { ...job, status: 'done', done: 14 } });
    rerender(<FigureClaim presetId="p002fig1" />);
    expect(claim.textContent).toBe(
      'Here: From k = 2 to 30 the Riemannian Laplace error grows much faster: about 20×, against about 2.5× for the Tangent Gaussian’s; at k = 30 the Tangent Gaussian’s is the lower, by about 4×.',
    );
  });

  it('a view’s slide claims nothing', () => {
    const { container } = render(<FigureClaim presetId="fig5" />);
    expect(container.textContent).toBe('');
  });
});
