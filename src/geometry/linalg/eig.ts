/**
 * The eigendecomposition of a symmetric k×k matrix (closed form for k ≤ 2, cyclic Jacobi rotations above),
 * and the checks that a matrix is symmetric, or symmetric positive definite, before it is decomposed.
 */
import { GeometryError } from '../types';
import { symEig2 } from './eig2';
import { identityMatrix, symmetrize } from './matrix';
import { scratch, Slot } from './scratch';
import { createSymEig, type SymEig } from './types';

const MAX_SWEEPS = 100;

/**
 * Cyclic Jacobi eigendecomposition of a symmetric k×k matrix (any k ≥ 1; reads the symmetric part of A).
 * A rotation is skipped when |a_pq| ≤ ε·√|a_pp a_qq|, which keeps the high relative accuracy of Jacobi on
 * well-scaled SPD matrices; sweeps stop when no rotation was needed. Eigenvalues are sorted ascending.
 */
export function symEigJacobi(A: Float64Array, k: number, out: SymEig = createSymEig(k)): SymEig {
  const a = symmetrize(A, k, scratch(Slot.JacobiWork, k * k));
  const V = identityMatrix(k, out.vectors);
  const eps = Number.EPSILON;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let rotated = false;
    for (let p = 0; p < k - 1; p++)
      for (let q = p + 1; q < k; q++) {
        const apq = a[p * k + q];
        if (apq === 0) continue;
        const app = a[p * k + p];
        const aqq = a[q * k + q];
        if (Math.abs(apq) <= eps * Math.sqrt(Math.abs(app * aqq))) {
          a[p * k + q] = 0;
          a[q * k + p] = 0;
          continue;
        }
        rotated = true;
        const theta = (aqq - app) / (2 * apq);
        const t =
          Math.abs(theta) > 1e150
            ? 0.5 / theta
            : (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        a[p * k + p] = app - t * apq;
        a[q * k + q] = aqq + t * apq;
        a[p * k + q] = 0;
        a[q * k + p] = 0;
        for (let r = 0; r < k; r++) {
          if (r !== p && r !== q) {
            const arp = a[r * k + p];
            const arq = a[r * k + q];
            const np = c * arp - s * arq;
            const nq = s * arp + c * arq;
            a[r * k + p] = np;
            a[p * k + r] = np;
            a[r * k + q] = nq;
            a[q * k + r] = nq;
          }
          const vrp = V[r * k + p];
          const vrq = V[r * k + q];
          V[r * k + p] = c * vrp - s * vrq;
          V[r * k + q] = s * vrp + c * vrq;
        }
      }
    if (!rotated) break;
  }
  const w = out.values;
  for (let i = 0; i < k; i++) w[i] = a[i * k + i];
  // selection sort, ascending, swapping eigenvector columns along
  for (let i = 0; i < k - 1; i++) {
    let m = i;
    for (let j = i + 1; j < k; j++) if (w[j] < w[m]) m = j;
    if (m !== i) {
      const tw = w[i];
      w[i] = w[m];
      w[m] = tw;
      for (let r = 0; r < k; r++) {
        const tv = V[r * k + i];
        V[r * k + i] = V[r * k + m];
        V[r * k + m] = tv;
      }
    }
  }
  return out;
}

/**
 * Eigendecomposition of a symmetric k×k matrix (its symmetric part is used): closed form for k ≤ 2, cyclic
 * Jacobi for k > 2. Eigenvalues ascending; eigenvectors are the columns of `vectors`.
 */
export function symEig(A: Float64Array, k: number, out: SymEig = createSymEig(k)): SymEig {
  if (k === 1) {
    out.values[0] = A[0];
    out.vectors[0] = 1;
    return out;
  }
  if (k === 2) return symEig2(A, out);
  return symEigJacobi(A, k, out);
}

/** Relative tolerance (to the largest entry) for accepting a matrix as symmetric. */
export const SYMMETRY_TOLERANCE = 1e-8;

/** Throws a GeometryError unless A has k² finite entries and is symmetric to SYMMETRY_TOLERANCE. */
export function assertFiniteSymmetric(A: Float64Array, k: number, what = 'matrix'): void {
  if (A.length !== k * k)
    throw new GeometryError(`${what}: expected a ${k}×${k} matrix (${k * k} entries), got ${A.length}`);
  let m = 0;
  for (let i = 0; i < A.length; i++) {
    if (!Number.isFinite(A[i]))
      throw new GeometryError(`${what}: entry ${i} is not a finite number (${A[i]})`);
    m = Math.max(m, Math.abs(A[i]));
  }
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++)
      if (Math.abs(A[i * k + j] - A[j * k + i]) > SYMMETRY_TOLERANCE * m)
        throw new GeometryError(
          `${what}: matrix is not symmetric (entry (${i},${j}) = ${A[i * k + j]} but (${j},${i}) = ${A[j * k + i]})`,
        );
}

/**
 * Eigendecomposition of a matrix that must be symmetric positive definite: throws a GeometryError with a clear
 * message if an entry is not finite, the matrix is not symmetric, or its smallest eigenvalue is ≤ 0.
 */
export function spdEig(P: Float64Array, k: number, what = 'matrix', out: SymEig = createSymEig(k)): SymEig {
  assertFiniteSymmetric(P, k, what);
  symEig(P, k, out);
  const lo = out.values[0];
  if (!(lo > 0) || !Number.isFinite(out.values[k - 1]))
    throw new GeometryError(
      `${what}: matrix is not symmetric positive definite (smallest eigenvalue ${lo}, largest ${out.values[k - 1]})`,
    );
  return out;
}
