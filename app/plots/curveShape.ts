/**
 * What the split plot shows, decided from its plotted numbers, for its caption and readout: whether the
 * curves are still coming in, flat, U-shaped or lowest at one end, and how far the best split stays above the
 * non-private error — in words a student reads ("about 130× the non-private error").
 */
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
  /** 'pending' until every curve has all its points; 'mixed' when the moving curves disagree. */
  shape: 'pending' | 'flat' | Exclude<CurveShape, 'flat'> | 'mixed';
  curves: CurveVerdict[];
  /** Points plotted so far, and when complete. */
  done: number;
  total: number;
  /** Every curve's best split is still ≥ SWAMPED_TIMES the non-private error: the noise swamps the fit. */
  swamped: boolean;
}

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
 * Whether a finished curve moves by more than its own noise (and by at least FLAT_SPREAD) over the panel. Far
 * above its non-private line, bumps of a small fraction of that distance are not a shape to look for.
 */
export function curveMoves(s: MseSeries): boolean {
  const ys = s.points.map((p) => p.y);
  const spread = Math.max(...ys) - Math.min(...ys);
  const excess = s.lnNonPrivate === null ? 0 : Math.min(...ys) - s.lnNonPrivate;
  return spread >= Math.max(FLAT_SPREAD, 4.5 * curveNoise(ys), SWAMPED_FRACTION * excess);
}

/** The shape of a moving curve: an end counts as lowest when it is within the curve's noise of the minimum. */
function movingShape(s: MseSeries, best: MsePoint): Exclude<CurveShape, 'flat'> {
  const ys = s.points.map((p) => p.y);
  const margin = Math.max(FLAT_SPREAD, 3 * curveNoise(ys));
  const leftLow = ys[0] - best.y < margin;
  const rightLow = ys[ys.length - 1] - best.y < margin;
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
  return model.series.some(curveMoves) ? 'moves' : 'flat';
}

/** `curves`: how many curves the sweep draws (some may not have arrived yet). */
export function splitVerdict(model: MseModel, points: number, curves = model.series.length): SplitVerdict {
  const expected = Math.max(curves, model.series.length);
  const total = expected * points;
  const done = model.series.reduce((a, s) => a + Math.min(points, s.points.length), 0);
  const complete = done === total && total > 0;
  const verdicts: CurveVerdict[] = [];
  for (const s of model.series) {
    const best = lowest(s);
    if (!best) continue;
    const timesNonPrivate = s.lnNonPrivate === null ? null : Math.exp(best.y - s.lnNonPrivate);
    const shape = complete && curveMoves(s) ? movingShape(s, best) : 'flat';
    verdicts.push({ label: s.label, shape, best, timesNonPrivate });
  }
  const swamped =
    verdicts.length > 0 &&
    verdicts.every((c) => c.timesNonPrivate !== null && c.timesNonPrivate >= SWAMPED_TIMES);
  const result = { curves: verdicts, done, total, swamped };
  if (!complete) return { shape: 'pending', ...result };
  const shapes = [...new Set(verdicts.filter((c) => c.shape !== 'flat').map((c) => c.shape))];
  const shape = shapes.length === 0 ? 'flat' : shapes.length === 1 ? shapes[0] : 'mixed';
  return { shape, ...result };
}

/** "about 1.5×", "about 130×": a ratio of errors as a student reads it (two significant figures, one below 10). */
export function timesInWords(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'far above';
  if (ratio < 1.05) return 'about the same as';
  const r = ratio < 10 ? +ratio.toFixed(1) : +ratio.toPrecision(2);
  return `about ${r.toLocaleString('en-US')}×`;
}
