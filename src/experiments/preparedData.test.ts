import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_KNG_SETTINGS } from '../privacy/kng';
import { forgetPrepared, preparedRegression } from './preparedData';
import { releaseCell, type ReleaseSpec } from './release';
import { prepareRegression, type DataSource } from './regressionSetup';

afterEach(forgetPrepared);

const shapes: DataSource = { kind: 'synthetic', manifold: 'kendall', n: 30, seed: 3, landmarks: 5 };

describe('the data prepared last on this thread', () => {
  it('the same synthetic source gives the same prepared data; another seed, size or space new ones', () => {
    const reg = preparedRegression(shapes);
    expect(preparedRegression({ ...shapes })).toBe(reg);
    expect(preparedRegression({ ...shapes, seed: 4 })).not.toBe(reg);
    // two are kept: the first is still there after one other (a workspace and back)
    expect(preparedRegression(shapes)).toBe(reg);
    expect(preparedRegression({ ...shapes, n: 31 })).not.toBe(reg);
    expect(preparedRegression({ ...shapes, manifold: 'sphere' })).not.toBe(reg);
    // and it is what preparing from scratch gives
    const fresh = prepareRegression(shapes);
    expect(reg.ys).toEqual(fresh.ys);
    expect(reg.pHat).toEqual(fresh.pHat);
    expect(reg.lnNonPrivateMse).toBe(fresh.lnNonPrivateMse);
  });

  it("an imported file is matched by its numbers (each job gets its own copy), not by the arrays' identity", () => {
    const xs = Float64Array.of(0, 0.25, 0.5, 0.75, 1);
    const ys = [0, 0.3, 0.6, 0.9, 1.2].map((a) => Float64Array.of(Math.cos(a), Math.sin(a), 0.1));
    const source = (x: Float64Array, y: Float64Array[]): DataSource => ({
      kind: 'imported',
      manifold: 'sphere',
      xs: x,
      ys: y.map((r) => {
        const norm = Math.hypot(...r);
        return r.map((c) => c / norm);
      }),
    });
    const reg = preparedRegression(source(xs, ys));
    const copy = source(
      Float64Array.from(xs),
      ys.map((y) => Float64Array.from(y)),
    );
    expect(preparedRegression(copy)).toBe(reg);
    const changed = ys.map((y) => Float64Array.from(y));
    changed[2][2] = 0.2;
    expect(preparedRegression(source(xs, changed))).not.toBe(reg);
  });

  it('a release job after another on the same data gives the draws a first job gives', () => {
    const spec = (epsP: number): ReleaseSpec => ({
      source: shapes,
      kng: { ...DEFAULT_KNG_SETTINGS, epsP, epsV: 4 - epsP, m: 2 },
      seed: 5,
      mechanism: 'kng-joint',
    });
    // the lab's split step: a job at one split, then one at the next on the same worker
    releaseCell(spec(2), 0, {});
    const reused = [0, 1].map((g) => releaseCell(spec(2.4), g, {}));
    forgetPrepared();
    const fresh = [0, 1].map((g) => releaseCell(spec(2.4), g, {}));
    for (let g = 0; g < 2; g++) {
      expect(reused[g].footpoints).toEqual(fresh[g].footpoints);
      expect(reused[g].shootingVectors).toEqual(fresh[g].shootingVectors);
      expect(reused[g].mse).toEqual(fresh[g].mse);
      expect(reused[g].privacy).toEqual(fresh[g].privacy);
    }
  });
});
