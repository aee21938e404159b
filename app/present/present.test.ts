import { describe, expect, it } from 'vitest';
import { PRESETS, presetSettings } from '../presets';
import { DEFAULT_SETTINGS } from '../state/settings';
import { presentFromQuery, presentingPlotHeight, withPresentFlag } from './presentStore';
import { PRESENT_SEQUENCE, SHORT_CAPTION_IDS, currentStep, nextStep } from './sequence';

describe('presenting mode', () => {
  it('every figure preset is a step, in the presets’ order, with its own one-sentence caption', () => {
    expect(PRESENT_SEQUENCE.map((s) => s.preset.id)).toEqual(PRESETS.map((p) => p.id));
    expect([...SHORT_CAPTION_IDS].sort()).toEqual(PRESETS.map((p) => p.id).sort());
    for (const s of PRESENT_SEQUENCE) {
      // one sentence: ends with a full stop and has no sentence break before it
      expect(s.short).toMatch(/\.$/);
      expect(s.short.slice(0, -1)).not.toMatch(/[.!?] [A-Z]/);
      expect(s.short.length).toBeLessThan(120);
    }
  });

  it('steps forward and back from each figure, clamped at the ends; off the sequence it starts at an end', () => {
    expect(nextStep(DEFAULT_SETTINGS, 1)).toBe(0);
    expect(nextStep(DEFAULT_SETTINGS, -1)).toBe(PRESENT_SEQUENCE.length - 1);
    PRESENT_SEQUENCE.forEach((s, i) => {
      const at = presetSettings(s.preset);
      expect(currentStep(at)).toBe(i);
      expect(nextStep(at, 1)).toBe(Math.min(i + 1, PRESENT_SEQUENCE.length - 1));
      expect(nextStep(at, -1)).toBe(Math.max(i - 1, 0));
    });
  });

  it('reads and writes the URL flag without touching other parameters', () => {
    expect(presentFromQuery('?ws=spd&present=1')).toBe(true);
    expect(presentFromQuery('?present=0')).toBe(false);
    expect(presentFromQuery('')).toBe(false);
    expect(withPresentFlag('?ws=spd&eps=2', true)).toBe('?ws=spd&eps=2&present=1');
    expect(withPresentFlag('?ws=spd&present=1', false)).toBe('?ws=spd');
    expect(withPresentFlag('?present=1', false)).toBe('');
  });

  it('plots take a share of the window height while presenting, within bounds', () => {
    expect(presentingPlotHeight(false, 768)).toBeNull();
    expect(presentingPlotHeight(true, 768)).toBe(204);
    expect(presentingPlotHeight(true, 300)).toBe(150);
    expect(presentingPlotHeight(true, 4000)).toBe(420);
  });
});
