import type { Manifold } from './types';
import { allFinite, checkLength, checkVector, finiteResult, nonFiniteError } from './validate';
import { dot, norm2 } from './vec';

const EXP_ARGS = ['footpoint', 'tangent vector'] as const;
const LOG_ARGS = ['second point', 'first point'] as const;

/**
 * Flat R^d: Exp is addition, the adjoints are the identity. Arrays of the wrong length, NaN or infinite entries and
 * results that overflow give a GeometryError. The metric, the transport and the tangent spaces are the same at
 * every point, so inner, norm, transport, the adjoints and projectTangent do not read their point arguments.
 */
export function euclidean(d: number): Manifold {
  if (!Number.isInteger(d) || d < 1)
    throw new RangeError(`euclidean(d): d must be a positive integer, got ${d}`);
  const name = `euclidean(${d})`;
  // Operation names for messages, built once (not in the hot loops).
  const at = (op: string) => `${name} ${op}`;
  const [expAt, logAt, distAt, innerAt, normAt] = ['exp', 'log', 'dist', 'inner', 'norm'].map(at);
  const [transportAt, adjointPAt, adjointVAt, projectTangentAt] = [
    'transport',
    'dExpAdjointP',
    'dExpAdjointV',
    'projectTangent',
  ].map(at);
  /** A checked copy of w (the identity map of a tangent space). */
  const copy = (w: Float64Array, where: string, out: Float64Array = new Float64Array(d)): Float64Array => {
    checkVector(w, d, where, 'vector');
    out.set(w);
    return out;
  };
  /** out = a + s·b after checking both lengths; a result entry that is not finite (NaN/∞ input, overflow) throws. */
  const combine = (
    a: Float64Array,
    s: number,
    b: Float64Array,
    where: string,
    names: readonly [string, string],
    out: Float64Array,
  ) => {
    checkLength(a, d, where, names[0]);
    checkLength(b, d, where, names[1]);
    for (let i = 0; i < d; i++) out[i] = a[i] + s * b[i];
    if (!allFinite(out)) throw nonFiniteError(out, where, 'result');
    return out;
  };
  return {
    name,
    family: { kind: 'euclidean', d },
    dim: d,
    ambientDim: d,
    curvatureBounds: [0, 0],
    volumeGrowthRate: 0,
    injectivityRadius: Infinity,
    exp: (p, v, out = new Float64Array(d)) => combine(p, 1, v, expAt, EXP_ARGS, out),
    log: (p, q, out = new Float64Array(d)) => combine(q, -1, p, logAt, LOG_ARGS, out),
    dist: (p, q) => {
      checkLength(p, d, distAt, 'first point');
      checkLength(q, d, distAt, 'second point');
      const diff = new Float64Array(d);
      for (let i = 0; i < d; i++) diff[i] = q[i] - p[i];
      return finiteResult(norm2(diff), distAt);
    },
    inner: (_p, u, w) => {
      checkLength(u, d, innerAt, 'first vector');
      checkLength(w, d, innerAt, 'second vector');
      return finiteResult(dot(u, w), innerAt);
    },
    norm: (_p, v) => {
      checkLength(v, d, normAt, 'vector');
      return finiteResult(norm2(v), normAt);
    },
    transport: (_p, _q, w, out) => copy(w, transportAt, out),
    dExpAdjointP: (_p, _v, w, out) => copy(w, adjointPAt, out),
    dExpAdjointV: (_p, _v, w, out) => copy(w, adjointVAt, out),
    projectPoint: (z) => copy(z, at('projectPoint')),
    projectTangent: (_p, z, out) => copy(z, projectTangentAt, out),
    basePoint: () => new Float64Array(d),
    randomTangent: (_p, gauss, out = new Float64Array(d)) => {
      for (let i = 0; i < d; i++) out[i] = gauss.normal();
      return out;
    },
    tangentBasis: () =>
      Array.from({ length: d }, (_, i) => {
        const e = new Float64Array(d);
        e[i] = 1;
        return e;
      }),
  };
}
