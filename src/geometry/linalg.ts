/**
 * Small dense symmetric linear algebra for SPD(k) (k is small: 2, 3, a handful): symmetric eigendecomposition
 * (closed form for k = 2, cyclic Jacobi rotations for k > 2), functions of symmetric matrices through their
 * eigendecomposition (sqrtm, invsqrtm, logm, expm), and the Fréchet derivatives of logm and expm by the
 * Daleckii–Krein formula with numerically stable divided differences.
 *
 * Conventions: a k×k matrix is a Float64Array of length k², row-major. Functions that take an `out` array
 * allocate one when it is omitted; unless a function says otherwise `out` must not alias an input. Temporary
 * storage comes from a module-level pool of scratch buffers (one slot per function, so no function clobbers
 * the scratch of a function it calls); JS is single-threaded, so this is safe (each Web Worker has its own).
 */
import { GeometryError } from './types';

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

// ---------------------------------------------------------------------------------------------------------
// Scratch pool

/** Scratch slots: one per function that needs temporaries. */
const Slot = {
  JacobiWork: 0,
  SymFunctionEig: 1,
  SymFunctionDiag: 2,
  SpdFunctionEig: 3,
  CongruenceTmp: 4,
  RotateInTmp: 5,
  DkRotated: 6,
  DkTmp: 7,
  FrechetEig: 8,
  FrechetKernel: 9,
  ProjectEig: 10,
} as const;
type Slot = (typeof Slot)[keyof typeof Slot];

const pool: Map<number, Float64Array>[] = [];
const eigPool: Map<number, SymEig>[] = [];

function scratch(slot: Slot, n: number): Float64Array {
  const m = (pool[slot] ??= new Map());
  let a = m.get(n);
  if (!a) {
    a = new Float64Array(n);
    m.set(n, a);
  }
  return a;
}

function scratchEig(slot: Slot, k: number): SymEig {
  const m = (eigPool[slot] ??= new Map());
  let e = m.get(k);
  if (!e) {
    e = createSymEig(k);
    m.set(k, e);
  }
  return e;
}

// ---------------------------------------------------------------------------------------------------------
// Basic matrix operations (k×k, row-major)

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

// ---------------------------------------------------------------------------------------------------------
// vecd coordinates of Sym(k)

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

// ---------------------------------------------------------------------------------------------------------
// Symmetric eigendecomposition

const SPLITTER = 134217729; // 2^27 + 1 (Veltkamp splitting)

/** a·c − b², with the products formed exactly (Dekker) so that cancellation does not lose relative accuracy. */
export function det2Sym(a: number, b: number, c: number): number {
  const p = a * c;
  const q = b * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * c;
  const ch = t - (t - c);
  const cl = c - ch;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  const ep = ah * ch - p + ah * cl + al * ch + al * cl;
  const eq = bh * bh - q + 2 * bh * bl + bl * bl;
  const d = p - q + (ep - eq);
  return Number.isFinite(d) ? d : p - q; // splitting overflows beyond ~1e300: fall back to the plain formula
}

/**
 * Closed-form eigendecomposition of a symmetric 2×2 matrix (the off-diagonal is taken as (A₀₁ + A₁₀)/2).
 * The eigenvalue of larger magnitude is m ± r, the other det/that (no cancellation); the rotation angle is
 * ½·atan2(2b, a − c). `valuesOnly` leaves out.vectors alone (the trigonometric calls are most of the cost).
 */
export function symEig2(A: Float64Array, out: SymEig = createSymEig(2), valuesOnly = false): SymEig {
  const b = 0.5 * (A[1] + A[2]);
  // Beyond 1e150 (below 1e-150) b² and a·c overflow (underflow): decompose A/s, then scale the eigenvalues back.
  const s = Math.max(Math.abs(A[0]), Math.abs(b), Math.abs(A[3]));
  if ((s > 1e150 || s < 1e-150) && s > 0 && s < Infinity) {
    symEig2Entries(A[0] / s, b / s, A[3] / s, out, valuesOnly);
    out.values[0] *= s;
    out.values[1] *= s;
    return out;
  }
  return symEig2Entries(A[0], b, A[3], out, valuesOnly);
}

function symEig2Entries(a: number, b: number, c: number, out: SymEig, valuesOnly: boolean): SymEig {
  const m = 0.5 * (a + c);
  const r = Math.hypot(0.5 * (a - c), b);
  let hi: number;
  let lo: number;
  if (m >= 0) {
    hi = m + r;
    lo = hi === 0 ? 0 : det2Sym(a, b, c) / hi;
  } else {
    lo = m - r;
    hi = det2Sym(a, b, c) / lo;
  }
  if (lo > hi) lo = hi; // only possible by rounding when r ≈ 0
  out.values[0] = lo;
  out.values[1] = hi;
  if (valuesOnly) return out;
  const theta = 0.5 * Math.atan2(b, 0.5 * (a - c));
  const cs = Math.cos(theta);
  const sn = Math.sin(theta);
  // column 0 = (−sin θ, cos θ) for lo, column 1 = (cos θ, sin θ) for hi
  out.vectors[0] = -sn;
  out.vectors[1] = cs;
  out.vectors[2] = cs;
  out.vectors[3] = sn;
  return out;
}

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

// ---------------------------------------------------------------------------------------------------------
// Validation

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

// ---------------------------------------------------------------------------------------------------------
// Functions of symmetric matrices

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

// ---------------------------------------------------------------------------------------------------------
// Divided differences and Fréchet derivatives (Daleckii–Krein)

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

// ---------------------------------------------------------------------------------------------------------
// Projection onto SPD

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
