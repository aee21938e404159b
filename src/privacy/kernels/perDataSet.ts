import { sameNumbers } from '../../geometry/vec';

/**
 * What a sampler makes from a data set that does not depend on the budget — its kernel, the kng-joint
 * linearisation — made once per data set and kept while the data are, instead of once per budget and job. A
 * WebAssembly kernel holds its data in a memory of its own, and a browser page holds only about 120 of those
 * (the 124th `new WebAssembly.Memory` fails in Chromium): made per budget, the kernels of a few sweeps ran out of
 * them, every kernel after that fell back to JavaScript, and the workers spent a third of their time collecting
 * garbage to free memories.
 *
 * Keyed by the responses array as given (never changed once given), then by the public settings it is made under
 * (`key`); `made` also holds the manifold and the numbers it depends on (covariates, a fit: compared by value,
 * as a caller may build them anew for each budget).
 */
const made = new WeakMap<
  readonly Float64Array[],
  Map<string, { M: object; numbers: readonly ArrayLike<number>[]; value: unknown }>
>();

export function perDataSet<T>(
  ys: readonly Float64Array[],
  key: string,
  M: object,
  numbers: readonly ArrayLike<number>[],
  make: () => T,
): T {
  let forData = made.get(ys);
  if (!forData) made.set(ys, (forData = new Map()));
  const hit = forData.get(key);
  if (hit && hit.M === M && hit.numbers.every((x, i) => sameNumbers(x, numbers[i]))) return hit.value as T;
  const value = make();
  forData.set(key, { M, numbers, value });
  return value;
}
