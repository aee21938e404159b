/**
 * What the two metrics of SPD(k) share: the points' cached decompositions and, for one `spd(k, metric)`, its
 * scratch buffers, argument checks and the fields of the Manifold that do not depend on the metric.
 *
 * Per-point work (eigendecomposition, P^½, P^-½, logm P, divided differences) is kept in a small LRU cache
 * keyed by the point's contents, so repeated calls at the same footpoint (regression energies, MCMC chains)
 * cost one decomposition.
 */
import {
  congruence,
  createSymEig,
  divDiffMatrix,
  fromEig,
  identityMatrix,
  logDivDiff,
  projectSPD,
  spdEig,
  symBasis,
  symDim,
  symmetrize,
  vecdToSym,
  type SymEig,
} from '../linalg';
import { GeometryError, type GaussianSource } from '../types';

export type SpdMetric = 'affine' | 'logEuclidean';

/** Everything one point needs, computed once. */
export interface PointInfo {
  key: Float64Array;
  stamp: number;
  eig: SymEig;
  /** affine: P^½ and P^-½. */
  sqrt: Float64Array;
  invsqrt: Float64Array;
  /** log-Euclidean: logm P and the divided differences G_ij = log[λ_i, λ_j]. */
  logm: Float64Array;
  G: Float64Array;
}

export const sameContents = (a: Float64Array, b: Float64Array) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * A least-recently-used cache of PointInfo. An operation may hold the infos of up to CACHE_SIZE − 1 earlier
 * points while it looks up another one (a lookup never evicts the most recently used entries).
 */
const CACHE_SIZE = 4;

function pointCache(k: number, metric: SpdMetric, label: string) {
  const n = k * k;
  const entries: PointInfo[] = [];
  let clock = 0;
  const sqrtOf = Math.sqrt;
  const invSqrtOf = (x: number) => 1 / Math.sqrt(x);
  return (P: Float64Array, what: string): PointInfo => {
    clock++;
    // An array of the wrong length is never a cache hit: spdEig below refuses it.
    if (P.length === n)
      for (const e of entries)
        if (e.stamp > 0 && sameContents(e.key, P)) {
          e.stamp = clock;
          return e;
        }
    let e: PointInfo;
    if (entries.length < CACHE_SIZE) {
      e = {
        key: new Float64Array(n),
        stamp: 0,
        eig: createSymEig(k),
        sqrt: new Float64Array(n),
        invsqrt: new Float64Array(n),
        logm: new Float64Array(n),
        G: new Float64Array(n),
      };
      entries.push(e);
    } else {
      e = entries[0];
      for (const x of entries) if (x.stamp < e.stamp) e = x;
    }
    e.stamp = 0; // invalid until filled (validation may throw)
    spdEig(P, k, `${label} ${what}`, e.eig);
    if (metric === 'affine') {
      fromEig(e.eig, sqrtOf, e.sqrt);
      fromEig(e.eig, invSqrtOf, e.invsqrt);
    } else {
      fromEig(e.eig, Math.log, e.logm);
      divDiffMatrix(e.eig.values, logDivDiff, e.G);
    }
    e.key.set(P);
    e.stamp = clock;
    return e;
  };
}

/** The scratch, checks and metric-free fields of one `spd(k, metric)`, shared by its operations. */
export type SpdContext = ReturnType<typeof spdContext>;

export function spdContext(k: number, metric: SpdMetric) {
  const name = `spd(${k}, ${metric})`;
  const n = k * k;
  const info = pointCache(k, metric, name);

  // scratch of the operations (each spd(k, metric) has its own)
  const t1 = new Float64Array(n);
  const t2 = new Float64Array(n);
  const t3 = new Float64Array(n);
  const d = new Float64Array(k);
  const eigT = createSymEig(k);

  const allocOut = (out?: Float64Array) => out ?? new Float64Array(n);

  const normAt = `${name} norm`;
  const innerAt = `${name} inner`;
  /** Tangent vectors must have k² finite entries (a GeometryError naming the operation otherwise). */
  const checkTangent = (v: Float64Array, what: string) => {
    if (v.length !== n) throw new GeometryError(`${name} ${what}: expected ${n} entries, got ${v.length}`);
    for (let i = 0; i < n; i++)
      if (!Number.isFinite(v[i]))
        throw new GeometryError(`${name} ${what}: entry ${i} of the tangent vector is not finite (${v[i]})`);
  };

  /** out = A sym(H) A for a symmetric A (whitening by P^-½, colouring by P^½). */
  const sandwich = (A: Float64Array, H: Float64Array, out: Float64Array) => congruence(A, H, k, out);

  const frob = (a: Float64Array, b: Float64Array) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += a[i] * b[i];
    return s;
  };

  const basis = symBasis(k);
  const dimension = symDim(k);
  const gaussVec = new Float64Array(dimension);
  /** A standard Gaussian of (Sym(k), Frobenius) into t3: i.i.d. normals in vecd coordinates. */
  const gaussianSym = (gauss: GaussianSource) => {
    for (let i = 0; i < dimension; i++) gaussVec[i] = gauss.normal();
    return vecdToSym(gaussVec, k, t3);
  };
  const common = {
    name,
    family: { kind: 'spd' as const, k, metric },
    dim: dimension,
    ambientDim: n,
    injectivityRadius: Infinity,
    projectPoint: (z: Float64Array) => projectSPD(z, k),
    // T_P = Sym(k) at every P: p is not read.
    projectTangent: (_p: Float64Array, z: Float64Array, out?: Float64Array) => {
      checkTangent(z, 'projectTangent');
      return symmetrize(z, k, allocOut(out));
    },
    basePoint: () => identityMatrix(k),
  };
  return {
    k,
    n,
    name,
    info,
    t1,
    t2,
    t3,
    d,
    eigT,
    allocOut,
    normAt,
    innerAt,
    checkTangent,
    sandwich,
    frob,
    basis,
    gaussianSym,
    common,
  };
}
