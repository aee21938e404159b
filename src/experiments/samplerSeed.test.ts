/** `samplerSeed` beside `seed`: the data stay those of `seed`, the samplers' streams move; absent, it is `seed`. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_KNG_SETTINGS } from '../privacy/kng';
import { runAdvice, type AdviseSpec } from './advise';
import { runHistograms, type HistogramSpec } from './histograms';
import { runSweep, type SweepSpec } from './sweep';

const kng = { ...DEFAULT_KNG_SETTINGS, m: 2, burnIn: 20 };

describe('samplerSeed', () => {
  const sweep: SweepSpec = {
    manifold: 'sphere',
    datasets: [{ n: 20, noise: 0.001 }],
    seed: 3,
    panels: ['unequal'],
    budgets: { points: 2 },
    kng,
  };

  it('sweep: equal to seed, the rows of a sweep without it; another, the same data and other draws', () => {
    const base = runSweep(sweep);
    expect(runSweep({ ...sweep, samplerSeed: 3 })).toEqual(base);
    const other = runSweep({ ...sweep, samplerSeed: 4 });
    expect(other.rows.map((r) => r.lnNonPrivateMse)).toEqual(base.rows.map((r) => r.lnNonPrivateMse));
    expect(other.rows.map((r) => r.lnMeanMse)).not.toEqual(base.rows.map((r) => r.lnMeanMse));
    // the other way round: other data, the same streams
    const data = runSweep({ ...sweep, seed: 4, samplerSeed: 3 });
    expect(data.rows[0].lnNonPrivateMse).not.toBe(base.rows[0].lnNonPrivateMse);
  });

  it('advise passes it to both stages', () => {
    const spec: AdviseSpec = {
      manifold: 'sphere',
      dataset: { n: 20, noise: 0.001 },
      seed: 3,
      eps: 1,
      kng,
      coarsePoints: 3,
      finePoints: 3,
      fineM: 2,
    };
    const base = runAdvice(spec);
    expect(runAdvice({ ...spec, samplerSeed: 3 })).toEqual(base);
    const other = runAdvice({ ...spec, samplerSeed: 4 });
    expect(other.lnNonPrivateMse).toBe(base.lnNonPrivateMse);
    expect(other.points).not.toEqual(base.points);
  });

  it('histograms: the same data, other draws', () => {
    const spec: HistogramSpec = { manifold: 'sphere', n: 20, seed: 3, draws: 3, kng: { ...kng, m: 1 } };
    const base = runHistograms(spec);
    expect(runHistograms({ ...spec, samplerSeed: 3 })).toEqual(base);
    expect(runHistograms({ ...spec, samplerSeed: 4 })).not.toEqual(base);
  });
});
