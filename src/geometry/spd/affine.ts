/**
 * SPD(k) with the affine-invariant metric ⟨u,w⟩_P = tr(P⁻¹uP⁻¹w). With S = P^-½, R = P^½ and M = S Q S
 * (congruent to Q, so SPD iff Q is):
 *   Exp_P(V) = R expm(S V S) R, Log_P(Q) = R logm(M) R, d² = Σ log² λ(M),
 *   Γ_{P→Q} w = E w Eᵀ with E = R M^½ S.
 * Every result is assembled as X C Xᵀ with X = R U (U the eigenvectors of the whitened matrix), which
 * is exactly symmetric.
 */
import { jacobiAdjoints, type JacobiFactor } from '../jacobi';
import {
  assertFiniteSymmetric,
  congruence,
  congruenceDiag,
  createSymEig,
  matMul,
  rotateIn,
  symEig,
  symEig2,
  type SymEig,
} from '../linalg';
import { GeometryError, type Manifold } from '../types';
import { finiteResult } from '../validate';
import { norm2 } from '../vec';
import { sameContents, type PointInfo, type SpdContext } from './shared';

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

/** `spd(k, 'affine')` on its context (shared.ts). */
export function affineSpd(context: SpdContext): Manifold {
  const {
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
  } = context;

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

  const transport = (p: Float64Array, q: Float64Array, w: Float64Array, out?: Float64Array): Float64Array => {
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
    for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) t3[i * k + j] *= Math.exp(-0.5 * (mu[i] + mu[j]));
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
