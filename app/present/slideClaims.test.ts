import { describe, expect, it } from 'vitest';
import type { MseModel, MseSeries } from '../plots/mseModel';
import { noiseOrderSentence, slidePlot } from './slideClaims';
import { PRESENT_SEQUENCE } from './sequence';

const series = (noise: number, lnNonPrivate: number | null): MseSeries => ({
  key: `50|${noise}`,
  n: 50,
  noise,
  style: 0,
  label: `δ = ${noise}`,
  points: [],
  lnNonPrivate,
});
const model = (...s: MseSeries[]): MseModel => ({ series: s, skipped: 0, count: 0 });

describe('a figure slide’s claims', () => {
  it('Fig. 6: the dashed lines rise with δ only when their plotted heights do', () => {
    expect(noiseOrderSentence(model(series(0.1, -2), series(0.001, -9), series(0.01, -6)))).toMatch(
      /rise with δ/,
    );
    expect(noiseOrderSentence(model(series(0.001, -9), series(0.01, -9.5), series(0.1, -2)))).toMatch(
      /do not rise in order of δ/,
    );
    // a line not yet drawn: nothing is said
    expect(noiseOrderSentence(model(series(0.001, -9), series(0.01, null)))).toBeNull();
  });

  it('the split figures’ slides speak of the split plot they show; the views’ slides claim nothing', () => {
    const plots = Object.fromEntries(PRESENT_SEQUENCE.map((s) => [s.preset.id, slidePlot(s.preset.id)]));
    for (const id of ['fig1', 'fig2', 'fig6', 'fig7']) expect(plots[id]).toBe('split');
    expect(plots.p002fig1).toBe('errorVsK');
    expect(plots.p004fig1).toBe('errorVsEps');
    for (const id of ['fig3', 'fig5', 'fig8']) expect(plots[id]).toBeNull();
  });

  it('the fixed one-sentence captions describe what is drawn, never a result the numbers decide', () => {
    for (const s of PRESENT_SEQUENCE)
      expect(s.short, s.preset.id).not.toMatch(
        /\bU\b|grows much faster|stays below|well above|forms a|falls towards/,
      );
  });
});
