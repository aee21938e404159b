import { describe, expect, it } from 'vitest';
import { adviseCoarseSpec, adviseFineSpec } from '../../src/experiments';
import { defaultsFor } from '../state/settings';
import { adviseSpec } from './advise';

describe('the advisor runs on the data the lab shows', () => {
  it('shapes: its sweeps use the lab’s landmark count and release', () => {
    const s = { ...defaultsFor('kendall'), landmarks: 12 };
    const spec = adviseSpec(s, undefined, 'synthetic');
    expect(spec.landmarks).toBe(12);
    expect(spec.mechanism).toBe('kng-joint');
    expect(adviseCoarseSpec(spec).landmarks).toBe(12);
    expect(adviseFineSpec(spec, []).landmarks).toBe(12);
    // other spaces name no landmarks
    expect(adviseSpec(defaultsFor('spd'), undefined, 'synthetic').landmarks).toBeUndefined();
  });
});
