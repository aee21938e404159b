import { describe, expect, it } from 'vitest';
import type { SweepRow } from './sweep';
import { poolReplicates } from './sweepReplicates';

/** A sweep row with the fields pooling reads (the rest as any sweep prints them). */
const row = (split: 'equal' | 'unequal', eps: number, lnMeanMse: number, pairs = 4): SweepRow => ({
  n: 20,
  noise: 0.001,
  split,
  epsP: eps / 2,
  epsV: eps / 2,
  eps,
  lnMeanMse,
  lnMedianMse: lnMeanMse,
  lnNonPrivateMse: -6,
  excess: lnMeanMse + 6,
  pairs,
  acceptanceP: 0.3,
  acceptanceV: 0.3,
  escapedShootingChains: 0,
  stuckChains: 0,
  isPrivate: false,
});

describe('poolReplicates', () => {
  it('each budget point: the mean of the replicates’ ln mean MSE, its standard error and t interval', () => {
    const pooled = poolReplicates([
      [row('equal', 1, -2), row('unequal', 2, -4)],
      [row('equal', 1, -3), row('unequal', 2, -4)],
      [row('equal', 1, -4), row('unequal', 2, -4)],
    ]);
    expect(pooled).toHaveLength(2);
    const [a, b] = pooled;
    expect(a).toMatchObject({ split: 'equal', eps: 1, replicates: 3, lnNonPrivateMse: -6, pairs: 12 });
    expect(a.lnMeanMse).toBeCloseTo(-3, 12);
    // values −2, −3, −4: standard deviation 1, so the standard error is 1/√3
    expect(a.lnMeanMseSe).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect(a.excess).toBeCloseTo(3, 12);
    // t(0.975, 2) = 4.303
    expect(a.lnMeanMseCi[0]).toBeCloseTo(-3 - 4.303 / Math.sqrt(3), 3);
    expect(a.lnMeanMseCi[1]).toBeCloseTo(-3 + 4.303 / Math.sqrt(3), 3);
    // replicates that agree: no spread
    expect(b.lnMeanMse).toBe(-4);
    expect(b.lnMeanMseSe).toBe(0);
  });

  it('refuses one replicate, and replicates that are not runs of one sweep', () => {
    expect(() => poolReplicates([[row('equal', 1, -2)]])).toThrow(/two replicates or more/);
    expect(() => poolReplicates([[row('equal', 1, -2)], [row('equal', 2, -2)]])).toThrow(
      /not runs of one sweep/,
    );
    expect(() => poolReplicates([[row('equal', 1, -2)], []])).toThrow(/not runs of one sweep/);
  });
});
