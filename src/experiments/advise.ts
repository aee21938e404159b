import type { DataManifold } from '../data';
import { linspace } from './budgets';
import { Rng } from '../sampling/rng';
import { sweepCells, sweepRefinement, type SweepCellResult, type SweepSpec } from './sweep';

/**
 * Split advisor: "how should I split my ε between footpoint and shooting vector?" Two budget-split sweeps of
 * the same data at the same total ε (the sweep task, so workers run them): a coarse one over the whole range,
 * then a finer one with more private pairs around the coarse minimum. A local quadratic (LOESS) fit of
 * ln mean MSE over the split, weighted by each point's standard error, gives a smooth curve; the advice is its
 * minimum and the interval of splits whose fitted error is within z standard errors of the best (the noise of
 * the estimate: a narrower claim is not supported by the draws). Both sweeps are drawn in parts, each decided by
 * the draws before it (`nextAdviceSweep`): the coarse one stops drawing at splits clearly worse than the best,
 * the fine one once its best split is placed precisely within the interval.
 */
export interface AdviseSpec {
  manifold: DataManifold;
  /** The synthetic data set (ignored with `imported`). */
  dataset: { n: number; noise?: number };
  imported?: SweepSpec['imported'];
  d?: number;
  /** Kendall: landmarks per synthetic outline (default: the generator's 50). */
  landmarks?: number;
  /** Seed of the synthetic data, and of the samplers unless `samplerSeed` is given. */
  seed: number;
  /** Seed of the samplers' random streams (default `seed`). */
  samplerSeed?: number;
  /** Total budget ε = ε_p + ε_v. */
  eps: number;
  /** Sampler settings; `m` is the coarse stage's m (m × m private pairs per split). */
  kng: SweepSpec['kng'];
  /** The release advised on (default: paper 000's KNG). */
  mechanism?: SweepSpec['mechanism'];
  /** Shares ε_p/ε searched (default [0.02, 0.98]). */
  range?: readonly [number, number];
  /** Splits of the coarse stage (default 11). */
  coarsePoints?: number;
  /** Splits of the fine stage (default 9). */
  finePoints?: number;
  /** m of the fine stage (default max(m, min(20, 2m))): more pairs where the decision is made. */
  fineM?: number;
  /** Width of the "within the noise" band, in standard errors of the fitted difference (default 2). */
  z?: number;
}

export interface AdvicePoint {
  split: number;
  epsP: number;
  epsV: number;
  lnMeanMse: number;
  /** Standard error of lnMeanMse (delta method over the independent footpoint groups). */
  se: number;
  pairs: number;
  stage: 'coarse' | 'fine';
}

export interface AdviceCurvePoint {
  split: number;
  /** Fitted ln MSE. */
  lnMse: number;
  /** Standard error of the fitted value. */
  se: number;
}

export interface Advice {
  eps: number;
  n: number;
  /** Recommended share of ε on the footpoint, and the budgets it gives. */
  split: number;
  epsP: number;
  epsV: number;
  /** Fitted ln MSE at the recommended split, and its excess over the non-private ln MSE. */
  lnMse: number;
  excess: number;
  lnNonPrivateMse: number;
  /** Splits whose fitted error is within the noise of the best. */
  interval: [number, number];
  /** Spacing of the finest sweep's points: the best split is not placed more finely than this. */
  resolution: number;
  /**
   * Standard error of the best split: its spread when the advice is refitted to resamples of the chain groups
   * (`bestSplitSe`). The finished advice has it; the coarse sweep's first answer does not.
   */
  splitSe?: number;
  /** True when the interval spans (nearly) the whole range: no split is clearly better at this n and ε. */
  flat: boolean;
  isPrivate: boolean;
  notes: string[];
  points: AdvicePoint[];
  curve: AdviceCurvePoint[];
  /** One sentence for people. */
  summary: string;
}

const DEFAULT_RANGE: readonly [number, number] = [0.02, 0.98];
const COARSE_STREAM = 0xad1;
const FINE_STREAM = 0xad2;
const CURVE_POINTS = 97;
/**
 * Smallest half-width of the local fit, as a share of the searched range. The fit runs in logit(split): the
 * noise terms grow like 1/ε_p² and 1/ε_v², which that coordinate spreads out, so the curve is smoother there.
 * Narrower windows let a local quadratic overshoot below every measured point in the gap next to a steep end
 * of the U (seen on seeded runs); this width keeps enough splits in each window.
 */
const BANDWIDTH = 0.25;
/** Interval covering this share of the searched range counts as "no split helps". */
const FLAT_SHARE = 0.85;

const logit = (f: number) => Math.log(f / (1 - f));
const rangeOf = (a: AdviseSpec) => a.range ?? DEFAULT_RANGE;
/** m of the fine stage: --fine-m, else max(m, min(20, 2m)). */
export const adviseFineM = (a: AdviseSpec): number => a.fineM ?? Math.max(a.kng.m, Math.min(20, 2 * a.kng.m));

function stageSpec(a: AdviseSpec, splits: number[], m: number, stream: number): SweepSpec {
  return {
    manifold: a.manifold,
    datasets: a.imported ? [] : [a.dataset],
    ...(a.imported ? { imported: a.imported } : {}),
    ...(a.d !== undefined ? { d: a.d } : {}),
    ...(a.landmarks !== undefined ? { landmarks: a.landmarks } : {}),
    seed: a.seed,
    ...(a.samplerSeed !== undefined ? { samplerSeed: a.samplerSeed } : {}),
    panels: ['unequal'],
    budgets: { unequalTotal: a.eps, splits },
    kng: { ...a.kng, m },
    ...(a.mechanism ? { mechanism: a.mechanism } : {}),
    stream,
  };
}

/** Stage 1: the whole range, at the given m. */
export function adviseCoarseSpec(a: AdviseSpec): SweepSpec {
  const [lo, hi] = rangeOf(a);
  return stageSpec(a, linspace(lo, hi, a.coarsePoints ?? 11), a.kng.m, COARSE_STREAM);
}

/** The coarse stage's own answer: where the fine stage looks, and a first answer while it runs. */
export function coarseAdviceFromCells(a: AdviseSpec, coarse: readonly SweepCellResult[]): Advice {
  return fitAdvice(a, adviceStage(adviseCoarseSpec(a), coarse, 'coarse'));
}

/**
 * Passes (one chain group at every split each) the coarse sweep draws everywhere: its first answer rests on them,
 * and after them it stops drawing at the splits clearly worse than the best.
 */
const FIRST_PASSES = 3;
/** "Clearly worse": ln mean MSE this many standard errors of the difference above the best split's. */
const CLEARLY_WORSE = 4;
/** The fine sweep's groups are drawn in parts: this many first, then this many more until it is precise. */
const FINE_FIRST_GROUPS = 10;
const FINE_MORE_GROUPS = 5;
/**
 * Precise: the best split's standard error (bootstrap over the chain groups) is at most this share of the
 * interval's width. The interval is what the advice recommends; placing its best split more finely than a
 * small share of it changes nothing a person would do, and the draws it takes are most of the advice's time on
 * shapes (docs/benchmarks.md measures the share against the advised split's spread over sampler seeds).
 */
const PRECISE_SHARE = 0.08;
const BOOTSTRAP_RESAMPLES = 40;
const BOOTSTRAP_STREAM = 0xb007;

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
/** Cells per pass and passes of a (full) sweep spec. */
function passesOf(spec: SweepSpec): { perPass: number; groups: number } {
  const { pointsTotal, groupsTotal } = sweepRefinement({ ...spec, cells: undefined }, []);
  return { perPass: pointsTotal, groups: groupsTotal };
}
const partOf = (spec: SweepSpec, cells: number[]): SweepSpec => ({ ...spec, cells });

/** The coarse sweep's first passes: cell indices. */
function coarseFirstCells(a: AdviseSpec): number[] {
  const { perPass, groups } = passesOf(adviseCoarseSpec(a));
  return range(0, Math.min(FIRST_PASSES, groups) * perPass);
}

/**
 * The coarse sweep's remaining cells after its first passes: every pass at the splits not clearly worse than the
 * best (the best's neighbours always; a split without a standard error is never called worse).
 */
export function coarseRestCells(a: AdviseSpec, first: readonly SweepCellResult[]): number[] {
  const cs = adviseCoarseSpec(a);
  const { perPass, groups } = passesOf(cs);
  const { points } = adviceStage(cs, first, 'coarse');
  const finite = points.filter((p) => Number.isFinite(p.lnMeanMse));
  if (finite.length === 0) return range(first.length, groups * perPass);
  const best = finite.reduce((p, q) => (q.lnMeanMse < p.lnMeanMse ? q : p));
  const at = points.indexOf(best);
  const kept = new Set(
    points
      .filter(
        (p, i) =>
          Math.abs(i - at) <= 1 ||
          !(p.lnMeanMse - best.lnMeanMse > CLEARLY_WORSE * Math.hypot(p.se, best.se)),
      )
      .map((p) => p.split),
  );
  const splits = cs.budgets?.splits ?? [];
  // the within-pass index of a cell is its split's (one panel, one data set)
  return range(Math.min(FIRST_PASSES, groups) * perPass, groups * perPass).filter((i) =>
    kept.has(splits[first[i % perPass]?.budget ?? i % perPass]),
  );
}

/** The cells the advisor has drawn, per stage, in the order drawn. */
export interface AdviceCells {
  coarse: readonly SweepCellResult[];
  fine: readonly SweepCellResult[];
}

/** One part of the advisor's sweeps: its stage and the sweep of the cells to draw. */
export interface AdviceSweep {
  stage: 'coarse' | 'fine';
  spec: SweepSpec;
  /** Cells of the stage at most (the stage may stop before), for progress. */
  stageCells: number;
}

/**
 * What the advisor draws next, from the cells it has (null: the advice is done). The coarse sweep: its first
 * passes at every split, then the rest at the splits not clearly worse; the fine sweep around the coarse best: its
 * first groups, then more in parts until the best split is precise (PRECISE_SHARE) or every group is drawn. Each
 * decision depends only on the cells drawn, so the lab and the CLI, on any number of workers, give the same advice.
 */
export function nextAdviceSweep(a: AdviseSpec, have: AdviceCells): AdviceSweep | null {
  const cs = adviseCoarseSpec(a);
  const coarse = passesOf(cs);
  const first = coarseFirstCells(a);
  const coarseMost = coarse.perPass * coarse.groups;
  if (have.coarse.length === 0) return { stage: 'coarse', spec: partOf(cs, first), stageCells: coarseMost };
  const rest = coarseRestCells(a, have.coarse.slice(0, first.length));
  const coarseCells = first.length + rest.length;
  if (have.coarse.length < coarseCells)
    return { stage: 'coarse', spec: partOf(cs, rest), stageCells: coarseCells };
  const fs = adviseFineSpec(a, have.coarse);
  const fine = passesOf(fs);
  const drawn = Math.floor(have.fine.length / Math.max(1, fine.perPass));
  if (drawn >= fine.groups || (drawn > 0 && isPrecise(a, have))) return null;
  const to = Math.min(fine.groups, drawn === 0 ? FINE_FIRST_GROUPS : drawn + FINE_MORE_GROUPS);
  return {
    stage: 'fine',
    spec: partOf(fs, range(drawn * fine.perPass, to * fine.perPass)),
    stageCells: fine.perPass * fine.groups,
  };
}

/**
 * Standard error of the advised split: the advice refitted to resamples of the chain groups (each split's groups
 * drawn with replacement, both stages), a fixed stream so that it is a function of the cells.
 */
export function bestSplitSe(a: AdviseSpec, have: AdviceCells): number {
  // the last check before the advice is done and the finished advice ask for the same cells' error
  const known = splitSeOf.get(have.fine);
  if (known?.coarse === have.coarse && known.a === a) return known.se;
  const se = bootstrapSplitSe(a, have);
  splitSeOf.set(have.fine, { a, coarse: have.coarse, se });
  return se;
}

const splitSeOf = new WeakMap<
  readonly SweepCellResult[],
  { a: AdviseSpec; coarse: readonly SweepCellResult[]; se: number }
>();

function bootstrapSplitSe(a: AdviseSpec, have: AdviceCells): number {
  const cs = adviseCoarseSpec(a);
  const fs = adviseFineSpec(a, have.coarse);
  const rng = Rng.fromKey(BOOTSTRAP_STREAM);
  const [coarseGroups, fineGroups] = [have.coarse, have.fine].map((cells) => [
    ...cellsByBudget(cells).values(),
  ]);
  const resample = (groups: SweepCellResult[][]) =>
    groups.flatMap((list) => list.map(() => list[rng.int(list.length)]));
  const best: number[] = [];
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    const coarse = adviceStage(cs, resample(coarseGroups), 'coarse');
    best.push(fitAdvice(a, coarse, adviceStage(fs, resample(fineGroups), 'fine')).split);
  }
  const mean = best.reduce((s, x) => s + x, 0) / best.length;
  return Math.sqrt(best.reduce((s, x) => s + (x - mean) ** 2, 0) / (best.length - 1));
}

function isPrecise(a: AdviseSpec, have: AdviceCells): boolean {
  const { interval } = fitAdviceToCells(a, have);
  return bestSplitSe(a, have) <= PRECISE_SHARE * (interval[1] - interval[0]);
}

/**
 * The coarse stage's answer while it runs, from its whole passes (one group at every split it draws at), once its
 * first passes are all there; null before. `cells` are the coarse cells in the order drawn (undefined: not yet).
 * Only whole passes count, so the answer depends on which cells arrived, not on when.
 */
export function coarseAdviceSoFar(
  a: AdviseSpec,
  cells: readonly (SweepCellResult | undefined)[],
): { advice: Advice; groups: number; groupsTotal: number } | null {
  const first = coarseFirstCells(a).length;
  const { perPass, groups: groupsTotal } = passesOf(adviseCoarseSpec(a));
  let arrived = 0;
  while (arrived < cells.length && cells[arrived] !== undefined) arrived++;
  if (arrived < first || first === 0) return null;
  const drawn = cells.slice(0, first) as SweepCellResult[];
  // passes after the first are drawn at the splits kept
  const keptPerPass = coarseRestCells(a, drawn).length / Math.max(1, groupsTotal - first / perPass);
  const morePasses = keptPerPass > 0 ? Math.floor((arrived - first) / keptPerPass) : 0;
  const whole = cells.slice(0, first + morePasses * keptPerPass) as SweepCellResult[];
  return {
    advice: coarseAdviceFromCells(a, whole),
    groups: first / perPass + morePasses,
    groupsTotal,
  };
}

/** Stage 2: a finer grid with more pairs around the coarse stage's minimum (± 1.5 coarse steps). */
export function adviseFineSpec(a: AdviseSpec, coarse: readonly SweepCellResult[]): SweepSpec {
  const [lo, hi] = rangeOf(a);
  const first = coarseAdviceFromCells(a, coarse);
  const half = (1.5 * (hi - lo)) / Math.max(1, (a.coarsePoints ?? 11) - 1);
  const from = Math.max(lo, Math.min(first.split - half, hi - 2 * half));
  const to = Math.min(hi, from + 2 * half);
  return stageSpec(a, linspace(from, to, a.finePoints ?? 9), adviseFineM(a), FINE_STREAM);
}

export interface Stage {
  points: AdvicePoint[];
  n: number;
  lnNonPrivateMse: number;
  isPrivate: boolean;
  notes: string[];
}

/** A stage's cells by their split (budget index), in the order drawn. */
function cellsByBudget(cells: readonly SweepCellResult[]): Map<number, SweepCellResult[]> {
  const byBudget = new Map<number, SweepCellResult[]>();
  for (const c of cells) {
    const list = byBudget.get(c.budget);
    if (list) list.push(c);
    else byBudget.set(c.budget, [c]);
  }
  return byBudget;
}

/** Points of one stage from its sweep cells (one per split; groups give the standard error). */
export function adviceStage(
  spec: SweepSpec,
  cells: readonly SweepCellResult[],
  stage: 'coarse' | 'fine',
): Stage {
  const splits = spec.budgets?.splits ?? [];
  const total = spec.budgets?.unequalTotal ?? 0;
  const points: AdvicePoint[] = [];
  for (const [budget, list] of cellsByBudget(cells)) {
    const pairs = list.reduce((s, c) => s + c.pairs, 0);
    const mean = list.reduce((s, c) => s + c.mseSum, 0) / pairs;
    const groupMeans = list.map((c) => c.mseSum / c.pairs);
    const g = groupMeans.length;
    const sd = g > 1 ? Math.sqrt(groupMeans.reduce((s, x) => s + (x - mean) ** 2, 0) / (g - 1)) : Number.NaN;
    const f = splits[budget];
    points.push({
      split: f,
      epsP: f * total,
      epsV: (1 - f) * total,
      lnMeanMse: Math.log(mean),
      se: sd / Math.sqrt(g) / mean,
      pairs,
      stage,
    });
  }
  points.sort((p, q) => p.split - q.split);
  const c0 = cells[0];
  return {
    points,
    n: c0?.n ?? 0,
    lnNonPrivateMse: c0?.lnNonPrivateMse ?? Number.NaN,
    isPrivate: cells.every((c) => c.isPrivate),
    notes: [...new Set(cells.flatMap((c) => c.notes))],
  };
}

/**
 * Standard errors for the fit. Each is estimated from a few groups, so it is noisy itself: none is taken below
 * its stage's median (one lucky point would otherwise dominate the fit). Points without a group estimate (one
 * group: the consecutive scheme) get one from second differences along the split.
 */
function fitStandardErrors(points: AdvicePoint[]): { x: number; y: number; se: number }[] {
  const finite = points.filter((p) => Number.isFinite(p.lnMeanMse));
  const stageMedian = new Map<string, number>();
  for (const stage of ['coarse', 'fine'] as const) {
    const ses = finite.filter((p) => p.stage === stage && p.se > 0).map((p) => p.se);
    if (ses.length) stageMedian.set(stage, median(ses));
  }
  let fallback = Number.NaN;
  if (finite.some((p) => !(p.se > 0))) {
    let sum = 0;
    let k = 0;
    for (let i = 1; i + 1 < finite.length; i++) {
      sum += (finite[i].lnMeanMse - (finite[i - 1].lnMeanMse + finite[i + 1].lnMeanMse) / 2) ** 2;
      k++;
    }
    // Var(y_i − (y_{i−1} + y_{i+1})/2) = 1.5 σ² for independent points of equal noise
    fallback = k > 0 ? Math.sqrt(sum / k / 1.5) : 0.1;
  }
  // a floor keeps the weights finite where the draws happened to agree exactly
  return finite.map((p) => ({
    x: logit(p.split),
    y: p.lnMeanMse,
    se: Math.max(1e-3, p.se > 0 ? Math.max(p.se, stageMedian.get(p.stage) ?? 0) : fallback),
  }));
}

/**
 * Local quadratic regression at x0 with tricube weights over the nearest points (span) and inverse-variance
 * weights: the fitted value and its standard error (Σ lᵢ² seᵢ² of the linear smoother's row l).
 */
export function loess(
  pts: readonly { x: number; y: number; se: number }[],
  x0: number,
  minWidth: number,
  span = 0.35,
): { y: number; se: number } {
  const k = Math.min(pts.length, Math.max(6, Math.ceil(span * pts.length)));
  const dists = pts.map((p) => Math.abs(p.x - x0)).sort((a, b) => a - b);
  // a floor on the half-width: the two stages' grids interleave, and a quadratic through nearly coincident
  // splits would follow their noise
  const h = Math.max(dists[k - 1] * 1.0001, minWidth, 1e-9);
  const w = pts.map((p) => {
    const u = Math.abs(p.x - x0) / h;
    // products, not **: the engines' powers differ in their last digits (sampling/power.ts), and the lab's
    // advice must be the CLI's
    const tri = 1 - u * u * u;
    return u < 1 ? (tri * tri * tri) / (p.se * p.se) : 0;
  });
  const used = w.filter((v) => v > 0).length;
  const degree = used >= 4 ? 2 : used >= 2 ? 1 : 0;
  const dim = degree + 1;
  // normal equations A β = Xᵀ W y, with A = Xᵀ W X, X's columns 1, (x − x0), (x − x0)²
  const A = Array.from({ length: dim }, () => new Array<number>(dim).fill(0));
  pts.forEach((p, i) => {
    const t = p.x - x0;
    const powers = [1, t, t * t, t * t * t, t * t * t * t];
    for (let r = 0; r < dim; r++) for (let c = 0; c < dim; c++) A[r][c] += w[i] * powers[r + c];
  });
  // first row of A⁻¹ (solve A a = e₁), so that lᵢ = wᵢ Σ_c a_c tᵢ^c
  const a = solve(
    A,
    Array.from({ length: dim }, (_, i) => (i === 0 ? 1 : 0)),
  );
  if (!a) {
    const best = pts.reduce((p, q) => (Math.abs(q.x - x0) < Math.abs(p.x - x0) ? q : p));
    return { y: best.y, se: best.se };
  }
  let y = 0;
  let v = 0;
  pts.forEach((p, i) => {
    const t = p.x - x0;
    let l = 0;
    for (let c = 0; c < dim; c++) l += a[c] * (c === 0 ? 1 : c === 1 ? t : t * t);
    l *= w[i];
    y += l * p.y;
    v += l * l * p.se ** 2;
  });
  return { y, se: Math.sqrt(v) };
}

/** Gaussian elimination with partial pivoting; null when singular. */
function solve(A: number[][], b: number[]): number[] | null {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  const scale = Math.max(...A.flat().map(Math.abs), 1e-300);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[piv][c])) piv = r;
    if (Math.abs(M[piv][c]) < 1e-12 * scale) return null;
    [M[c], M[piv]] = [M[piv], M[c]];
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / M[c][c];
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r][n];
    for (let k = r + 1; k < n; k++) s -= M[r][k] * x[k];
    x[r] = s / M[r][r];
  }
  return x;
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
}

const pct = (f: number) => `${Math.round(100 * f)}%`;
const num = (x: number) => String(+x.toPrecision(3));

/** The advice from the points of one or both stages. */
export function fitAdvice(a: AdviseSpec, ...stages: Stage[]): Advice {
  const [lo, hi] = rangeOf(a);
  const z = a.z ?? 2;
  const points = stages.flatMap((s) => s.points).sort((p, q) => p.split - q.split);
  const pts = fitStandardErrors(points);
  const { n, lnNonPrivateMse } = stages[0];
  const isPrivate = stages.every((s) => s.isPrivate);
  const notes = [...new Set(stages.flatMap((s) => s.notes))];
  const curve: AdviceCurvePoint[] =
    pts.length === 0
      ? []
      : linspace(lo, hi, CURVE_POINTS).map((x) => {
          const split = Math.round(x * 1e6) / 1e6; // grid values without float dust in the JSON
          const f = loess(pts, logit(split), BANDWIDTH * (logit(hi) - logit(lo)));
          return { split, lnMse: f.y, se: f.se };
        });
  let best = 0;
  curve.forEach((c, i) => {
    if (c.lnMse < curve[best].lnMse) best = i;
  });
  // "Within the noise": what one evaluation of the finest stage cannot tell apart (its median standard
  // error), on top of the uncertainty of the two fitted values compared.
  const last = stages[stages.length - 1].points.map((p) => p.se).filter((s) => s > 0);
  const noise = last.length ? median(last) : median(pts.map((p) => p.se));
  const within = (i: number) =>
    curve[i].lnMse - curve[best].lnMse <= z * Math.hypot(curve[i].se, curve[best].se, noise);
  let from = best;
  let to = best;
  while (from > 0 && within(from - 1)) from--;
  while (to + 1 < curve.length && within(to + 1)) to++;
  const b = curve[best] ?? { split: (lo + hi) / 2, lnMse: Number.NaN, se: Number.NaN };
  const interval: [number, number] = curve.length ? [curve[from].split, curve[to].split] : [lo, hi];
  const flat = interval[1] - interval[0] >= FLAT_SHARE * (hi - lo);
  const excess = b.lnMse - lnNonPrivateMse;
  // the best split is the minimum of a smooth fit through the sweep's points: it cannot be placed more finely
  // than their spacing, and moves with it (say so beside the number)
  const finest = stages[stages.length - 1].points.map((p) => p.split).sort((p, q) => p - q);
  const resolution =
    finest.length > 1 ? (finest[finest.length - 1] - finest[0]) / (finest.length - 1) : hi - lo;
  const fit = { interval, flat, excess, resolution, split: b.split, n };
  return {
    eps: a.eps,
    n,
    split: b.split,
    epsP: b.split * a.eps,
    epsV: (1 - b.split) * a.eps,
    lnMse: b.lnMse,
    excess,
    lnNonPrivateMse,
    interval,
    resolution,
    flat,
    isPrivate,
    notes,
    points,
    curve,
    summary: adviceSummary(a, fit),
  };
}

/** The advice in one sentence; with the best split's standard error where it is known. */
function adviceSummary(
  a: AdviseSpec,
  f: Pick<Advice, 'interval' | 'flat' | 'excess' | 'resolution' | 'split' | 'n' | 'splitSe'>,
): string {
  const at = `at ε = ${num(a.eps)}, n = ${f.n}`;
  const cost = `${f.excess >= 0 ? '+' : '−'}${Math.abs(f.excess).toFixed(2)} in ln MSE over non-private`;
  const se = f.splitSe === undefined ? '' : ` ± ${Math.max(1, Math.round(100 * f.splitSe))}%`;
  return f.flat
    ? `No split is clearly better ${at}: every share of ε on the footpoint from ${pct(f.interval[0])} to ` +
        `${pct(f.interval[1])} gives the same error within the noise (${cost}).`
    : `Give the footpoint ${pct(f.interval[0])}–${pct(f.interval[1])} of ε (best ≈ ${pct(f.split)}${se}, ` +
        `between sweep points ${pct(f.resolution)} apart); ${at} the best split costs ${cost}.`;
}

/** The advice from both stages' cells, with its best split's standard error. */
export function adviceFromCells(
  a: AdviseSpec,
  coarse: readonly SweepCellResult[],
  fine: readonly SweepCellResult[],
): Advice {
  const advice = fitAdviceToCells(a, { coarse, fine });
  const splitSe = bestSplitSe(a, { coarse, fine });
  return { ...advice, splitSe, summary: adviceSummary(a, { ...advice, splitSe }) };
}

/** The fit of both stages' cells alone. */
function fitAdviceToCells(a: AdviseSpec, have: AdviceCells): Advice {
  return fitAdvice(
    a,
    adviceStage(adviseCoarseSpec(a), have.coarse, 'coarse'),
    adviceStage(adviseFineSpec(a, have.coarse), have.fine, 'fine'),
  );
}

/** Adds a part's cells to those of its stage. */
export function withPart(
  have: AdviceCells,
  part: AdviceSweep,
  cells: readonly SweepCellResult[],
): AdviceCells {
  return { ...have, [part.stage]: [...have[part.stage], ...cells] };
}

/** The whole advice on this thread (tests, small runs); the CLI and the lab draw the same parts on workers. */
export function runAdvice(a: AdviseSpec): Advice {
  let have: AdviceCells = { coarse: [], fine: [] };
  for (let part = nextAdviceSweep(a, have); part; part = nextAdviceSweep(a, have))
    have = withPart(have, part, sweepCells(part.spec));
  return adviceFromCells(a, have.coarse, have.fine);
}
