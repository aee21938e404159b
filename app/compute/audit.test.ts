import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditInfo, auditInfoOfCells, auditNeighbours, auditResult, runAudit } from '../../src/audit';
import { generate } from '../../src/data';
import { kendall } from '../../src/geometry/kendall';
import { createNodePool } from '../../src/workers/node';
import type { WorkerPool } from '../../src/workers/pool';
import { labAuditSpec } from '../audit/model';
import { viewDataset } from '../workspaces/frechet/jobs';
import { defaultsFor } from '../state/settings';

/**
 * The lab's audit forms D and D′ in the workers only (on the page, 100 outlines took ≈1.8 s): what
 * it shows must be what `auditInfo` on this thread gave before, for the same seeds.
 */
describe('the audit job brings its info with its cells', () => {
  let pool: WorkerPool;
  beforeAll(() => {
    pool = createNodePool(2);
  });
  afterAll(() => pool.terminate());

  // small shapes: 20 outlines of 8 landmarks, a short chain
  const s = { ...defaultsFor('kendall'), n: 20, landmarks: 8, burnIn: 50, auditReleases: 24, seed: 3 };

  it('the cells carry the claim, statistic and pair auditInfo gives on this thread; same scores as runAudit', async () => {
    const spec = labAuditSpec(s, undefined);
    const cells = await pool.run('audit', spec).promise;
    expect(cells.length).toBeGreaterThan(1);
    const info = auditInfoOfCells(cells)!;
    expect(info).toEqual(auditInfo(spec));
    for (const c of cells) expect(c.info).toEqual(info);
    const fromWorkers = auditResult(info, cells, spec.releases);
    const here = runAudit(spec);
    expect(fromWorkers.epsilonLower).toBe(here.epsilonLower);
    expect(fromWorkers.tradeOff).toEqual(here.tradeOff);
    expect(fromWorkers.neighbour).toEqual(here.neighbour);
    expect(auditInfoOfCells([undefined, undefined])).toBeNull();
  });

  it('the pair task gives the audit’s pair, on the view’s very data, for the default and a picked record', async () => {
    for (const auditRecord of [0, 7]) {
      const spec = labAuditSpec({ ...s, auditRecord }, undefined);
      const [pair] = await pool.run('auditPair', spec).promise;
      expect(pair).toEqual(auditInfo(spec).neighbour);
      if (auditRecord > 0) expect(pair.index).toBe(auditRecord - 1);
      // the outlines the view draws (the data task's generator): the record before is one of them
      const view = generate('kendall', { n: s.n, noise: s.noise, seed: s.seed, landmarks: s.landmarks });
      const M = kendall(s.landmarks);
      const nb = auditNeighbours(spec, { M, xs: Float64Array.from(view.xs), ys: view.ys });
      expect(pair.before).toEqual([...view.ys[pair.index]]);
      expect(pair.after).toEqual([...nb.after]);
      expect(pair.x).toBe(view.xs[pair.index]);
      expect(pair.records).toBe(s.n);
    }
  });

  it('a picked record the data do not have fails in the worker with its message', async () => {
    const spec = labAuditSpec({ ...s, auditRecord: s.n + 1 }, undefined);
    await expect(pool.run('auditPair', spec).promise).rejects.toThrow(/record 21 does not exist/);
    await expect(pool.run('audit', spec).promise).rejects.toThrow(/record 21 does not exist/);
  });

  it('on the Fréchet workspace the pair is a point the view draws, moved; a picked point too', async () => {
    for (const frechetSpace of ['sphere', 'spd'] as const)
      for (const auditRecord of [0, 5]) {
        const f = { ...defaultsFor('frechet'), frechetSpace, n: 30, seed: 4, auditRecord };
        const spec = labAuditSpec(f, undefined);
        const [pair] = await pool.run('auditPair', spec).promise;
        const view = viewDataset(f);
        expect(pair.records).toBe(view.points.length);
        if (auditRecord > 0) expect(pair.index).toBe(auditRecord - 1);
        expect(pair.before).toEqual([...view.points[pair.index]]);
        expect(pair.after).not.toEqual(pair.before);
        expect(pair.x).toBeNull();
      }
  });
});
