import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_KNG_SETTINGS } from '../privacy/kng';
import { createNodePool } from '../workers/node';
import type { WorkerPool } from '../workers/pool';
import { aggregateSweep, runSweep, type SweepSpec } from '.';

describe('sweeps on the worker pool', () => {
  const pools: WorkerPool[] = [];
  afterAll(() => pools.forEach((p) => p.terminate()));
  const spec: SweepSpec = {
    manifold: 'sphere',
    datasets: [{ n: 20 }, { n: 30 }],
    seed: 9,
    panels: ['unequal', 'equal'],
    budgets: { points: 3 },
    kng: { ...DEFAULT_KNG_SETTINGS, m: 3, burnIn: 200 },
  };

  it('gives exactly the serial numbers with 1 and with 2 workers, streaming every cell', async () => {
    const serial = runSweep(spec);
    for (const size of [1, 2]) {
      const pool = createNodePool(size);
      pools.push(pool);
      let streamed = 0;
      const cells = await pool.run('sweep', spec, { onCell: () => streamed++, chunkSize: 2 }).promise;
      expect(streamed).toBe(cells.length);
      expect(aggregateSweep(spec, cells)).toEqual(serial);
    }
  });
});
