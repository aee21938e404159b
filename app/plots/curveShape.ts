/**
 * What the split plot shows, decided from its plotted numbers, for its caption and readout: whether the
 * curves are still coming in, flat, U-shaped or lowest at one end, and how far the best split stays above the
 * non-private error — in words a student reads ("about 130× the non-private error").
 */
import { formatWhole } from '../format';
import { FLAT_SPREAD, lowest, type MseModel, type MsePoint, type MseSeries } from './mseModel';

/** A curve's shape over the split: lowest in between, lowest at one end, or flat within its noise. */
export type CurveShape = 'flat' | 'u' | 'left' | 'right' | 'hump';

export interface CurveVerdict {
  label: string;
  shape: CurveShape;
  /** Its lowest plotted point. */
  best: MsePoint;
  /** exp(best − non-private ln MSE): how many times the non-private error the best split leaves. */
  timesNonPrivate: number | null;
}

export interface SplitVerdict {
  /**
   * 'pending' until every curve has all its points, each from at least VERDICT_GROUPS chain groups while the
   * sweep refines; 'mixed' when the moving curves disagree.
   */
  shape: 'pending' | 'flat' | Exclude<CurveShape, 'flat'> | 'mixed';
  curves: CurveVerdict[];
  /** Points plotted so far, and when complete. */
  done: number;
  total: number;
  /** Every curve's best split is still ≥ SWAMPED_TIMES the non-private error: the noise swamps the fit. */
  swamped: boolean;
  /** Set while the sweep refines (its points have fewer chain groups than it will pool): how far it has got. */
  refining?: Refining;
}

/** How far a refining sweep has got, from its rows: the groups and pairs behind the thinnest point. */
export interface Refining {
  groups: number;
  groupsTotal: number;
  pairs: number;
  pairsTotal: number;
}

/**
 * While a sweep refines, its points' shape is decided only once each rests on this many chain groups: the
 * standard errors behind the decision are estimated from the groups' spread, and MOVES_Z is calibrated for 5–10
 * of them (curveShape.rates.test.ts; with 2 groups a flat curve would be called moving one time in six). Until
 * then the caption says the sweep is refining. A finished sweep is decided whatever its count.
 */
export const VERDICT_GROUPS = 5;

/**
 * The refinement behind the rows of a model, or null when every point has all its groups (or the rows do not say:
 * rows made elsewhere). `groups` and `pairs` are at the thinnest point; a point's pairs grow with its groups.
 */
export function refiningOf(model: MseModel): Refining | null {
  let thinnest: MsePoint['row'] | null = null;
  for (const s of model.series)
    for (const p of s.points) {
      const { groups, groupsTotal } = p.row;
      if (groups === undefined || groupsTotal === undefined || groups >= groupsTotal) continue;
      if (!thinnest || groups < thinnest.groups!) thinnest = p.row;
    }
  if (!thinnest) return null;
  const groups = thinnest.groups!;
  const groupsTotal = thinnest.groupsTotal!;
  return { groups, groupsTotal, pairs: thinnest.pairs, pairsTotal: (thinnest.pairs / groups) * groupsTotal };
}

/** Whether a refining sweep's points are still too coarse for a shape to be said (fewer than VERDICT_GROUPS). */
export const tooCoarse = (r: Refining | null): boolean => r !== null && r.groups < VERDICT_GROUPS;

/** At or above this many times the non-private MSE at its best split, a curve is swamped by the noise. */
export const SWAMPED_TIMES = 10;

/** Fraction of a swamped curve's excess over non-private that its spread must reach to count as moving. */
export const SWAMPED_FRACTION = 0.25;

/** A curve's noise sd, from its second differences (median |yᵢ − (yᵢ₋₁ + yᵢ₊₁)/2| ≈ 0.83 σ for white noise). */
export function curveNoise(ys: readonly number[]): number {
  const d = ys.slice(1, -1).map((y, i) => Math.abs(y - (ys[i] + ys[i + 2]) / 2));
  d.sort((a, b) => a - b);
  return d.length ? d[d.length >> 1] / 0.83 : 0;
}

/**
 * When two points of a curve differ: by more than z combined standard errors, z · √(seᵢ² + seⱼ²), and by at least
 * FLAT_SPREAD (smaller changes in ln MSE are not worth a caption however sure). A curve moves when some point lies
 * above its lowest one by MOVES_Z. For 10 points of pure noise with known errors, 3.2 would call a flat curve
 * moving 5 % of the time (the range of 10 normal draws exceeds 4.5 σ = 3.2 · √2 σ that often); the sweep's errors
 * are themselves estimated from a few chains and the ln of a skewed mean has a long tail, so the lab asks for 4
 * (0.5–1.5 % with 5–10 chains in seeded simulations, curveShape.rates.test.ts). Once a curve moves, each end is
 * compared with the lowest point on its own, a one-sided test: END_Z, about 2 %.
 */
export const MOVES_Z = 4;
export const END_Z = 3 / Math.SQRT2;
/** MOVES_Z when the errors are the curve's own wiggle, curveNoise (a spread of 4.5 of them). */
export const WIGGLE_MOVES_Z = 4.5 / Math.SQRT2;

/**
 * Each point's standard error of ln mean MSE, and whether they are the sweep's own. The sweep's rows carry one
 * per point (from the spread of the chains' group means). It measures relative spread, which changes slowly
 * along a curve, while a single point's estimate from a few chains is itself noisy, and one that came out too
 * small would turn noise into a shape: so no point's error is taken below the curve's median. Without errors on
 * every point (the consecutive scheme runs one chain; rows made elsewhere) every point gets the curve's wiggle,
 * curveNoise — which a U with a flat bottom and steep ends inflates until the U reads as noise.
 */
export function pointErrors(s: MseSeries): { se: number[]; fromSweep: boolean } {
  const ses = s.points.map((p) => p.row.lnMeanMseSe ?? NaN);
  if (ses.length === 0 || !ses.every((se) => Number.isFinite(se) && se >= 0)) {
    const noise = curveNoise(s.points.map((p) => p.y));
    return { se: ses.map(() => noise), fromSweep: false };
  }
  const median = [...ses].sort((a, b) => a - b)[ses.length >> 1];
  return { se: ses.map((se) => Math.max(se, median)), fromSweep: true };
}

/** Whether point i lies above point `low` by more than z combined standard errors and by at least FLAT_SPREAD. */
function above(ys: readonly number[], se: readonly number[], i: number, low: number, z: number): boolean {
  return ys[i] - ys[low] >= Math.max(FLAT_SPREAD, z * Math.hypot(se[i], se[low]));
}

/**
 * Whether a finished curve moves: some point lies above its lowest one beyond their standard errors. Far above
 * its non-private line, bumps of a small fraction of that distance are not a shape to look for.
 */
export function curveMoves(s: MseSeries): boolean {
  const ys = s.points.map((p) => p.y);
  if (ys.length === 0) return false;
  const { se, fromSweep } = pointErrors(s);
  const low = ys.indexOf(Math.min(...ys));
  const excess = s.lnNonPrivate === null ? 0 : ys[low] - s.lnNonPrivate;
  const z = fromSweep ? MOVES_Z : WIGGLE_MOVES_Z;
  return (
    Math.max(...ys) - ys[low] >= SWAMPED_FRACTION * excess && ys.some((_, i) => above(ys, se, i, low, z))
  );
}

/** The shape of a moving curve: an end counts as lowest unless it lies above the lowest point beyond their errors. */
function movingShape(s: MseSeries): Exclude<CurveShape, 'flat'> {
  const ys = s.points.map((p) => p.y);
  const { se } = pointErrors(s);
  const low = ys.indexOf(Math.min(...ys));
  const leftLow = !above(ys, se, 0, low, END_Z);
  const rightLow = !above(ys, se, ys.length - 1, low, END_Z);
  if (leftLow && rightLow) return 'hump';
  if (leftLow) return 'left';
  if (rightLow) return 'right';
  return 'u';
}

/**
 * What a panel's curves show, for its caption: 'flat' when no finished curve moves by more than its own noise
 * (no split helps, or ε does not matter, at these settings), 'moves' otherwise, 'pending' until every curve
 * has `points` points.
 */
export function panelShape(model: MseModel, points: number): 'pending' | 'flat' | 'moves' {
  if (model.series.length === 0 || model.series.some((s) => s.points.length < points)) return 'pending';
  if (tooCoarse(refiningOf(model))) return 'pending';
  return model.series.some(curveMoves) ? 'moves' : 'flat';
}

/** `curves`: how many curves the sweep draws (some may not have arrived yet). */
export function splitVerdict(model: MseModel, points: number, curves = model.series.length): SplitVerdict {
  const expected = Math.max(curves, model.series.length);
  const total = expected * points;
  const done = model.series.reduce((a, s) => a + Math.min(points, s.points.length), 0);
  const refining = refiningOf(model);
  // every point is in, from enough groups to trust the standard errors the shape is decided with
  const complete = done === total && total > 0 && !tooCoarse(refining);
  const verdicts: CurveVerdict[] = [];
  for (const s of model.series) {
    const best = lowest(s);
    if (!best) continue;
    const timesNonPrivate = s.lnNonPrivate === null ? null : Math.exp(best.y - s.lnNonPrivate);
    const shape = complete && curveMoves(s) ? movingShape(s) : 'flat';
    verdicts.push({ label: s.label, shape, best, timesNonPrivate });
  }
  const swamped =
    verdicts.length > 0 &&
    verdicts.every((c) => c.timesNonPrivate !== null && c.timesNonPrivate >= SWAMPED_TIMES);
  const result = { curves: verdicts, done, total, swamped, ...(refining ? { refining } : {}) };
  if (!complete) return { shape: 'pending', ...result };
  const shapes = [...new Set(verdicts.filter((c) => c.shape !== 'flat').map((c) => c.shape))];
  const shape = shapes.length === 0 ? 'flat' : shapes.length === 1 ? shapes[0] : 'mixed';
  return { shape, ...result };
}

/** "about 1.5×", "about 130×": a ratio of errors as a student reads it (two significant figures, one below 10). */
export function timesInWords(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'far above';
  if (ratio < 1.05) return 'about the same as';
  // one decimal below 10, else two significant digits with thousands separators (about 1,300×)
  return `about ${ratio < 10 ? +ratio.toFixed(1) : formatWhole(+ratio.toPrecision(2))}×`;
}
