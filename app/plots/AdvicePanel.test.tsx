// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAdvice } from '../../src/experiments';
import { adviceKey, adviseSpec } from '../compute/advise';
import { DEFAULT_SETTINGS } from '../state/settings';
import { useLab } from '../store';
import { AdvicePanel } from './AdvicePanel';
import { advicePrivacyOf } from '../../src/experiments/advicePrivacy';

// test files share their modules (vite.config.ts): leave the store as it was found
const reset = () => {
  useLab.getState().set({ ...DEFAULT_SETTINGS });
  useLab.getState().setImported('sphere', null);
  useLab.setState({ advisor: { run: null } });
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

describe('the advisor’s first answer', () => {
  it('shows the coarse sweep’s answer while the sweeps refine it, for the settings it was computed for', () => {
    useLab.getState().set({ workspace: 'sphere', mechanism: 'kng-joint', n: 20, m: 2, eps: 1 });
    const settings = useLab.getState().settings;
    const firstAnswer = runAdvice(adviseSpec(settings, undefined, 'synthetic'));
    render(<AdvicePanel />);
    const running = {
      key: adviceKey(settings, undefined, 'synthetic'),
      source: 'synthetic' as const,
      status: 'running' as const,
      stage: 'fine' as const,
      done: 35,
      total: 180,
      advice: null,
      error: null,
    };
    act(() => useLab.setState({ advisor: { run: running } }));
    const result = () => screen.getByTestId('advice-result').textContent;
    expect(result()).toBe('Sweeping the split (fine, more pairs): 35 of at most 180 chain groups…');
    act(() => useLab.setState({ advisor: { run: { ...running, firstAnswer } } }));
    expect(result()).toBe(
      `First answer, from the coarse sweep: ${firstAnswer.summary} Refining it near its best split. ` +
        'Sweeping the split (fine, more pairs): 35 of at most 180 chain groups…',
    );
    // while the coarse sweep runs: from its first whole passes, and it says how many
    const coarse = { ...running, stage: 'coarse' as const, done: 40, total: 110 };
    const groups = { groups: 3, groupsTotal: 10 };
    act(() => useLab.setState({ advisor: { run: { ...coarse, firstAnswer, firstAnswerGroups: groups } } }));
    expect(result()).toBe(
      `First answer, from 3 chain groups at each split of the coarse sweep (it draws up to 10): ` +
        `${firstAnswer.summary} ` +
        'Refining it. Sweeping the split (coarse): 40 of at most 110 chain groups…',
    );
    act(() => useLab.setState({ advisor: { run: { ...running, firstAnswer } } }));
    // not once the settings moved on (it is another data set's answer)
    act(() => useLab.getState().set({ eps: 2 }));
    expect(result()).toBe('Sweeping the split (fine, more pairs): 35 of at most 180 chain groups…');
  });
});

describe('the advice’s exports', () => {
  let saved: Blob[];
  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved.push(b as Blob);
      return 'blob:advice';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const text = (blob: Blob) =>
    new Promise<string>((resolve) => {
      // jsdom's Blob has no text()
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });

  it('offers JSON and CSV once an advice is shown, with the stand-in’s settings and the privacy statement', async () => {
    const file = {
      id: 2,
      fileName: 'directions.csv',
      xs: Float64Array.from({ length: 20 }, (_, i) => i / 19),
      ys: Array.from({ length: 20 }, (_, i) => Float64Array.of(Math.cos(0.05 * i), Math.sin(0.05 * i), 0)),
      xLabel: 'year',
      xRange: [1990, 2020] as [number, number],
    };
    useLab.getState().set({ workspace: 'sphere', mechanism: 'kng-joint', n: 20, m: 2, eps: 1 });
    useLab.getState().setImported('sphere', file);
    const settings = useLab.getState().settings;
    render(<AdvicePanel />);
    expect(screen.queryByRole('button', { name: 'Download split advice as JSON' })).toBeNull();
    const spec = adviseSpec(settings, file, 'synthetic');
    const advice = runAdvice(spec);
    act(() =>
      useLab.setState({
        advisor: {
          run: {
            key: adviceKey(settings, file, 'synthetic'),
            source: 'synthetic',
            status: 'done',
            stage: 'fine',
            done: 1,
            total: 1,
            advice,
            error: null,
            // the advisor's last step, in its worker
            privacy: advicePrivacyOf(spec, advice, file.xRange),
          },
        },
      }),
    );
    const jsonButton = screen.getByRole('button', { name: 'Download split advice as JSON' });
    // enabled once the statement is in the run
    await waitFor(() => expect((jsonButton as HTMLButtonElement).disabled).toBe(false), { timeout: 20_000 });
    fireEvent.click(jsonButton);
    await waitFor(() => expect(saved).toHaveLength(1));
    const out = JSON.parse(await text(saved[0]));
    expect(out.advice.interval).toEqual(advice.interval);
    expect(out.advice.resolution).toBe(advice.resolution);
    expect(out.curve).toHaveLength(advice.curve.length);
    expect(out.computedOn).toMatchObject({
      data: 'synthetic stand-in',
      standIn: true,
      n: 20,
      noise: settings.noise,
      seed: settings.seed,
      mechanism: 'kng-joint',
      eps: 1,
    });
    expect(out.data).toMatch(/stand-in for your file directions\.csv/);
    expect(out.privacy.statement).toMatch(/^Not a private release/);
    fireEvent.click(screen.getByRole('button', { name: 'Download split advice as CSV' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    const csv = await text(saved[1]);
    expect(csv).toMatch(/^# note: advice: \{"eps":1,/m);
    expect(csv).toMatch(/^# note: privacy: \{"private":false,/m);
    expect(csv).toMatch(/^stage,split,epsP,epsV,lnMeanMse,se,pairs$/m);
  });
});
