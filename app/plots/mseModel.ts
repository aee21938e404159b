/**
 * Cheap, pure aggregation behind the MSE plots (runs on every store update while the sweep streams in:
 * a few dozen rows, no sorting beyond that).
 */
import { lnMeanAndMedian } from '../../src/sampling/stats';
import type { Panel, ReleaseCell, SweepRow } from '../../src/experiments';

export interface MsePoint {
  x: number;
  y: number;
  row: SweepRow;
}

export interface MseSeries {
  /** Unique per curve: n, and the noise level when the sweep runs several (Fig. 6). */
  key: string;
  n: number;
  noise: number | null;
  /** Style index: position of n in the settings' curve list (stable while the curves fill in). */
  style: number;
  label: string;
  points: MsePoint[];
  lnNonPrivate: number | null;
}

export interface MseModel {
  series: MseSeries[];
  /** Rows whose ln mean MSE is not a finite number (not drawn). */
  skipped: number;
  /** Rows of this panel that have arrived. */
  count: number;
}

/** x of a row in a panel: ε_p for the unequal split (total fixed), total ε for the equal split. */
export const panelX = (panel: Panel, row: { epsP: number; eps: number }) =>
  panel === 'unequal' ? row.epsP : row.eps;

export function mseModel(
  rows: readonly SweepRow[],
  panel: Panel,
  curves: readonly number[],
  imported = false,
): MseModel {
  // several noise levels at one n (Fig. 6): one curve per noise level, labelled and styled by δ
  const noises = [...new Set(rows.filter((r) => r.split === panel).map((r) => r.noise))].sort(
    (a, b) => (a ?? 0) - (b ?? 0),
  );
  const byNoise = noises.length > 1;
  const byKey = new Map<string, MseSeries>();
  let skipped = 0;
  let count = 0;
  for (const row of rows) {
    if (row.split !== panel) continue;
    count++;
    const key = byNoise ? `${row.n}|${row.noise}` : String(row.n);
    let s = byKey.get(key);
    if (!s) {
      const at = byNoise ? noises.indexOf(row.noise) : curves.indexOf(row.n);
      s = {
        key,
        n: row.n,
        noise: row.noise,
        style: imported ? 0 : at >= 0 ? at : curves.length + byKey.size,
        label: imported ? `your data (n = ${row.n})` : byNoise ? `δ = ${row.noise}` : `n = ${row.n}`,
        points: [],
        lnNonPrivate: null,
      };
      byKey.set(key, s);
    }
    if (s.lnNonPrivate === null && Number.isFinite(row.lnNonPrivateMse)) s.lnNonPrivate = row.lnNonPrivateMse;
    const x = panelX(panel, row);
    if (!Number.isFinite(row.lnMeanMse) || !Number.isFinite(x)) {
      skipped++;
      continue;
    }
    s.points.push({ x, y: row.lnMeanMse, row });
  }
  const series = [...byKey.values()].sort((a, b) => a.n - b.n || (a.noise ?? 0) - (b.noise ?? 0));
  for (const s of series) s.points.sort((a, b) => a.x - b.x);
  return { series, skipped, count };
}

/** The current release (the fits the workspace draws), summarised for the plots and the diagnostics. */
export interface ReleaseSummary {
  /** ln of the mean MSE over all released pairs so far (null when none is finite). */
  lnMeanMse: number | null;
  /** ln of the median MSE (rare far draws dominate the mean; the median shows the bulk). */
  lnMedianMse: number | null;
  pairs: number;
  /** Pairs whose MSE was not finite (left out of the mean). */
  nonFinite: number;
  lnNonPrivateMse: number | null;
  acceptanceP: number | null;
  acceptanceV: number | null;
  escaped: number;
  isPrivate: boolean;
}

const meanOf = (xs: number[]) => {
  const f = xs.filter(Number.isFinite);
  return f.length ? f.reduce((a, b) => a + b, 0) / f.length : null;
};

export function releaseSummary(cells: readonly ReleaseCell[]): ReleaseSummary {
  let sum = 0;
  let pairs = 0;
  let nonFinite = 0;
  const finite: number[] = [];
  const accP: number[] = [];
  const accV: number[] = [];
  let escaped = 0;
  let isPrivate = true;
  for (const c of cells) {
    for (const row of c.mse)
      for (const m of row) {
        if (Number.isFinite(m)) {
          sum += m;
          pairs++;
          finite.push(m);
        } else nonFinite++;
      }
    for (const ch of c.footpointChains) accP.push(ch.acceptanceRate);
    for (const ch of c.shootingChains) accV.push(ch.acceptanceRate);
    escaped += c.escapedShootingChains;
    isPrivate &&= c.isPrivate;
  }
  const ln = pairs > 0 ? Math.log(sum / pairs) : NaN;
  const np = cells[0]?.lnNonPrivateMse;
  return {
    lnMeanMse: Number.isFinite(ln) ? ln : null,
    lnMedianMse: pairs > 0 ? lnMeanAndMedian(finite).lnMedianMse : null,
    pairs,
    nonFinite,
    lnNonPrivateMse: np !== undefined && Number.isFinite(np) ? np : null,
    acceptanceP: meanOf(accP),
    acceptanceV: meanOf(accV),
    escaped,
    isPrivate,
  };
}

/** y range covering every finite value given, padded; a unit range around a single value. */
export function paddedExtent(
  values: Iterable<number | null | undefined>,
  pad = 0.08,
): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return null;
  if (hi - lo < 1e-9) return [lo - 0.5, hi + 0.5];
  const d = (hi - lo) * pad;
  return [lo - d, hi + d];
}

/** The lowest finite point of a series (the best budget split on the unequal panel). */
export function lowest(s: MseSeries): MsePoint | null {
  let best: MsePoint | null = null;
  for (const p of s.points) if (!best || p.y < best.y) best = p;
  return best;
}

/** Below this spread in ln MSE (a factor 1.65 in MSE) across a panel, its curves count as flat. */
export const FLAT_SPREAD = 0.5;

/** Within this of its non-private ln MSE (a factor 1.65 in MSE), a private curve counts as "at" that line. */
export const NEAR_NON_PRIVATE = 0.5;

/**
 * Where the total-ε curves move, so that the captions say what the curves show under the current
 * settings: `falls` — the smallest ε at which some curve has fallen by more than FLAT_SPREAD below its level
 * at the left end; `reaches` — the smallest ε from which every curve stays within NEAR_NON_PRIVATE of its own
 * non-private line (null when some curve does not get there within the range); `range` — the plotted ε.
 */
export interface EpsMoves {
  falls: number | null;
  reaches: number | null;
  range: [number, number];
}

export function epsWhereErrorMoves(model: MseModel): EpsMoves | null {
  const xs = model.series.flatMap((s) => s.points.map((p) => p.x));
  if (xs.length === 0) return null;
  let falls: number | null = null;
  let reaches: number | null = -Infinity;
  for (const s of model.series) {
    const pts = s.points;
    if (pts.length < 2) return null;
    const start = Math.max(pts[0].y, pts[1].y);
    const f = pts.find((p) => p.y < start - FLAT_SPREAD);
    if (f && (falls === null || f.x < falls)) falls = f.x;
    if (s.lnNonPrivate === null) {
      reaches = null;
      continue;
    }
    // the first point from which the curve stays near its non-private line
    let i = pts.length;
    while (i > 0 && pts[i - 1].y - s.lnNonPrivate <= NEAR_NON_PRIVATE) i--;
    if (i === pts.length) reaches = null;
    else if (reaches !== null) reaches = Math.max(reaches, pts[i].x);
  }
  return { falls, reaches, range: [Math.min(...xs), Math.max(...xs)] };
}
