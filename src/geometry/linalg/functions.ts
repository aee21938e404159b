/**
 * Functions of symmetric matrices through their eigendecomposition (sqrtm, invsqrtm, logm, expm), and the
 * projection of a matrix onto SPD.
 */
import { GeometryError } from '../types';
import { spdEig, symEig, assertFiniteSymmetric } from './eig';
import { congruenceDiag, symmetrize } from './matrix';
import { scratch, scratchEig, Slot } from './scratch';
import type { SymEig } from './types';

/** out = U diag(f(λ)) Uᵀ from an eigendecomposition (exactly symmetric). */
export function fromEig(
  eig: SymEig,
  f: (x: number) => number,
  out: Float64Array = new Float64Array(eig.k * eig.k),
): Float64Array {
  const d = scratch(Slot.SymFunctionDiag, eig.k);
  for (let i = 0; i < eig.k; i++) d[i] = f(eig.values[i]);
  return congruenceDiag(eig.vectors, d, eig.k, out);
}

/** f(A) = U diag(f(λ)) Uᵀ for a symmetric matrix A (its symmetric part); no validation. */
export function symFunction(
  A: Float64Array,
  k: number,
  f: (x: number) => number,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  return fromEig(symEig(A, k, scratchEig(Slot.SymFunctionEig, k)), f, out);
}

function spdFunction(P: Float64Array, k: number, f: (x: number) => number, what: string, out: Float64Array) {
  return fromEig(spdEig(P, k, what, scratchEig(Slot.SpdFunctionEig, k)), f, out);
}

const invSqrt = (x: number) => 1 / Math.sqrt(x);

/** Principal square root of an SPD matrix (throws a GeometryError if P is not SPD). */
export const sqrtm = (P: Float64Array, k: number, out: Float64Array = new Float64Array(k * k)) =>
  spdFunction(P, k, Math.sqrt, 'sqrtm', out);

/** P^(−1/2) of an SPD matrix (throws a GeometryError if P is not SPD). */
export const invsqrtm = (P: Float64Array, k: number, out: Float64Array = new Float64Array(k * k)) =>
  spdFunction(P, k, invSqrt, 'invsqrtm', out);

/** Principal logarithm of an SPD matrix (throws a GeometryError if P is not SPD). */
export const logm = (P: Float64Array, k: number, out: Float64Array = new Float64Array(k * k)) =>
  spdFunction(P, k, Math.log, 'logm', out);

/** Matrix exponential of a symmetric matrix (throws a GeometryError on non-finite entries). */
export function expm(S: Float64Array, k: number, out: Float64Array = new Float64Array(k * k)): Float64Array {
  assertFiniteSymmetric(S, k, 'expm');
  return symFunction(S, k, Math.exp, out);
}

/** Eigenvalue floor of projectSPD, relative to the largest |eigenvalue|. */
export const SPD_EIGENVALUE_FLOOR = 1e-12;

/**
 * A nearby SPD matrix: the symmetric part of Z with its eigenvalues clipped from below to
 * SPD_EIGENVALUE_FLOOR·max|λ| (the Frobenius-nearest PSD matrix, nudged to be positive definite). Returns the
 * symmetric part unchanged when it is already above the floor. Throws a GeometryError for non-finite entries
 * or the zero matrix.
 */
export function projectSPD(
  Z: Float64Array,
  k: number,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  if (Z.length !== k * k) throw new GeometryError(`projectSPD: expected ${k * k} entries, got ${Z.length}`);
  for (let i = 0; i < Z.length; i++)
    if (!Number.isFinite(Z[i]))
      throw new GeometryError(`projectSPD: entry ${i} is not a finite number (${Z[i]})`);
  const S = symmetrize(Z, k, out);
  const eig = symEig(S, k, scratchEig(Slot.ProjectEig, k));
  const top = Math.max(Math.abs(eig.values[0]), Math.abs(eig.values[k - 1]));
  if (!(top > 0)) throw new GeometryError('projectSPD: cannot project the zero matrix onto SPD');
  const floor = SPD_EIGENVALUE_FLOOR * top;
  if (eig.values[0] >= floor) return S;
  return fromEig(eig, (x) => Math.max(x, floor), out);
}
