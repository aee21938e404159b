/**
 * What every private linear-regression method of `src/privacy/linreg` shares (docs/euclidean.md): the data
 * (a scalar covariate x rescaled to [0, 1], responses y ∈ R^d), the released line y = intercept + x·slope
 * (in geodesic-regression terms the footpoint p and the shooting vector v), its MSE, the non-private
 * least-squares fit, and the input checks.
 *
 * Adjacency is the project's (paper 001, Def. 2.2): two data sets of the same, public size n that differ in
 * one record. Every mechanism assumes x ∈ [0, 1]; the lab and the CLI get there by rescaling with the data's
 * own min and max, as the paper does — with a public covariate range that step is public too.
 */
export interface LinregData {
  /** Covariates in [0, 1]. */
  xs: Float64Array;
  /** Responses, all of the same dimension d ≥ 1. */
  ys: readonly Float64Array[];
}

/** The line y = intercept + x·slope over x ∈ [0, 1]. */
export interface Line {
  intercept: Float64Array;
  slope: Float64Array;
}

/** One private (or non-private) release of a line, with what it guarantees. */
export interface LinregRelease extends Line {
  /** False when a bound was computed from the private data (the release then leaks something). */
  isPrivate: boolean;
  /** The guarantee, e.g. "ε-DP" or "(ε, δ)-DP" (what the method provides when its bounds are public). */
  guarantee: string;
  /** δ of an (ε, δ) guarantee; 0 for pure ε-DP. */
  delta: number;
  notes: string[];
}

/** Throws a RangeError saying what is wrong with the data, and where. Returns d. */
export function checkLinregData(data: LinregData, who: string): number {
  const { xs, ys } = data;
  const n = ys.length;
  if (!(xs instanceof Float64Array)) throw new RangeError(`${who}: the covariates must be a Float64Array`);
  if (xs.length !== n)
    throw new RangeError(`${who}: ${xs.length} covariates but ${n} responses; they must pair up`);
  if (n < 2) throw new RangeError(`${who}: need at least 2 data points to fit a line (got ${n})`);
  const d = ys[0].length;
  if (d < 1) throw new RangeError(`${who}: the responses are empty vectors`);
  for (let i = 0; i < n; i++) {
    const x = xs[i];
    if (!(x >= 0 && x <= 1))
      throw new RangeError(
        `${who}: covariate ${i + 1} is ${x}; the mechanisms need covariates rescaled to [0, 1]`,
      );
    const y = ys[i];
    if (y.length !== d)
      throw new RangeError(`${who}: response ${i + 1} has ${y.length} coordinates, the first has ${d}`);
    for (let j = 0; j < d; j++)
      if (!Number.isFinite(y[j]))
        throw new RangeError(
          `${who}: response ${i + 1}, coordinate ${j + 1} is ${y[j]}, not a finite number`,
        );
  }
  return d;
}

/** Throws unless ε is a positive finite number. */
export function checkEps(eps: number, who: string): void {
  if (!(eps > 0) || !Number.isFinite(eps))
    throw new RangeError(`${who}: ε must be a positive finite number (got ${eps})`);
}

/** Ordinary least squares in closed form: slope = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)², intercept = ȳ − x̄·slope. */
export function olsFit(data: LinregData): Line {
  const d = checkLinregData(data, 'olsFit');
  const { xs, ys } = data;
  const n = ys.length;
  let xBar = 0;
  for (let i = 0; i < n; i++) xBar += xs[i];
  xBar /= n;
  const yBar = new Float64Array(d);
  for (const y of ys) for (let j = 0; j < d; j++) yBar[j] += y[j] / n;
  let sxx = 0;
  const sxy = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - xBar;
    sxx += dx * dx;
    for (let j = 0; j < d; j++) sxy[j] += dx * (ys[i][j] - yBar[j]);
  }
  if (!(sxx > 0))
    throw new RangeError('olsFit: all covariates are equal, so no regression line can be fitted');
  const slope = sxy.map((s) => s / sxx);
  return { slope, intercept: yBar.map((m, j) => m - xBar * slope[j]) };
}

/** Mean squared residual norm (1/n) Σ ‖yᵢ − intercept − xᵢ·slope‖² (= 2E of geodesic regression on R^d). */
export function lineMse(data: LinregData, line: Line): number {
  const { xs, ys } = data;
  const d = line.intercept.length;
  let s = 0;
  for (let i = 0; i < ys.length; i++) {
    for (let j = 0; j < d; j++) {
      const r = ys[i][j] - line.intercept[j] - xs[i] * line.slope[j];
      s += r * r;
    }
  }
  return s / ys.length;
}

/** Largest residual norm max ‖yᵢ − intercept − xᵢ·slope‖ (the paper's data-driven τ at the fit). */
export function maxResidualNorm(data: LinregData, line: Line): number {
  const { xs, ys } = data;
  const d = line.intercept.length;
  let m = 0;
  for (let i = 0; i < ys.length; i++) {
    let s = 0;
    for (let j = 0; j < d; j++) {
      const r = ys[i][j] - line.intercept[j] - xs[i] * line.slope[j];
      s += r * r;
    }
    m = Math.max(m, Math.sqrt(s));
  }
  return m;
}
