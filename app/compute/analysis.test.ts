import { describe, expect, it } from 'vitest';
import { sensitivityCell } from '../../src/experiments/sensitivityCheck';
import { defaultsFor } from '../state/settings';
import { analysisKey, sensitivitySpec } from './analysis';

describe('the Sensitivity tab on the shapes workspace', () => {
  it('uses the workspace’s landmark count (lmk=), and a new count is a new job', () => {
    const s8 = { ...defaultsFor('kendall'), landmarks: 8 };
    expect(sensitivitySpec(s8).landmarks).toBe(8);
    expect(analysisKey('sensitivity', s8)).not.toBe(analysisKey('sensitivity', { ...s8, landmarks: 20 }));
    // other workspaces: no landmark count (their keys stay as they were)
    expect(sensitivitySpec(defaultsFor('sphere'))).not.toHaveProperty('landmarks');
  });

  it('checks the bound on outlines of that many landmarks: other data, the bound still holds', () => {
    const s8 = { ...defaultsFor('kendall'), landmarks: 8 };
    const c8 = sensitivityCell(sensitivitySpec(s8), 0);
    const c50 = sensitivityCell(sensitivitySpec({ ...s8, landmarks: 50 }), 0);
    expect(c8.tau).not.toBe(c50.tau);
    for (const c of [c8, c50]) {
      expect(Number.isFinite(c.deltaExpP) && c.deltaExpP > 0).toBe(true);
      expect(c.ratioP).toBeGreaterThanOrEqual(1);
      expect(c.ratioV).toBeGreaterThanOrEqual(1);
    }
  });
});
