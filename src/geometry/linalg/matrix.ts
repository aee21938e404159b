/** Basic operations on k×k matrices (row-major): products, symmetric part, congruences. */
import { scratch, Slot } from './scratch';

/** The k×k identity. */
export function identityMatrix(k: number, out: Float64Array = new Float64Array(k * k)): Float64Array {
  out.fill(0);
  for (let i = 0; i < k; i++) out[i * k + i] = 1;
  return out;
}

/** out = A B. */
export function matMul(
  A: Float64Array,
  B: Float64Array,
  k: number,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let l = 0; l < k; l++) s += A[i * k + l] * B[l * k + j];
      out[i * k + j] = s;
    }
  return out;
}

/** out = Aᵀ B. */
export function matMulTN(
  A: Float64Array,
  B: Float64Array,
  k: number,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let l = 0; l < k; l++) s += A[l * k + i] * B[l * k + j];
      out[i * k + j] = s;
    }
  return out;
}

/** out = A Bᵀ. */
export function matMulNT(
  A: Float64Array,
  B: Float64Array,
  k: number,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let l = 0; l < k; l++) s += A[i * k + l] * B[j * k + l];
      out[i * k + j] = s;
    }
  return out;
}

/** out = (A + Aᵀ)/2 (out may alias A). */
export function symmetrize(
  A: Float64Array,
  k: number,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  for (let i = 0; i < k; i++) {
    out[i * k + i] = A[i * k + i];
    for (let j = i + 1; j < k; j++) {
      const s = 0.5 * (A[i * k + j] + A[j * k + i]);
      out[i * k + j] = s;
      out[j * k + i] = s;
    }
  }
  return out;
}

/** out = X sym(C) Xᵀ, exactly symmetric (sym(C) = (C + Cᵀ)/2). */
export function congruence(
  X: Float64Array,
  C: Float64Array,
  k: number,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  const T = scratch(Slot.CongruenceTmp, k * k);
  matMul(X, C, k, T);
  matMulNT(T, X, k, out);
  return symmetrize(out, k, out);
}

/** out = X diag(d) Xᵀ, exactly symmetric by construction. */
export function congruenceDiag(
  X: Float64Array,
  d: ArrayLike<number>,
  k: number,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  for (let i = 0; i < k; i++)
    for (let j = i; j < k; j++) {
      let s = 0;
      for (let l = 0; l < k; l++) s += X[i * k + l] * d[l] * X[j * k + l];
      out[i * k + j] = s;
      out[j * k + i] = s;
    }
  return out;
}

/** out = Uᵀ sym(H) U (components of a symmetric matrix in the basis of U's columns), exactly symmetric. */
export function rotateIn(
  U: Float64Array,
  H: Float64Array,
  k: number,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  const T = scratch(Slot.RotateInTmp, k * k);
  matMulTN(U, H, k, T);
  matMul(T, U, k, out);
  return symmetrize(out, k, out);
}

/** Largest absolute entry. */
export function maxAbs(A: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < A.length; i++) m = Math.max(m, Math.abs(A[i]));
  return m;
}
