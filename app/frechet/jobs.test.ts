import { describe, expect, it } from 'vitest';
import { frechetCell, frechetCellCount, frechetSetup } from '../../src/experiments/frechet';
import { sphere } from '../../src/geometry/sphere';
import { spd } from '../../src/geometry/spd';
import { defaultsFor, type LabSettings } from '../state/settings';
import {
  EPS_GRID,
  K_GRID,
  SLOW_MECHANISMS,
  VIEW_RELEASES,
  epsSweepSpecs,
  kSweepSpecs,
  viewClouds,
  viewDataset,
  viewSpecs,
} from './jobs';

const frechet = (patch: Partial<LabSettings> = {}): LabSettings => ({
  ...defaultsFor('frechet'),
  n: 30,
  ...patch,
});

/** All cells of a list of specs, computed here as the workers would. */
function cellsOf(specs: ReturnType<typeof viewSpecs>) {
  return specs.flatMap((spec) => {
    const scratch = frechetSetup();
    return Array.from({ length: frechetCellCount(spec) }, (_, i) => frechetCell(spec, i, scratch));
  });
}

describe('Fréchet jobs of the lab', () => {
  it('the view draws many releases of ONE data set: the one the lab regenerates for drawing', () => {
    for (const space of ['sphere', 'spd'] as const) {
      const s = frechet({ frechetSpace: space, mechanisms: ['rl', 'tg', 'ambient'], eps: 0.5 });
      const data = viewDataset(s);
      const M = space === 'sphere' ? sphere() : spd(2, s.metric);
      const clouds = viewClouds(cellsOf(viewSpecs(s)));
      // TG is defined on SPD only: not even asked for on the sphere
      expect(clouds.map((c) => c.mechanism)).toEqual(
        space === 'sphere' ? ['rl', 'ambient'] : ['rl', 'tg', 'ambient'],
      );
      for (const c of clouds) {
        expect(c.applicable, c.mechanism).toBe(true);
        expect(c.releases).toHaveLength(VIEW_RELEASES);
        // every release is its own draw …
        const distinct = new Set(c.releases.map((z) => Array.from(z).join(',')));
        expect(distinct.size, c.mechanism).toBe(VIEW_RELEASES);
        // … around the true mean of the drawn data set (its distances are measured from that very mean)
        if (c.distance === 'riemannian')
          c.releases.forEach((z, i) => expect(M.dist(data.mean, z)).toBeCloseTo(c.dists[i], 9));
      }
    }
  });

  it('slow mechanisms run last, in a spec of their own with fewer releases, and only up to their k', () => {
    const s = frechet({ frechetSpace: 'spd' });
    const slow = SLOW_MECHANISMS.conformal!;
    const view = viewSpecs(s);
    expect(view.map((v) => v.mechanisms)).toEqual([
      ['riemannian-laplace', 'tangent-gaussian', 'extrinsic-gaussian', 'ambient-laplace'],
      ['conformal'],
    ]);
    expect(view[0].eps).toHaveLength(VIEW_RELEASES);
    expect(view[1].eps).toHaveLength(slow.viewReleases);
    expect(new Set(view[1].eps)).toEqual(new Set([s.eps]));
    const eps = epsSweepSpecs(s);
    expect(eps.map((e) => e.eps)).toEqual([[...EPS_GRID], [...EPS_GRID]]);
    expect(eps[1].reps).toBe(slow.reps);
    const k = kSweepSpecs(s);
    expect(k[0].ks).toEqual([...K_GRID]);
    expect(k[1].ks).toEqual(K_GRID.filter((x) => x <= slow.maxK));
    expect(k.every((spec) => spec.eps.length === 1 && spec.eps[0] === s.eps)).toBe(true);
  });

  it('nothing runs for bad settings or no mechanism; the k sweep only on SPD', () => {
    expect(viewSpecs(frechet({ radius: 1 }))).toEqual([]);
    expect(() => viewDataset(frechet({ radius: 1 }))).toThrow(/r < π\/4/);
    expect(epsSweepSpecs(frechet({ mechanisms: [] }))).toEqual([]);
    // TG only: nothing on the sphere
    expect(viewSpecs(frechet({ mechanisms: ['tg'] }))).toEqual([]);
    expect(kSweepSpecs(frechet({ frechetSpace: 'sphere' }))).toEqual([]);
    expect(viewSpecs(frechet({ frechetSpace: 'spd', radius: 1 }))).toHaveLength(2);
  });

  it('the ε sweep does not depend on ε (moving the slider does not restart it); the view and k sweep do', () => {
    const a = frechet({ frechetSpace: 'spd', eps: 0.3 });
    const b = { ...a, eps: 0.4 };
    expect(JSON.stringify(epsSweepSpecs(a))).toBe(JSON.stringify(epsSweepSpecs(b)));
    expect(JSON.stringify(viewSpecs(a))).not.toBe(JSON.stringify(viewSpecs(b)));
    expect(JSON.stringify(kSweepSpecs(a))).not.toBe(JSON.stringify(kSweepSpecs(b)));
  });
});
