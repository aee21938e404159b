/**
 * Input checks shared by the manifolds: an operation given an array of the wrong length, a NaN or an
 * infinite entry throws a GeometryError naming the operation and the argument, instead of returning NaN. The checks
 * are a length compare and a finiteness test of the entries or of a number the operation computes anyway; the
 * messages are built in separate functions, only when a check fails, so the checks stay cheap in hot loops.
 */
import { GeometryError } from './types';

/** Throws unless a has n entries. */
export function checkLength(a: Float64Array, n: number, where: string, what: string): void {
  if (a.length !== n) throw lengthError(a, n, where, what);
}

export function lengthError(a: Float64Array, n: number, where: string, what: string): GeometryError {
  return new GeometryError(`${where}: the ${what} has ${a.length} entries, expected ${n}`);
}

/** True when every entry of a is finite. */
export function allFinite(a: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return false;
  return true;
}

/** Throws unless every entry of a is finite. */
export function checkFiniteEntries(a: Float64Array, where: string, what: string): void {
  if (!allFinite(a)) throw nonFiniteError(a, where, what);
}

/** The error for an array with a non-finite entry, naming the first one. */
export function nonFiniteError(a: Float64Array, where: string, what: string): GeometryError {
  let i = 0;
  while (i < a.length && Number.isFinite(a[i])) i++;
  return new GeometryError(`${where}: entry ${i} of the ${what} is not a finite number (${a[i]})`);
}

/** Both checks: a has n finite entries. */
export function checkVector(a: Float64Array, n: number, where: string, what: string): void {
  if (a.length !== n) throw lengthError(a, n, where, what);
  if (!allFinite(a)) throw nonFiniteError(a, where, what);
}

/**
 * Returns x when it is finite, else throws: x is a result (an inner product, a norm) that is NaN or infinite only
 * when an input entry is, or when the inputs are so large that it overflows.
 */
export function finiteResult(x: number, where: string): number {
  if (!Number.isFinite(x)) throw nonFiniteResultError(x, where);
  return x;
}

export function nonFiniteResultError(x: number, where: string): GeometryError {
  return new GeometryError(
    `${where}: the result is ${x}: an input has a non-finite entry (NaN or infinite) or is too large`,
  );
}
