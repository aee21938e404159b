import type { Manifold } from './types';

export interface FrechetMeanOptions {
  maxIterations?: number;
  /** Stop when the Riemannian gradient norm of the Fréchet function falls below this. */
  tol?: number;
  init?: Float64Array;
}

/**
 * Fréchet (Karcher) mean by Riemannian gradient descent: m ← Exp(m, mean_i Log(m, y_i)). The step 1 is the
 * Newton step in flat spaces and converges linearly for data in a convex ball of a curved space.
 */
export function frechetMean(
  M: Manifold,
  ys: readonly Float64Array[],
  opts: FrechetMeanOptions = {},
): Float64Array {
  if (ys.length === 0) throw new RangeError('frechetMean: no data');
  const maxIterations = opts.maxIterations ?? 500;
  const tol = opts.tol ?? 1e-12;
  let m: Float64Array = Float64Array.from(opts.init ?? ys[0]);
  const step = new Float64Array(M.ambientDim);
  const log = new Float64Array(M.ambientDim);
  for (let it = 0; it < maxIterations; it++) {
    step.fill(0);
    for (const y of ys) {
      M.log(m, y, log);
      for (let j = 0; j < step.length; j++) step[j] += log[j] / ys.length;
    }
    if (M.norm(m, step) < tol) break;
    m = M.exp(m, step);
  }
  return m;
}
