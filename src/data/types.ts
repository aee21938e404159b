/** A regression data set on a manifold: covariates xs (rescaled to [0, 1]) and responses ys. */
export interface RegressionData {
  xs: Float64Array;
  ys: Float64Array[];
  /** Original covariate range (e.g. ages 50–90), for display. */
  xRange: readonly [number, number];
  /** Label of the covariate in original units. */
  xLabel: string;
  /** Where the data came from, said plainly in the UI. */
  description: string;
  /**
   * The covariates in their own units before rescaling, and the range the generator draws them from: a public
   * range, fixed before the data are seen (what a release private for any data clamps and centres them by).
   */
  covariates?: { raw: Float64Array; publicRange: readonly [number, number] };
}
