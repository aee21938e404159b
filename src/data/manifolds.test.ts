import { describe, expect, it } from 'vitest';
import { parseDataFile } from '../io';
import { genericGradientNormKernel, gradientNormKernel, SAMPLER_KERNELS } from '../privacy/kernels';
import { fitGeodesicRegression } from '../regression';
import { Rng } from '../sampling/rng';
import {
  MANIFOLD_KINDS,
  MANIFOLDS,
  manifoldDescriptor,
  manifoldOfResponses,
  type DataManifold,
} from './manifolds';

/**
 * The descriptor table drives everything a kind needs: each entry's generator, manifold, row format (both
 * ways) and kernel are checked here against each other and against the generic Manifold path, so a new entry
 * is tested by being added.
 */
describe.each(MANIFOLD_KINDS)('the %s descriptor', (kind: DataManifold) => {
  const desc = MANIFOLDS[kind];
  const data = desc.generate({ n: 12, seed: 7 });
  const M = desc.syntheticManifold({});

  it('generates data on its manifold, which it reads back off the responses', () => {
    expect(desc.kind).toBe(kind);
    expect(M.family?.kind).toBe(kind);
    expect(data.ys).toHaveLength(12);
    for (const y of data.ys) {
      expect(y).toHaveLength(M.ambientDim);
      const back = M.projectPoint(y);
      for (let j = 0; j < y.length; j++) expect(back[j]).toBeCloseTo(y[j], 9);
    }
    expect(manifoldOfResponses(kind, data.ys).name).toBe(M.name);
  });

  it('exports rows that import as the same data (CSV, with its column names)', () => {
    const { rows } = desc;
    const d = rows.exportRow(data.ys[0]).length;
    const names = rows.exportNames(d, undefined);
    expect(names).toHaveLength(d);
    const text = [
      ['x', ...names].join(','),
      ...data.ys.map((y, i) => [data.xs[i], ...rows.exportRow(y)].map(String).join(',')),
    ].join('\n');
    const parsed = parseDataFile(text, { fileName: `${kind}.csv`, manifold: kind });
    expect(Array.from(parsed.xs)).toEqual(Array.from(data.xs));
    expect(parsed.yLabels).toEqual(names);
    parsed.ys.forEach((y, i) => {
      expect(y).toHaveLength(data.ys[i].length);
      for (let j = 0; j < y.length; j++) expect(y[j]).toBeCloseTo(data.ys[i][j], 12);
    });
    expect(manifoldOfResponses(kind, parsed.ys).name).toBe(M.name);
  });

  it('gives a sampler kernel that agrees with the generic Manifold path', () => {
    const fit = fitGeodesicRegression(M, data.xs, data.ys);
    const fast = gradientNormKernel(M, data.xs, data.ys, fit.p, fit.v);
    const generic = genericGradientNormKernel(M, data.xs, data.ys, fit.p, fit.v);
    const rng = Rng.fromKey(kind.length, 3);
    for (let t = 0; t < 4; t++) {
      const p =
        t === 0
          ? fit.p
          : M.exp(
              fit.p,
              M.randomTangent(fit.p, rng).map((c) => 0.05 * c),
            );
      const v = M.projectTangent(
        p,
        fit.v.map((c) => c * (1 + 0.1 * t)),
      );
      const a = generic.footpointGradNorm(p);
      expect(Math.abs(fast.footpointGradNorm(p) - a)).toBeLessThan(1e-8 * Math.max(1e-3, a));
      const b = generic.shootingGradNorm(p, v);
      expect(Math.abs(fast.shootingGradNorm(p, v) - b)).toBeLessThan(1e-8 * Math.max(1e-3, b));
    }
  });
});

describe('the descriptor table', () => {
  it('has a sampler-kernel entry for every kind, and no other', () => {
    expect(Object.keys(SAMPLER_KERNELS).sort()).toEqual([...MANIFOLD_KINDS].sort());
  });

  it('reads the manifold of imported data off its responses (any landmark count, any dimension)', () => {
    expect(MANIFOLDS.kendall.manifold(40).name).toBe('kendall(20)');
    expect(MANIFOLDS.kendall.manifold(6).name).toBe('kendall(3)');
    expect(MANIFOLDS.euclidean.manifold(3).name).toBe('euclidean(3)');
    expect(MANIFOLDS.sphere.manifold(3).name).toBe('sphere');
    expect(MANIFOLDS.euclidean.syntheticManifold({ d: 2 }).ambientDim).toBe(2);
  });

  it('refuses an unknown kind, naming the kinds', () => {
    expect(() => manifoldDescriptor('torus' as DataManifold)).toThrow(
      /unknown manifold torus.*sphere, spd, kendall, euclidean/,
    );
  });
});
