/**
 * The private release as the views read it: its released pairs (p̃, ṽ), footpoints and the non-private fit the
 * cells carry, and the one-line status every regression workspace shows. Pure functions over the release cells
 * (cells of another workspace, still in the store for a moment after a switch, have another dimension and are
 * skipped), shared by the 3-D and 2-D views, the exports and the status line.
 */
import type { ReleaseCell } from '../../src/experiments';
import type { PrivacyStatement } from '../../src/privacy/statement';
import { formatFixed } from '../format';
import { releaseSummary } from '../plots/mseModel';
import type { JobView } from '../store';

/** One released pair (p̃, ṽ), in the order of the release grid. */
export interface ReleasedPair {
  /** 1-based number shown to the user. */
  index: number;
  p: Float64Array;
  v: Float64Array;
  /** MSE of the pair on the data (computed in the worker). */
  mse: number;
  /** Index of its footpoint in the release (0-based, over all cells). */
  footpoint: number;
}

/** The released pairs of cells whose points have `dim` coordinates. */
export function releasedPairs(cells: readonly ReleaseCell[], dim: number): ReleasedPair[] {
  const out: ReleasedPair[] = [];
  let footpoint = 0;
  for (const c of cells) {
    if (c.pHat.length !== dim) continue;
    c.footpoints.forEach((p, i) => {
      c.shootingVectors[i].forEach((v, j) =>
        out.push({ index: out.length + 1, p, v, mse: c.mse[i]?.[j] ?? NaN, footpoint }),
      );
      footpoint++;
    });
  }
  return out;
}

/** The private footpoints of cells whose points have `dim` coordinates. */
export function releasedFootpoints(cells: readonly ReleaseCell[], dim: number): Float64Array[] {
  return cells.filter((c) => c.pHat.length === dim).flatMap((c) => c.footpoints);
}

/** The non-private fit the release was computed against (carried by its cells), if it fits `dim`. */
export function nonPrivateFit(
  cells: readonly ReleaseCell[],
  dim: number,
): { pHat: Float64Array; vHat: Float64Array; lnMse: number } | null {
  const c = cells.find((x) => x.pHat.length === dim);
  return c ? { pHat: c.pHat, vHat: c.vHat, lnMse: c.lnNonPrivateMse } : null;
}

/** ln of the mean MSE over the finite released pairs of the cells of `dim` (null before any). */
export function lnMeanMse(cells: readonly ReleaseCell[], dim: number): number | null {
  return releaseSummary(cells.filter((c) => c.pHat.length === dim)).lnMeanMse;
}

export interface ReleaseStatusLine {
  state: 'running' | 'done' | 'error';
  /** One sentence: computing … / done … / failed …. */
  text: string;
  /** The calibration's verdict in a few words (null while nothing has arrived). */
  privacyLabel: string | null;
  /** True for a release private for any data (kng-joint with its public inputs): a plain badge, not a warning. */
  privateForAnyData: boolean;
  /** Why it is (not) private, and the other calibration notes. */
  notes: readonly string[];
  /** The whole release's privacy statement, built with it in the worker (null while nothing has arrived). */
  privacy: PrivacyStatement | null;
}

const f2 = (x: number) => (Math.abs(x) >= 10 ? x.toFixed(1) : x.toPrecision(2));

/** Plain-language status of the private release behind a view whose points have `dim` coordinates. */
export function releaseStatusLine(
  release: JobView<ReleaseCell>,
  cells: readonly ReleaseCell[],
  budget: { epsP: number; epsV: number },
  dim: number,
): ReleaseStatusLine {
  const mine = cells.filter((c) => c.pHat.length === dim);
  const first = mine[0];
  const privacyLabel = first ? first.privacyLabel : null;
  const privacy = first ? first.privacy : null;
  const notes = first ? first.notes : [];
  const joint = first?.mechanism === 'kng-joint';
  const privateForAnyData = joint && first.isPrivate;
  const eps = joint
    ? `ε = ${f2(budget.epsP + budget.epsV)} (split ${f2(budget.epsP / (budget.epsP + budget.epsV))})`
    : `ε_p = ${f2(budget.epsP)}, ε_v = ${f2(budget.epsV)}`;
  if (release.status === 'error')
    return {
      state: 'error',
      text: `The private release failed: ${release.error ?? 'unknown error'}`,
      privacyLabel,
      privateForAnyData,
      notes,
      privacy,
    };
  const summary = releaseSummary(mine);
  const pairs = summary.pairs + summary.nonFinite;
  if (release.status !== 'done') {
    const progress = release.total > 0 ? ` ${release.done} of ${release.total} chain groups` : '';
    const sofar = pairs && release.done > 0 ? `, ${pairs} pairs so far` : '';
    return {
      state: 'running',
      text: `Computing the private release at ${eps}…${progress}${sofar}`,
      privacyLabel,
      privateForAnyData,
      notes,
      privacy,
    };
  }
  const median =
    summary.lnMedianMse !== null && summary.pairs > 1
      ? ` (median ${formatFixed(summary.lnMedianMse, 2)})`
      : '';
  const mse =
    summary.lnMeanMse !== null && summary.lnNonPrivateMse !== null
      ? `; ln mean MSE ${formatFixed(summary.lnMeanMse, 2)}${median} vs ${formatFixed(summary.lnNonPrivateMse, 2)} non-private`
      : '';
  const escaped = summary.escaped ? `; ${summary.escaped} shooting-vector chain(s) escaped the ball` : '';
  return {
    state: 'done',
    text: joint
      ? `Private release done: ${pairs} draws (p̃, ṽ), each one release, at ${eps}${mse}.`
      : `Private release done: ${pairs} pairs (p̃, ṽ) at ${eps}${mse}${escaped}.`,
    privacyLabel,
    privateForAnyData,
    notes,
    privacy,
  };
}
