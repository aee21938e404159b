import type { DataManifold } from '../data';
import {
  kngGroupCount,
  prepareKng,
  releaseKngGroup,
  type ImproperFootpoint,
  type KngContext,
  type KngSettings,
} from '../privacy/kng';
import { Rng } from '../sampling/rng';
import { lnMeanInterval } from '../sampling/stats';
import { defineTask } from '../workers/defineTask';
import { budgetPairs, type BudgetOptions, type Panel } from './budgets';
import {
  lnMeanAndMedian,
  jointSettingsFromBudget,
  prepareJointGroups,
  releaseJointGroup,
  type JointGroupContext,
} from './jointRelease';
import type { JointSampler } from './jointSettings';
import type { ReleaseMechanism } from './release';
import { preparedRegression } from './preparedData';
import { mse, type DataSource, type PreparedRegression } from './regressionSetup';

/**
 * Budget-split sweeps (000 Fig. 1, 2, 6, 7; docs/experiments.md): for every panel, budget pair and data set,
 * m private footpoints with m shooting vectors each; ln of the mean MSE over all pairs against the
 * non-private ln MSE. A job is split into cells = (panel, budget point, data set, group) so workers can share
 * it; every cell has its own random stream, so the numbers do not depend on how many workers run it.
 *
 * Cells are numbered in passes: pass g holds chain group g of every plotted point (panel, budget, data set), so
 * a pool that takes cells in order draws every point from one group first (a coarse figure), and each later
 * pass adds a group to every point (the error bars shrink). `sweepRefinement` says how far the passes have got.
 */
export interface SweepSpec {
  manifold: DataManifold;
  /** Synthetic data sets (one curve each), or one imported data set. */
  datasets: { n: number; noise?: number }[];
  imported?: { xs: Float64Array; ys: Float64Array[]; label?: string };
  /** Response dimension for Euclidean synthetic data. */
  d?: number;
  /** Landmarks per outline for Kendall synthetic data (default 50). */
  landmarks?: number;
  /** Seed of the synthetic data sets, and of the samplers unless `samplerSeed` is given. */
  seed: number;
  /** Seed of the samplers' random streams (default `seed`), so one data set can be released several times. */
  samplerSeed?: number;
  panels: Panel[];
  budgets?: BudgetOptions;
  kng: Omit<KngSettings, 'epsP' | 'epsV'>;
  /** kng-joint (private for any data; ε_p + ε_v its total) or paper 000's sequential KNG (the default). */
  mechanism?: ReleaseMechanism;
  /** kng-joint's sampler (default 'walk'; 'mixture' applies MIXTURE_SAMPLER). */
  jointSampler?: JointSampler;
  /** Extra key of the samplers' random streams, so that several sweeps of one data set draw independently. */
  stream?: number;
  /**
   * Chain groups pooled per budget point: the first `groups` of the release's (default all of them; at most
   * that many). Each group is drawn exactly as in the full sweep, so a sweep with fewer groups is the full
   * sweep's first passes: fewer pairs per point, wider error bars, the same sampler. The lab's live sweep uses
   * it where the full count is slow (`liveSweepGroups`).
   */
  groups?: number;
  /**
   * Only these cells of the sweep, by their index in its full order (pass by pass), in this order: a sweep drawn
   * in parts (the split advisor decides which cells to draw from those it has). Each is drawn exactly as in the
   * full sweep, whichever others are drawn.
   */
  cells?: readonly number[];
}

export interface SweepCellResult {
  panel: number;
  budget: number;
  dataset: number;
  n: number;
  lnNonPrivateMse: number;
  isPrivate: boolean;
  notes: string[];
  mseSum: number;
  /** Each pair's MSE (for the median: rare far draws dominate the mean). */
  mses: number[];
  pairs: number;
  acceptanceP: number;
  acceptanceV: number;
  escaped: number;
  stuck: number;
  /** Set when the untruncated footpoint target would not normalise at this budget (kngCalibration.ts). */
  improper: ImproperFootpoint | null;
}

export interface SweepRow {
  n: number;
  noise: number | null;
  split: Panel;
  epsP: number;
  epsV: number;
  eps: number;
  lnMeanMse: number;
  /**
   * Standard error of lnMeanMse and its 95% interval (delta method, `lnMeanInterval`), with each chain's group
   * of pairs as one independent unit: pairs that share a footpoint chain are correlated. NaN with fewer than
   * two groups (the consecutive scheme runs one chain). Always set by aggregateSweep; optional so that rows
   * made elsewhere stay valid.
   */
  lnMeanMseSe?: number;
  lnMeanMseCi?: [number, number];
  lnMedianMse: number;
  lnNonPrivateMse: number;
  /** ln mean MSE − ln MSE_np: the excess due to privacy. */
  excess: number;
  pairs: number;
  /**
   * While the sweep refines (this point has fewer chain groups than the sweep draws there, see
   * `sweepRefinement`): the groups pooled so far, and how many there will be. Absent once the point is complete,
   * so a finished sweep's rows (the command line's) are the same as ever.
   */
  groups?: number;
  groupsTotal?: number;
  acceptanceP: number;
  acceptanceV: number;
  escapedShootingChains: number;
  /** Chains that never moved (their draw is the non-private estimate): raise the burn-in or lower the step. */
  stuckChains: number;
  isPrivate: boolean;
}

/** Column order of sweep rows in tables (CSV exports of the lab and the CLI). */
export const SWEEP_ROW_COLUMNS: readonly (keyof SweepRow)[] = [
  'n',
  'noise',
  'split',
  'epsP',
  'epsV',
  'eps',
  'lnMeanMse',
  'lnMedianMse',
  'lnNonPrivateMse',
  'excess',
  'pairs',
  'acceptanceP',
  'acceptanceV',
  'escapedShootingChains',
  'stuckChains',
  'isPrivate',
];

export interface SweepResult {
  rows: SweepRow[];
  notes: string[];
}

function dataSources(spec: SweepSpec): DataSource[] {
  if (spec.imported) return [{ kind: 'imported', manifold: spec.manifold, ...spec.imported }];
  return spec.datasets.map((d) => ({
    kind: 'synthetic',
    manifold: spec.manifold,
    n: d.n,
    noise: d.noise,
    seed: spec.seed,
    d: spec.d,
    landmarks: spec.landmarks,
  }));
}

function shape(spec: SweepSpec) {
  const budgets = spec.panels.map((p) => budgetPairs(p, spec.budgets));
  const points = budgets[0]?.length ?? 0;
  const datasets = spec.imported ? 1 : spec.datasets.length;
  const all = spec.mechanism === 'kng-joint' ? spec.kng.m : kngGroupCount({ ...spec.kng, epsP: 1, epsV: 1 });
  if (spec.groups !== undefined && !(Number.isInteger(spec.groups) && spec.groups >= 1))
    throw new RangeError(`sweep: groups must be a positive integer (got ${spec.groups})`);
  const groups = Math.min(all, spec.groups ?? all);
  /** Cells of one pass: one group of every plotted point. */
  const perPass = spec.panels.length * points * datasets;
  return { budgets, points, datasets, groups, perPass, cells: perPass * groups };
}

/** Pairs in one group: kng-joint's one, KNG's m shooting vectors at its footpoint (m × m for the consecutive scheme). */
function pairsPerGroup(spec: SweepSpec): number {
  if (spec.mechanism === 'kng-joint') return 1;
  return spec.kng.scheme === 'independent' ? spec.kng.m : spec.kng.m * spec.kng.m;
}

/** How far a streaming sweep has got: its points drawn, and the groups (and pairs) behind the thinnest one. */
export interface SweepRefinement {
  /** Plotted points (panel, budget, data set) with at least one group, and all of them. */
  points: number;
  pointsTotal: number;
  /** Groups at the point with the fewest (0 until every point has one), and per point when complete. */
  groups: number;
  groupsTotal: number;
  /** Pairs at the point with the fewest (0 until every point has one), and per point when complete. */
  pairs: number;
  pairsTotal: number;
  /** Pairs per point of the full sweep (all the release's groups): above pairsTotal where `groups` caps them. */
  pairsFull: number;
}

/** The sweep's refinement from the cells arrived so far (`cells[i]` is cell i, or undefined). */
export function sweepRefinement(
  spec: SweepSpec,
  cells: readonly (SweepCellResult | undefined)[],
): SweepRefinement {
  const { perPass, groups } = shape(spec);
  const count = new Uint32Array(perPass);
  const pairs = new Float64Array(perPass);
  cells.forEach((c, i) => {
    if (!c || i >= perPass * groups) return;
    count[i % perPass]++;
    pairs[i % perPass] += c.pairs;
  });
  let points = 0;
  let minGroups = perPass > 0 ? Infinity : 0;
  let minPairs = perPass > 0 ? Infinity : 0;
  for (let j = 0; j < perPass; j++) {
    if (count[j] > 0) points++;
    minGroups = Math.min(minGroups, count[j]);
    minPairs = Math.min(minPairs, pairs[j]);
  }
  return {
    points,
    pointsTotal: perPass,
    groups: minGroups,
    groupsTotal: groups,
    pairs: minPairs,
    pairsTotal: pairsPerGroup(spec) * groups,
    pairsFull: pairsPerGroup(spec) * shape({ ...spec, groups: undefined }).groups,
  };
}

/** Per-worker cache: fits per data set and KNG contexts per (panel, budget, data set). */
export interface SweepScratch {
  regressions: (PreparedRegression | undefined)[];
  contexts: Map<string, KngContext | JointGroupContext>;
}

export function sweepSetup(_spec: SweepSpec): SweepScratch {
  return { regressions: [], contexts: new Map() };
}

// the data sets this thread prepared last are reused (preparedData.ts): the advisor's coarse and fine sweeps are
// two jobs over the same data, and the advice's privacy statement a third
function regressionFor(spec: SweepSpec, scratch: SweepScratch, k: number): PreparedRegression {
  return (scratch.regressions[k] ??= preparedRegression(dataSources(spec)[k]));
}

export function sweepCellCount(spec: SweepSpec): number {
  const all = shape(spec).cells;
  if (!spec.cells) return all;
  if (!spec.cells.every((i) => Number.isInteger(i) && i >= 0 && i < all))
    throw new RangeError(`sweep: cells must be indices of the sweep's ${all} cells`);
  return spec.cells.length;
}

export function sweepCell(spec: SweepSpec, part: number, scratch: SweepScratch): SweepCellResult {
  const { budgets, points, datasets, perPass } = shape(spec);
  const index = spec.cells ? spec.cells[part] : part;
  // pass by pass (see the module's comment): group slowest, then panel, budget and data set
  const group = Math.floor(index / perPass);
  const j = index % perPass;
  const dataset = j % datasets;
  const budget = Math.floor(j / datasets) % points;
  const panel = Math.floor(j / (datasets * points));
  const reg = regressionFor(spec, scratch, dataset);
  const key = `${panel}/${budget}/${dataset}`;
  const joint = spec.mechanism === 'kng-joint';
  let ctx = scratch.contexts.get(key);
  if (!ctx) {
    const settings = { ...spec.kng, ...budgets[panel][budget] };
    ctx = joint
      ? prepareJointGroups(
          reg,
          dataSources(spec)[dataset],
          jointSettingsFromBudget(settings, reg.M.family?.kind, spec.jointSampler),
        )
      : prepareKng(reg, settings);
    scratch.contexts.set(key, ctx);
  }
  const path = [spec.samplerSeed ?? spec.seed, 0x5eed, panel, budget, dataset] as const;
  const rng = spec.stream === undefined ? Rng.fromKey(...path) : Rng.fromKey(...path, spec.stream);
  const g = 'toPublic' in ctx ? releaseJointGroup(ctx, rng, group) : releaseKngGroup(ctx, rng, group);
  const calibration =
    'toPublic' in ctx
      ? { isPrivate: ctx.isPrivate, notes: ctx.notes, footpointImproper: null }
      : ctx.calibration;
  const mses = g.footpoints.flatMap((p, i) => g.shootingVectors[i].map((v) => mse(reg, p, v)));
  const mseSum = mses.reduce((a, b) => a + b, 0);
  const pairs = mses.length;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    panel,
    budget,
    dataset,
    n: reg.ys.length,
    lnNonPrivateMse: reg.lnNonPrivateMse,
    isPrivate: calibration.isPrivate,
    notes: calibration.notes,
    mseSum,
    mses,
    pairs,
    acceptanceP: mean(g.footpointChains.map((c) => c.acceptanceRate)),
    acceptanceV: mean(g.shootingChains.map((c) => c.acceptanceRate)),
    escaped: g.escapedShootingChains,
    stuck: g.stuckChains,
    improper: calibration.footpointImproper,
  };
}

/** Rows for the cells computed so far (partial results give partial curves). */
export function aggregateSweep(
  spec: SweepSpec,
  cells: readonly (SweepCellResult | undefined)[],
): SweepResult {
  const { budgets, groups } = shape(spec);
  const byKey = new Map<string, SweepCellResult[]>();
  for (const c of cells) {
    if (!c) continue;
    const key = `${c.panel}/${c.budget}/${c.dataset}`;
    const list = byKey.get(key) ?? [];
    list.push(c);
    byKey.set(key, list);
  }
  const rows: SweepRow[] = [];
  const notes = new Set<string>();
  const improperAt = new Map<string, Map<number, number>>(); // reason → n → the largest smallest ε_p
  for (const list of byKey.values()) {
    const { panel, budget, dataset, n, lnNonPrivateMse, isPrivate, improper } = list[0];
    const { epsP, epsV } = budgets[panel][budget];
    // one note for all budgets whose footpoint target would not normalise, instead of one per budget
    list[0].notes.forEach((note) => note !== improper?.message && notes.add(note));
    if (improper) {
      const byN = improperAt.get(improper.reason) ?? new Map<number, number>();
      byN.set(n, Math.max(byN.get(n) ?? 0, improper.minEpsP));
      improperAt.set(improper.reason, byN);
    }
    const pairs = list.reduce((a, c) => a + c.pairs, 0);
    const lnMeanMse = Math.log(list.reduce((a, c) => a + c.mseSum, 0) / pairs);
    // groups hold equal numbers of pairs, so the mean of their means is the mean over all pairs
    const interval = lnMeanInterval(list.map((c) => c.mseSum / c.pairs));
    const avg = (f: (c: SweepCellResult) => number) => list.reduce((a, c) => a + f(c), 0) / list.length;
    rows.push({
      n,
      noise: spec.imported ? null : (spec.datasets[dataset].noise ?? null),
      split: spec.panels[panel],
      epsP,
      epsV,
      eps: epsP + epsV,
      lnMeanMse,
      lnMeanMseSe: interval.se,
      lnMeanMseCi: interval.ci,
      lnMedianMse: lnMeanAndMedian(list.flatMap((c) => c.mses)).lnMedianMse,
      lnNonPrivateMse,
      excess: lnMeanMse - lnNonPrivateMse,
      pairs,
      ...(list.length < groups ? { groups: list.length, groupsTotal: groups } : {}),
      acceptanceP: avg((c) => c.acceptanceP),
      acceptanceV: avg((c) => c.acceptanceV),
      escapedShootingChains: list.reduce((a, c) => a + c.escaped, 0),
      stuckChains: list.reduce((a, c) => a + c.stuck, 0),
      isPrivate,
    });
  }
  rows.sort(
    (a, b) =>
      a.split.localeCompare(b.split) || a.n - b.n || (a.noise ?? 0) - (b.noise ?? 0) || a.epsP - b.epsP,
  );
  for (const [reason, byN] of improperAt) {
    const where = [...byN]
      .sort((a, b) => a[0] - b[0])
      .map(([n, e]) => `ε_p < ${e.toPrecision(2)} at n = ${n}`);
    notes.add(`Where ${where.join(', ')}, ${reason}.`);
  }
  return { rows, notes: [...notes] };
}

/** All cells of a sweep on this thread; the worker pool runs the same cells in parallel. */
export function sweepCells(spec: SweepSpec): SweepCellResult[] {
  const scratch = sweepSetup(spec);
  return Array.from({ length: sweepCellCount(spec) }, (_, i) => sweepCell(spec, i, scratch));
}

/** The whole sweep on this thread (tests, small runs). */
export function runSweep(spec: SweepSpec): SweepResult {
  return aggregateSweep(spec, sweepCells(spec));
}

export const sweepTask = defineTask<SweepSpec, SweepCellResult, SweepScratch>({
  cellCount: sweepCellCount,
  setup: sweepSetup,
  cell: sweepCell,
});
