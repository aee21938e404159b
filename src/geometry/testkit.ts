/**
 * Shared test helpers for the geometry core: random points/vectors, finite differences, the generic identity
 * suite every manifold must pass, and access to the geomstats reference file. Test-only (imports vitest).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { Rng } from '../sampling/rng';
import type { Manifold } from './types';

export const REFERENCE_PATH = fileURLToPath(new URL('./testdata/geomstats-public.json', import.meta.url));

let referenceCache: Record<string, unknown> | undefined;
/** The geomstats reference file in ./testdata (parsed once); its README.md gives the conventions. */
export function reference(): Record<string, any> {
  referenceCache ??= JSON.parse(readFileSync(REFERENCE_PATH, 'utf8')) as Record<string, unknown>;
  return referenceCache as Record<string, any>;
}

export const f64 = (a: number[]) => Float64Array.from(a);

/** A random tangent vector at p with norm `length` (uniform direction in the metric at p). */
export function randomTangent(M: Manifold, p: Float64Array, rng: Rng, length = 1): Float64Array {
  const basis = M.tangentBasis(p);
  const v = new Float64Array(M.ambientDim);
  let s = 0;
  const c = basis.map(() => rng.normal());
  for (const x of c) s += x * x;
  const k = length / Math.sqrt(s);
  basis.forEach((b, i) => {
    for (let j = 0; j < v.length; j++) v[j] += k * c[i] * b[j];
  });
  return v;
}

/** A random point at geodesic distance `spread` (uniform direction) from the base point. */
export function randomPoint(M: Manifold, rng: Rng, spread = 1): Float64Array {
  const o = M.basePoint();
  return M.exp(o, randomTangent(M, o, rng, spread * Math.sqrt(rng.uniform())));
}

/** The largest |a − b| / max(|a|, |b|) over the entries (entries that are both 0 count as equal). */
export function relativeGap(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let k = 0; k < a.length; k++) {
    const scale = Math.max(Math.abs(a[k]), Math.abs(b[k]));
    if (scale > 0) worst = Math.max(worst, Math.abs(a[k] - b[k]) / scale);
  }
  return worst;
}

/** Central finite difference of an ambient-valued curve t ↦ c(t) at t = 0. */
export function fdDerivative(c: (t: number) => Float64Array, h = 1e-5): Float64Array {
  const a = c(h);
  const b = c(-h);
  return a.map((x, i) => (x - b[i]) / (2 * h));
}

export function frob(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * a[i];
  return Math.sqrt(s);
}

export function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tol: number, what = '') {
  let m = 0;
  for (let i = 0; i < expected.length; i++) m = Math.max(m, Math.abs(actual[i] - expected[i]));
  if (!(m <= tol)) throw new Error(`${what}: max abs difference ${m} > ${tol}`);
  expect(actual.length).toBe(expected.length);
}

export interface IdentityOptions {
  /** Geodesic distances to test at (must stay below the injectivity radius). */
  distances?: number[];
  /** Spread of the random base points around the base point. */
  spread?: number;
  /** Lengths of v in the adjoint tests (may exceed the injectivity radius). */
  adjointLengths?: number[];
  cases?: number;
  seed?: number;
  tol?: number;
}

/**
 * Registers the identities of docs/geometry.md for a manifold: exp∘log = id, log∘exp = id, dist = ‖log‖ (also
 * for tiny distances), symmetry of dist, transport isometry and transport of log, tangency of outputs, and
 * both dExp adjoints against finite differences of Exp.
 */
export function registerIdentityTests(M: Manifold, opts: IdentityOptions = {}) {
  const distances = opts.distances ?? [1e-9, 1e-6, 1e-3, 0.1, 0.7, 1.2];
  const adjointLengths = opts.adjointLengths ?? [0, 1e-7, 0.3, 1.1, 2.0];
  const cases = opts.cases ?? 6;
  const seed = opts.seed ?? 1;
  const tol = opts.tol ?? 1e-10;

  const pairs = (
    label: string,
    body: (p: Float64Array, v: Float64Array, rng: Rng, L: number) => void,
    Ls: number[],
  ) =>
    it(`${M.name}: ${label}`, () => {
      const rng = Rng.fromKey(seed, label.length);
      for (const L of Ls)
        for (let c = 0; c < cases; c++) {
          const p = randomPoint(M, rng, opts.spread ?? 1);
          body(p, randomTangent(M, p, rng, L), rng, L);
        }
    });

  pairs(
    'log(p, exp(p, v)) = v and dist = |v|',
    (p, v, _rng, L) => {
      const q = M.exp(p, v);
      const back = M.log(p, q);
      expectClose(back, v, tol * Math.max(1, L) + 1e-12 * frob(p), 'log∘exp');
      expect(Math.abs(M.dist(p, q) - L)).toBeLessThanOrEqual(tol * Math.max(1, L) + 1e-15 + 1e-12 * L);
      expect(Math.abs(M.norm(p, back) - L)).toBeLessThanOrEqual(tol * Math.max(1, L) + 1e-15);
      expect(Math.abs(M.dist(q, p) - M.dist(p, q))).toBeLessThanOrEqual(tol * Math.max(1, L));
    },
    distances,
  );

  pairs(
    'exp(p, log(p, q)) = q (as a point of the manifold)',
    (p, v, _rng, L) => {
      const q = M.exp(p, v);
      const q2 = M.exp(p, M.log(p, q));
      expect(M.dist(q, q2)).toBeLessThanOrEqual(tol * Math.max(1, L) + 1e-12);
    },
    distances,
  );

  pairs(
    'transport is an isometry and carries log_p(q) to −log_q(p)',
    (p, v, rng, L) => {
      const q = M.exp(p, v);
      const a = randomTangent(M, p, rng, 1);
      const b = randomTangent(M, p, rng, 0.5);
      const ta = M.transport(p, q, a);
      const tb = M.transport(p, q, b);
      expect(Math.abs(M.inner(q, ta, tb) - M.inner(p, a, b))).toBeLessThanOrEqual(1e-10);
      expect(Math.abs(M.norm(q, ta) - 1)).toBeLessThanOrEqual(1e-10);
      // tangency: projecting the transported vector changes nothing
      expectClose(M.projectTangent(q, ta), ta, 1e-10 * frob(ta) + 1e-12, 'transport tangency');
      const tl = M.transport(p, q, M.log(p, q));
      const mlq = M.log(q, p);
      expectClose(
        tl,
        mlq.map((x) => -x),
        1e-9 * Math.max(1, L) + 1e-12 * frob(q),
        'transport of log',
      );
    },
    distances.filter((d) => d > 0),
  );

  pairs(
    'dExp adjoints match finite differences of Exp',
    (p, v, rng, L) => {
      const q = M.exp(p, v);
      const u = randomTangent(M, p, rng, 1);
      const w = randomTangent(M, q, rng, 1);
      // d_v Exp(p, v)[u] = d/dt Exp(p, v + t u)
      const dv = fdDerivative((t) =>
        M.exp(
          p,
          v.map((x, i) => x + t * u[i]),
        ),
      );
      const lhsV = M.inner(q, dv, w);
      const rhsV = M.inner(p, u, M.dExpAdjointV(p, v, w));
      expect(Math.abs(lhsV - rhsV)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(lhsV)));
      // d_p Exp(p, v)[u] = d/dt Exp(Exp(p, t u), Γ v): move the footpoint, carry v along
      const dp = fdDerivative((t) => {
        const pt = M.exp(
          p,
          u.map((x) => t * x),
        );
        return M.exp(pt, M.transport(p, pt, v));
      });
      const lhsP = M.inner(q, dp, w);
      const rhsP = M.inner(p, u, M.dExpAdjointP(p, v, w));
      expect(Math.abs(lhsP - rhsP)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(lhsP)) * Math.max(1, L));
      // the adjoints land in T_p
      const ap = M.dExpAdjointP(p, v, w);
      expectClose(M.projectTangent(p, ap), ap, 1e-10 * frob(ap) + 1e-12, 'adjoint tangency');
    },
    adjointLengths,
  );

  it(`${M.name}: randomTangent is the standard Gaussian of T_p`, () => {
    const rng = Rng.fromKey(seed, 77);
    const p = randomPoint(M, rng);
    const basis = M.tangentBasis(p);
    expect(basis.length).toBe(M.dim);
    const d = Math.min(M.dim, 4);
    const N = 4000;
    const cov = new Float64Array(d * d);
    const xi = new Float64Array(M.ambientDim);
    for (let s = 0; s < N; s++) {
      M.randomTangent(p, rng, xi);
      if (s < 5) expectClose(M.projectTangent(p, xi), xi, 1e-10 * frob(xi), 'randomTangent tangency');
      const c = basis.slice(0, d).map((b) => M.inner(p, b, xi));
      for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) cov[i * d + j] += (c[i] * c[j]) / N;
    }
    // E⟨bᵢ,ξ⟩⟨bⱼ,ξ⟩ = δᵢⱼ; sampling error of each entry ≈ √(2/N) ≈ 0.022
    for (let i = 0; i < d; i++)
      for (let j = 0; j < d; j++) expect(Math.abs(cov[i * d + j] - (i === j ? 1 : 0))).toBeLessThan(0.1);
  });

  it(`${M.name}: no NaN at p = q`, () => {
    const rng = Rng.fromKey(seed, 99);
    const p = randomPoint(M, rng);
    const zero = new Float64Array(M.ambientDim);
    const w = randomTangent(M, p, rng);
    for (const out of [
      M.log(p, p),
      M.transport(p, p, w),
      M.dExpAdjointP(p, zero, w),
      M.dExpAdjointV(p, zero, w),
    ])
      for (const x of out) expect(Number.isFinite(x)).toBe(true);
    expect(M.dist(p, p)).toBeLessThanOrEqual(1e-7);
    expectClose(M.transport(p, p, w), w, 1e-12 * Math.max(1, frob(w)), 'transport p→p');
  });
}
