/**
 * SPD(k): k×k symmetric positive definite matrices (row-major Float64Array of length k²), with the
 * affine-invariant metric ⟨u,w⟩_P = tr(P⁻¹uP⁻¹w) (scale 1, as geomstats' SPDAffineMetric) or the
 * log-Euclidean metric ⟨u,w⟩_P = ⟨dlog_P u, dlog_P w⟩_F (docs/geometry.md). Tangent vectors are symmetric k×k
 * matrices; only their symmetric part is used.
 *
 * Both metrics make SPD(k) a Hadamard manifold (injectivity radius ∞), so log and transport are defined
 * everywhere. Points are validated (finite, symmetric, positive definite) and a GeometryError names the
 * operation and the offending argument.
 *
 * Per-point work (eigendecomposition, P^½, P^-½, logm P, divided differences) is kept in a small LRU cache
 * keyed by the point's contents, so repeated calls at the same footpoint (regression energies, MCMC chains)
 * cost one decomposition.
 */
import { jacobiAdjoints, type JacobiFactor } from './jacobi';
import {
  assertFiniteSymmetric,
  congruence,
  congruenceDiag,
  createSymEig,
  daleckiiKrein,
  divDiffMatrix,
  fromEig,
  identityMatrix,
  logDivDiff,
  matMul,
  projectSPD,
  rotateIn,
  spdEig,
  symBasis,
  symDim,
  symEig,
  symEig2,
  symmetrize,
  vecdToSym,
  type SymEig,
} from './linalg';
import { GeometryError, type GaussianSource, type Manifold } from './types';
import { finiteResult } from './validate';
import { norm2 } from './vec';

export type SpdMetric = 'affine' | 'logEuclidean';

/** Everything one point needs, computed once. */
interface PointInfo {
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

const sameContents = (a: Float64Array, b: Float64Array) => {
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

/**
 * The largest condition number of a well-conditioned SPD point. Distances from it to data of condition c keep
 * about 16 − 10 − log₁₀ c digits of the small eigenvalue (comparing needs cond(P)·cond(Q) well below 1e16), and
 * the geodesics of a few units from it stay comparable. Data the lab can fit at all (pairwise distances need
 * conditions ≲ 1e7 each) have fits well inside. Where the KNG footpoint density does not normalise (small ε_p) its
 * chain would otherwise drift to matrices of condition 1e40 and beyond.
 */
export const WELL_CONDITIONED_MAX = 1e10;

/**
 * c_k = ½√(k(k²−1)/3): the exponential growth rate of the volume of affine-invariant SPD(k) balls (1/√2 for
 * k = 2, where SPD(2) = R × H² of curvature −½).
 */
export function affineVolumeGrowth(k: number): number {
  return 0.5 * Math.sqrt((k * (k * k - 1)) / 3);
}

/** Symmetric matrices k×k with a symmetric positive definite matrix per point (k ≥ 1). */
export function spd(k: number, metric: SpdMetric = 'affine'): Manifold {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`spd(k): k must be a positive integer, got ${k}`);
  if (metric !== 'affine' && metric !== 'logEuclidean')
    throw new RangeError(`spd(k, metric): metric must be 'affine' or 'logEuclidean', got ${String(metric)}`);
  const name = `spd(${k}, ${metric})`;
  const n = k * k;
  const info = pointCache(k, metric, name);

  // closure-level scratch
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

  if (metric === 'affine') {
    // ---------------------------------------------------------------------------------------------------
    // Affine-invariant metric. With S = P^-½, R = P^½ and M = S Q S (congruent to Q, so SPD iff Q is):
    //   Exp_P(V) = R expm(S V S) R, Log_P(Q) = R logm(M) R, d² = Σ log² λ(M),
    //   Γ_{P→Q} w = E w Eᵀ with E = R M^½ S.
    // Every result is assembled as X C Xᵀ with X = R U (U the eigenvectors of the whitened matrix), which
    // is exactly symmetric.

    const exp = (p: Float64Array, v: Float64Array, out?: Float64Array): Float64Array => {
      checkTangent(v, 'exp');
      const I = info(p, 'exp (footpoint)');
      sandwich(I.invsqrt, v, t1);
      symEig(t1, k, eigT);
      for (let i = 0; i < k; i++) {
        d[i] = Math.exp(eigT.values[i]);
        if (!(d[i] > 0 && d[i] < Infinity))
          throw new GeometryError(
            `${name} exp: the tangent vector is not finite or too long (whitened eigenvalue ${eigT.values[i]}); the result is not representable`,
          );
      }
      matMul(I.sqrt, eigT.vectors, k, t2);
      return congruenceDiag(t2, d, k, allocOut(out));
    };

    /** Eigendecomposition of M = P^-½ Q P^-½ into eigT, validating Q. */
    const whitenedEig = (I: PointInfo, q: Float64Array, what: string) => {
      assertFiniteSymmetric(q, k, `${name} ${what} (second point)`);
      sandwich(I.invsqrt, q, t1);
      symEig(t1, k, eigT);
      if (!(eigT.values[0] > 0)) throw whiteningError(I, q, what);
      return eigT;
    };

    /**
     * Why P^-½ Q P^-½ is not positive definite: Q is not SPD, or both are SPD but so ill-conditioned that the
     * whitening lost every digit of its small eigenvalue (about cond(P)·cond(Q)·1e-16 of relative accuracy).
     */
    const whiteningError = (I: PointInfo, q: Float64Array, what: string): GeometryError => {
      const e = symEig(q, k, createSymEig(k));
      const lo = e.values[0];
      if (!(lo > 0))
        return new GeometryError(
          `${name} ${what}: the second point is not symmetric positive definite (smallest eigenvalue ${lo})`,
        );
      const cond = (x: SymEig) => (x.values[k - 1] / x.values[0]).toExponential(1);
      return new GeometryError(
        `${name} ${what}: the two matrices are too ill-conditioned to compare in floating point (condition ` +
          `numbers ${cond(I.eig)} and ${cond(e)}; their product must stay well below 1e16)`,
      );
    };

    const log = (p: Float64Array, q: Float64Array, out?: Float64Array): Float64Array => {
      const I = info(p, 'log (first point)');
      const e = whitenedEig(I, q, 'log');
      for (let i = 0; i < k; i++) d[i] = Math.log(e.values[i]);
      matMul(I.sqrt, e.vectors, k, t2);
      return congruenceDiag(t2, d, k, allocOut(out));
    };

    const dist = (p: Float64Array, q: Float64Array): number => {
      const I = info(p, 'dist (first point)');
      const e = whitenedEig(I, q, 'dist');
      for (let i = 0; i < k; i++) d[i] = Math.log(e.values[i]);
      return norm2(d);
    };

    const inner = (p: Float64Array, u: Float64Array, w: Float64Array): number => {
      checkTangent(u, 'inner');
      checkTangent(w, 'inner');
      const I = info(p, 'inner');
      sandwich(I.invsqrt, u, t1);
      if (u === w) return finiteResult(frob(t1, t1), innerAt);
      sandwich(I.invsqrt, w, t2);
      return finiteResult(frob(t1, t2), innerAt);
    };

    const norm = (p: Float64Array, v: Float64Array): number => {
      checkTangent(v, 'norm');
      const I = info(p, 'norm');
      return finiteResult(norm2(sandwich(I.invsqrt, v, t1)), normAt);
    };

    const transport = (
      p: Float64Array,
      q: Float64Array,
      w: Float64Array,
      out?: Float64Array,
    ): Float64Array => {
      checkTangent(w, 'transport');
      const I = info(p, 'transport (first point)');
      const e = whitenedEig(I, q, 'transport');
      // Γw = R U D^½ (Uᵀ S w S U) D^½ Uᵀ R
      sandwich(I.invsqrt, w, t2);
      rotateIn(e.vectors, t2, k, t3);
      for (let i = 0; i < k; i++) d[i] = Math.sqrt(e.values[i]);
      for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) t3[i * k + j] *= d[i] * d[j];
      matMul(I.sqrt, e.vectors, k, t2);
      return congruence(t2, t3, k, allocOut(out));
    };

    // Jacobi structure along γ(t) = R expm(t V') R, V' = S V S = U diag(μ) Uᵀ. Cached per (p, v): the two
    // halves of each adjoint are evaluated at the same (p, v).
    const jac = {
      p: new Float64Array(n),
      v: new Float64Array(n),
      valid: false,
      S: new Float64Array(n),
      X: new Float64Array(n), // R U
      eig: createSymEig(k),
    };
    const prepare = (p: Float64Array, v: Float64Array) => {
      if (jac.valid && sameContents(jac.p, p) && sameContents(jac.v, v)) return jac;
      jac.valid = false;
      checkTangent(v, 'dExp adjoint');
      const I = info(p, 'dExp adjoint (footpoint)');
      jac.S.set(I.invsqrt);
      sandwich(I.invsqrt, v, t1);
      symEig(t1, k, jac.eig);
      for (let i = 0; i < k; i++)
        if (!Number.isFinite(jac.eig.values[i]))
          throw new GeometryError(`${name} dExp adjoint: the tangent vector is not finite`);
      matMul(I.sqrt, jac.eig.vectors, k, jac.X);
      jac.p.set(p);
      jac.v.set(v);
      jac.valid = true;
      return jac;
    };

    /** Inverse of Γ_{P→Exp(P,V)}: w ↦ F w Fᵀ, F = R expm(−V'/2) S = R U diag(e^{−μ/2}) Uᵀ S. */
    const transportBackAlongGeodesic = (
      p: Float64Array,
      v: Float64Array,
      w: Float64Array,
      out: Float64Array,
    ): Float64Array => {
      const J = prepare(p, v);
      sandwich(J.S, w, t2);
      rotateIn(J.eig.vectors, t2, k, t3);
      const mu = J.eig.values;
      for (let i = 0; i < k; i++)
        for (let j = 0; j < k; j++) t3[i * k + j] *= Math.exp(-0.5 * (mu[i] + mu[j]));
      return congruence(J.X, t3, k, out);
    };

    /** Component (i,j) of Uᵀ (S u S) U is a Jacobi eigendirection with K·L² = −((μ_i − μ_j)/2)². */
    const scaleBySpectrum = (
      p: Float64Array,
      v: Float64Array,
      u: Float64Array,
      factor: JacobiFactor,
      out: Float64Array,
    ): Float64Array => {
      const J = prepare(p, v);
      sandwich(J.S, u, t2);
      rotateIn(J.eig.vectors, t2, k, t3);
      const mu = J.eig.values;
      for (let i = 0; i < k; i++)
        for (let j = i + 1; j < k; j++) {
          const h = 0.5 * (mu[i] - mu[j]);
          const f = factor(-h * h);
          t3[i * k + j] *= f;
          t3[j * k + i] *= f;
        }
      return congruence(J.X, t3, k, out);
    };

    return {
      ...common,
      curvatureBounds: k >= 2 ? [-0.5, 0] : [0, 0],
      volumeGrowthRate: affineVolumeGrowth(k),
      wellConditioned: (p: Float64Array) => {
        if (p.length !== n) return false;
        // k = 2: the small eigenvalue from an exact determinant, accurate; no eigenvectors (a footpoint chain
        // asks this of every proposal)
        const e = k === 2 ? symEig2(p, eigT, true) : symEig(p, k, eigT);
        const lo = e.values[0];
        return lo > 0 && e.values[k - 1] <= WELL_CONDITIONED_MAX * lo;
      },
      exp,
      log,
      dist,
      inner,
      norm,
      transport,
      ...jacobiAdjoints({ transportBackAlongGeodesic, scaleBySpectrum }, n, name),
      tangentBasis: (p) => {
        const I = info(p, 'tangentBasis');
        return basis.map((E) => sandwich(I.sqrt, E, new Float64Array(n)));
      },
      // X ↦ P^½ X P^½ is an isometry from (Sym(k), Frobenius) onto T_P: it maps the standard Gaussian to the
      // standard Gaussian of T_P.
      randomTangent: (p, gauss, out) => {
        const I = info(p, 'randomTangent');
        return sandwich(I.sqrt, gaussianSym(gauss), allocOut(out));
      },
    };
  }

  // -----------------------------------------------------------------------------------------------------
  // Log-Euclidean metric. With P = U diag(λ) Uᵀ and G_ij = log[λ_i, λ_j] (divided differences):
  //   dlog_P h = U (G ∘ Uᵀ h U) Uᵀ, dexp_{logm P} h = U (Uᵀ h U ⊘ G) Uᵀ (exactly the inverse map),
  //   ⟨u,w⟩_P = Σ G_ij² ũ_ij w̃_ij with ũ = Uᵀ u U.

  const dlogAt = (I: PointInfo, h: Float64Array, out: Float64Array) => daleckiiKrein(I.eig, I.G, h, out);
  const dexpAt = (I: PointInfo, h: Float64Array, out: Float64Array) =>
    daleckiiKrein(I.eig, I.G, h, out, true);

  const exp = (p: Float64Array, v: Float64Array, out?: Float64Array): Float64Array => {
    checkTangent(v, 'exp');
    const I = info(p, 'exp (footpoint)');
    dlogAt(I, v, t1);
    for (let i = 0; i < n; i++) t1[i] += I.logm[i];
    symEig(t1, k, eigT);
    for (let i = 0; i < k; i++) {
      d[i] = Math.exp(eigT.values[i]);
      if (!(d[i] > 0 && d[i] < Infinity))
        throw new GeometryError(
          `${name} exp: the tangent vector is not finite or too long (eigenvalue ${eigT.values[i]} of logm P + dlog_P v); the result is not representable`,
        );
    }
    return congruenceDiag(eigT.vectors, d, k, allocOut(out));
  };

  const log = (p: Float64Array, q: Float64Array, out?: Float64Array): Float64Array => {
    const Ip = info(p, 'log (first point)');
    const Iq = info(q, 'log (second point)');
    for (let i = 0; i < n; i++) t1[i] = Iq.logm[i] - Ip.logm[i];
    return dexpAt(Ip, t1, allocOut(out));
  };

  const dist = (p: Float64Array, q: Float64Array): number => {
    const Ip = info(p, 'dist (first point)');
    const Iq = info(q, 'dist (second point)');
    for (let i = 0; i < n; i++) t1[i] = Iq.logm[i] - Ip.logm[i];
    return norm2(t1);
  };

  const inner = (p: Float64Array, u: Float64Array, w: Float64Array): number => {
    checkTangent(u, 'inner');
    checkTangent(w, 'inner');
    const I = info(p, 'inner');
    rotateIn(I.eig.vectors, u, k, t1);
    for (let i = 0; i < n; i++) t1[i] *= I.G[i];
    if (u === w) return finiteResult(frob(t1, t1), innerAt);
    rotateIn(I.eig.vectors, w, k, t2);
    for (let i = 0; i < n; i++) t2[i] *= I.G[i];
    return finiteResult(frob(t1, t2), innerAt);
  };

  const norm = (p: Float64Array, v: Float64Array): number => {
    checkTangent(v, 'norm');
    const I = info(p, 'norm');
    rotateIn(I.eig.vectors, v, k, t1);
    for (let i = 0; i < n; i++) t1[i] *= I.G[i];
    return finiteResult(norm2(t1), normAt);
  };

  const transport = (p: Float64Array, q: Float64Array, w: Float64Array, out?: Float64Array): Float64Array => {
    checkTangent(w, 'transport');
    const Ip = info(p, 'transport (first point)');
    const Iq = info(q, 'transport (second point)');
    dlogAt(Ip, w, t2);
    return dexpAt(Iq, t2, allocOut(out));
  };

  // Flat: the Jacobi operator vanishes, every factor is 1, and the adjoints are the transport back from
  // Exp(p, v) to p (not the identity matrix).
  const qEnd = new Float64Array(n);
  const transportBackAlongGeodesic = (
    p: Float64Array,
    v: Float64Array,
    w: Float64Array,
    out: Float64Array,
  ): Float64Array => {
    exp(p, v, qEnd);
    return transport(qEnd, p, w, out);
  };
  const scaleBySpectrum = (
    _p: Float64Array,
    _v: Float64Array,
    u: Float64Array,
    _factor: JacobiFactor,
    out: Float64Array,
  ): Float64Array => {
    out.set(u);
    return out;
  };

  return {
    ...common,
    curvatureBounds: [0, 0],
    volumeGrowthRate: 0,
    exp,
    log,
    dist,
    inner,
    norm,
    transport,
    ...jacobiAdjoints({ transportBackAlongGeodesic, scaleBySpectrum }, n, name),
    tangentBasis: (p) => {
      const I = info(p, 'tangentBasis');
      return basis.map((E) => dexpAt(I, E, new Float64Array(n)));
    },
    // dexp_{logm P} is an isometry from (Sym(k), Frobenius) onto T_P (the inverse of dlog_P).
    randomTangent: (p, gauss, out) => {
      const I = info(p, 'randomTangent');
      return dexpAt(I, gaussianSym(gauss), allocOut(out));
    },
  };
}
