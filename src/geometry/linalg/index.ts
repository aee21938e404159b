/**
 * Small dense symmetric linear algebra for SPD(k) (k is small: 2, 3, a handful): symmetric eigendecomposition
 * (closed form for k = 2, cyclic Jacobi rotations for k > 2), functions of symmetric matrices through their
 * eigendecomposition (sqrtm, invsqrtm, logm, expm), and the Fréchet derivatives of logm and expm by the
 * Daleckii–Krein formula with numerically stable divided differences.
 *
 * The parts: `types.ts` (the eigendecomposition record), `matrix.ts` (products, congruences), `vecd.ts`
 * (coordinates of Sym(k)), `eig2.ts` (the 2×2 closed forms), `eig.ts` (the k×k eigendecomposition and the
 * checks of symmetric and SPD input), `functions.ts` (functions of symmetric matrices, projection onto SPD),
 * `derivatives.ts` (divided differences, Daleckii–Krein) and `scratch.ts` (their temporaries).
 *
 * Conventions: a k×k matrix is a Float64Array of length k², row-major. Functions that take an `out` array
 * allocate one when it is omitted; unless a function says otherwise `out` must not alias an input. Temporary
 * storage comes from a module-level pool of scratch buffers (one slot per function, so no function clobbers
 * the scratch of a function it calls); JS is single-threaded, so this is safe (each Web Worker has its own).
 */
export * from './types';
export * from './matrix';
export * from './vecd';
export * from './eig2';
export * from './eig';
export * from './functions';
export * from './derivatives';
export * from './elimination';
