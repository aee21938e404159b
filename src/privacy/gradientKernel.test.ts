import { describe, expect, it } from 'vitest';
import { sphereData } from '../data/sphereData';
import { euclidean, kendall, sphere, spd, type Manifold } from '../geometry';
import { euclideanData } from '../data/euclideanData';
import { corpusCallosumData } from '../data/corpusCallosum';
import { spdData } from '../data/spdData';
import { randomTangent } from '../geometry/testkit';
import { fitGeodesicRegression, gradient } from '../regression';
import { Rng } from '../sampling/rng';
import { euclideanGradientKernel } from './euclideanKernel';
import { genericGradientNormKernel, type GradientNormKernel } from './gradientKernel';
import { kendallGradientKernel } from './kendallKernel';
import { spd2GradientKernel } from './spdKernel';
import { sphereGradientKernel } from './sphereKernel';

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
])('fused Kendall kernel (%s)', (_, wasm) => {
  const M = kendall(50);
  const data = corpusCallosumData({ n: 25, seed: 6 });
  const fit = fitGeodesicRegression(M, data.xs, data.ys);
  const fast = kendallGradientKernel(data.xs, data.ys, fit.p, fit.v, { wasm });
  it('runs the requested implementation', () => {
    expect(fast.implementation).toBe(wasm ? 'WebAssembly SIMD' : 'JavaScript');
  });
  const generic = genericGradientNormKernel(M, data.xs, data.ys, fit.p, fit.v);

  it('agrees with the generic kernel near the fit and far from it', () => {
    expectAgreement(fast, generic, nearAndFar(M, fit, 7, 200, [1e-6, 0.02, 0.4, 1.2], 2.5), 1e-9, 1e-3);
  });

  it('is ~0 at the fit', () => {
    expect(fast.footpointGradNorm(fit.p)).toBeLessThan(1e-8);
    expect(fast.shootingGradNorm(fit.p, fit.v)).toBeLessThan(1e-8);
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
