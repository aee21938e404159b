/**
 * Numerical stress suite: every case either works — finite outputs — or is refused with a message
 * that says what is wrong; never NaN, never a raw TypeError, never a hang. Antipodal sphere points (the cut
 * locus), Kendall shapes with coincident landmarks, SPD(2) matrices up to and beyond condition number 1e8,
 * geodesic regression and full KNG releases at ε ∈ {1e−3, 1, 1e3} and n ∈ {3, 10000}, equal covariates, data
 * exactly on a geodesic, invalid ε. Seeded throughout; small chains at n = 10000 keep it to seconds.
 */
import { describe, expect, it } from 'vitest';
import { generate, type DataManifold } from './data';
import { euclidean, GeometryError, kendall, sphere, spd, type Manifold } from './geometry';
import { DataFormatError, parseDataFile, SPD_MAX_CONDITION } from './io';
import { genericGradientNormKernel } from './privacy/kernels';
import { DEFAULT_KNG_SETTINGS, releaseKng, type KngRelease, type KngSettings } from './privacy/kng';
import { spd2GradientKernel } from './privacy/kernels/spd';
import { fitGeodesicRegression, type RegressionFit } from './regression';
import { Rng } from './sampling/rng';

const allFinite = (a: ArrayLike<number>) => Array.prototype.every.call(a, Number.isFinite) as boolean;

/** Runs f and returns its result, or the error it threw (which must be one of the project's typed errors). */
function outcome<T>(f: () => T): { value: T } | { error: GeometryError | RangeError | DataFormatError } {
  try {
    return { value: f() };
  } catch (e) {
    if (e instanceof GeometryError || e instanceof RangeError || e instanceof DataFormatError)
      return { error: e };
    throw e;
  }
}

/** Footpoints and shooting vectors all finite, and the calibration too. */
function expectFiniteRelease(r: KngRelease) {
  expect(r.footpoints.every(allFinite)).toBe(true);
  expect(r.shootingVectors.flat().every(allFinite)).toBe(true);
  const { sigmaP, sigmaV, deltaP, deltaV } = r.calibration;
  expect([sigmaP, sigmaV, deltaP, deltaV].every((x) => Number.isFinite(x) && x > 0)).toBe(true);
  // a chain that never moved is counted (its draw is the non-private estimate, and the release says so)
  const stuck = [...r.footpointChains, ...r.shootingChains].filter(
    (c) => c.acceptanceRate === 0 && c.burnInAcceptanceRate === 0,
  ).length;
  expect(r.stuckChains).toBe(stuck);
}

function release(
  M: Manifold,
  xs: Float64Array,
  ys: Float64Array[],
  fit: RegressionFit,
  s: Partial<KngSettings>,
) {
  const input = { M, xs, ys, pHat: fit.p, vHat: fit.v, maxResidual: fit.maxResidual };
  return releaseKng(input, { ...DEFAULT_KNG_SETTINGS, burnIn: 200, m: 2, ...s }, Rng.fromKey(6, 0x57));
}

const unitCovariates = (n: number) => Float64Array.from({ length: n }, (_, i) => i / (n - 1));

describe('sphere: antipodal and nearly antipodal points (the cut locus)', () => {
  const S = sphere();
  const p = Float64Array.of(0, 0, 1);
  const u = Float64Array.of(1, 0, 0);

  it('at the antipode log and transport refuse with a GeometryError naming it; dist is π; exp gets there', () => {
    const anti = S.exp(p, Float64Array.of(Math.PI, 0, 0));
    expect(S.dist(p, anti)).toBeCloseTo(Math.PI, 15);
    for (const f of [() => S.log(p, anti), () => S.transport(p, anti, u), () => S.log(anti, p)])
      expect(f).toThrow(/antipodal \(cut locus\)/);
  });

  it('nearly antipodal (π − δ, δ from 1e-2 to 1e-15): log is finite with |log| = dist and exp∘log ≈ id, or refuses', () => {
    let worked = 0;
    for (const delta of [1e-2, 1e-4, 1e-6, 1e-8, 1e-10, 1e-12, 1e-13, 1e-14, 1e-15]) {
      const q = S.exp(p, Float64Array.of(0.6 * (Math.PI - delta), 0.8 * (Math.PI - delta), 0));
      const d = S.dist(p, q);
      expect(Math.abs(d - (Math.PI - delta))).toBeLessThanOrEqual(1e-15 * Math.PI + 1e-16);
      const r = outcome(() => S.log(p, q));
      if ('error' in r) {
        expect(r.error.message).toMatch(/antipodal/);
        expect(delta).toBeLessThanOrEqual(1e-12); // refused only within rounding of the antipode
        continue;
      }
      worked++;
      expect(allFinite(r.value)).toBe(true);
      expect(Math.abs(S.norm(p, r.value) - d)).toBeLessThanOrEqual(1e-12);
      // the direction is only as good as q − ⟨p,q⟩p, of size sin δ: exp∘log is off by about 1e-16/δ
      expect(S.dist(S.exp(p, r.value), q)).toBeLessThanOrEqual(Math.max(1e-12, 1e-15 / delta));
    }
    expect(worked).toBeGreaterThanOrEqual(6);
  });

  it('regression and a release on data with both poles (exact antipodes, as lat ±90° gives)', () => {
    // along the meridian 0°/180° from the north pole (t = 0) to the south pole (t = 1), a little off it
    const rows = [0, 0.2, 0.4, 0.6, 0.8, 1].map((t, i) => `${t},${90 - 180 * t},${i % 2 ? 0.5 : -0.5}`);
    const text = `t,lat,lon\n${rows.join('\n')}\n`;
    const d = parseDataFile(text, { fileName: 'poles.csv', manifold: 'sphere' });
    const fit = fitGeodesicRegression(S, d.xs, d.ys);
    expect(allFinite(fit.p) && allFinite(fit.v) && Number.isFinite(fit.energy)).toBe(true);
    // the data lie on a great circle through both poles: the fit finds it (before: a GeometryError at the start)
    expect(fit.energy).toBeLessThan(1e-3);
    expectFiniteRelease(release(S, d.xs, d.ys, fit, {}));
  });
});

describe('Kendall: coincident and nearly coincident landmarks', () => {
  const K = kendall(6);

  it('all landmarks equal: projectPoint and the importer refuse, the importer naming the row', () => {
    expect(() => K.projectPoint(new Float64Array(12).fill(3.5))).toThrow(/all landmarks coincide/);
    const row = (x: number, z: number[]) => [x, ...z].join(',');
    const shape = [0, 0, 1, 0, 1, 1, 0, 1, 0.5, 1.5, -0.5, 0.5];
    const text = [row(0, shape), row(1, new Array(12).fill(7)), row(2, shape)].join('\n');
    const e = outcome(() => parseDataFile(text, { fileName: 'shapes.csv', manifold: 'kendall' }));
    expect('error' in e && e.error.message).toBe(
      'shapes.csv, row 2: all 6 landmarks of this row coincide, so the shape is degenerate (it has no size and no defined shape)',
    );
  });

  it('landmarks coinciding to 1e-3 … 1e-14 of their size give valid preshapes; regression and a release are finite', () => {
    const rng = Rng.fromKey(5);
    for (const eps of [1e-3, 1e-9, 1e-14]) {
      const xs = unitCovariates(20);
      // two landmarks eps apart in every shape, and shapes whose landmarks are all within eps of (1, 1)
      const pair = Array.from(xs, (x) => {
        const z = Float64Array.from(
          { length: 12 },
          (_, i) => Math.cos(i + x * (i % 2)) + 0.05 * rng.normal(),
        );
        z[2] = z[0] + eps * rng.normal();
        z[3] = z[1] + eps * rng.normal();
        return K.projectPoint(z);
      });
      const cluster = Array.from(xs, (x) =>
        K.projectPoint(
          Float64Array.from(
            { length: 12 },
            (_, i) => 1 + eps * (Math.sin(7 * i + 3 * x) + 0.1 * rng.normal()),
          ),
        ),
      );
      for (const ys of [pair, cluster]) {
        for (const y of ys) {
          // a preshape: centred and of unit norm to rounding (a second centring pass sees to the centroid)
          const sums = [0, 1].map((c) => y.reduce((a, t, i) => (i % 2 === c ? a + t : a), 0));
          expect(Math.max(...sums.map(Math.abs))).toBeLessThanOrEqual(1e-12);
          expect(Math.abs(Math.hypot(...y) - 1)).toBeLessThanOrEqual(1e-15);
        }
        const fit = fitGeodesicRegression(K, xs, ys);
        expect(allFinite(fit.p) && allFinite(fit.v) && Number.isFinite(fit.energy)).toBe(true);
        expectFiniteRelease(release(K, xs, ys, fit, {}));
      }
    }
  });

  it('the importer refuses landmarks that coincide to within 1e-10 of their size, and reads them at 1e-6', () => {
    const near = (eps: number) =>
      [0, 1, 2]
        .map((x) =>
          [x, ...[0, 0, 1, 0, 0, 1].map((c, i) => 1e6 + eps * 1e6 * (c + 0.1 * x * (i % 3)))].join(','),
        )
        .join('\n');
    expect(parseDataFile(near(1e-6), { fileName: 'near.csv', manifold: 'kendall' }).n).toBe(3);
    const e = outcome(() => parseDataFile(near(1e-12), { fileName: 'near.csv', manifold: 'kendall' }));
    expect('error' in e && e.error.message).toMatch(
      /^near\.csv, row 1: all 3 landmarks of this row coincide/,
    );
  });
});

describe('SPD(2): ill-conditioned matrices', () => {
  const P = spd(2, 'affine');
  /** A matrix with eigenvalues s and s/cond, eigenvectors turned by θ. */
  const matrix = (s: number, cond: number, theta: number) => {
    const [c, sn, lo] = [Math.cos(theta), Math.sin(theta), s / cond];
    const b = (s - lo) * c * sn;
    return Float64Array.of(s * c * c + lo * sn * sn, b, b, s * sn * sn + lo * c * c);
  };

  it('pairs in random orientations: log works (exp∘log ≈ id) or refuses as "too ill-conditioned", never NaN', () => {
    const rng = Rng.fromKey(3);
    const report: string[] = [];
    for (const cond of [1e2, 1e4, 1e6, 1e7, 1e8, 1e10, 1e12]) {
      let refused = 0;
      let worst = 0;
      for (let t = 0; t < 300; t++) {
        const a = matrix(Math.exp(3 * rng.normal()), cond, Math.PI * rng.uniform());
        const b = matrix(Math.exp(3 * rng.normal()), cond, Math.PI * rng.uniform());
        const r = outcome(() => P.log(a, b));
        if ('error' in r) {
          expect(r.error.message).toMatch(/too ill-conditioned to compare in floating point/);
          refused++;
          continue;
        }
        expect(allFinite(r.value)).toBe(true);
        const back = outcome(() => P.dist(P.exp(a, r.value), b) / Math.max(1, P.norm(a, r.value)));
        if ('error' in back) refused++;
        else worst = Math.max(worst, back.value);
      }
      report.push(
        `cond ${cond.toExponential(0)}: ${refused}/300 refused, worst exp∘log error ${worst.toExponential(1)}`,
      );
      // what the importer's limit relies on: up to 1e7 every pair works, to 1e-3
      if (cond <= SPD_MAX_CONDITION) {
        expect(refused).toBe(0);
        expect(worst).toBeLessThan(1e-3);
      }
    }
    console.info(`SPD(2) affine log of random pairs:\n  ${report.join('\n  ')}`);
  });

  it('the importer refuses condition number 1e8 (above its limit 1e7) with the row; log-Euclidean works there', () => {
    const m = matrix(2, 1e8, 0.7);
    const text = `x,a,b,c\n0,1,0,1\n0.5,${m[0]},${m[1]},${m[3]}\n1,2,0,1\n`;
    const e = outcome(() => parseDataFile(text, { fileName: 'ill.csv', manifold: 'spd' }));
    expect('error' in e && e.error.message).toMatch(
      /^ill\.csv, row 3: the matrix .* is too close to singular \(condition number 1e\+8, above 1e\+7\)/,
    );
    const L = spd(2, 'logEuclidean');
    const q = matrix(0.5, 1e8, 2.1);
    const v = L.log(m, q);
    expect(L.dist(L.exp(m, v), q)).toBeLessThan(1e-6 * L.norm(m, v));
  });

  it('regression on data with condition number 1e4 is finite; at 1e8 it is finite or refused as too ill-conditioned', () => {
    for (const cond of [1e4, 1e8]) {
      const xs = unitCovariates(30);
      const rng = Rng.fromKey(9);
      const ys = Array.from(xs, (x) =>
        matrix(Math.exp(0.5 * x + 0.01 * rng.normal()), cond, 0.8 * x + 0.01 * rng.normal()),
      );
      const r = outcome(() => fitGeodesicRegression(P, xs, ys, { maxIterations: 300 }));
      if ('error' in r) {
        expect(cond).toBe(1e8);
        expect(r.error.message).toMatch(/too ill-conditioned to compare in floating point/);
      } else {
        expect(allFinite(r.value.p) && allFinite(r.value.v) && Number.isFinite(r.value.energy)).toBe(true);
      }
    }
  });

  // A KNG footpoint chain with σ_p ≈ 3e11 (data of condition number 1e5) reached this nearly singular footpoint
  // (eigenvalues ~8e-16 and ~1e-20); the fused kernel's atanh(z) overflowed there (z rounds to 1) while the
  // generic kernel gives 447.5, and the release stopped. It now takes atanh from the exact ln det for z near 1.
  it('fused SPD(2) kernel agrees with the generic one at a nearly singular footpoint', () => {
    const xs = unitCovariates(30);
    const rng = Rng.fromKey(9);
    const ys = Array.from(xs, (x) =>
      matrix(Math.exp(0.5 * x + 0.01 * rng.normal()), 1e5, 0.8 * x + 0.01 * rng.normal()),
    );
    const I = Float64Array.of(1, 0, 0, 1);
    const zero = new Float64Array(4);
    const p = Float64Array.of(
      8.146254962417964e-16,
      -3.3464233056692146e-18,
      -3.3464233056692146e-18,
      1.374686774856524e-20,
    );
    const v = Float64Array.of(
      -8.419144389935086e-15,
      3.4585249870015904e-17,
      3.4585249870015904e-17,
      -1.4207376079326177e-19,
    );
    const generic = genericGradientNormKernel(P, xs, ys, I, zero).shootingGradNorm(p, v);
    expect(generic).toBeCloseTo(447.5, 0);
    expect(spd2GradientKernel(xs, ys, I, zero).shootingGradNorm(p, v)).toBeCloseTo(generic, 3);
  });
});

/** n points of a seeded data set; at n = 10000 Kendall shapes come from the geometry (the outline generator is slow). */
function dataFor(m: DataManifold, n: number): { M: Manifold; xs: Float64Array; ys: Float64Array[] } {
  if (m === 'kendall' && n > 100) {
    const K = kendall(50);
    const rng = Rng.fromKey(8);
    const o = K.basePoint();
    const [v, xi] = [K.randomTangent(o, rng).map((t) => 0.05 * t), new Float64Array(100)];
    const xs = Float64Array.from({ length: n }, () => rng.uniform());
    const ys = Array.from(xs, (x) => {
      const y = K.exp(
        o,
        v.map((t) => x * t),
      );
      K.randomTangent(y, rng, xi);
      return K.exp(
        y,
        xi.map((t) => 0.01 * t),
      );
    });
    return { M: K, xs, ys };
  }
  const d = generate(m, { n, seed: 3 });
  const M = m === 'sphere' ? sphere() : m === 'spd' ? spd(2) : m === 'kendall' ? kendall(50) : euclidean(1);
  return { M, xs: d.xs, ys: d.ys };
}

describe('geodesic regression and a full KNG release at ε ∈ {1e-3, 1, 1e3} and n ∈ {3, 10000}', () => {
  const manifolds: DataManifold[] = ['sphere', 'spd', 'kendall', 'euclidean'];
  for (const m of manifolds)
    for (const n of [3, 10000]) {
      it(`${m}, n = ${n}`, () => {
        const { M, xs, ys } = dataFor(m, n);
        // at n = 10000 a few descent steps (convergence is not the point) and short chains keep this to seconds
        const fit = fitGeodesicRegression(M, xs, ys, n > 100 ? { maxIterations: 8 } : {});
        expect(allFinite(fit.p) && allFinite(fit.v) && Number.isFinite(fit.energy)).toBe(true);
        const chains: Partial<KngSettings> = n > 100 ? { burnIn: 8, m: 1 } : { burnIn: 200, m: 2 };
        const sigmas = [1e-3, 1, 1e3].map((eps) => {
          const r = release(M, xs, ys, fit, { ...chains, epsP: eps, epsV: eps });
          expectFiniteRelease(r);
          return r.calibration.sigmaP;
        });
        // σ = Δ/ε: six orders of magnitude between ε = 1e-3 and 1e3
        expect(sigmas[0] / sigmas[2]).toBeCloseTo(1e6, -1);
      });
    }
});

describe('degenerate inputs', () => {
  it('all covariates equal: the fit and a release are finite (importer and rescaling refuse such data)', () => {
    for (const m of ['sphere', 'spd', 'kendall', 'euclidean'] as const) {
      const { M, ys } = dataFor(m, 10);
      const xs = new Float64Array(10).fill(0.5);
      const fit = fitGeodesicRegression(M, xs, ys);
      expect(allFinite(fit.p) && allFinite(fit.v)).toBe(true);
      expectFiniteRelease(release(M, xs, ys, fit, {}));
    }
    const e = outcome(() =>
      parseDataFile('x,y\n2,1\n2,3\n2,5\n', { fileName: 'flat.csv', manifold: 'euclidean' }),
    );
    expect('error' in e && e.error.message).toMatch(/all covariates are equal/);
  });

  it('data exactly on a geodesic (largest residual 0): the release refuses, saying τ = 0, instead of failing to start', () => {
    const R = euclidean(1);
    const xs = Float64Array.of(0, 0.5, 1);
    const ys = [0, 1, 2].map((y) => Float64Array.of(y));
    const fit = fitGeodesicRegression(R, xs, ys);
    expect(fit.maxResidual).toBe(0);
    expect(() => release(R, xs, ys, fit, {})).toThrow(
      /^τ = 0 \(the data lie exactly on a geodesic, so their largest residual is 0\): .* set a public τ > 0$/,
    );
    // a public τ makes it a proper release
    expectFiniteRelease(release(R, xs, ys, fit, { tau: 1 }));
  });

  it('ε ≤ 0, NaN or ∞ is refused with a message', () => {
    const { M, xs, ys } = dataFor('sphere', 3);
    const fit = fitGeodesicRegression(M, xs, ys);
    for (const eps of [0, -1, NaN, Infinity])
      expect(() => release(M, xs, ys, fit, { epsP: eps })).toThrow(/ε must be a positive finite number/);
  });
});
