import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets';
import { BRIEF_CHARS, splitBrief } from './brief';

describe('splitBrief (a panel explanation: one or two short sentences, then "more")', () => {
  it('keeps two short sentences and moves the rest', () => {
    const s = splitBrief('One thing is shown. Look for a U. The rest explains why at length.');
    expect(s).toEqual({
      short: 'One thing is shown. Look for a U.',
      rest: 'The rest explains why at length.',
    });
  });

  it('keeps one sentence when the first two would be long', () => {
    const first = `A long first sentence ${'with many words '.repeat(8)}ends here.`;
    const s = splitBrief(`${first} Second sentence. Third.`);
    expect(s.short).toBe(first);
    expect(s.rest).toBe('Second sentence. Third.');
  });

  it('does not cut at abbreviations, figure numbers or decimals', () => {
    const t = 'Compare e.g. Fig. 8 at ε = 0.2 with 0.4, i.e. twice the budget. Then more.';
    expect(splitBrief(t, 500).short).toBe(t);
    expect(splitBrief(t, 20)).toEqual({
      short: 'Compare e.g. Fig. 8 at ε = 0.2 with 0.4, i.e. twice the budget.',
      rest: 'Then more.',
    });
  });

  it('a single sentence has no rest; nothing is lost or added for every preset caption', () => {
    expect(splitBrief('Just one sentence.')).toEqual({ short: 'Just one sentence.', rest: '' });
    for (const p of PRESETS) {
      const { short, rest } = splitBrief(p.caption);
      expect(`${short} ${rest}`.trim().replace(/\s+/g, ' ')).toBe(p.caption.trim().replace(/\s+/g, ' '));
      // a short form is one sentence, or two within the limit
      expect(short.length <= BRIEF_CHARS || splitBrief(short).rest === '').toBe(true);
    }
  });
});
