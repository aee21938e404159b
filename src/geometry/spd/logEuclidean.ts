/**
 * SPD(k) with the log-Euclidean metric ⟨u,w⟩_P = ⟨dlog_P u, dlog_P w⟩_F: flat, the pull-back of the
 * Frobenius metric of Sym(k) by logm. With P = U diag(λ) Uᵀ and G_ij = log[λ_i, λ_j] (divided differences):
 *   dlog_P h = U (G ∘ Uᵀ h U) Uᵀ, dexp_{logm P} h = U (Uᵀ h U ⊘ G) Uᵀ (exactly the inverse map),
 *   ⟨u,w⟩_P = Σ G_ij² ũ_ij w̃_ij with ũ = Uᵀ u U.
 */
import { jacobiAdjoints, type JacobiFactor } from '../jacobi';
import { congruenceDiag, daleckiiKrein, rotateIn, symEig } from '../linalg';
import { GeometryError, type Manifold } from '../types';
import { finiteResult } from '../validate';
import { norm2 } from '../vec';
import type { PointInfo, SpdContext } from './shared';

/** `spd(k, 'logEuclidean')` on its context (shared.ts). */
export function logEuclideanSpd(context: SpdContext): Manifold {
  const {
    k,
    n,
    name,
    info,
    t1,
    t2,
    d,
    eigT,
    allocOut,
    normAt,
    innerAt,
    checkTangent,
    frob,
    basis,
    gaussianSym,
    common,
  } = context;

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
