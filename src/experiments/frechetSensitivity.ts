/**
 * 004 Fig. 1 (first and third panels): the empirical sensitivity of the Fréchet mean against n — the distance
 * between the means of adjacent data sets — next to the bound of 004 Thm 2 for the public radius.
 */
import { frechetMean } from '../geometry/mean';
import { sphere } from '../geometry/sphere';
import { spd, type SpdMetric } from '../geometry/spd';
import { frechetBallRadius, frechetSensitivity } from '../privacy/frechet/sensitivity';
import type { FrechetManifold } from '../privacy/frechet/settings';
import { Rng } from '../sampling/rng';
import { defineTask } from '../workers/defineTask';
import { frechetData } from './frechetData';

export interface FrechetSensitivitySpec {
  manifold: FrechetManifold;
  k: number;
  metric: SpdMetric;
  ns: number[];
  radius: number;
  /** Adjacent pairs per n. */
  pairs: number;
  seed: number;
}

export interface FrechetSensitivityRow {
  n: number;
  pair: number;
  /** ρ(x̄, x̄′) for D and D′ differing in their last point. */
  empirical: number;
  /** 004 Thm 2 for the public radius. */
  bound: number;
}

/** Number of cells (one per adjacent pair: n varies slowest); checks the spec. */
export function frechetSensitivityCellCount(spec: FrechetSensitivitySpec): number {
  const fail = (msg: string) => {
    throw new RangeError(`Fréchet sensitivity experiment: ${msg}`);
  };
  if (spec.manifold !== 'sphere' && spec.manifold !== 'spd')
    fail(`manifold must be 'sphere' or 'spd' (got ${String(spec.manifold)})`);
  if (spec.ns.some((n) => !Number.isInteger(n) || n < 2))
    fail(`every n must be an integer ≥ 2 (got ${spec.ns.join(', ')})`);
  if (!Number.isInteger(spec.pairs) || spec.pairs < 1)
    fail(`pairs must be an integer ≥ 1 (got ${spec.pairs})`);
  if (!(spec.radius > 0) || !Number.isFinite(spec.radius))
    fail(`the data radius r must be a positive number (got ${spec.radius})`);
  if (spec.manifold === 'spd' && !(Number.isInteger(spec.k) && spec.k >= 1))
    fail(`k must be an integer ≥ 1 (got ${spec.k})`);
  return spec.ns.length * spec.pairs;
}

/**
 * One adjacent pair: n + 1 points from the experiment's generator, seeded by (seed, n, k, pair); D drops the
 * last, D′ the second-to-last (the other n − 1 are shared).
 */
export function frechetSensitivityCell(spec: FrechetSensitivitySpec, index: number): FrechetSensitivityRow {
  const { manifold, k, metric, radius } = spec;
  const n = spec.ns[Math.floor(index / spec.pairs)];
  const pair = index % spec.pairs;
  const M = manifold === 'sphere' ? sphere() : spd(k, metric);
  const R = frechetBallRadius(manifold, k, radius);
  const bound = manifold === 'sphere' ? frechetSensitivity(M, R, n) : (2 * R) / n;
  const all = frechetData(
    { manifold, k, metric, n: n + 1, radius },
    Rng.fromKey(spec.seed, 0x5e45, n, k, pair),
  ).points;
  const D = all.slice(0, n);
  const D2 = [...all.slice(0, n - 1), all[n]];
  const meanOfSet = (ys: Float64Array[]) => frechetMean(M, ys, { init: ys[0] });
  return { n, pair, empirical: M.dist(meanOfSet(D), meanOfSet(D2)), bound };
}

/** All pairs on this thread (the command line); the lab runs the same cells as the `frechetSensitivity` task. */
export function frechetSensitivityExperiment(spec: FrechetSensitivitySpec): FrechetSensitivityRow[] {
  return Array.from({ length: frechetSensitivityCellCount(spec) }, (_, i) => frechetSensitivityCell(spec, i));
}

export const frechetSensitivityTask = defineTask<FrechetSensitivitySpec, FrechetSensitivityRow>({
  cellCount: frechetSensitivityCellCount,
  cell: frechetSensitivityCell,
});
