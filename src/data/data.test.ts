import { describe, expect, it } from 'vitest';
import { fitGeodesicRegression } from '../regression/index';
import { prepareRegression } from '../experiments/regressionSetup';
import { Rng } from '../sampling/rng';
import {
  CORPUS_CALLOSUM_LANDMARKS,
  DEFAULT_NOISE,
  corpusCallosumBodyThickness,
  corpusCallosumData,
  corpusCallosumTemplate,
  corpusCallosumThinning,
  dataManifold,
  euclideanData,
  generate,
  sphereData,
  spdData,
  type DataManifold,
  type GeneratedData,
} from './index';

const KINDS: DataManifold[] = ['sphere', 'spd', 'kendall', 'euclidean'];

function sameArrays(a: GeneratedData, b: GeneratedData): boolean {
  if (a.xs.length !== b.xs.length) return false;
  if (a.xs.some((x, i) => x !== b.xs[i])) return false;
  return a.ys.every((y, i) => y.length === b.ys[i].length && y.every((t, j) => t === b.ys[i][j]));
}

/** Do the segments p1p2 and p3p4 cross (proper intersection or touching)? */
function segmentsIntersect(z: Float64Array, i: number, j: number, k: number, l: number): boolean {
  const cross = (a: number, b: number, c: number) =>
    (z[2 * b] - z[2 * a]) * (z[2 * c + 1] - z[2 * a + 1]) -
    (z[2 * b + 1] - z[2 * a + 1]) * (z[2 * c] - z[2 * a]);
  const d1 = cross(k, l, i);
  const d2 = cross(k, l, j);
  const d3 = cross(i, j, k);
  const d4 = cross(i, j, l);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** True when the closed polygon through the landmarks has no self-intersection. */
function isSimpleClosed(z: Float64Array): boolean {
  const k = z.length / 2;
  for (let a = 0; a < k; a++) {
    for (let b = a + 2; b < k; b++) {
      if (a === 0 && b === k - 1) continue; // adjacent through the closing edge
      if (segmentsIntersect(z, a, (a + 1) % k, b, (b + 1) % k)) return false;
    }
  }
  return true;
}

/** Signed area (shoelace): negative for a clockwise outline with y up. */
function signedArea(z: Float64Array): number {
  const k = z.length / 2;
  let s = 0;
  for (let i = 0; i < k; i++) {
    const j = (i + 1) % k;
    s += z[2 * i] * z[2 * j + 1] - z[2 * j] * z[2 * i + 1];
  }
  return s / 2;
}

describe('data generators: determinism, sizes, covariates', () => {
  for (const kind of KINDS) {
    it(`${kind}: same seed → identical arrays, different seeds differ`, () => {
      const a = generate(kind, { n: 12, seed: 7 });
      const b = generate(kind, { n: 12, seed: 7 });
      const c = generate(kind, { n: 12, seed: 8 });
      expect(sameArrays(a, b)).toBe(true);
      expect(sameArrays(a, c)).toBe(false);
      if (a.truth && b.truth) {
        expect(Array.from(a.truth.p)).toEqual(Array.from(b.truth.p));
        expect(Array.from(a.truth.v)).toEqual(Array.from(b.truth.v));
      }
    });

    it(`${kind}: sizes, finite values, covariates rescaled to [0, 1] with min 0 and max 1`, () => {
      const n = 25;
      const data = generate(kind, { n, seed: 1, d: 3 });
      const M = dataManifold(kind, 3);
      expect(data.xs).toBeInstanceOf(Float64Array);
      expect(data.xs.length).toBe(n);
      expect(data.ys.length).toBe(n);
      for (const y of data.ys) {
        expect(y.length).toBe(M.ambientDim);
        expect(y.every(Number.isFinite)).toBe(true);
      }
      expect(Math.min(...data.xs)).toBe(0);
      expect(Math.max(...data.xs)).toBe(1);
      expect(data.xs.every((x) => x >= 0 && x <= 1)).toBe(true);
      expect(data.description.length).toBeGreaterThan(20);
      expect(data.xRange[1]).toBeGreaterThan(data.xRange[0]);
    });
  }

  it('generate uses the defaults of docs/experiments.md and matches the individual generators', () => {
    expect(DEFAULT_NOISE).toEqual({ sphere: 0.001, spd: 0.01, kendall: 1, euclidean: 0.1 });
    expect(
      sameArrays(generate('sphere', { n: 9, seed: 2 }), sphereData({ n: 9, seed: 2, noiseVariance: 0.001 })),
    ).toBe(true);
    expect(sameArrays(generate('spd', { n: 9, seed: 2 }), spdData({ n: 9, seed: 2 }))).toBe(true);
    expect(sameArrays(generate('spd', { n: 9, seed: 2 }), spdData({ n: 9, seed: 2, noiseSd: 0.01 }))).toBe(
      true,
    );
    expect(sameArrays(generate('kendall', { n: 9, seed: 2 }), corpusCallosumData({ n: 9, seed: 2 }))).toBe(
      true,
    );
    expect(
      sameArrays(
        generate('euclidean', { n: 9, seed: 2, d: 2 }),
        euclideanData({ n: 9, seed: 2, d: 2, noiseSd: 0.1 }),
      ),
    ).toBe(true);
    expect(generate('euclidean', { n: 9, seed: 2 }).ys[0].length).toBe(1);
  });

  it('rejects invalid options', () => {
    expect(() => spdData({ n: 1, seed: 1 })).toThrow(RangeError);
    expect(() => spdData({ n: 5, seed: 1, noiseSd: -1 })).toThrow(RangeError);
    expect(() => euclideanData({ n: 5, seed: 1, d: 0, noiseSd: 0.1 })).toThrow(RangeError);
    expect(() => euclideanData({ n: 5, seed: 1, noiseSd: NaN })).toThrow(RangeError);
    expect(() => corpusCallosumData({ n: 0, seed: 1 })).toThrow(RangeError);
    expect(() => corpusCallosumData({ n: 5, seed: 1, ageRange: [90, 50] })).toThrow(RangeError);
    expect(() => corpusCallosumData({ n: 5, seed: 1, noise: -0.5 })).toThrow(RangeError);
    expect(() => corpusCallosumTemplate(NaN)).toThrow(RangeError);
  });
});

describe('responses lie on their manifolds', () => {
  it('sphere: unit norm', () => {
    for (const y of sphereData({ n: 50, seed: 3, noiseVariance: 0.1 }).ys) {
      expect(Math.abs(Math.hypot(y[0], y[1], y[2]) - 1)).toBeLessThan(1e-14);
    }
  });

  it('SPD(2): symmetric with positive eigenvalues (also the truth)', () => {
    const data = spdData({ n: 60, seed: 3, noiseSd: 0.1 });
    for (const y of [...data.ys, data.truth.p]) {
      const [a, b, b2, c] = y;
      expect(b).toBe(b2);
      const mean = (a + c) / 2;
      const rad = Math.hypot((a - c) / 2, b);
      expect(mean - rad).toBeGreaterThan(0);
    }
    expect(data.truth.v[1]).toBeCloseTo(data.truth.v[2], 14);
  });

  it('SPD(2): the residuals around the true geodesic have the requested sd in the metric (E d² = 3σ²)', () => {
    const sd = 0.02;
    const data = spdData({ n: 400, seed: 11, noiseSd: sd });
    const M = dataManifold('spd');
    let s = 0;
    data.xs.forEach((x, i) => {
      const d = M.dist(
        M.exp(
          data.truth.p,
          data.truth.v.map((t) => x * t),
        ),
        data.ys[i],
      );
      s += d * d;
    });
    const ratio = s / data.xs.length / (3 * sd * sd);
    expect(ratio).toBeGreaterThan(0.85);
    expect(ratio).toBeLessThan(1.15);
  });

  it('Kendall: preshapes are centred with unit Frobenius norm, the projections of the mm outlines', () => {
    const data = corpusCallosumData({ n: 30, seed: 4 });
    const K = dataManifold('kendall');
    expect(data.outlinesMm.length).toBe(30);
    data.ys.forEach((y, i) => {
      expect(y.length).toBe(2 * CORPUS_CALLOSUM_LANDMARKS);
      let mx = 0;
      let my = 0;
      let r2 = 0;
      for (let j = 0; j < y.length; j += 2) {
        mx += y[j];
        my += y[j + 1];
        r2 += y[j] * y[j] + y[j + 1] * y[j + 1];
      }
      expect(Math.abs(mx) + Math.abs(my)).toBeLessThan(1e-13);
      expect(Math.abs(r2 - 1)).toBeLessThan(1e-13);
      expect(Array.from(K.projectPoint(data.outlinesMm[i]))).toEqual(Array.from(y));
    });
  });
});

describe('geodesic regression recovers the truth on nearly noiseless data', () => {
  const cases: { kind: DataManifold; make: () => GeneratedData }[] = [
    { kind: 'sphere', make: () => sphereData({ n: 30, seed: 5, noiseVariance: 1e-12 }) },
    { kind: 'spd', make: () => spdData({ n: 30, seed: 5, noiseSd: 1e-6 }) },
    { kind: 'euclidean', make: () => euclideanData({ n: 30, seed: 5, d: 2, noiseSd: 1e-6 }) },
  ];
  for (const { kind, make } of cases) {
    it(kind, () => {
      const data = make();
      const M = dataManifold(kind, 2);
      const truth = data.truth!;
      const fit = fitGeodesicRegression(M, data.xs, data.ys, { tol: 1e-10, maxIterations: 5000 });
      expect(fit.converged).toBe(true);
      expect(M.dist(fit.p, truth.p)).toBeLessThan(1e-5);
      const vt = M.transport(truth.p, fit.p, truth.v);
      expect(
        M.norm(
          fit.p,
          vt.map((t, i) => t - fit.v[i]),
        ),
      ).toBeLessThan(1e-5);
      expect(M.norm(truth.p, truth.v)).toBeGreaterThan(0.1); // a non-trivial geodesic
    });
  }
});

describe('synthetic corpus callosum', () => {
  it('says plainly that it is synthetic, with ages as the covariate', () => {
    const data = corpusCallosumData({ n: 40, seed: 9 });
    expect(data.description).toMatch(/SYNTHETIC/);
    expect(data.description).toMatch(/ADNI/);
    expect(data.xLabel).toBe('age (years)');
    expect(data.ages.every((a) => a >= 50 && a < 90)).toBe(true);
    expect(data.xRange).toEqual([Math.min(...data.ages), Math.max(...data.ages)]);
    data.xs.forEach((x, i) => {
      expect(x).toBeCloseTo((data.ages[i] - data.xRange[0]) / (data.xRange[1] - data.xRange[0]), 14);
    });
    const narrow = corpusCallosumData({ n: 10, seed: 9, ageRange: [60, 65] });
    expect(narrow.ages.every((a) => a >= 60 && a < 65)).toBe(true);
  });

  it('template: a simple clockwise closed outline of anatomical size, anterior to the left', () => {
    for (const age of [40, 50, 60, 70, 80, 90, 100]) {
      const t = corpusCallosumTemplate(age);
      expect(t.length).toBe(2 * CORPUS_CALLOSUM_LANDMARKS);
      expect(isSimpleClosed(t)).toBe(true);
      expect(signedArea(t)).toBeLessThan(0);
      const xsMm = t.filter((_, i) => i % 2 === 0);
      const ysMm = t.filter((_, i) => i % 2 === 1);
      const length = Math.max(...xsMm) - Math.min(...xsMm);
      const height = Math.max(...ysMm) - Math.min(...ysMm);
      expect(length).toBeGreaterThan(60);
      expect(length).toBeLessThan(85);
      expect(height).toBeGreaterThan(15);
      expect(height).toBeLessThan(30);
      // Landmark 0 is the rostrum tip; going clockwise the genu (most anterior point) comes within the first fifth.
      const front = xsMm.indexOf(Math.min(...xsMm));
      expect(front).toBeGreaterThan(0);
      expect(front).toBeLessThan(CORPUS_CALLOSUM_LANDMARKS / 5);
    }
    expect(isSimpleClosed(corpusCallosumTemplate(70, 400))).toBe(true);
  });

  it('template: the body and splenium thin with age (≈ 10–20 % from 50 to 90), faster when older', () => {
    const ages = [50, 60, 70, 80, 90];
    const body = ages.map((a) => corpusCallosumBodyThickness(corpusCallosumTemplate(a)));
    const posterior = ages.map((a) => corpusCallosumBodyThickness(corpusCallosumTemplate(a), 0.7));
    for (let i = 1; i < ages.length; i++) {
      expect(body[i]).toBeLessThan(body[i - 1]);
      expect(posterior[i]).toBeLessThan(posterior[i - 1]);
    }
    const loss = 1 - body[4] / body[0];
    expect(loss).toBeGreaterThan(0.08);
    expect(loss).toBeLessThan(0.22);
    expect(body[3] - body[4]).toBeGreaterThan(body[0] - body[1]); // nonlinear: accelerates
    // In millimetres: the mid-body is ≈ 5–7 mm thick at 50.
    const t50 = corpusCallosumTemplate(50);
    const xsMm = t50.filter((_, i) => i % 2 === 0);
    expect(body[0] * (Math.max(...xsMm) - Math.min(...xsMm))).toBeGreaterThan(4.5);
    expect(body[0] * (Math.max(...xsMm) - Math.min(...xsMm))).toBeLessThan(7.5);
    // The area (mostly body and splenium) shrinks too.
    const area = ages.map((a) => -signedArea(corpusCallosumTemplate(a)));
    for (let i = 1; i < ages.length; i++) expect(area[i]).toBeLessThan(area[i - 1]);
    expect(corpusCallosumThinning(50)).toBe(0);
    expect(corpusCallosumThinning(90)).toBeCloseTo(0.16, 12);
    // The thickness measure does not care about position, scale or orientation.
    const K = dataManifold('kendall');
    expect(corpusCallosumBodyThickness(K.projectPoint(t50))).toBeCloseTo(body[0], 12);
  });

  it('subjects: simple closed outlines (also at double the variation), not identical to the template', () => {
    for (const noise of [1, 2]) {
      const data = corpusCallosumData({ n: 60, seed: 21, noise });
      for (const z of data.outlinesMm) {
        expect(isSimpleClosed(z)).toBe(true);
        expect(signedArea(z)).toBeLessThan(0);
      }
    }
    const data = corpusCallosumData({ n: 5, seed: 21 });
    const t = corpusCallosumTemplate(data.ages[0]);
    const diff = Math.max(...data.outlinesMm[0].map((v, i) => Math.abs(v - t[i])));
    expect(diff).toBeGreaterThan(0.2);
    // noise = 0: every subject is the template at its age.
    const exact = corpusCallosumData({ n: 5, seed: 21, noise: 0 });
    exact.outlinesMm.forEach((z, i) =>
      expect(Array.from(z)).toEqual(Array.from(corpusCallosumTemplate(exact.ages[i]))),
    );
  });

  it("subject variation is smooth, not ragged: total absolute turning stays near the template's", () => {
    /** Σ |turning angle| over the vertices: 2π plus twice the concave turning; jitter inflates it. */
    const totalTurning = (z: Float64Array) => {
      const k = z.length / 2;
      let s = 0;
      for (let i = 0; i < k; i++) {
        const i0 = (i + k - 1) % k;
        const i2 = (i + 1) % k;
        const a1 = Math.atan2(z[2 * i + 1] - z[2 * i0 + 1], z[2 * i] - z[2 * i0]);
        const a2 = Math.atan2(z[2 * i2 + 1] - z[2 * i + 1], z[2 * i2] - z[2 * i]);
        s += Math.abs(Math.atan2(Math.sin(a2 - a1), Math.cos(a2 - a1)));
      }
      return s;
    };
    const data = corpusCallosumData({ n: 40, seed: 5 });
    data.outlinesMm.forEach((z, i) => {
      expect(totalTurning(z)).toBeLessThan(1.1 * totalTurning(corpusCallosumTemplate(data.ages[i])));
    });
    // The criterion has teeth: independent 0.3 mm jitter of each landmark fails it.
    const rng = Rng.fromKey(1);
    const t = corpusCallosumTemplate(70);
    expect(totalTurning(t.map((v) => v + 0.3 * rng.normal()))).toBeGreaterThan(1.1 * totalTurning(t));
  });

  it('geodesic regression on 60 shapes converges and predicts thinner bodies at 80 than at 60', () => {
    const data = corpusCallosumData({ n: 60, seed: 12 });
    const K = dataManifold('kendall');
    const fit = fitGeodesicRegression(K, data.xs, data.ys, { tol: 1e-8, maxIterations: 3000 });
    expect(fit.converged).toBe(true);
    const [lo, hi] = data.xRange;
    const predict = (age: number) =>
      K.exp(
        fit.p,
        fit.v.map((t) => ((age - lo) / (hi - lo)) * t),
      );
    const t60 = corpusCallosumBodyThickness(predict(60));
    const t80 = corpusCallosumBodyThickness(predict(80));
    expect(t80).toBeLessThan(t60);
    expect(corpusCallosumBodyThickness(predict(80), 0.7)).toBeLessThan(
      corpusCallosumBodyThickness(predict(60), 0.7),
    );
    // The fitted change agrees in size with the template's (ratio of thickness at 80 and 60).
    const tmpl = (a: number) => corpusCallosumBodyThickness(corpusCallosumTemplate(a));
    expect(Math.abs(t80 / t60 - tmpl(80) / tmpl(60))).toBeLessThan(0.08);
  });

  it('more between-subject variation gives a larger regression energy', () => {
    const K = dataManifold('kendall');
    const energies = [0.25, 1, 2].map((noise) => {
      const data = corpusCallosumData({ n: 40, seed: 13, noise });
      return fitGeodesicRegression(K, data.xs, data.ys, { tol: 1e-7, maxIterations: 2000 }).energy;
    });
    expect(energies[0]).toBeLessThan(energies[1]);
    expect(energies[1]).toBeLessThan(energies[2]);
  });
});

describe('corpus callosum with fewer landmarks (the lab’s landmark control)', () => {
  it('k landmarks sample the same outlines (for k dividing 50: exactly every (50/k)-th landmark) on Kendall(k) of dimension 2k − 4', () => {
    const fine = corpusCallosumData({ n: 4, seed: 3 });
    for (const k of [8, 10, 25, 50]) {
      const coarse = corpusCallosumData({ n: 4, seed: 3, landmarks: k });
      const M = dataManifold('kendall', 1, k);
      expect(M.dim).toBe(2 * k - 4);
      expect(Array.from(coarse.xs)).toEqual(Array.from(fine.xs));
      expect(coarse.description).toContain(`${k} boundary landmarks each`);
      for (const [i, y] of coarse.ys.entries()) {
        expect(y).toHaveLength(2 * k);
        expect(Math.abs(M.norm(y, y) - 1)).toBeLessThan(1e-9); // a preshape: centred, unit size
        if (50 % k !== 0) continue;
        const z = coarse.outlinesMm[i];
        const every = 50 / k;
        for (let j = 0; j < k; j++) {
          expect(z[2 * j]).toBeCloseTo(fine.outlinesMm[i][2 * j * every], 9);
          expect(z[2 * j + 1]).toBeCloseTo(fine.outlinesMm[i][2 * j * every + 1], 9);
        }
      }
    }
    expect(() => corpusCallosumData({ n: 4, seed: 3, landmarks: 2 })).toThrow(/landmarks must be/);
    // the regression setup and the generator agree on the manifold
    const reg = prepareRegression({ kind: 'synthetic', manifold: 'kendall', n: 10, seed: 1, landmarks: 8 });
    expect(reg.M.dim).toBe(12);
    expect(reg.ys[0]).toHaveLength(16);
  });
});
