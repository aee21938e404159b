/**
 * Property-based tests of the geometry core: on random points and tangent vectors of every manifold the
 * identities of docs/geometry.md hold and every result is finite; random invalid inputs (NaN, ±∞, wrong
 * length, points off the manifold) give a GeometryError, never a silent NaN and never a hang. Fixed seed,
 * bounded runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ambientArb,
  corrupt,
  corruptionArb,
  manifoldCases,
  pointArb,
  PROPERTY_SEED,
  tangentArb,
  tangentFrom,
  type TangentSpec,
} from '../testing/arbitraries';
import { frob } from './testkit';
import { GeometryError, type Manifold } from './types';

/** Fixed seed; fewer runs on the large Kendall space (its tangent basis is a 100×100 Gram–Schmidt). */
const paramsFor = (M: Manifold, numRuns = 60) => ({
  seed: PROPERTY_SEED,
  numRuns: M.ambientDim > 20 ? Math.ceil(numRuns / 6) : numRuns,
});

const allFinite = (a: ArrayLike<number>) => Array.prototype.every.call(a, Number.isFinite);

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = a.length === b.length ? 0 : Infinity;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/** True when f throws a GeometryError; rethrows any other error (a raw TypeError would be a bug). */
function throwsGeometryError(f: () => unknown): boolean {
  try {
    f();
  } catch (e) {
    if (e instanceof GeometryError) return true;
    throw e;
  }
  return false;
}

/** Calls f and says what happened: a GeometryError, or a result that must be entirely finite. */
function geometryErrorOrFinite(f: () => number | Float64Array | Float64Array[]): 'error' | 'finite' {
  let r: number | Float64Array | Float64Array[];
  try {
    r = f();
  } catch (e) {
    if (e instanceof GeometryError) return 'error';
    throw e;
  }
  const arrays = typeof r === 'number' ? [[r]] : Array.isArray(r) ? r : [r];
  for (const a of arrays) if (!allFinite(a)) throw new Error(`a non-finite result: ${Array.from(a)}`);
  return 'finite';
}

describe.each(manifoldCases())('$M.name: identities on random inputs', ({ M, spread, maxLength }) => {
  const point = pointArb(M, spread);
  const tangent = tangentArb(M.dim, maxLength);
  // Wide range (also beyond the injectivity radius) for the operations that are defined everywhere.
  const anyPoint = pointArb(M, Number.isFinite(M.injectivityRadius) ? 2 * M.injectivityRadius : 3 * spread);

  it('log(p, exp(p, v)) = v, ‖log‖ = dist = |v|, and exp(p, log(p, q)) = q', () => {
    fc.assert(
      fc.property(point, tangent, point, (p, t, q) => {
        const v = tangentFrom(M, p, t.coeffs, t.length);
        const e = M.exp(p, v);
        const back = M.log(p, e);
        const tol = 1e-9 * Math.max(1, t.length);
        expect(allFinite(e) && allFinite(back)).toBe(true);
        expect(maxDiff(back, v)).toBeLessThanOrEqual(tol * Math.max(1, frob(p)));
        expect(Math.abs(M.dist(p, e) - t.length)).toBeLessThanOrEqual(tol);
        expect(Math.abs(M.norm(p, back) - t.length)).toBeLessThanOrEqual(tol);
        const w = M.log(p, q);
        expect(M.dist(M.exp(p, w), q)).toBeLessThanOrEqual(1e-9 * Math.max(1, M.norm(p, w)));
      }),
      paramsFor(M),
    );
  });

  it('dist is symmetric, ≥ 0, 0 on the diagonal, and = ‖log_p q‖ = ‖log_q p‖', () => {
    fc.assert(
      fc.property(point, point, (p, q) => {
        const d = M.dist(p, q);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(Math.abs(M.dist(q, p) - d)).toBeLessThanOrEqual(1e-12 * Math.max(1, d));
        expect(Math.abs(M.norm(p, M.log(p, q)) - d)).toBeLessThanOrEqual(1e-9 * Math.max(1, d));
        expect(Math.abs(M.norm(q, M.log(q, p)) - d)).toBeLessThanOrEqual(1e-9 * Math.max(1, d));
        expect(M.dist(p, p)).toBeLessThanOrEqual(1e-7);
      }),
      paramsFor(M),
    );
  });

  it('triangle inequality (any three points, also far apart)', () => {
    fc.assert(
      fc.property(anyPoint, anyPoint, anyPoint, (p, q, r) => {
        const [pq, qr, pr] = [M.dist(p, q), M.dist(q, r), M.dist(p, r)];
        expect(Number.isFinite(pq + qr + pr)).toBe(true);
        expect(pr).toBeLessThanOrEqual(pq + qr + 1e-10 * Math.max(1, pr));
      }),
      paramsFor(M),
    );
  });

  it('transport is an isometry onto T_q, and transporting back returns the vector', () => {
    fc.assert(
      fc.property(point, point, tangent, tangent, (p, q, a, b) => {
        const u = tangentFrom(M, p, a.coeffs, a.length);
        const w = tangentFrom(M, p, b.coeffs, b.length);
        const tu = M.transport(p, q, u);
        const tw = M.transport(p, q, w);
        const scale = Math.max(1, a.length * b.length);
        expect(Math.abs(M.inner(q, tu, tw) - M.inner(p, u, w))).toBeLessThanOrEqual(1e-9 * scale);
        expect(maxDiff(M.projectTangent(q, tu), tu)).toBeLessThanOrEqual(1e-10 * Math.max(1, frob(tu)));
        expect(maxDiff(M.transport(q, p, tu), u)).toBeLessThanOrEqual(1e-9 * Math.max(1, frob(u)));
      }),
      paramsFor(M),
    );
  });

  it('exp lands on the manifold for any length (projectPoint leaves it in place), finite', () => {
    const long = tangentArb(M.dim, Number.isFinite(M.injectivityRadius) ? 20 : 8);
    fc.assert(
      fc.property(point, long, (p, t) => {
        const e = M.exp(p, tangentFrom(M, p, t.coeffs, t.length));
        expect(allFinite(e)).toBe(true);
        expect(maxDiff(M.projectPoint(e), e)).toBeLessThanOrEqual(1e-12 * Math.max(1, frob(e)));
      }),
      paramsFor(M),
    );
  });

  it('projectPoint and projectTangent are idempotent; points and tangent vectors are fixed', () => {
    fc.assert(
      fc.property(ambientArb(M.ambientDim), point, tangent, (z, p, t) => {
        let once: Float64Array;
        try {
          once = M.projectPoint(z);
        } catch (e) {
          // only degenerate arrays (the zero vector, all landmarks equal) may be refused
          expect(e).toBeInstanceOf(GeometryError);
          return;
        }
        expect(allFinite(once)).toBe(true);
        expect(maxDiff(M.projectPoint(once), once)).toBeLessThanOrEqual(1e-12 * Math.max(1, frob(once)));
        expect(maxDiff(M.projectPoint(p), p)).toBeLessThanOrEqual(1e-12 * Math.max(1, frob(p)));
        const zt = M.projectTangent(p, z);
        expect(maxDiff(M.projectTangent(p, zt), zt)).toBeLessThanOrEqual(1e-12 * Math.max(1, frob(zt)));
        const v = tangentFrom(M, p, t.coeffs, t.length);
        expect(maxDiff(M.projectTangent(p, v), v)).toBeLessThanOrEqual(1e-12 * Math.max(1, frob(v)));
      }),
      {
        ...paramsFor(M),
        // Found by this property: subnormal entries divided by their rounded norm did not give a unit vector.
        examples: [5e-324, 1e300].map((x) => [
          Float64Array.from({ length: M.ambientDim }, (_, i) => (i === 1 || i === 2 ? -x : 0)),
          M.basePoint(),
          { coeffs: [1, ...new Array(M.dim - 1).fill(0)], length: 0.5 },
        ]) as [Float64Array, Float64Array, TangentSpec][],
      },
    );
  });

  it('the dExp adjoints are finite and tangent at p, for lengths beyond the injectivity radius too', () => {
    const long = tangentArb(M.dim, Number.isFinite(M.injectivityRadius) ? 3 * M.injectivityRadius : 5);
    fc.assert(
      fc.property(point, long, tangent, (p, t, s) => {
        const v = tangentFrom(M, p, t.coeffs, t.length);
        const q = M.exp(p, v);
        const w = tangentFrom(M, q, s.coeffs, s.length);
        for (const adj of [M.dExpAdjointP(p, v, w), M.dExpAdjointV(p, v, w)]) {
          expect(allFinite(adj)).toBe(true);
          expect(maxDiff(M.projectTangent(p, adj), adj)).toBeLessThanOrEqual(1e-9 * Math.max(1, frob(adj)));
        }
      }),
      paramsFor(M),
    );
  });
});

/** Every method with array arguments, called with one of them replaced; `which` names the replaced one. */
function calls(M: Manifold, p: Float64Array, q: Float64Array, v: Float64Array, w: Float64Array) {
  const base: { name: string; args: Float64Array[]; call: (a: Float64Array[]) => unknown }[] = [
    { name: 'exp', args: [p, v], call: ([a, b]) => M.exp(a, b) },
    { name: 'log', args: [p, q], call: ([a, b]) => M.log(a, b) },
    { name: 'dist', args: [p, q], call: ([a, b]) => M.dist(a, b) },
    { name: 'inner', args: [p, v, w], call: ([a, b, c]) => M.inner(a, b, c) },
    { name: 'norm', args: [p, v], call: ([a, b]) => M.norm(a, b) },
    { name: 'transport', args: [p, q, w], call: ([a, b, c]) => M.transport(a, b, c) },
    { name: 'dExpAdjointP', args: [p, v, w], call: ([a, b, c]) => M.dExpAdjointP(a, b, c) },
    { name: 'dExpAdjointV', args: [p, v, w], call: ([a, b, c]) => M.dExpAdjointV(a, b, c) },
    { name: 'projectPoint', args: [q], call: ([a]) => M.projectPoint(a) },
    { name: 'projectTangent', args: [p, w], call: ([a, b]) => M.projectTangent(a, b) },
    { name: 'tangentBasis', args: [p], call: ([a]) => M.tangentBasis(a) },
  ];
  return base;
}

/**
 * Arguments a method does not read, documented on each manifold: the metric of S², R^d and Kendall's space is the
 * ambient one (inner/norm ignore p), R^d's transport and adjoints are the identity, its tangent space is R^d, and
 * every tangent space of SPD(k) is Sym(k).
 */
function ignored(M: Manifold, method: string, arg: number): boolean {
  if (M.name.startsWith('spd') && method === 'projectTangent' && arg === 0) return true; // T_P = Sym(k)
  const ambientMetric = M.name === 'sphere' || M.name.startsWith('euclidean') || M.name.startsWith('kendall');
  if (ambientMetric && (method === 'inner' || method === 'norm') && arg === 0) return true;
  if (M.name.startsWith('euclidean')) {
    if (method === 'transport' && arg < 2) return true;
    if (method.startsWith('dExpAdjoint') && arg < 2) return true;
    if ((method === 'projectTangent' || method === 'tangentBasis') && arg === 0) return true;
  }
  return false;
}

describe.each(manifoldCases())('$M.name: invalid inputs', ({ M, spread }) => {
  const point = pointArb(M, spread);
  const tangent = tangentArb(M.dim, 1);

  it('NaN, ±∞ or a wrong length in any argument that is read gives a GeometryError (never NaN)', () => {
    fc.assert(
      fc.property(point, point, tangent, tangent, corruptionArb, fc.nat(), (p, q, a, b, c, pick) => {
        const v = tangentFrom(M, p, a.coeffs, a.length);
        const w = tangentFrom(M, q, b.coeffs, b.length);
        const list = calls(M, p, q, v, w);
        const method = list[pick % list.length];
        const arg = Math.floor(pick / list.length) % method.args.length;
        const args = method.args.map((x, i) => (i === arg ? corrupt(x, c) : x));
        const outcome = geometryErrorOrFinite(() => method.call(args) as Float64Array);
        if (!ignored(M, method.name, arg))
          expect(outcome, `${method.name}, argument ${arg}, ${c.kind}`).toBe('error');
      }),
      paramsFor(M, 300),
    );
  });

  it('the error message names the operation', () => {
    const p = M.basePoint();
    const bad = corrupt(p, { kind: 'nan', index: 0 });
    for (const f of [
      () => M.log(p, bad),
      () => M.dist(bad, p),
      () => M.exp(bad, new Float64Array(M.ambientDim)),
    ])
      expect(f).toThrow(new RegExp(`${M.name.replace(/[()]/g, '\\$&')} (log|dist|exp)`));
  });
});

/** Points off the manifold, one way per manifold (Euclidean space has none). */
const offManifold: Record<string, fc.Arbitrary<(p: Float64Array) => Float64Array>> = {
  sphere: fc
    .oneof(fc.double({ min: 0.05, max: 0.999 }), fc.double({ min: 1.001, max: 20 }))
    .map((s) => (p) => p.map((x) => s * x)),
  // not symmetric, or symmetric with a non-positive eigenvalue
  spd: fc.oneof(
    fc.double({ min: 0.01, max: 1 }).map((e) => (p: Float64Array) => {
      const out = Float64Array.from(p);
      out[1] += e * (1 + Math.abs(out[1]));
      return out;
    }),
    fc.double({ min: 0, max: 2 }).map((s) => (p: Float64Array) => {
      const k = Math.round(Math.sqrt(p.length));
      let top = 0;
      for (let i = 0; i < k; i++) top = Math.max(top, p[i * k + i]);
      const out = Float64Array.from(p);
      for (let i = 0; i < k; i++) out[i * k + i] -= (1 + s) * top * (k + 1);
      return out;
    }),
  ),
  // scaled, or not centred
  kendall: fc.oneof(
    fc.double({ min: 1.001, max: 5 }).map((s) => (p: Float64Array) => p.map((x) => s * x)),
    fc
      .double({ min: 0.01, max: 1 })
      .map((d) => (p: Float64Array) => p.map((x, i) => x + (i % 2 === 0 ? d : 0))),
  ),
};

describe.each(manifoldCases().filter(({ M }) => !M.name.startsWith('euclidean')))(
  '$M.name: points off the manifold',
  ({ M, spread }) => {
    const kind = M.name.replace(/\(.*$/, '');
    it('exp, log, dist and transport refuse them with a GeometryError', () => {
      fc.assert(
        fc.property(
          pointArb(M, spread),
          pointArb(M, spread),
          offManifold[kind],
          fc.nat(5),
          (p, q, off, k) => {
            const bad = off(q);
            const w = tangentFrom(M, p, [1, ...new Array(M.dim - 1).fill(0.5)], 0.3);
            const list: [string, () => unknown][] = [
              ['log(p, bad)', () => M.log(p, bad)],
              ['log(bad, p)', () => M.log(bad, p)],
              ['dist', () => M.dist(bad, p)],
              ['transport', () => M.transport(p, bad, w)],
              ['exp', () => M.exp(bad, new Float64Array(M.ambientDim))],
              ['transport (from)', () => M.transport(bad, p, w)],
            ];
            const [name, f] = list[k];
            expect(throwsGeometryError(f), name).toBe(true);
          },
        ),
        paramsFor(M),
      );
    });
  },
);
