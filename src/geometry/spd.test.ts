import { describe, expect, it } from 'vitest';
import { Rng } from '../sampling/rng';
import { expm, logm, matMul, sqrtm } from './linalg';
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
import { type Manifold } from './types';

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
