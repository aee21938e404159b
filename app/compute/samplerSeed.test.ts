/**
 * The lab's sampler seed: every job that draws private releases takes its streams from it, and the data (with
 * their non-private fit) stay those of the data seed.
 */
import { describe, expect, it } from 'vitest';
import type { ReleaseCell, ReleaseSpec } from '../../src/experiments';
import { TASKS } from '../../src/workers/tasks';
import { labAuditSpec } from '../audit/model';
import { labLinregSpec } from '../workspaces/euclidean/jobs';
import { defaultsFor, type LabSettings } from '../state/settings';
import { adviseSpec } from './advise';
import { histogramSpec, startCheckSpec } from './analysis';
import { budgetSpecs } from './budgetGeodesics';
import { jobKey, releaseSpec, sweepSpec } from './jobs';

/** The release's cells as the lab's worker computes them. */
function releaseCells(spec: ReleaseSpec): ReleaseCell[] {
  const task = TASKS.release as unknown as {
    cellCount(p: ReleaseSpec): number;
    setup?(p: ReleaseSpec): unknown;
    cell(p: ReleaseSpec, i: number, scratch: unknown): ReleaseCell;
  };
  const scratch = task.setup?.(spec);
  return Array.from({ length: task.cellCount(spec) }, (_, i) => task.cell(spec, i, scratch));
}

describe('the sampler seed in the specs the lab’s jobs run', () => {
  const s: LabSettings = { ...defaultsFor('sphere'), seed: 3, samplerSeed: 9 };

  it('release, sweep, advisor, audit, histograms and start check: the samplers’ seed, the data’s kept', () => {
    const release = releaseSpec(s, undefined);
    expect(release.seed).toBe(9);
    expect(release.source).toMatchObject({ kind: 'synthetic', seed: 3 });
    expect(sweepSpec(s, undefined)).toMatchObject({ seed: 3, samplerSeed: 9 });
    expect(adviseSpec(s, undefined, 'synthetic')).toMatchObject({ seed: 3, samplerSeed: 9 });
    const audit = labAuditSpec(s, undefined);
    expect(audit.seed).toBe(9);
    expect(audit.data).toMatchObject({ kind: 'regression', source: { seed: 3 } });
    expect(histogramSpec(s)).toMatchObject({ seed: 3, samplerSeed: 9 });
    expect(startCheckSpec(s)).toMatchObject({ seed: 9, source: { seed: 3 } });
    // Fig. 5's budgets draw from streams of the sampler seed
    const budgets = budgetSpecs(s, undefined).map((b) => b.seed);
    expect(budgets).not.toEqual(budgetSpecs({ ...s, samplerSeed: null }, undefined).map((b) => b.seed));
  });

  it('absent or equal to the data seed, the specs (and so the jobs’ keys) are those without it', () => {
    const without = { ...s, samplerSeed: null };
    for (const same of [without, { ...s, samplerSeed: 3 }]) {
      expect(jobKey(releaseSpec(same, undefined), undefined)).toBe(
        jobKey(releaseSpec(without, undefined), undefined),
      );
      expect(sweepSpec(same, undefined)).not.toHaveProperty('samplerSeed');
      expect(adviseSpec(same, undefined, 'synthetic')).not.toHaveProperty('samplerSeed');
      expect(histogramSpec(same)).not.toHaveProperty('samplerSeed');
      expect(releaseSpec(same, undefined).seed).toBe(3);
      expect(labAuditSpec(same, undefined).seed).toBe(3);
    }
  });

  it('the Euclidean workspace’s comparison of linear regressions draws from it too', () => {
    const e = { ...defaultsFor('euclidean'), seed: 3, samplerSeed: 9 };
    expect(labLinregSpec(e, undefined)).toMatchObject({ seed: 9, source: { kind: 'synthetic', seed: 3 } });
    expect(labLinregSpec({ ...e, samplerSeed: null }, undefined)?.seed).toBe(3);
  });

  it('the Fréchet-mean workspace has none: its seed draws its points and releases', () => {
    const f = { ...defaultsFor('frechet'), seed: 3, samplerSeed: 9 };
    expect(labAuditSpec(f, undefined).seed).toBe(3);
  });

  it('changing only the sampler seed keeps the data and the non-private fit, and changes the private draws', () => {
    const small: LabSettings = { ...defaultsFor('sphere'), n: 30, m: 2, seed: 3 };
    const a = releaseCells(releaseSpec({ ...small, samplerSeed: 1 }, undefined));
    const b = releaseCells(releaseSpec({ ...small, samplerSeed: 2 }, undefined));
    expect(b[0].pHat).toEqual(a[0].pHat);
    expect(b[0].vHat).toEqual(a[0].vHat);
    expect(b[0].lnNonPrivateMse).toBe(a[0].lnNonPrivateMse);
    expect(b.map((c) => c.footpoints[0])).not.toEqual(a.map((c) => c.footpoints[0]));
    expect(b.map((c) => c.shootingVectors[0][0])).not.toEqual(a.map((c) => c.shootingVectors[0][0]));
  });
});
