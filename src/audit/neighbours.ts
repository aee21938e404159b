/**
 * Neighbouring data sets for the audit: D and D′ differ in one record (replace-one, the adjacency every
 * sensitivity of the lab assumes). The default attacks the record the fit explains worst and puts in its place
 * the record that moves the release most, as far as the mechanism's own assumptions allow — a record breaking a
 * public bound would test the assumption, not the mechanism:
 *
 * - regression (KNG, the non-private fit, DPGR/SSP/DP-SGD): the record with the largest residual keeps its
 *   covariate; its response is reflected through its fitted value and pushed to residual length s:
 *   y′ = Exp(ŷᵢ, −s·rᵢ/‖rᵢ‖). s = the public τ where there is one (so every residual stays within the bound the
 *   sensitivity assumes; on S² with τ = π that is near the antipode of ŷᵢ), else 4× the largest residual;
 *   at most 0.999× the injectivity radius (π on S², π/2 on shapes). SSP's public response box clips it.
 *   On negatively curved spaces (SPD) with a public τ_m the sensitivity also assumes the responses lie in a
 *   ball of radius τ_m; the lab's ball is centred at the Fréchet mean m̄ of D, so the new response is pulled
 *   back along the same geodesic until d(m̄, y′) ≤ τ_m (where D itself lies within τ_m, D′ then does too).
 * - Fréchet means (points in a public ball of radius R around c): the point farthest from the mean moves to the
 *   opposite edge of the ball, y′ = Exp(c, −R·u), u the unit direction of Log(c, yᵢ) — the largest change of
 *   the mean the ball allows.
 * A chosen record (`index`) is replaced by the same rule.
 */
import { frechetMean } from '../geometry/mean';
import { fitGeodesicRegression } from '../regression';
import type { MechanismData, MechanismFamily } from '../privacy/mechanism';
import type { MechanismSettings } from '../experiments/mechanisms';

export type NeighbourChoice = { kind: 'largest-residual' } | { kind: 'index'; index: number };

export interface Neighbours {
  D: MechanismData;
  D2: MechanismData;
  /** The record that differs (0-based). */
  index: number;
  before: Float64Array;
  after: Float64Array;
  /** One line for captions: which record and how it was changed. */
  description: string;
}

function unit(M: MechanismData['M'], p: Float64Array, v: Float64Array): Float64Array | null {
  const len = M.norm(p, v);
  return len > 0 && Number.isFinite(len) ? v.map((x) => x / len) : null;
}

/** A fixed unit tangent direction at p (for a record that sits exactly at the centre or on the fit). */
function anyDirection(M: MechanismData['M'], p: Float64Array): Float64Array {
  const v = M.projectTangent(
    p,
    Float64Array.from({ length: M.ambientDim }, (_, j) => (j === 0 ? 1 : 0.5)),
  );
  return unit(M, p, v)!;
}

function pickIndex(choice: NeighbourChoice, n: number, scores: readonly number[]): number {
  if (choice.kind === 'index') {
    if (!(Number.isInteger(choice.index) && choice.index >= 0 && choice.index < n))
      // records are numbered from 1 wherever a person reads them (the lab, the CLI's index:I)
      throw new RangeError(
        `neighbour: record ${choice.index + 1} does not exist: the data have ${n} records (1…${n})`,
      );
    return choice.index;
  }
  let best = 0;
  for (let i = 1; i < n; i++) if (scores[i] > scores[best]) best = i;
  return best;
}

/** Public radius τ_m of the ball holding the responses, where the family's sensitivity uses one (κ < 0). */
function publicTauM(family: MechanismFamily, data: MechanismData, s: MechanismSettings): number | null {
  if (family === 'linreg' || !(data.M.curvatureBounds[0] < 0)) return null;
  return typeof s.kng.tauM === 'number' ? s.kng.tauM : null;
}

/**
 * The largest s ∈ [0, length] with d(centre, at(s)) ≤ r, by bisection: on a Hadamard space (SPD) the distance
 * to a point is convex along a geodesic, so where at(0) is inside the set of such s is one interval from 0.
 */
function longestInside(at: (s: number) => number, length: number, r: number): number {
  if (at(length) <= r) return length;
  let lo = 0;
  let hi = length;
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (at(mid) <= r) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Public residual bound of the mechanism family, if any. */
function publicTau(family: MechanismFamily, s: MechanismSettings): number | null {
  const tau = family === 'linreg' ? s.linreg.dpgr.tau : s.kng.tau;
  return typeof tau === 'number' ? tau : null;
}

export function neighbouringData(
  family: MechanismFamily,
  data: MechanismData,
  s: MechanismSettings,
  choice: NeighbourChoice,
): Neighbours {
  const { M, xs, ys } = data;
  const n = ys.length;
  const replaced = (i: number, y: Float64Array): Neighbours => {
    const ys2 = ys.slice();
    ys2[i] = y;
    return {
      D: data,
      D2: { M, xs, ys: ys2 },
      index: i,
      before: ys[i],
      after: y,
      description: '',
    };
  };
  const cap = Number.isFinite(M.injectivityRadius) ? 0.999 * M.injectivityRadius : Infinity;
  if (family === 'frechet') {
    const center = new Float64Array(M.ambientDim);
    const kind = M.family?.kind;
    if (kind === 'sphere') center[2] = 1;
    else if (kind === 'spd') {
      const k = Math.round(Math.sqrt(M.ambientDim));
      for (let j = 0; j < k; j++) center[j * k + j] = 1;
    }
    const R = kind === 'spd' ? Math.sqrt(Math.sqrt(M.ambientDim)) * s.frechet.radius : s.frechet.radius;
    const dists = ys.map((y) => M.dist(center, y));
    const i = pickIndex(choice, n, dists);
    const u = unit(M, center, M.log(center, ys[i])) ?? anyDirection(M, center);
    const y = M.exp(
      center,
      u.map((x) => -Math.min(R, cap) * x),
    );
    const nb = replaced(i, y);
    nb.description = `record ${i + 1} (${choice.kind === 'index' ? 'chosen' : 'farthest from the centre'}) moved to the opposite edge of the public ball (radius ${+R.toPrecision(3)})`;
    return nb;
  }
  if (!xs) throw new RangeError('neighbour: regression data need covariates');
  const fit = fitGeodesicRegression(M, xs, ys);
  const fitted = Array.from(xs, (x) =>
    M.exp(
      fit.p,
      fit.v.map((c) => c * x),
    ),
  );
  const residuals = ys.map((y, i) => M.log(fitted[i], y));
  const lengths = residuals.map((r, i) => M.norm(fitted[i], r));
  const i = pickIndex(choice, n, lengths);
  const tau = publicTau(family, s);
  let length = Math.min(cap, tau ?? 4 * Math.max(...lengths));
  const u = unit(M, fitted[i], residuals[i]) ?? anyDirection(M, fitted[i]);
  const along = (len: number) =>
    M.exp(
      fitted[i],
      u.map((x) => -len * x),
    );
  const tauM = publicTauM(family, data, s);
  let heldByTauM = false;
  if (tauM !== null) {
    const centre = frechetMean(M, ys);
    const inside = longestInside((len) => M.dist(centre, along(len)), length, tauM);
    heldByTauM = inside < length;
    length = inside;
  }
  let y = along(length);
  if (family === 'linreg' && s.linreg.ssp.yBounds !== 'data') {
    const { lo, hi } = s.linreg.ssp.yBounds;
    y = y.map((c, j) => Math.min(hi[j], Math.max(lo[j], c)));
  }
  const nb = replaced(i, y);
  nb.description =
    `record ${i + 1} (${choice.kind === 'index' ? 'chosen' : 'largest residual'}, x = ${xs[i].toFixed(3)}): ` +
    `response reflected through the fit to residual ${+length.toPrecision(3)} (${
      heldByTauM
        ? `held within the public τ_m = ${+tauM!.toPrecision(3)} of the data's mean`
        : tau !== null
          ? 'the public τ'
          : '4× the largest residual'
    })`;
  return nb;
}
