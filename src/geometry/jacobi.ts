/**
 * The dExp adjoints of a locally symmetric space, from its Jacobi spectrum (docs/geometry.md).
 *
 * Along γ(t) = Exp(p, t v) the Jacobi operator w ↦ R(w, v)v has parallel eigenvectors. So
 *   (d_p Exp)† w  and  (d_v Exp)† w
 * are computed by transporting w back along γ to p, writing it in that eigenbasis, and scaling each component
 * by a function of s = K·L² (K the eigen-curvature, L = |v|):
 *   d_p: cos(√s)  (cosh(√−s) when s < 0),     d_v: sin(√s)/√s  (sinh(√−s)/√−s when s < 0).
 * Every manifold supplies the two geometric pieces; this file supplies the scalings and the assembly.
 */
import { allFinite, checkFiniteEntries, checkLength, nonFiniteError } from './validate';

/** A scalar function of s = K·L² applied to each Jacobi eigen-component. */
export type JacobiFactor = (s: number) => number;

/** Factor for the d_p Exp adjoint: cos(√s) or cosh(√−s). */
export const footpointFactor: JacobiFactor = (s) => {
  if (s > 0) return Math.cos(Math.sqrt(s));
  if (s < 0) return Math.cosh(Math.sqrt(-s));
  return 1;
};

/** Factor for the d_v Exp adjoint: sin(√s)/√s or sinh(√−s)/√−s, with a Taylor branch near 0. */
export const shootingFactor: JacobiFactor = (s) => {
  if (Math.abs(s) < 1e-6) return 1 - s / 6 + (s * s) / 120;
  if (s > 0) {
    const x = Math.sqrt(s);
    return Math.sin(x) / x;
  }
  const x = Math.sqrt(-s);
  return Math.sinh(x) / x;
};

export interface JacobiStructure {
  /** Parallel transport of w ∈ T_{Exp(p,v)} back to T_p along γ(t) = Exp(p, t v), t ∈ [0, 1]. */
  transportBackAlongGeodesic(
    p: Float64Array,
    v: Float64Array,
    w: Float64Array,
    out: Float64Array,
  ): Float64Array;
  /** Scale u ∈ T_p component-wise in the eigenbasis of R(·, v)v, each component by factor(K·|v|²). */
  scaleBySpectrum(
    p: Float64Array,
    v: Float64Array,
    u: Float64Array,
    factor: JacobiFactor,
    out: Float64Array,
  ): Float64Array;
}

/**
 * Builds dExpAdjointP and dExpAdjointV from a manifold's Jacobi structure. Arguments of the wrong length, and
 * non-finite entries (which make the result non-finite), give a GeometryError naming the adjoint.
 */
export function jacobiAdjoints(structure: JacobiStructure, ambientDim: number, name: string) {
  const back = new Float64Array(ambientDim);
  const adjoint = (factor: JacobiFactor, label: string) => {
    const where = `${name} ${label}`;
    return (p: Float64Array, v: Float64Array, w: Float64Array, out?: Float64Array): Float64Array => {
      checkLength(p, ambientDim, where, 'footpoint');
      checkFiniteEntries(p, where, 'footpoint'); // at v = 0 the result does not depend on p
      checkLength(v, ambientDim, where, 'shooting vector');
      checkLength(w, ambientDim, where, 'vector at Exp(p, v)');
      structure.transportBackAlongGeodesic(p, v, w, back);
      const r = structure.scaleBySpectrum(p, v, back, factor, out ?? new Float64Array(ambientDim));
      if (!allFinite(r)) throw nonFiniteError(r, where, 'result');
      return r;
    };
  };
  return {
    dExpAdjointP: adjoint(footpointFactor, 'dExpAdjointP'),
    dExpAdjointV: adjoint(shootingFactor, 'dExpAdjointV'),
  };
}
