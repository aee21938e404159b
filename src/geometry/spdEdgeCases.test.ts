import { describe, expect, it } from 'vitest';
import { Rng } from '../sampling/rng';
import { symEig } from './linalg';
import { spd } from './spd';
import { expectClose, f64, frob, randomPoint, randomTangent } from './testkit';
import { GeometryError } from './types';

const METRICS = ['affine', 'logEuclidean'] as const;

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
