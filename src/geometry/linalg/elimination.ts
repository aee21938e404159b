/**
 * Gaussian elimination with partial pivoting on a row-major n × n matrix (a general one: the proposal's linear map
 * is not symmetric): its log-determinant and the solution of a linear system.
 */
/** ln|det| of a row-major n × n matrix by Gaussian elimination with partial pivoting (−Infinity if singular). */
export function logAbsDet(matrix: Float64Array, n: number): number {
  const a = Float64Array.from(matrix);
  let s = 0;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[piv * n + c])) piv = r;
    if (!(Math.abs(a[piv * n + c]) > 0)) return -Infinity;
    if (piv !== c)
      for (let k = 0; k < n; k++) [a[c * n + k], a[piv * n + k]] = [a[piv * n + k], a[c * n + k]];
    s += Math.log(Math.abs(a[c * n + c]));
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c] / a[c * n + c];
      for (let k = c; k < n; k++) a[r * n + k] -= f * a[c * n + k];
    }
  }
  return s;
}

/** x = A⁻¹b for a row-major n × n A (Gaussian elimination with partial pivoting); null if singular. */
export function solveLinear(matrix: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const a = Float64Array.from(matrix);
  const x = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[piv * n + c])) piv = r;
    if (!(Math.abs(a[piv * n + c]) > 0)) return null;
    if (piv !== c) {
      for (let k = 0; k < n; k++) [a[c * n + k], a[piv * n + k]] = [a[piv * n + k], a[c * n + k]];
      [x[c], x[piv]] = [x[piv], x[c]];
    }
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c] / a[c * n + c];
      for (let k = c; k < n; k++) a[r * n + k] -= f * a[c * n + k];
      x[r] -= f * x[c];
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = x[r];
    for (let k = r + 1; k < n; k++) s -= a[r * n + k] * x[k];
    x[r] = s / a[r * n + r];
  }
  return x;
}
