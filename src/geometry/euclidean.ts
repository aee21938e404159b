import type { Manifold } from './types';
import { dot, norm2 } from './vec';

/** Flat R^d: Exp is addition, the adjoints are the identity. */
export function euclidean(d: number): Manifold {
  if (!Number.isInteger(d) || d < 1)
    throw new RangeError(`euclidean(d): d must be a positive integer, got ${d}`);
  const copy = (w: Float64Array, out: Float64Array = new Float64Array(d)): Float64Array => {
    out.set(w);
    return out;
  };
  return {
    name: `euclidean(${d})`,
    dim: d,
    ambientDim: d,
    curvatureBounds: [0, 0],
    injectivityRadius: Infinity,
    exp: (p, v, out = new Float64Array(d)) => {
      for (let i = 0; i < d; i++) out[i] = p[i] + v[i];
      return out;
    },
    log: (p, q, out = new Float64Array(d)) => {
      for (let i = 0; i < d; i++) out[i] = q[i] - p[i];
      return out;
    },
    dist: (p, q) => {
      const diff = new Float64Array(d);
      for (let i = 0; i < d; i++) diff[i] = q[i] - p[i];
      return norm2(diff);
    },
    inner: (_p, u, w) => dot(u, w),
    norm: (_p, v) => norm2(v),
    transport: (_p, _q, w, out) => copy(w, out),
    dExpAdjointP: (_p, _v, w, out) => copy(w, out),
    dExpAdjointV: (_p, _v, w, out) => copy(w, out),
    projectPoint: (z) => Float64Array.from(z),
    projectTangent: (_p, z, out) => copy(z, out),
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
