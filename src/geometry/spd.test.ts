import { describe, expect, it } from 'vitest';
import { Rng } from '../sampling/rng';
import { expm, logm, matMul, sqrtm, symEig } from './linalg';
import { spd } from './spd';
import {
  expectClose,
  f64,
  frob,
  randomPoint,
  randomTangent,
  reference,
  registerIdentityTests,
} from './testkit';
import { GeometryError, type Manifold } from './types';

const METRICS = ['affine', 'logEuclidean'] as const;

describe('spd identities', () => {
  const opts = {
    distances: [1e-9, 1e-6, 1e-3, 0.1, 0.7, 1.5, 3.0],
    adjointLengths: [0, 1e-7, 0.3, 1.1, 2.0, 3.0],
  };
  for (const metric of METRICS) {
    registerIdentityTests(spd(2, metric), opts);
    registerIdentityTests(spd(3, metric), opts);
  }
  // points far from the identity (condition numbers up to ~e^5)
  registerIdentityTests(spd(3, 'affine'), { ...opts, spread: 2.5, seed: 7, tol: 1e-9 });
  registerIdentityTests(spd(3, 'logEuclidean'), { ...opts, spread: 2.5, seed: 7, tol: 1e-9 });
  registerIdentityTests(spd(4, 'affine'), { ...opts, cases: 3, seed: 3 });
  registerIdentityTests(spd(4, 'logEuclidean'), { ...opts, cases: 3, seed: 3 });
});

/** ‖a − b‖_F. */
function frobDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < b.length; i++) s += (a[i] - b[i]) ** 2;
  return Math.sqrt(s);
}

/** README rule for SPD exp/log/transport: ‖a − b‖_F ≤ 1e-8‖b‖_F + 1e-12(‖p‖_F + ‖q‖_F). */
function expectMatrixRule(a: Float64Array, b: number[], p: Float64Array, q: Float64Array, what: string) {
  expect(a.length).toBe(b.length);
  const err = frobDiff(a, b);
  const tol = 1e-8 * frob(b) + 1e-12 * (frob(p) + frob(q));
  if (!(err <= tol)) throw new Error(`${what}: ‖a − b‖_F = ${err} > ${tol}`);
}

interface SpdValues {
  exp: number[];
  log: number[];
  dist: number;
  inner: number;
  transport: number[];
}
/** One SPD case of the reference file (see testdata/README.md). */
interface SpdCase {
  id: string;
  kind: string;
  p: number[];
  q: number[];
  v: number[];
  w: number[];
  affine: SpdValues;
  logEuclidean: SpdValues;
  mp: { affine: SpdValues; logEuclidean: SpdValues };
}

describe('spd against geomstats reference', () => {
  for (const key of ['spd2', 'spd3'] as const) {
    const block = reference()[key];
    it(`${key} has the expected cases`, () => expect(block.cases.length).toBe(key === 'spd2' ? 30 : 10));
    for (const metric of METRICS) {
      const M = spd(block.k, metric);
      for (const c of block.cases as SpdCase[]) {
        it(`${M.name}: ${c.id}`, () => {
          const [p, q, v, w] = [c.p, c.q, c.v, c.w].map(f64);
          const exp = M.exp(p, v);
          const log = M.log(p, q);
          const tr = M.transport(p, q, w);
          const d = M.dist(p, q);
          const inner = M.inner(p, v, w);
          const innerTol = 1e-8 * M.norm(p, v) * M.norm(p, w);
          for (const [src, ref] of [
            ['geomstats', c[metric]],
            ['mp', c.mp[metric]],
          ] as const) {
            expectMatrixRule(exp, ref.exp, p, q, `${src} exp`);
            expectMatrixRule(log, ref.log, p, q, `${src} log`);
            expectMatrixRule(tr, ref.transport, p, q, `${src} transport`);
            expect(Math.abs(d - ref.dist)).toBeLessThanOrEqual(1e-9 * (1 + d));
            expect(Math.abs(inner - ref.inner)).toBeLessThanOrEqual(innerTol);
          }
          // outputs are exactly symmetric
          for (const x of [exp, log, tr])
            expectClose(
              x,
              Array.from(x).map((_, i) => x[(i % block.k) * block.k + Math.floor(i / block.k)]),
              0,
              'symmetry',
            );
        });
      }
    }
  }
});

describe('spd formulas (independent checks)', () => {
  const P = f64([2, 0.5, 0.5, 1]);
  const Q = f64([1, -0.3, -0.3, 3]);
  it('affine: dist² = Σ log² λ(P⁻¹Q), computed here from the generalised eigenvalue problem of a 2×2', () => {
    // eigenvalues of P⁻¹Q solve det(Q − λP) = 0: (detP)λ² − (p00 q11 + p11 q00 − 2 p01 q01)λ + detQ = 0
    const detP = P[0] * P[3] - P[1] * P[1];
    const detQ = Q[0] * Q[3] - Q[1] * Q[1];
    const b = P[0] * Q[3] + P[3] * Q[0] - 2 * P[1] * Q[1];
    const disc = Math.sqrt(b * b - 4 * detP * detQ);
    const l1 = (b + disc) / (2 * detP);
    const l2 = (b - disc) / (2 * detP);
    const d = Math.hypot(Math.log(l1), Math.log(l2));
    expect(Math.abs(spd(2, 'affine').dist(P, Q) - d)).toBeLessThan(1e-14);
  });
  it('affine: inner is tr(P⁻¹uP⁻¹w) with scale 1', () => {
    const u = f64([1, 2, 2, -1]);
    const w = f64([0.5, -1, -1, 3]);
    const det = P[0] * P[3] - P[1] * P[1];
    const Pinv = f64([P[3] / det, -P[1] / det, -P[2] / det, P[0] / det]);
    const A = matMul(matMul(Pinv, u, 2), matMul(Pinv, w, 2), 2);
    expect(Math.abs(spd(2, 'affine').inner(P, u, w) - (A[0] + A[3]))).toBeLessThan(1e-13);
  });
  it('log-Euclidean: dist = ‖logm P − logm Q‖_F and exp(p, log(p,q)) = q', () => {
    const M = spd(2, 'logEuclidean');
    const d = frobDiff(logm(P, 2), logm(Q, 2));
    expect(Math.abs(M.dist(P, Q) - d)).toBeLessThan(1e-14);
    expectClose(M.exp(P, M.log(P, Q)), Q, 1e-13, 'exp∘log');
  });
  it('log-Euclidean: at the identity log is logm and exp is expm, and transport between commuting points is the identity on commuting directions', () => {
    const M = spd(2, 'logEuclidean');
    const I2 = f64([1, 0, 0, 1]);
    expectClose(M.log(I2, Q), logm(Q, 2), 1e-14, 'log at I');
    const V = f64([0.3, 0.7, 0.7, -0.2]);
    expectClose(M.exp(I2, V), expm(V, 2), 1e-14, 'exp at I');
    // P and Q diagonal: dlog and dexp act entrywise on diagonal directions, so diagonal w is transported unchanged
    const Pd = f64([2, 0, 0, 5]);
    const Qd = f64([0.5, 0, 0, 3]);
    const w = f64([1.5, 0, 0, -2]);
    const tw = M.transport(Pd, Qd, w);
    // dlog_P w = diag(w_ii/λ_i), dexp_{logm Q} of that = diag(μ_i w_ii/λ_i)
    expectClose(tw, [(0.5 * 1.5) / 2, 0, 0, (3 * -2) / 5], 1e-14, 'diagonal transport');
  });
  it('affine transport is E w Eᵀ with E = P^½ (P^-½ Q P^-½)^½ P^-½ (congruence on the identity: E = Q^½)', () => {
    const M = spd(2, 'affine');
    const I2 = f64([1, 0, 0, 1]);
    const w = f64([0.4, -1.1, -1.1, 2]);
    const E = sqrtm(Q, 2);
    const expected = matMul(matMul(E, w, 2), E, 2);
    expectClose(M.transport(I2, Q, w), expected, 1e-13, 'transport from I');
  });
  it('curvature bounds, dimensions and names', () => {
    expect(spd(2).name).toBe('spd(2, affine)');
    expect(spd(3, 'logEuclidean').name).toBe('spd(3, logEuclidean)');
    expect(spd(2).curvatureBounds).toEqual([-0.5, 0]);
    expect(spd(3, 'logEuclidean').curvatureBounds).toEqual([0, 0]);
    expect(spd(3).dim).toBe(6);
    expect(spd(3).ambientDim).toBe(9);
    expect(spd(2).injectivityRadius).toBe(Infinity);
    expectClose(spd(3).basePoint(), [1, 0, 0, 0, 1, 0, 0, 0, 1], 0, 'identity');
    expect(() => spd(0)).toThrow(RangeError);
  });
});

/** The Jacobi-structure adjoints against the defining identity, on one (p, v) with a long v. */
function adjointCheck(M: Manifold, p: Float64Array, v: Float64Array, u: Float64Array, w: Float64Array) {
  const h = 1e-5;
  const q = M.exp(p, v);
  const plus = M.exp(
    p,
    v.map((x, i) => x + h * u[i]),
  );
  const minus = M.exp(
    p,
    v.map((x, i) => x - h * u[i]),
  );
  const dv = plus.map((x, i) => (x - minus[i]) / (2 * h));
  return { lhs: M.inner(q, dv, w), rhs: M.inner(p, u, M.dExpAdjointV(p, v, w)) };
}

describe('spd dExp adjoints', () => {
  it('affine: the curvature factors matter (an identity adjoint would fail)', () => {
    const M = spd(3, 'affine');
    const rng = Rng.fromKey(11, 1);
    const p = randomPoint(M, rng, 1);
    const v = randomTangent(M, p, rng, 2.5);
    const u = randomTangent(M, p, rng, 1);
    const w = randomTangent(M, M.exp(p, v), rng, 1);
    const { lhs, rhs } = adjointCheck(M, p, v, u, w);
    expect(Math.abs(lhs - rhs)).toBeLessThan(1e-6 * Math.max(1, Math.abs(lhs)));
    // plain transport back (all factors 1) is measurably different here
    const back = M.transport(M.exp(p, v), p, w);
    expect(Math.abs(M.inner(p, u, back) - lhs)).toBeGreaterThan(1e-3);
  });
  it('log-Euclidean: the adjoint is the transport back, not the identity', () => {
    const M = spd(3, 'logEuclidean');
    const rng = Rng.fromKey(11, 2);
    const p = randomPoint(M, rng, 1.5);
    const v = randomTangent(M, p, rng, 2);
    const q = M.exp(p, v);
    const w = randomTangent(M, q, rng, 1);
    expectClose(M.dExpAdjointV(p, v, w), M.transport(q, p, w), 1e-12, 'adjoint = transport back');
    expectClose(M.dExpAdjointP(p, v, w), M.transport(q, p, w), 1e-12, 'adjoint = transport back');
    expect(frobDiff(M.dExpAdjointV(p, v, w), w)).toBeGreaterThan(1e-3);
  });
});

describe('spd edge cases', () => {
  for (const metric of METRICS) {
    for (const k of [2, 3]) {
      const M = spd(k, metric);
      it(`${M.name}: identical points give log = 0, dist = 0, transport = id, no NaN`, () => {
        const rng = Rng.fromKey(5, k);
        const p = randomPoint(M, rng, 2);
        const w = randomTangent(M, p, rng, 1);
        const l = M.log(p, p);
        expect(frob(l)).toBeLessThanOrEqual(1e-14 * frob(p));
        expect(M.dist(p, p)).toBeLessThanOrEqual(1e-14);
        expectClose(M.transport(p, p, w), w, 1e-13 * frob(w), 'transport p→p');
        const zero = new Float64Array(k * k);
        expectClose(M.exp(p, zero), p, 1e-14 * frob(p), 'exp(p, 0)');
        for (const x of [M.dExpAdjointP(p, zero, w), M.dExpAdjointV(p, zero, w)]) {
          expectClose(x, w, 1e-13 * frob(w), 'adjoint at v = 0');
        }
      });

      it(`${M.name}: non-SPD or malformed input throws a GeometryError with a clear message`, () => {
        const I = M.basePoint();
        const bad = Float64Array.from(I);
        bad[0] = -1; // indefinite
        const asym = Float64Array.from(I);
        asym[1] = 0.5; // not symmetric
        const nan = Float64Array.from(I);
        nan[k + 1] = NaN;
        const singular = new Float64Array(k * k);
        singular[0] = 1;
        for (const X of [bad, nan, singular, asym]) {
          expect(() => M.log(I, X)).toThrow(GeometryError);
          expect(() => M.log(X, I)).toThrow(GeometryError);
          expect(() => M.dist(I, X)).toThrow(GeometryError);
          expect(() => M.dist(X, I)).toThrow(GeometryError);
          expect(() => M.exp(X, I)).toThrow(GeometryError);
          expect(() => M.transport(X, I, I)).toThrow(GeometryError);
          expect(() => M.transport(I, X, I)).toThrow(GeometryError);
          expect(() => M.inner(X, I, I)).toThrow(GeometryError);
        }
        expect(() => M.log(I, bad)).toThrow(/not symmetric positive definite/);
        expect(() => M.dist(bad, I)).toThrow(/not symmetric positive definite/);
        expect(() => M.log(I, asym)).toThrow(/not symmetric/);
        expect(() => M.log(I, nan)).toThrow(/not a finite number/);
        expect(() =>
          M.exp(I, f64(Array.from({ length: k * k }, (_, i) => (i % (k + 1) === 0 ? 1000 : 0)))),
        ).toThrow(/not representable/);
      });

      it(`${M.name}: condition number 1e8 gives finite results and exp∘log ≈ id`, () => {
        const rng = Rng.fromKey(9, k);
        // random rotation times eigenvalues spanning 1e-4 … 1e4
        const R = symEig(randomTangent(spd(k), spd(k).basePoint(), rng, 1), k).vectors;
        const lam = Array.from({ length: k }, (_, i) => 10 ** (-4 + (8 * i) / (k - 1)));
        const P = new Float64Array(k * k);
        for (let i = 0; i < k; i++)
          for (let j = 0; j < k; j++) {
            let s = 0;
            for (let l = 0; l < k; l++) s += R[i * k + l] * lam[l] * R[j * k + l];
            P[i * k + j] = s;
          }
        for (let i = 0; i < k; i++) for (let j = 0; j < i; j++) P[i * k + j] = P[j * k + i];
        const Q = M.exp(M.basePoint(), randomTangent(M, M.basePoint(), rng, 1));
        for (const [a, b] of [
          [P, Q],
          [Q, P],
        ]) {
          const l = M.log(a, b);
          for (const x of l) expect(Number.isFinite(x)).toBe(true);
          const b2 = M.exp(a, l);
          for (const x of b2) expect(Number.isFinite(x)).toBe(true);
          // Intrinsic error: log(a, b) is stored in ambient coordinates with entries up to ~1e5, so whitening it
          // again in exp loses ~ε·cond(a) ≈ 1e-8 absolutely, and Exp amplifies that by up to
          // sinh(Δμ/2)/(Δμ/2) ≈ 1e3 at this distance (≈ 13): ~1e-5 is the expected round-trip error (checked
          // against 60-digit arithmetic: log itself is accurate to 3e-8 in the metric at a).
          expect(M.dist(b, b2)).toBeLessThan(1e-4);
          // the other direction is well conditioned
          const v = randomTangent(M, a, rng, 1);
          const v2 = M.log(a, M.exp(a, v));
          expect(
            M.norm(
              a,
              v2.map((x, i) => x - v[i]),
            ),
          ).toBeLessThan(1e-6);
          const w = randomTangent(M, a, rng, 1);
          const tw = M.transport(a, b, w);
          expect(Math.abs(M.norm(b, tw) - 1)).toBeLessThan(1e-6);
          const adj = M.dExpAdjointP(a, l, randomTangent(M, b, rng, 1));
          for (const x of adj) expect(Number.isFinite(x)).toBe(true);
        }
        // the distance agrees with the direct formula (eigenvalues of P⁻¹Q or ‖logm P − logm Q‖)
        expect(Math.abs(M.dist(P, Q) - M.norm(P, M.log(P, Q)))).toBeLessThan(1e-8 * M.dist(P, Q));
      });
    }
  }

  it('near-isotropic P (eigenvalues s, s(1 + 1e-10)) agrees with the exactly isotropic limit', () => {
    const s = 2.5;
    const c = Math.cos(0.7);
    const sn = Math.sin(0.7);
    const l1 = s;
    const l2 = s * (1 + 1e-10);
    const P = f64([
      l1 * c * c + l2 * sn * sn,
      (l1 - l2) * c * sn,
      (l1 - l2) * c * sn,
      l1 * sn * sn + l2 * c * c,
    ]);
    const P0 = f64([s, 0, 0, s]);
    const Q = f64([1.3, 0.4, 0.4, 0.8]);
    const w = f64([0.2, -0.9, -0.9, 1.4]);
    for (const metric of METRICS) {
      const M = spd(2, metric);
      // a relative perturbation of 1e-10 of P moves every quantity by ~1e-10 relative
      const tol = (x: Float64Array) => 1e-9 * Math.max(1, frob(x));
      for (const [a, b] of [
        [M.log(P, Q), M.log(P0, Q)],
        [M.transport(P, Q, w), M.transport(P0, Q, w)],
        [M.exp(P, w), M.exp(P0, w)],
        [M.log(Q, P), M.log(Q, P0)],
      ])
        expectClose(a, b, tol(b), `${metric} near-isotropic`);
      expect(Math.abs(M.dist(P, Q) - M.dist(P0, Q))).toBeLessThan(1e-9);
      expect(Math.abs(M.inner(P, w, Q) - M.inner(P0, w, Q))).toBeLessThan(1e-9);
      // and identities hold at the near-isotropic point
      expectClose(M.exp(P, M.log(P, Q)), Q, 1e-12, `${metric} exp∘log`);
      expect(Math.abs(M.dist(P, Q) - M.norm(P, M.log(P, Q)))).toBeLessThan(1e-13);
    }
  });

  it('projectPoint symmetrises and clips eigenvalues; projectTangent symmetrises', () => {
    const M = spd(2);
    const Z = f64([1, 3, 1, 1]); // symmetric part [[1,2],[2,1]], eigenvalues −1 and 3
    const P = M.projectPoint(Z);
    const e = symEig(P, 2);
    expect(e.values[0]).toBeGreaterThan(0);
    expect(e.values[0]).toBeLessThan(1e-10);
    expect(e.values[1]).toBeCloseTo(3, 12);
    expect(P[1]).toBe(P[2]);
    expect(() => M.log(M.basePoint(), P)).not.toThrow();
    // already SPD: returned unchanged (symmetrised)
    const S = f64([2, 0.5, 0.5, 1]);
    expectClose(M.projectPoint(S), S, 0, 'SPD unchanged');
    expect(() => M.projectPoint(new Float64Array(4))).toThrow(GeometryError);
    expect(() => M.projectPoint(f64([NaN, 0, 0, 1]))).toThrow(GeometryError);
    expectClose(M.projectTangent(S, f64([1, 2, 4, 3])), [1, 3, 3, 3], 0, 'projectTangent');
  });

  for (const metric of METRICS) {
    it(`${metric}: tangentBasis is orthonormal in the metric at p`, () => {
      const M = spd(3, metric);
      const p = randomPoint(M, Rng.fromKey(4, 4), 2);
      const B = M.tangentBasis(p);
      expect(B.length).toBe(6);
      for (let i = 0; i < B.length; i++)
        for (let j = 0; j < B.length; j++)
          expect(Math.abs(M.inner(p, B[i], B[j]) - (i === j ? 1 : 0))).toBeLessThan(1e-12);
      for (const b of B) expectClose(M.projectTangent(p, b), b, 0, 'basis symmetric');
    });
  }

  for (const metric of METRICS) {
    it(`${metric}: randomTangent has identity covariance in an orthonormal basis of T_p (all coordinates)`, () => {
      const M = spd(3, metric);
      const rng = Rng.fromKey(6, 1);
      const p = randomPoint(M, rng, 2);
      const B = M.tangentBasis(p);
      const N = 20000;
      const cov = new Float64Array(36);
      const xi = new Float64Array(9);
      for (let s = 0; s < N; s++) {
        M.randomTangent(p, rng, xi);
        const c = B.map((b) => M.inner(p, b, xi));
        for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) cov[i * 6 + j] += (c[i] * c[j]) / N;
      }
      // sampling sd of each entry ≈ √(2/N) ≈ 0.01
      for (let i = 0; i < 6; i++)
        for (let j = 0; j < 6; j++) expect(Math.abs(cov[i * 6 + j] - (i === j ? 1 : 0))).toBeLessThan(0.05);
      expectClose(M.projectTangent(p, xi), xi, 0, 'symmetric');
    });
  }

  it('the point cache is keyed by contents (mutating an array in place is safe)', () => {
    const M = spd(2);
    const p = f64([2, 0.3, 0.3, 1]);
    const q = f64([1, 0, 0, 1]);
    const d1 = M.dist(p, q);
    p[0] = 3;
    const d2 = M.dist(p, q);
    expect(d2).not.toBe(d1);
    expect(Math.abs(d2 - spd(2).dist(f64([3, 0.3, 0.3, 1]), q))).toBe(0);
  });
});

describe('spd volume growth and well-conditioned points', () => {
  it('volumes grow like e^{h d}: h = 1/√2 on affine SPD(2) (R × H² of curvature −½), 0 where flat', () => {
    expect(spd(2).volumeGrowthRate).toBeCloseTo(Math.SQRT1_2, 15);
    expect(spd(3).volumeGrowthRate).toBeCloseTo(Math.sqrt(2), 15); // ½√(3·8/3)
    expect(spd(2, 'logEuclidean').volumeGrowthRate).toBe(0);
    expect(spd(1).volumeGrowthRate).toBe(0);
  });

  it('wellConditioned: condition number ≤ 1e10, in any orientation; non-SPD and non-finite are not', () => {
    const M = spd(2);
    const c = Math.cos(0.7),
      s = Math.sin(0.7);
    // R diag(λ₁, λ₂) Rᵀ for a rotation R
    const rotated = (l1: number, l2: number) =>
      f64([c * c * l1 + s * s * l2, c * s * (l1 - l2), c * s * (l1 - l2), s * s * l1 + c * c * l2]);
    expect(M.wellConditioned!(f64([1, 0, 0, 1]))).toBe(true);
    expect(M.wellConditioned!(f64([1e30, 0, 0, 1e30]))).toBe(true); // scale is not conditioning
    expect(M.wellConditioned!(rotated(1, 2e-10))).toBe(true);
    expect(M.wellConditioned!(rotated(1, 5e-11))).toBe(false);
    expect(M.wellConditioned!(rotated(1e20, 1e-20))).toBe(false);
    expect(M.wellConditioned!(f64([1, 2, 2, 1]))).toBe(false); // indefinite
    expect(M.wellConditioned!(f64([NaN, 0, 0, 1]))).toBe(false);
    expect(spd(2, 'logEuclidean').wellConditioned).toBeUndefined();
  });
});
