/** vecd coordinates of Sym(k), the symmetric k×k matrices, and their orthonormal basis. */

/** Dimension of Sym(k): k(k+1)/2. */
export const symDim = (k: number) => (k * (k + 1)) / 2;

/**
 * vecd: Sym(k) → R^{k(k+1)/2}, an isometry from the Frobenius inner product to the Euclidean one. Order: the
 * k diagonal entries, then the strictly upper entries row by row (0,1), (0,2), …, (1,2), … multiplied by √2.
 */
export function symToVecd(
  A: Float64Array,
  k: number,
  out: Float64Array = new Float64Array(symDim(k)),
): Float64Array {
  for (let i = 0; i < k; i++) out[i] = A[i * k + i];
  let n = k;
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) out[n++] = Math.SQRT1_2 * (A[i * k + j] + A[j * k + i]);
  return out;
}

/** Inverse of symToVecd. */
export function vecdToSym(
  x: ArrayLike<number>,
  k: number,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  for (let i = 0; i < k; i++) out[i * k + i] = x[i];
  let n = k;
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) {
      const s = Math.SQRT1_2 * x[n++];
      out[i * k + j] = s;
      out[j * k + i] = s;
    }
  return out;
}

/** The orthonormal Frobenius basis of Sym(k) in vecd order: e_ii, then (e_ij + e_ji)/√2 for i < j. */
export function symBasis(k: number): Float64Array[] {
  const basis: Float64Array[] = [];
  const x = new Float64Array(symDim(k));
  for (let n = 0; n < x.length; n++) {
    x.fill(0);
    x[n] = 1;
    basis.push(vecdToSym(x, k));
  }
  return basis;
}
