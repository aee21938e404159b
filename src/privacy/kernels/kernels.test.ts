import { describe, expect, it } from 'vitest';
import { sphereData } from '../../data/sphereData';
import { euclidean, kendall, sphere, spd, type Manifold } from '../../geometry';
import { euclideanData } from '../../data/euclideanData';
import { corpusCallosumData } from '../../data/corpusCallosum';
import { spdData } from '../../data/spdData';
import { randomTangent } from '../../geometry/testkit';
import { fitGeodesicRegression, gradient } from '../../regression';
import { Rng } from '../../sampling/rng';
import { euclideanGradientKernel } from './euclidean';
import { fusedGeometry, genericGradientNormKernel, gradientNormKernel, type GradientNormKernel } from '.';
import { kendallGradientKernel } from './kendall';
import { spd2GradientKernel } from './spd';
import { sphereGradientKernel } from './sphere';

/** A kernel's two norms at each (p, v) equal the generic kernel's to rel·max(floor, value). */
function expectAgreement(
  fast: GradientNormKernel,
  generic: GradientNormKernel,
  cases: Iterable<[p: Float64Array, v: Float64Array]>,
  rel: number,
  floor: number,
) {
  for (const [p, v] of cases) {
    const a = generic.footpointGradNorm(p);
    expect(Math.abs(fast.footpointGradNorm(p) - a)).toBeLessThan(rel * Math.max(floor, a));
    const b = generic.shootingGradNorm(p, v);
    expect(Math.abs(fast.shootingGradNorm(p, v) - b)).toBeLessThan(rel * Math.max(floor, b));
  }
}

/** Footpoints at the given radii from the fit, with a random shooting vector or the fit's carried there. */
function* nearAndFar(
  M: Manifold,
  fit: { p: Float64Array; v: Float64Array },
  seed: number,
  count: number,
  radii: number[],
  vScale: number,
) {
  const rng = Rng.fromKey(seed);
  for (let t = 0; t < count; t++) {
    const p = M.exp(fit.p, randomTangent(M, fit.p, rng, radii[t % radii.length] * rng.uniform()));
    const v = t % 2 === 0 ? randomTangent(M, p, rng, vScale * rng.uniform()) : M.transport(fit.p, p, fit.v);
    yield [p, v] as [Float64Array, Float64Array];
  }
}

// The WebAssembly build by default, and the JavaScript loop (its fallback). n is odd: the WebAssembly loop takes
// points in pairs and pads the last pair.
describe.each([
  ['WebAssembly', true],
  ['JavaScript', false],
])('fused sphere kernel (%s)', (_, wasm) => {
  const M = sphere();
  const data = sphereData({ n: 41, noiseVariance: 0.05, seed: 12 });
  const fit = fitGeodesicRegression(M, data.xs, data.ys);
  const fast = sphereGradientKernel(data.xs, data.ys, fit.p, fit.v, { wasm });
  const generic = genericGradientNormKernel(M, data.xs, data.ys, fit.p, fit.v);
  it('runs the requested implementation', () => {
    expect(fast.implementation).toBe(wasm ? 'WebAssembly SIMD' : 'JavaScript');
  });

  it('agrees with the generic kernel on random footpoints and shooting vectors', () => {
    const rng = Rng.fromKey(3);
    function* cases() {
      for (let t = 0; t < 400; t++) {
        // half near the fit (small residuals: the series branch), half far (atan branch, cut locus nearby;
        // |v| beyond π leaves the polynomials' range, where the WebAssembly kernel hands over to JavaScript)
        const far = t % 2 === 0;
        const p = M.exp(fit.p, randomTangent(M, fit.p, rng, (far ? 2.5 : 0.02) * rng.uniform()));
        const jitter = randomTangent(M, p, rng, 0.01);
        const v = far
          ? randomTangent(M, p, rng, 4 * rng.uniform())
          : M.transport(fit.p, p, fit.v).map((x, k) => x + jitter[k]);
        yield [p, v] as [Float64Array, Float64Array];
      }
    }
    expectAgreement(fast, generic, cases(), 1e-12, 1);
  });

  it('is ~0 at the fit (a critical point) and equals ‖∇E‖ from the regression module', () => {
    expect(fast.footpointGradNorm(fit.p)).toBeLessThan(1e-7);
    expect(fast.shootingGradNorm(fit.p, fit.v)).toBeLessThan(1e-7);
    const p = M.exp(
      fit.p,
      Float64Array.from(M.tangentBasis(fit.p)[0], (x) => 0.3 * x),
    );
    const v = M.projectTangent(
      p,
      fit.v.map((x) => 1.5 * x),
    );
    const g = gradient(M, data.xs, data.ys, p, v);
    expect(fast.shootingGradNorm(p, v)).toBeCloseTo(Math.hypot(...g.gradV), 12);
    expect(fast.footpointGradNorm(p)).toBeCloseTo(
      Math.hypot(...gradient(M, data.xs, data.ys, p, M.transport(fit.p, p, fit.v)).gradP),
      12,
    );
  });

  it('returns +Infinity (a null set of the target) where a residual is undefined', () => {
    const anti = fit.p.map((x) => -x);
    expect(fast.footpointGradNorm(anti)).toBe(Infinity);
    expect(generic.footpointGradNorm(anti)).toBe(Infinity);
  });
});

describe.each([
  ['WebAssembly', true],
  ['JavaScript', false],
])('fused SPD(2) affine kernel (%s)', (_, wasm) => {
  const M = spd(2);
  const data = spdData({ n: 31, noiseSd: 0.05, seed: 4 });
  const fit = fitGeodesicRegression(M, data.xs, data.ys);
  const fast = spd2GradientKernel(data.xs, data.ys, fit.p, fit.v, { wasm });
  it('runs the requested implementation', () => {
    expect(fast.implementation).toBe(wasm ? 'WebAssembly SIMD' : 'JavaScript');
  });
  const generic = genericGradientNormKernel(M, data.xs, data.ys, fit.p, fit.v);

  it('agrees with the generic kernel near the fit and far from it', () => {
    expectAgreement(fast, generic, nearAndFar(M, fit, 5, 300, [1e-6, 0.02, 0.5, 2], 3), 1e-10, 1e-3);
  });

  it('is ~0 at the fit', () => {
    expect(fast.footpointGradNorm(fit.p)).toBeLessThan(1e-8);
    expect(fast.shootingGradNorm(fit.p, fit.v)).toBeLessThan(1e-8);
  });
});

describe.each([
  ['WebAssembly', true],
  ['JavaScript', false],
])('Kendall mat-vec kernel (%s)', (_, wasm) => {
  // n odd: the WebAssembly loop takes four rows per pass and pads the last block
  const M = kendall(50);
  const data = corpusCallosumData({ n: 25, seed: 6 });
  const fit = fitGeodesicRegression(M, data.xs, data.ys);
  const fast = kendallGradientKernel(data.xs, data.ys, fit.p, fit.v, { wasm });
  it('runs the requested implementation', () => {
    expect(fast.implementation).toBe(wasm ? 'WebAssembly SIMD' : 'JavaScript');
  });
  const generic = genericGradientNormKernel(M, data.xs, data.ys, fit.p, fit.v);

  it('agrees with the generic kernel to 1e-12 near the fit and far from it, and at v = 0', () => {
    // |v| up to 2.5: beyond π/2 the WebAssembly table leaves its polynomials for Math.cos and Math.sin
    expectAgreement(fast, generic, nearAndFar(M, fit, 7, 200, [1e-6, 0.02, 0.4, 1.2], 2.5), 1e-12, 1);
    const zero = new Float64Array(M.ambientDim);
    expectAgreement(fast, generic, [[fit.p, zero] as [Float64Array, Float64Array]], 1e-12, 1);
    expect(fast.shootingGradNorm(fit.p, zero)).toBeGreaterThan(1e-3); // the fit's v̂ is not 0
  });

  it('agrees next to the cut locus of p̂ and returns +Infinity on it, as the generic kernel does', () => {
    const rng = Rng.fromKey(8);
    for (const gap of [0.3, 1e-2, 1e-3, 0]) {
      // p at distance π/2 − gap from p̂ (cos(π/2) rounds to 6e-17: the cut locus)
      const p = M.exp(fit.p, randomTangent(M, fit.p, rng, Math.PI / 2 - gap));
      const a = generic.footpointGradNorm(p);
      if (gap === 0) {
        expect(a).toBe(Infinity);
        expect(fast.footpointGradNorm(p)).toBe(Infinity);
      } else expect(Math.abs(fast.footpointGradNorm(p) - a)).toBeLessThan(1e-12 * Math.max(1, a));
    }
  });

  it('returns +Infinity (a null set of the target) where a response is orthogonal to its prediction', () => {
    // at v = 0 every prediction is p: make one response orthogonal to p (π/2 along a horizontal vector).
    // (The generic kernel, through the regression's residual, counts such a residual as 0 instead.)
    const ys = data.ys.slice();
    ys[3] = M.exp(fit.p, randomTangent(M, fit.p, Rng.fromKey(9), Math.PI / 2));
    const k = kendallGradientKernel(data.xs, ys, fit.p, fit.v, { wasm });
    expect(k.shootingGradNorm(fit.p, new Float64Array(M.ambientDim))).toBe(Infinity);
    expect(k.shootingGradNorm(fit.p, fit.v)).toBeLessThan(Infinity);
  });

  it('is ~0 at the fit', () => {
    expect(fast.footpointGradNorm(fit.p)).toBeLessThan(1e-8);
    expect(fast.shootingGradNorm(fit.p, fit.v)).toBeLessThan(1e-8);
  });

  it('keeps ⟨p, yᵢ⟩ only while p is the same: any order of calls gives the values of a fresh kernel', () => {
    const rng = Rng.fromKey(10);
    const ps = [0.1, 0.2].map((r) => M.exp(fit.p, randomTangent(M, fit.p, rng, r)));
    const vAt = (p: Float64Array) => M.transport(fit.p, p, fit.v);
    const calls: [kind: 'p' | 'v', point: number][] = [
      ['v', 0],
      ['v', 0],
      ['p', 1],
      ['v', 0],
      ['v', 1],
      ['v', 0],
    ];
    const fresh = () => kendallGradientKernel(data.xs, data.ys, fit.p, fit.v, { wasm });
    const shared = fresh();
    for (const [kind, i] of calls) {
      const evaluate = (k: GradientNormKernel) =>
        kind === 'p' ? k.footpointGradNorm(ps[i]) : k.shootingGradNorm(ps[i], vAt(ps[i]));
      expect(evaluate(shared)).toBe(evaluate(fresh()));
    }
    // the same array with new contents is a new footpoint
    const p = Float64Array.from(ps[0]);
    const first = shared.shootingGradNorm(p, vAt(ps[0]));
    p.set(ps[1]);
    expect(shared.shootingGradNorm(p, vAt(ps[0]))).toBe(fresh().shootingGradNorm(ps[1], vAt(ps[0])));
    expect(first).toBe(fresh().shootingGradNorm(ps[0], vAt(ps[0])));
  });
});

describe('Euclidean kernel (moments)', () => {
  // Covariates and responses far from 0, as imported data may be: the moments are centred.
  const d = 3;
  const M = euclidean(d);
  const raw = euclideanData({ n: 37, d, noiseSd: 0.3, seed: 8 });
  const ys = raw.ys.map((y) => y.map((t) => t + 1e4));
  const fit = fitGeodesicRegression(M, raw.xs, ys);
  const fast = euclideanGradientKernel(raw.xs, ys, fit.v);
  const generic = genericGradientNormKernel(M, raw.xs, ys, fit.p, fit.v);

  it('agrees with the generic kernel near the fit and far from it', () => {
    // both round the residuals at the data's scale (1e4 · 1e-16), hence the floor
    expectAgreement(fast, generic, nearAndFar(M, fit, 9, 200, [1e-6, 0.02, 1, 100], 100), 1e-9, 1e-2);
  });

  it('is ~0 at the least-squares line (closed form, per coordinate)', () => {
    const n = ys.length;
    const xBar = raw.xs.reduce((a, x) => a + x, 0) / n;
    const sxx = raw.xs.reduce((a, x) => a + (x - xBar) ** 2, 0);
    const yBar = Array.from({ length: d }, (_, j) => ys.reduce((a, y) => a + y[j], 0) / n);
    const v = Float64Array.from(
      yBar,
      (yb, j) => ys.reduce((a, y, i) => a + (raw.xs[i] - xBar) * (y[j] - yb), 0) / sxx,
    );
    const p = Float64Array.from(yBar, (yb, j) => yb - xBar * v[j]);
    const ls = euclideanGradientKernel(raw.xs, ys, v);
    expect(ls.footpointGradNorm(p)).toBeLessThan(1e-10);
    expect(ls.shootingGradNorm(p, v)).toBeLessThan(1e-10);
    expect(
      ls.shootingGradNorm(
        p,
        v.map((t) => t + 0.1),
      ),
    ).toBeGreaterThan(1e-3);
  });
});

describe('the kernel table (index.ts)', () => {
  const data = sphereData({ n: 12, seed: 3, noiseVariance: 0.01 });
  const x3 = data.xs;
  const y = (dim: number) =>
    Array.from({ length: 12 }, (_, i) => Float64Array.from({ length: dim }, (_, j) => i + j));
  const implementation = (M: Manifold, ys: Float64Array[], p: Float64Array, v: Float64Array) =>
    gradientNormKernel(M, x3, ys, p, v).implementation;

  it('chooses each kind’s kernel by the manifold’s family, not its name', () => {
    const S = sphere();
    const p = S.basePoint();
    const v = Float64Array.of(0.1, 0.2, 0);
    expect(implementation(S, data.ys, p, v)).not.toMatch(/generic/);
    // renamed, the same family: still the fused kernel; the family removed: the generic one
    expect(implementation({ ...S, name: 'a sphere by another name' }, data.ys, p, v)).not.toMatch(/generic/);
    expect(implementation({ ...S, family: undefined }, data.ys, p, v)).toBe('JavaScript (generic)');
    expect(fusedGeometry({ ...S, name: 'renamed' })).not.toBeNull();
    expect(fusedGeometry({ ...S, family: undefined })).toBeNull();
    expect(implementation(euclidean(2), y(2), new Float64Array(2), new Float64Array(2))).toBe(
      'JavaScript (moments)',
    );
  });

  it('falls back to the generic kernel where a family’s fused kernel does not apply (SPD other than affine k = 2)', () => {
    const I2 = Float64Array.of(1, 0, 0, 1);
    const ys = y(4).map(() => Float64Array.of(2, 0.1, 0.1, 1));
    expect(implementation(spd(2, 'affine'), ys, I2, new Float64Array(4))).not.toMatch(/generic/);
    expect(implementation(spd(2, 'logEuclidean'), ys, I2, new Float64Array(4))).toBe('JavaScript (generic)');
    expect(fusedGeometry(spd(2, 'logEuclidean'))).toBeNull();
    expect(fusedGeometry(spd(3, 'affine'))).toBeNull();
    expect(fusedGeometry(kendall(7))).not.toBeNull();
  });
});
