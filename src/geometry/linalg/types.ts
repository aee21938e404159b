/** Eigendecomposition A = U diag(values) Uᵀ of a symmetric k×k matrix. */
export interface SymEig {
  readonly k: number;
  /** Eigenvalues in ascending order. */
  readonly values: Float64Array;
  /** Orthogonal k×k matrix, row-major; column j (entries vectors[i·k + j]) is the unit eigenvector of values[j]. */
  readonly vectors: Float64Array;
}

export function createSymEig(k: number): SymEig {
  return { k, values: new Float64Array(k), vectors: new Float64Array(k * k) };
}
