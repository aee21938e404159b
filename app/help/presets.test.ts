import { describe, expect, it } from 'vitest';
import { FIGURES, LIMITS, queryToSettings, settingsToQuery } from '../state/settings';
import { PRESETS, activePreset, presetDeviations, presetSettings } from '../presets';

describe('figure presets', () => {
  it('cover every figure of paper 000 the lab reproduces, with unique ids', () => {
    expect(new Set(PRESETS.map((p) => p.figure))).toEqual(new Set(FIGURES));
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
  });

  it('survive the URL round trip exactly (a copied link reproduces the figure)', () => {
    for (const p of PRESETS) {
      const s = presetSettings(p);
      const back = queryToSettings(settingsToQuery(s));
      expect(back.problems, p.id).toEqual([]);
      expect(back.settings, p.id).toEqual(s);
      expect(activePreset(back.settings)?.id, p.id).toBe(p.id);
      expect(presetDeviations(p, back.settings), p.id).toEqual([]);
    }
  });

  it('stay within the controls’ limits', () => {
    for (const p of PRESETS) {
      const s = presetSettings(p) as unknown as Record<string, number | null>;
      for (const [k, [lo, hi]] of Object.entries(LIMITS)) {
        // a setting left absent (the sampler seed: the data seed's then) has no value to check
        if (s[k] === null) continue;
        expect(s[k], `${p.id}.${k}`).toBeGreaterThanOrEqual(lo);
        expect(s[k], `${p.id}.${k}`).toBeLessThanOrEqual(hi);
      }
    }
  });

  it('match the paper’s budgets', () => {
    const budget = (id: string) => {
      const s = presetSettings(PRESETS.find((p) => p.id === id)!);
      return { eps: s.eps, epsP: +(s.split * s.eps).toFixed(6), epsV: +((1 - s.split) * s.eps).toFixed(6) };
    };
    for (const id of ['fig1', 'fig2', 'fig7']) expect(budget(id).eps).toBe(2.02);
    expect(budget('fig3')).toEqual({ eps: 0.6, epsP: 0.3, epsV: 0.3 });
    expect(budget('fig8')).toEqual({ eps: 0.4, epsP: 0.2, epsV: 0.2 });
  });

  it('write captions of 2–4 sentences', () => {
    for (const p of PRESETS) {
      const sentences = p.caption.split(/(?<=[.!?])\s+(?=[A-Z(])/).length;
      expect(sentences, p.id).toBeGreaterThanOrEqual(2);
      expect(sentences, p.id).toBeLessThanOrEqual(4);
    }
  });
});
