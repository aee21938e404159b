import { describe, expect, it } from 'vitest';
import { FRECHET_MECHANISM_TABLE } from '../../../src/privacy/frechet/mechanisms';
import { FRECHET_MECHANISMS } from '../../state/settings';
import { EXPERIMENT_ID, labMechanism } from './jobs';
import { MECHANISM_STYLES } from './mechanisms';

describe('the lab’s Fréchet mechanism lists come from the one mechanism table', () => {
  it('ids, names, spaces and the id map are the table’s, in its order', () => {
    expect(FRECHET_MECHANISMS).toEqual(FRECHET_MECHANISM_TABLE.map((m) => m.labId));
    for (const m of FRECHET_MECHANISM_TABLE) {
      const style = MECHANISM_STYLES[m.labId];
      expect(style).toMatchObject({ id: m.labId, label: m.label, short: m.short, blurb: m.blurb });
      expect(style.spaces).toEqual(m.spaces);
      expect(EXPERIMENT_ID[m.labId]).toBe(m.id);
      expect(labMechanism(m.id)).toBe(m.labId);
    }
    // every mechanism has its own colour and marker
    const looks = Object.values(MECHANISM_STYLES).map((s) => `${s.colour}/${s.shape3d}`);
    expect(new Set(looks).size).toBe(looks.length);
  });
});
