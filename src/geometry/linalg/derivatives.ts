/**
 * Divided differences of log and exp, computed without cancellation, and the Fréchet derivatives of logm and
 * expm by the Daleckii–Krein formula.
 */
import { assertFiniteSymmetric, spdEig, symEig } from './eig';
import { matMul, matMulNT, rotateIn, symmetrize } from './matrix';
import { scratch, scratchEig, Slot } from './scratch';
import type { SymEig } from './types';

/**
 * First divided difference of log at a, b > 0: (log a − log b)/(a − b), and 1/a at a = b. For a/b ∈ (½, 2)
 * it is computed as 2·atanh(z)/(a − b) with z = (a − b)/(a + b) (a − b exact by Sterbenz, atanh(z)/z by a
 * Taylor series for tiny z), otherwise as log(a/b)/(a − b).
 */
export function logDivDiff(a: number, b: number): number {
  if (a === b) return 1 / a;
  const r = a / b;
  if (r > 0.5 && r < 2) {
    const z = (a - b) / (a + b);
    const z2 = z * z;
    const atanhc = Math.abs(z) < 1e-3 ? 1 + z2 / 3 + (z2 * z2) / 5 : Math.atanh(z) / z;
    return (2 * atanhc) / (a + b);
  }
  return Math.log(r) / (a - b);
}

/**
 * First divided difference of exp: (e^a − e^b)/(a − b) = e^((a+b)/2)·sinh(h)/h with h = (a − b)/2 (no
 * cancellation, Taylor series for tiny h), and e^a at a = b.
 */
export function expDivDiff(a: number, b: number): number {
  if (a === b) return Math.exp(a);
  const h = 0.5 * (a - b);
  const h2 = h * h;
  const sinhc = Math.abs(h) < 1e-3 ? 1 + h2 / 6 + (h2 * h2) / 120 : Math.sinh(h) / h;
  return Math.exp(0.5 * (a + b)) * sinhc;
}

/** K_ij = dd(λ_i, λ_j) for the eigenvalues λ of an eigendecomposition (K_ii = dd(λ_i, λ_i) = f′(λ_i)). */
export function divDiffMatrix(
  values: Float64Array,
  dd: (a: number, b: number) => number,
  out: Float64Array = new Float64Array(values.length * values.length),
): Float64Array {
  const k = values.length;
  for (let i = 0; i < k; i++)
    for (let j = i; j < k; j++) {
      const x = dd(values[i], values[j]);
      out[i * k + j] = x;
      out[j * k + i] = x;
    }
  return out;
}

/**
 * Daleckii–Krein: out = U (K ∘ (Uᵀ H U)) Uᵀ, the Fréchet derivative Df(A)[H] when A = U diag(λ) Uᵀ and
 * K_ij = f[λ_i, λ_j]. With `divide`, uses 1/K instead (the derivative of the inverse function).
 */
export function daleckiiKrein(
  eig: SymEig,
  K: Float64Array,
  H: Float64Array,
  out: Float64Array = new Float64Array(eig.k * eig.k),
  divide = false,
): Float64Array {
  const k = eig.k;
  const C = rotateIn(eig.vectors, H, k, scratch(Slot.DkRotated, k * k));
  if (divide) for (let i = 0; i < k * k; i++) C[i] /= K[i];
  else for (let i = 0; i < k * k; i++) C[i] *= K[i];
  const T = scratch(Slot.DkTmp, k * k);
  matMul(eig.vectors, C, k, T);
  matMulNT(T, eig.vectors, k, out);
  return symmetrize(out, k, out);
}

/** Fréchet derivative of the matrix logarithm at an SPD matrix P in direction H (symmetric). */
export function dlogm(
  P: Float64Array,
  k: number,
  H: Float64Array,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  const eig = spdEig(P, k, 'dlogm', scratchEig(Slot.FrechetEig, k));
  const K = divDiffMatrix(eig.values, logDivDiff, scratch(Slot.FrechetKernel, k * k));
  return daleckiiKrein(eig, K, H, out);
}

/** Fréchet derivative of the matrix exponential at a symmetric matrix S in direction H (symmetric). */
export function dexpm(
  S: Float64Array,
  k: number,
  H: Float64Array,
  out: Float64Array = new Float64Array(k * k),
): Float64Array {
  assertFiniteSymmetric(S, k, 'dexpm');
  const eig = symEig(S, k, scratchEig(Slot.FrechetEig, k));
  const K = divDiffMatrix(eig.values, expDivDiff, scratch(Slot.FrechetKernel, k * k));
  return daleckiiKrein(eig, K, H, out);
}
