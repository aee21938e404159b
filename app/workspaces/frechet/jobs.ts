/**
 * What the Fréchet workspace asks the `frechet` worker task for — a thin adapter between the lab's settings
 * and the Fréchet experiment (`src/experiments/frechet*.ts` for its cells, data and errors,
 * `src/privacy/frechet/` for the mechanisms; nothing is recomputed here):
 *
 * - the view: many releases of ONE data set (the point clouds around its true mean). The experiment gives each
 *   replicate its own data set, so the view asks for one replicate (data set 0) at the current ε repeated
 *   `VIEW_RELEASES` times: each copy of ε is its own cell with its own random stream, on the same data set.
 * - the error-vs-ε sweep: the ε grid below at k = 2, `SWEEP_REPS` replicates (fresh data set each);
 * - the error-vs-k sweep (SPD only): 002's k ∈ {2, 5, …, 30} at the current ε.
 * Slow mechanisms (`SLOW_MECHANISMS`) get specs of their own, with fewer releases.
 */
import type { FrechetCell } from '../../../src/experiments/frechet';
import {
  frechetDataRadius,
  frechetPointsDataset,
  type FrechetDataset,
} from '../../../src/experiments/frechetData';
import type { FrechetSensitivitySpec } from '../../../src/experiments/frechetSensitivity';
import {
  FRECHET_MECHANISMS as EXPERIMENT_MECHANISMS,
  frechetDataset,
  type FrechetSpec,
} from '../../../src/experiments/frechetSpec';
import { FRECHET_MECHANISM_TABLE, type FrechetMechanism } from '../../../src/privacy/frechet/mechanisms';
import { intrinsicSensitivity } from '../../../src/privacy/frechet/sensitivity';
import type { ImportedData } from '../../store';
import type { FrechetMechanismId, LabSettings } from '../../state/settings';
import { DATA_DEFAULTS, DEFAULT_SETTINGS } from '../../state/settings';
import { EPS_RANGE_HIGH, EPS_RANGE_LOW, grid125, ruleFactor, scaledEpsRange } from '../../compute/epsRange';
import { frechetProblem, mechanismIdsOn, type OwnData } from './problems';
export type { OwnData };

/** The experiment's name of each mechanism the lab shows (from the one mechanism table). */
export const EXPERIMENT_ID = Object.fromEntries(
  FRECHET_MECHANISM_TABLE.map((m) => [m.labId, m.id]),
) as Record<FrechetMechanismId, FrechetMechanism>;

const LAB_ID = Object.fromEntries(FRECHET_MECHANISM_TABLE.map((m) => [m.id, m.labId])) as Record<
  FrechetMechanism,
  FrechetMechanismId
>;

export const labMechanism = (m: FrechetMechanism): FrechetMechanismId => LAB_ID[m];

/** Releases drawn per mechanism in the view. */
export const VIEW_RELEASES = 40;
/** Replicates (data set + release) per point of the error-vs-ε plot. */
export const SWEEP_REPS = 40;
/** Replicates per point of the error-vs-k plot: 002's 10 (a 30×30 data set takes ~0.4 s to generate). */
export const K_SWEEP_REPS = 10;
/**
 * Conformal-DP runs a Metropolis–Hastings chain in a data-dependent metric for every release (seconds each,
 * where the other mechanisms take micro- to milliseconds): fewer releases and replicates, smaller k, and it
 * runs after the others so they are not kept waiting.
 */
export const SLOW_MECHANISMS: Partial<
  Record<FrechetMechanism, { viewReleases: number; reps: number; maxK: number }>
> = {
  conformal: { viewReleases: 8, reps: 4, maxK: 5 },
};
/** The ε of the error-vs-ε plot at the default settings (1-2-5 values over 0.01 … 10); see frechetEpsGrid. */
export const EPS_GRID: readonly number[] = grid125(EPS_RANGE_LOW, EPS_RANGE_HIGH);
/** The matrix sizes of 002's Fig. 1. */
export const K_GRID: readonly number[] = [2, 5, 10, 15, 20, 25, 30];
/** The drawn SPD size (ellipses, cone). */
export const VIEW_K = 2;
/** 004 Fig. 1's sample sizes and adjacent pairs per size (the command line's `--experiment sensitivity`). */
export const SENSITIVITY_NS: readonly number[] = [10, 20, 40, 80, 160];
export const SENSITIVITY_PAIRS = 20;

/** frechetDataRadius per imported point list and metric: it needs the Fréchet mean, and settings are checked often. */
const radiusCache = new WeakMap<readonly Float64Array[], Map<string, number>>();

/** The imported points the settings use (their space is the one shown), or null for synthetic data. */
export function ownData(s: LabSettings, imported: ImportedData | undefined): OwnData | null {
  const pts = imported?.points;
  if (!imported || !pts || pts.space !== s.frechetSpace) return null;
  const key = pts.space === 'spd' ? s.metric : '';
  let cached = radiusCache.get(imported.ys);
  if (!cached) radiusCache.set(imported.ys, (cached = new Map()));
  let dataRadius = cached.get(key);
  if (dataRadius === undefined) {
    const data = frechetPointsDataset(pts.space, pts.k, s.metric, imported.ys, 1);
    dataRadius = frechetDataRadius(data, pts.space, pts.k);
    cached.set(key, dataRadius);
  }
  const fromData = s.radiusMode === 'data';
  return {
    id: imported.id,
    fileName: imported.fileName,
    points: imported.ys,
    k: pts.k,
    dataRadius,
    // a radius of 0 (all points equal) would make Δ = 0: keep the smallest positive setting instead
    radius: fromData ? Math.max(dataRadius, 1e-6) : s.radius,
    radiusFromData: fromData,
  };
}

/** The experiment's mechanisms for the settings, in the experiment's order (its streams are keyed by it). */
function mechanisms(s: LabSettings): FrechetMechanism[] {
  const chosen = new Set(mechanismIdsOn(s.frechetSpace, s.mechanisms).map((id) => EXPERIMENT_ID[id]));
  return EXPERIMENT_MECHANISMS.filter((m) => chosen.has(m));
}

function baseSpec(s: LabSettings, own: OwnData | null): Omit<FrechetSpec, 'ks' | 'eps' | 'reps'> {
  return {
    manifold: s.frechetSpace,
    metric: s.metric,
    ns: [own ? own.points.length : s.n],
    radius: own ? own.radius : s.radius,
    ...(own ? { points: own.points, radiusFromData: own.radiusFromData } : {}),
    delta: s.delta,
    mechanisms: mechanisms(s),
    calibration: s.calibration,
    sigmaRule: s.sigmaRule,
    seed: s.seed,
    heterogeneous: s.spread === 'heterogeneous',
    conformal: { phiSource: s.phiSource },
  };
}

/**
 * One spec for the fast mechanisms and one per slow mechanism (run in that order), each made by `make` from
 * the base spec with its mechanisms; none when nothing can run (a bad setting, or no mechanism chosen).
 */
function specsFor(
  s: LabSettings,
  own: OwnData | null,
  make: (
    base: Omit<FrechetSpec, 'ks' | 'eps' | 'reps'>,
    slow: (typeof SLOW_MECHANISMS)[FrechetMechanism],
  ) => FrechetSpec | null,
): FrechetSpec[] {
  if (frechetProblem(s, own) !== null) return [];
  const base = baseSpec(s, own);
  const fast = base.mechanisms.filter((m) => !SLOW_MECHANISMS[m]);
  const slow = base.mechanisms.filter((m) => SLOW_MECHANISMS[m]);
  const specs = [
    fast.length ? make({ ...base, mechanisms: fast }, undefined) : null,
    ...slow.map((m) => make({ ...base, mechanisms: [m] }, SLOW_MECHANISMS[m])),
  ];
  return specs.filter((spec): spec is FrechetSpec => spec !== null);
}

/** The SPD size of the data: the user's k, or the drawn size of the synthetic data. */
const dataK = (own: OwnData | null) => own?.k ?? VIEW_K;

export function viewSpecs(s: LabSettings, imported?: ImportedData): FrechetSpec[] {
  const own = ownData(s, imported);
  return specsFor(s, own, (base, slow) => ({
    ...base,
    ks: [dataK(own)],
    eps: Array.from({ length: slow?.viewReleases ?? VIEW_RELEASES }, () => s.eps),
    reps: 1,
    keep: 1,
  }));
}

/**
 * The ε range of the error-vs-ε plot, chosen from the settings as the regression's total-ε axis is
 * (plots/epsRange): the noise scale is σ = c·Δ/ε, so the budgets where the curves fall move with c·Δ. Δ (004
 * Thm 2) grows with the radius r and falls with n; at the default r and n, paper rule, the range is 0.01 … 10
 * (on S² the error is flat at the left, where the noise covers the sphere, and falls like 1/ε to ε = 10).
 */
export function frechetEpsRange(s: LabSettings, imported?: ImportedData): [number, number] {
  const own = ownData(s, imported);
  const k = dataK(own);
  const ref = { manifold: s.frechetSpace, radius: DEFAULT_SETTINGS.radius };
  let factor = 1;
  try {
    const delta = intrinsicSensitivity(
      { manifold: s.frechetSpace, radius: own?.radius ?? s.radius },
      own?.points.length ?? s.n,
      k,
    );
    factor = (ruleFactor(s) * delta) / intrinsicSensitivity(ref, DATA_DEFAULTS.frechet.n, k);
  } catch {
    // a radius without a bound (r ≥ r*): no sweep runs (frechetProblem says why); keep the default range
  }
  return scaledEpsRange(factor, s.eps);
}

/** The ε of the error-vs-ε sweep: the 1-2-5 values over frechetEpsRange (log-spaced on the plot). */
export function frechetEpsGrid(s: LabSettings, imported?: ImportedData): number[] {
  return grid125(...frechetEpsRange(s, imported));
}

export function epsSweepSpecs(s: LabSettings, imported?: ImportedData): FrechetSpec[] {
  const own = ownData(s, imported);
  const eps = frechetEpsGrid(s, imported);
  return specsFor(s, own, (base, slow) => ({
    ...base,
    ks: [dataK(own)],
    eps: [...eps],
    reps: slow?.reps ?? SWEEP_REPS,
    keep: 0,
  }));
}

/** SPD only, and only for synthetic data: the sweep makes data of every size k. */
export function kSweepSpecs(s: LabSettings, imported?: ImportedData): FrechetSpec[] {
  if (s.frechetSpace !== 'spd' || ownData(s, imported)) return [];
  return specsFor(s, null, (base, slow) => {
    const ks = K_GRID.filter((k) => k <= (slow?.maxK ?? Infinity));
    return ks.length ? { ...base, ks, eps: [s.eps], reps: slow?.reps ?? K_SWEEP_REPS, keep: 0 } : null;
  });
}

/**
 * The data set the view draws: replicate 0, the one its releases are made from, or the user's points
 * (throws on bad settings).
 */
export function viewDataset(s: LabSettings, imported?: ImportedData): FrechetDataset {
  const own = ownData(s, imported);
  const problem = frechetProblem(s, own);
  if (problem) throw new RangeError(problem);
  const k = dataK(own);
  const spec = { ...baseSpec(s, own), ks: [k], eps: [s.eps], reps: 1 };
  return frechetDataset(spec, spec.ns[0], k, 0);
}

/**
 * 004 Fig. 1's sensitivity experiment for the settings (synthetic data in the public ball of radius r; the
 * drawn k on SPD): the command line's `frechet --experiment sensitivity` with the same seed and radius gives the
 * same rows. Null when r does not allow the bound.
 */
export function sensitivitySpec(s: LabSettings): FrechetSensitivitySpec | null {
  if (frechetProblem(s, null) !== null) return null;
  return {
    manifold: s.frechetSpace,
    k: VIEW_K,
    metric: s.metric,
    ns: [...SENSITIVITY_NS],
    radius: s.radius,
    pairs: SENSITIVITY_PAIRS,
    seed: s.seed,
  };
}

/** One mechanism's releases in the view, gathered from its cells. */
export interface ViewCloud {
  mechanism: FrechetMechanismId;
  applicable: boolean;
  isPrivate: boolean;
  releases: Float64Array[];
  dists: number[];
  euclideanDists: number[];
  /** Releases that are not SPD (ambient and extrinsic baselines on SPD). */
  notSpd: number;
  sigma: number;
  distance: FrechetCell['distance'];
  notes: string[];
}

/** The view's cells grouped by mechanism (cells still missing are skipped). */
export function viewClouds(cells: readonly (FrechetCell | undefined)[]): ViewCloud[] {
  const by = new Map<FrechetMechanism, ViewCloud>();
  for (const c of cells) {
    if (!c) continue;
    let cloud = by.get(c.mechanism);
    if (!cloud) {
      cloud = {
        mechanism: labMechanism(c.mechanism),
        applicable: true,
        isPrivate: c.isPrivate,
        releases: [],
        dists: [],
        euclideanDists: [],
        notSpd: 0,
        sigma: c.sigma,
        distance: c.distance,
        notes: [],
      };
      by.set(c.mechanism, cloud);
    }
    cloud.applicable &&= c.applicable;
    cloud.isPrivate &&= c.isPrivate;
    cloud.releases.push(...c.releases);
    cloud.dists.push(...c.dists);
    cloud.euclideanDists.push(...c.euclideanDists);
    cloud.notSpd += c.notSpdCount ?? 0;
    for (const note of c.notes) if (!cloud.notes.includes(note)) cloud.notes.push(note);
  }
  return EXPERIMENT_MECHANISMS.filter((m) => by.has(m)).map((m) => by.get(m)!);
}
