/**
 * What the Fréchet error plots show, in words, decided from their plotted points (errorPlotModel): how fast two
 * curves grow with the matrix size k, which of two curves is lower and by how much, and how the curves fall with
 * ε. A difference is claimed only where the points' ±2 SE bars keep apart; ratios are put as a student reads them
 * ("about 1.5×").
 */
import { formatSignificant } from '../../format';
import { timesInWords } from '../../plots/curveShape';
import type { FrechetMechanismId } from '../../state/settings';
import type { ErrorModel, ErrorPoint, ErrorSeries } from './errorPlotModel';
import { MECHANISM_STYLES } from './mechanisms';

const name = (m: FrechetMechanismId) => MECHANISM_STYLES[m].label;
const fmt = (x: number) => formatSignificant(x, 2);

/** The two points' ±2 SE bars overlap (unknown bars count as overlapping: no difference is claimed). */
export const barsOverlap = (a: ErrorPoint, b: ErrorPoint) =>
  !(Number.isFinite(a.lo) && Number.isFinite(b.lo)) || (a.lo <= b.hi && b.lo <= a.hi);

/** At each x both curves have: which is lower (null: their bars overlap) and how many times the other it is. */
export interface PairAt {
  x: number;
  lower: 'a' | 'b' | null;
  /** The higher error over the lower (≥ 1). */
  times: number;
}

export function comparePair(a: ErrorSeries, b: ErrorSeries): PairAt[] {
  const bAt = new Map(b.points.map((p) => [p.x, p]));
  return a.points.flatMap((p) => {
    const q = bAt.get(p.x);
    if (!q) return [];
    const lower = barsOverlap(p, q) ? null : p.y < q.y ? 'a' : 'b';
    return [{ x: p.x, lower, times: Math.max(p.y, q.y) / Math.min(p.y, q.y) }];
  });
}

const seriesOf = (model: ErrorModel, m: FrechetMechanismId) => model.series.find((s) => s.mechanism === m);

/** Where: "ε = 0.1, 0.2 and 0.5" for up to three values, else "4 of the 10 ε" (a slide has room for few). */
function where(symbol: string, xs: readonly number[], of: number): string {
  if (xs.length > 3) return `${xs.length} of the ${of} ${symbol}`;
  const f = xs.map(fmt);
  return `${symbol} = ${f.length > 1 ? `${f.slice(0, -1).join(', ')} and ${f.at(-1)}` : f[0]}`;
}

/** "about 1.5×", or "about 1.3–1.8×" over a range of ratios. */
function timesRange(ratios: readonly number[]): string {
  const lo = Math.min(...ratios);
  const hi = Math.max(...ratios);
  const [a, b] = [timesInWords(lo), timesInWords(hi)];
  return a === b ? a : `${a.replace(/×$/, '')}–${b.replace(/^about /, '')}`;
}

/**
 * Which of two curves is lower over the x they share, in one sentence: lower everywhere or where their bars keep
 * apart (by how much), each lower somewhere, or the same. Null when they share no point yet.
 */
export function lowerCurveSentence(
  model: ErrorModel,
  a: FrechetMechanismId,
  b: FrechetMechanismId,
  symbol: string,
): string | null {
  const sa = seriesOf(model, a);
  const sb = seriesOf(model, b);
  if (!sa || !sb) return null;
  const pairs = comparePair(sa, sb);
  if (pairs.length === 0) return null;
  const aLower = pairs.filter((p) => p.lower === 'a');
  const bLower = pairs.filter((p) => p.lower === 'b');
  const at = (list: readonly PairAt[]) =>
    where(
      symbol,
      list.map((p) => p.x),
      pairs.length,
    );
  const tied = pairs.filter((p) => p.lower === null);
  const tiedText = tied.length ? `; their ±2 SE bars overlap at ${at(tied)}` : '';
  if (aLower.length && bLower.length)
    return `The ${name(a)} error is the lower at ${at(aLower)}, the ${name(b)} error at ${at(bLower)}${tiedText}.`;
  const [low, wins] = aLower.length ? [a, aLower] : [b, bLower];
  if (wins.length === 0)
    return `The ${name(a)} and ${name(b)} errors are the same within their ±2 SE bars at every ${symbol} shown.`;
  const everywhere = wins.length === pairs.length ? `at every ${symbol} shown` : `at ${at(wins)}`;
  return `The ${name(low)} error is the lower ${everywhere}, by ${timesRange(wins.map((p) => p.times))}${tiedText}.`;
}

/** A curve's change from its first point to its last, in words: "grows about 12×", "hardly changes". */
const change = (g: number) =>
  g >= 1.05 ? `grows ${timesInWords(g)}` : g > 1 / 1.05 ? 'hardly changes' : `falls ${timesInWords(1 / g)}`;

/** How many times its error at the first x a curve's error at the last x is (null: fewer than two points). */
function growth(s: ErrorSeries): number | null {
  const first = s.points[0];
  const last = s.points.at(-1);
  return first && last && last !== first ? last.y / first.y : null;
}

/**
 * 002's Fig. 1 in words: how much each curve grows from the smallest k to the largest, which grows much faster
 * (at least twice the factor) or faster (1.25 times) if either does, and which is lower at the largest k where
 * their bars keep apart. Null until both curves have their first and last k.
 */
export function growthSentence(
  model: ErrorModel,
  fast: FrechetMechanismId,
  slow: FrechetMechanismId,
): string | null {
  const sf = seriesOf(model, fast);
  const ss = seriesOf(model, slow);
  const gf = sf && growth(sf);
  const gs = ss && growth(ss);
  if (!sf || !ss || !gf || !gs) return null;
  const [k0, k1] = [sf.points[0].x, sf.points.at(-1)!.x];
  if (ss.points[0].x !== k0 || ss.points.at(-1)!.x !== k1) return null;
  const [f, sl] = [name(fast), name(slow)];
  const pace =
    gf >= 2 * gs
      ? 'much faster'
      : gf >= 1.25 * gs
        ? 'faster'
        : gs >= 2 * gf
          ? 'much slower'
          : gs >= 1.25 * gf
            ? 'slower'
            : 'about as fast';
  const from = `From k = ${fmt(k0)} to ${fmt(k1)}`;
  const growthText =
    gf >= 1.05 && gs >= 1.05
      ? `${from} the ${f} error grows ${pace}: ${timesInWords(gf)}, against ${timesInWords(gs)} for the ${sl}’s`
      : `${from} the ${f} error ${change(gf)} and the ${sl}’s ${change(gs)}`;
  const last = comparePair(sf, ss).at(-1);
  if (!last || last.x !== k1) return `${growthText}.`;
  const lastText =
    last.lower === null
      ? `; at k = ${fmt(k1)} the two are the same within their ±2 SE bars.`
      : `; at k = ${fmt(k1)} the ${name(last.lower === 'a' ? fast : slow)}’s is the lower, by ${timesInWords(last.times)}.`;
  return growthText + lastText;
}

/** The slope of ln error against ln x, by least squares over a curve's points (null: fewer than two). */
export function logLogSlope(s: ErrorSeries): number | null {
  const pts = s.points.filter((p) => p.x > 0 && p.y > 0);
  if (pts.length < 2) return null;
  const lx = pts.map((p) => Math.log(p.x));
  const ly = pts.map((p) => Math.log(p.y));
  const mx = lx.reduce((a, v) => a + v, 0) / lx.length;
  const my = ly.reduce((a, v) => a + v, 0) / ly.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < lx.length; i++) {
    sxy += (lx[i] - mx) * (ly[i] - my);
    sxx += (lx[i] - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : null;
}

/**
 * How the error-vs-ε curves fall: 'all' when every curve ends below a third of its first error, with
 * `likeInverse` when every log–log slope is within 0.3 of −1 (error ∝ 1/ε); 'some' with the curves that do not
 * fall so; null without curves of two points or more.
 */
export function epsFall(
  model: ErrorModel,
): { falls: 'all' | 'some'; likeInverse: boolean; notFalling: FrechetMechanismId[] } | null {
  const curves = model.series.filter((s) => s.points.length > 1);
  if (curves.length === 0) return null;
  const notFalling = curves.filter((s) => (growth(s) ?? 1) > 1 / 3).map((s) => s.mechanism);
  const likeInverse = curves.every((s) => Math.abs((logLogSlope(s) ?? 0) + 1) <= 0.3);
  return { falls: notFalling.length ? 'some' : 'all', likeInverse, notFalling };
}
