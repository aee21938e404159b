import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frechetCommand } from '../../../src/cli/frechet';
import { frechetCell, frechetSetup } from '../../../src/experiments/frechet';
import { frechetCellCount } from '../../../src/experiments/frechetSpec';
import { createNodePool } from '../../../src/workers/node';
import type { WorkerPool } from '../../../src/workers/pool';
import type { ImportedData } from '../../store';
import { sphere } from '../../../src/geometry/sphere';
import { spd } from '../../../src/geometry/spd';
import { defaultsFor, type LabSettings } from '../../state/settings';
import {
  EPS_GRID,
  K_GRID,
  SENSITIVITY_NS,
  SENSITIVITY_PAIRS,
  SLOW_MECHANISMS,
  VIEW_K,
  VIEW_RELEASES,
  epsSweepSpecs,
  frechetEpsGrid,
  frechetEpsRange,
  kSweepSpecs,
  ownData,
  sensitivitySpec,
  viewClouds,
  viewDataset,
  viewSpecs,
} from './jobs';
import { frechetProblem, ownDataWarning } from './problems';
import { sensitivitySummary } from './sensitivityModel';

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
    expect(eps.map((e) => e.eps)).toEqual([frechetEpsGrid(s), frechetEpsGrid(s)]);
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

describe('the user’s own points in the Fréchet jobs', () => {
  const sphereImport = (points: Float64Array[]): ImportedData => ({
    id: 7,
    fileName: 'mine.csv',
    xs: new Float64Array(0),
    ys: points,
    xLabel: '',
    xRange: [0, 0],
    points: { space: 'sphere', k: 2 },
  });
  // 12 points around (1, 0, 0), up to 0.2 away
  const pts = Array.from({ length: 12 }, (_, i) => {
    const a = (0.2 * (i % 4)) / 3;
    const t = (2 * Math.PI * i) / 12;
    return Float64Array.of(Math.cos(a), Math.sin(a) * Math.cos(t), Math.sin(a) * Math.sin(t));
  });

  it('every spec carries them, with their n; the data-driven radius makes every release not private', () => {
    const imported = sphereImport(pts);
    const s = frechet({ mechanisms: ['rl', 'ambient'], radiusMode: 'data' });
    const own = ownData(s, imported)!;
    const data = viewDataset(s, imported);
    // the radius from the data: the farthest point from their Fréchet mean
    expect(own.dataRadius).toBeCloseTo(Math.max(...pts.map((p) => sphere().dist(data.mean, p))), 12);
    expect(own.dataRadius).toBeGreaterThan(0.15);
    for (const spec of [...viewSpecs(s, imported), ...epsSweepSpecs(s, imported)]) {
      expect(spec.points).toBe(imported.ys);
      expect(spec.ns).toEqual([12]);
      expect(spec.radius).toBe(own.dataRadius);
    }
    const clouds = viewClouds(cellsOf(viewSpecs(s, imported)));
    expect(clouds.map((c) => [c.mechanism, c.isPrivate])).toEqual([
      ['rl', false],
      ['ambient', false],
    ]);
    expect(clouds[0].notes[0]).toMatch(
      /^NOT PRIVATE: the radius r = 0\.\d+ behind the sensitivity was taken from the data/,
    );
    // the releases are around the mean of the user's points
    clouds[0].releases.forEach((z, i) =>
      expect(sphere().dist(data.mean, z)).toBeCloseTo(clouds[0].dists[i], 9),
    );
  });

  it('a public radius gives private releases, and a warning when the points reach beyond it', () => {
    const imported = sphereImport(pts);
    const s = frechet({ mechanisms: ['rl'], radiusMode: 'public', radius: 0.3 });
    const [spec] = viewSpecs(s, imported);
    expect(spec.radius).toBe(0.3);
    expect(spec.radiusFromData).toBe(false);
    expect(viewClouds(cellsOf([spec]))[0].isPrivate).toBe(true);
    expect(ownDataWarning(s, ownData(s, imported))).toBeNull();
    const tight = { ...s, radius: 0.1 };
    expect(ownDataWarning(tight, ownData(tight, imported))).toMatch(/farther than the public r = 0\.1/);
  });

  it('points of the other space are not used; no k sweep for own SPD data; too wide a spread is refused', () => {
    const imported = sphereImport(pts);
    expect(ownData(frechet({ frechetSpace: 'spd' }), imported)).toBeNull();
    const spdImport: ImportedData = {
      ...imported,
      ys: [Float64Array.of(2, 0.1, 0, 0.1, 1, 0, 0, 0, 1), Float64Array.of(1, 0, 0, 0, 3, 0, 0, 0, 1)],
      points: { space: 'spd', k: 3 },
    };
    const s = frechet({ frechetSpace: 'spd' });
    expect(kSweepSpecs(s, spdImport)).toEqual([]);
    expect(viewSpecs(s, spdImport)[0].ks).toEqual([3]);
    expect(ownData(s, spdImport)!.dataRadius).toBeCloseTo(Math.log(3), 12);
    const wide = sphereImport([Float64Array.of(1, 0, 0), Float64Array.of(0, 1, 0), Float64Array.of(0, 0, 1)]);
    const w = frechet({ radiusMode: 'data' });
    expect(viewSpecs(w, wide)).toEqual([]);
    expect(frechetProblem(w, ownData(w, wide))).toMatch(/^Your points reach 0\.9\d+ from their Fréchet mean/);
  });
});

describe('004 Fig. 1 sensitivity in the lab', () => {
  let pool: WorkerPool;
  beforeAll(() => {
    pool = createNodePool(1);
  });
  afterAll(() => pool.terminate());

  it('the worker job gives the command line’s numbers for the same seed and radius', async () => {
    const s = frechet({ seed: 5, radius: 0.3927 });
    const spec = sensitivitySpec(s)!;
    const cells = await pool.run('frechetSensitivity', spec).promise;
    let out = '';
    await frechetCommand(
      {
        experiment: 'sensitivity',
        manifold: 'sphere',
        n: SENSITIVITY_NS.join(','),
        radius: String(s.radius),
        seed: String(s.seed),
        format: 'json',
        quiet: true,
      },
      { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } },
    );
    const cli = JSON.parse(out) as {
      rows: { n: number; pair: number; empirical: number; bound: number }[];
      summary: {
        n: number;
        meanEmpirical: number;
        maxEmpirical: number;
        exceedances: number;
        bound: number;
      }[];
    };
    expect(cells).toHaveLength(SENSITIVITY_NS.length * SENSITIVITY_PAIRS);
    expect(cells.map((c) => [c.n, c.pair, c.empirical, c.bound])).toEqual(
      cli.rows.map((r) => [r.n, r.pair, r.empirical, r.bound]),
    );
    // the plot's per-n summary is the CLI's
    expect(
      sensitivitySummary(cells).map((r) => [r.n, r.meanEmpirical, r.maxEmpirical, r.exceedances, r.bound]),
    ).toEqual(cli.summary.map((r) => [r.n, r.meanEmpirical, r.maxEmpirical, r.exceedances, r.bound]));
    // and what the plot claims: within the bound, falling with n
    expect(cli.summary.every((r) => r.exceedances === 0)).toBe(true);
    expect(cli.summary.at(-1)!.meanEmpirical).toBeLessThan(cli.summary[0].meanEmpirical / 4);
  });

  it('no experiment when the radius allows no bound', () => {
    expect(sensitivitySpec(frechet({ radius: 1 }))).toBeNull();
    expect(sensitivitySpec(frechet({ frechetSpace: 'spd', radius: 1 }))?.k).toBe(VIEW_K);
  });
});

/** The workspace's own defaults (n = 100), against which the range is 0.01 … 10. */
const fr = (patch: Partial<LabSettings> = {}) => frechet({ n: 100, ...patch });

describe('the error-vs-ε range follows the settings (the regression total-ε axis logic, epsRange)', () => {
  it('is 0.01 … 10 (1-2-5 grid) at the defaults of both spaces, and the sweep uses the grid', () => {
    expect(EPS_GRID).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10]);
    for (const frechetSpace of ['sphere', 'spd'] as const) {
      expect(frechetEpsRange(fr({ frechetSpace }))).toEqual([0.01, 10]);
      expect(frechetEpsGrid(fr({ frechetSpace }))).toEqual([...EPS_GRID]);
    }
    const s = fr({ n: 10 });
    expect(epsSweepSpecs(s)[0].eps).toEqual(frechetEpsGrid(s));
  });

  it('moves with the noise scale c·Δ: right for small n, a large r or the strict rule; left for large n', () => {
    // Δ ∝ 1/n: n = 10 is 10× the default noise (n = 100), n = 1000 a tenth
    expect(frechetEpsRange(fr({ n: 10 }))).toEqual([0.1, 100]);
    expect(frechetEpsRange(fr({ n: 1000, eps: 0.5 }))).toEqual([0.001, 1]);
    expect(frechetEpsRange(fr({ sigmaRule: 'strict' }))).toEqual([0.02, 20]);
    // a larger ball on SPD (Δ = 2r/n): 4× the default radius
    expect(frechetEpsRange(fr({ frechetSpace: 'spd', radius: 1 }))).toEqual([0.02, 50]);
    // on S² Δ grows faster than r near r* (the curvature factor)
    const [, high] = frechetEpsRange(fr({ radius: 0.7 }));
    expect(high).toBeGreaterThan(niceCeilOf(10 * (0.7 / 0.25)));
  });

  it('always includes the current ε', () => {
    expect(frechetEpsRange(fr({ eps: 50 }))).toEqual([0.01, 50]);
    expect(frechetEpsGrid(fr({ eps: 0.003 }))[0]).toBe(0.003);
  });
});

/** 10·(0.7/0.25) = 28 → 50 on the 1-2-5 sequence. */
const niceCeilOf = (x: number) => [1, 2, 5, 10, 20, 50, 100, 200].find((v) => v >= x)!;
