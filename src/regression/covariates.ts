/** Affine map of covariates onto [0, 1] (min ↦ 0, max ↦ 1), kept so results can be shown in original units. */
export interface CovariateScale {
  readonly min: number;
  readonly max: number;
  /** Original units → [0, 1]. */
  toUnit(x: number): number;
  /** [0, 1] → original units. */
  toOriginal(t: number): number;
}

export function covariateScale(min: number, max: number): CovariateScale {
  if (!Number.isFinite(min) || !Number.isFinite(max)) {
    throw new RangeError(`covariates must be finite numbers (got min ${min}, max ${max})`);
  }
  if (!(max > min)) throw new RangeError('all covariates are equal, so no regression line can be fitted');
  const span = max - min;
  return { min, max, toUnit: (x) => (x - min) / span, toOriginal: (t) => min + t * span };
}

/** Rescales xs affinely to [0, 1]; returns the rescaled values and the map back. */
export function rescaleCovariates(xs: ArrayLike<number>): { xs: Float64Array; scale: CovariateScale } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (!Number.isFinite(x)) throw new RangeError(`covariate ${i + 1} is not a finite number (${x})`);
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const scale = covariateScale(min, max);
  return { xs: Float64Array.from(xs, scale.toUnit), scale };
}
