/**
 * The privacy audit (docs/audit.md): how well can an attacker tell, from one release, whether one person's
 * record was in the data? For any mechanism of the table (`src/experiments/mechanisms.ts`):
 *
 * 1. neighbouring data sets D, D′ (`neighbours.ts`);
 * 2. N releases on D and N on D′, in worker cells of `cellReleases` per side (release i of side s draws from
 *    the stream (seed, s, i), so results do not depend on how cells are spread over workers);
 * 3. a score per release — the best statistic available, named in the result: the log-likelihood ratio
 *    log p(z | D′) − log p(z | D) where the mechanism's density is known (unnormalised for KNG: the difference
 *    of (‖∇E(z; D)‖ − ‖∇E(z; D′)‖)/σ over p̃ and ṽ), else the signed distance of z along the line between the
 *    two non-private outputs;
 * 4. `auditResult` (pure, callable on any subset of finished cells while the job streams): the trade-off curve,
 *    score histograms and the 95% lower bound on ε with its point estimate (`bounds.ts` says how and why it is
 *    sound), against the claimed ε.
 *
 * The lab never forms D or D′ on its own thread (generating 100 shape outlines takes seconds): it runs
 * `auditTask` on the pool, whose every cell carries the audit's `AuditInfo` (the claim, the statistic, the
 * changed record), and calls `auditResult(info, cells)` as cells arrive; its views draw the changed record from
 * `auditPairTask` (one cell: the pair alone, before any release). The CLI and tests may call `auditInfo(spec)`.
 */
import { euclidean } from '../geometry/euclidean';
import { sphere } from '../geometry/sphere';
import { spd } from '../geometry/spd';
import type { Manifold } from '../geometry/types';
import { frechetDataStream } from '../experiments/frechetSpec';
import { frechetData } from '../experiments/frechetData';
import { MECHANISMS, type MechanismSettings, type TableMechanism } from '../experiments/mechanisms';
import { mechanismInfoById } from '../experiments/mechanismInfo';
import { prepareRegression, type DataSource } from '../experiments/regressionSetup';
import type { MechanismData, PreparedMechanism, SpaceKind } from '../privacy/mechanism';
import { uniformInBall } from '../sampling/distributions';
import { Rng } from '../sampling/rng';
import { defineTask, oneCell } from '../workers/defineTask';
import { epsilonLowerBound, scoreHistograms, tradeOffCurve, type EpsilonBound } from './bounds';
import { neighbouringData, type NeighbourChoice, type Neighbours } from './neighbours';

/** Data of an audit: regression data (KNG, the non-private fit, linear regression) or points (Fréchet means). */
export type AuditData =
  | { kind: 'regression'; source: DataSource }
  | {
      kind: 'points';
      space: 'sphere' | 'spd' | 'euclidean';
      n: number;
      /** SPD(k) size (default 2); R^d dimension (default 1). */
      k?: number;
      seed: number;
      heterogeneous?: boolean;
    }
  | { kind: 'imported-points'; space: 'sphere' | 'spd' | 'euclidean'; ys: Float64Array[] };

export interface AuditSpec {
  /** An id of the mechanism table. */
  mechanism: string;
  data: AuditData;
  settings: MechanismSettings;
  neighbour: NeighbourChoice;
  /** Releases per side. */
  releases: number;
  seed: number;
  /** Releases per side in one cell (a multiple of 4; default 200). */
  cellReleases?: number;
  /** Releases per side kept for drawing (the first ones; default 0). */
  keep?: number;
  /**
   * 'auto' (default): the log-likelihood ratio where the density is known, else the distance along the line.
   * 'distance' forces the latter — the better test when the releases do not follow the density (an MCMC
   * chain that has not mixed, e.g. the paper sampler).
   */
  statistic?: 'auto' | 'distance';
}

export type AuditStatistic =
  | 'log-likelihood ratio'
  | 'unnormalised log-likelihood ratio'
  /** Position of the release projected on the line from D's non-private output (0) to D′'s (1). */
  | 'distance along the line between the non-private outputs';

/** The record that differs between D and D′, as the views draw it and the result reports it. */
export interface AuditPair {
  /** 0-based index of the replaced record. */
  index: number;
  /** Its response (or point) in D and in D′. */
  before: number[];
  after: number[];
  description: string;
  /** Its covariate as the views draw it (rescaled to [0, 1]); null for points (Fréchet means). */
  x: number | null;
  /** Number of records in the data. */
  records: number;
}

/** The pair of `auditNeighbours`/`auditSetup`, as plain numbers (it crosses the worker boundary). */
export function auditPairOf(nb: Neighbours): AuditPair {
  return {
    index: nb.index,
    before: [...nb.before],
    after: [...nb.after],
    description: nb.description,
    x: nb.D.xs?.[nb.index] ?? null,
    records: nb.D.ys.length,
  };
}

/** What the view draws and the result repeats: the claim, the statistic and the two data sets. */
export interface AuditInfo {
  mechanism: string;
  label: string;
  claimedEpsilon: number;
  delta: number;
  isPrivate: boolean;
  reason: string | null;
  notes: string[];
  statistic: AuditStatistic;
  neighbour: AuditPair;
  nonPrivateD: number[];
  nonPrivateD2: number[];
  /** The true ε of this pair D, D′ where it has a closed form (pure ε-DP mechanisms with a known density). */
  exactEpsilon: number | null;
  /** The trade-off curve of the best possible tests for this pair, where quadrature gives it (S² Laplace). */
  exactTradeOff: { alpha: number[]; beta: number[] } | null;
}

export interface AuditCell {
  /** The audit's claim, statistic and pair (the same in every cell: whichever arrives first tells the view). */
  info: AuditInfo;
  /** Index of the cell's first release (per side). */
  first: number;
  scoresD: Float64Array;
  scoresD2: Float64Array;
  releasesD: Float64Array[];
  releasesD2: Float64Array[];
}

export interface AuditResult extends AuditInfo {
  /** Releases per side scored so far, and asked for. */
  releases: number;
  requested: number;
  /** 95% lower bound on ε (0 when the data show nothing), and the point estimate of the same test. */
  epsilonLower: number;
  epsilonEstimate: number;
  bound: EpsilonBound;
  /** Empirical trade-off curve of the threshold tests "say D′ when the score is above t". */
  tradeOff: { alpha: number[]; beta: number[] };
  histogram: { edges: number[]; countsD: number[]; countsD2: number[] };
  /** The lower bound exceeds the claimed ε (always false for a release that claims nothing). */
  leaks: boolean;
  verdict: string;
}

export const DEFAULT_CELL_RELEASES = 200;

export function mechanismById(id: string): TableMechanism {
  const known = mechanismInfoById(id).id;
  return MECHANISMS.find((x) => x.id === known)!;
}

function spaceOf(M: Manifold): SpaceKind {
  return M.family?.kind ?? 'euclidean';
}

function pointManifold(space: 'sphere' | 'spd' | 'euclidean', k: number, s: MechanismSettings): Manifold {
  if (space === 'sphere') return sphere();
  if (space === 'spd') return spd(k, s.frechet.metric);
  return euclidean(k);
}

/** The data set D of a spec. */
export function auditData(spec: AuditSpec): MechanismData {
  const d = spec.data;
  if (d.kind === 'regression') {
    const r = prepareRegression(d.source);
    return { M: r.M, xs: Float64Array.from(r.xs), ys: r.ys };
  }
  if (d.kind === 'imported-points') {
    const k = d.space === 'spd' ? Math.round(Math.sqrt(d.ys[0]?.length ?? 4)) : (d.ys[0]?.length ?? 1);
    return { M: pointManifold(d.space, k, spec.settings), xs: null, ys: d.ys };
  }
  const k = d.k ?? (d.space === 'spd' ? 2 : 1);
  // on S² and SPD: replicate 0 of the Fréchet experiment, the very points the lab's view and `frechet` draw
  const rng = d.space === 'euclidean' ? Rng.fromKey(d.seed, 0xda7a) : frechetDataStream(d.seed, d.n, k, 0);
  const radius = spec.settings.frechet.radius;
  const ys =
    d.space === 'euclidean'
      ? Array.from({ length: d.n }, () => uniformInBall(rng, k, radius))
      : frechetData(
          {
            manifold: d.space,
            k,
            metric: spec.settings.frechet.metric,
            n: d.n,
            radius,
            heterogeneous: d.heterogeneous,
          },
          rng,
        ).points;
  return { M: pointManifold(d.space, k, spec.settings), xs: null, ys };
}

/** Everything a cell needs, prepared once per worker and job. */
export interface AuditSetup {
  mechanism: TableMechanism;
  neighbours: Neighbours;
  onD: PreparedMechanism;
  onD2: PreparedMechanism;
  statistic: AuditStatistic;
  score(z: Float64Array): number;
  /** `auditInfoOf(spec, this)`, computed once per worker (cells carry it to the view). */
  info: AuditInfo;
}

export function checkAuditSpec(spec: AuditSpec): void {
  const fail = (msg: string) => {
    throw new RangeError(`audit: ${msg}`);
  };
  if (!(Number.isInteger(spec.releases) && spec.releases >= 4))
    fail(`the number of releases per side must be an integer ≥ 4 (got ${spec.releases})`);
  const c = spec.cellReleases ?? DEFAULT_CELL_RELEASES;
  if (!(Number.isInteger(c) && c >= 4 && c % 4 === 0))
    fail(`releases per cell must be a positive multiple of 4 (got ${c})`);
  const m = mechanismInfoById(spec.mechanism);
  const wantsPoints = m.family === 'frechet';
  if (wantsPoints !== (spec.data.kind !== 'regression'))
    fail(`${m.label} takes ${wantsPoints ? 'a sample of points' : 'regression data (x, y)'}`);
}

/**
 * Scores rounded to 2⁻³⁰: a score that is constant in exact arithmetic (the Laplace log-likelihood ratio beyond
 * both centres) varies in its last bits with the release, differently on D and D′ — a threshold between those
 * rounding errors would "detect" a difference of floating point, not of privacy.
 */
const quantise = (s: number) => (Number.isFinite(s) ? Math.round(s * 2 ** 30) / 2 ** 30 : s);

export function auditSetup(spec: AuditSpec): AuditSetup {
  const setup = scoredSetup(spec) as AuditSetup;
  setup.info = auditInfoOf(spec, setup);
  return setup;
}

function scoredSetup(spec: AuditSpec): Omit<AuditSetup, 'info'> {
  checkAuditSpec(spec);
  const mechanism = mechanismById(spec.mechanism);
  const data = auditData(spec);
  const space = spaceOf(data.M);
  if (!mechanism.spaces.includes(space))
    throw new RangeError(
      `audit: ${mechanism.label} is not defined on ${space} (it applies to ${mechanism.spaces.join(', ')})`,
    );
  const neighbours = neighbouringData(mechanism.family, data, spec.settings, spec.neighbour);
  const onD = mechanism.prepare(neighbours.D, spec.settings);
  const onD2 = mechanism.prepare(neighbours.D2, spec.settings);
  const lD = onD.logDensity;
  const lD2 = onD2.logDensity;
  if (lD && lD2 && spec.statistic !== 'distance') {
    return {
      mechanism,
      neighbours,
      onD,
      onD2,
      statistic: onD.densityExact ? 'log-likelihood ratio' : 'unnormalised log-likelihood ratio',
      score: (z) => {
        const s = lD2(z) - lD(z);
        return Number.isNaN(s) ? 0 : quantise(s); // NaN: both −∞, a point neither data set can release
      },
    };
  }
  const o = onD.nonPrivate;
  const u = onD2.nonPrivate.map((x, i) => x - o[i]);
  const len = Math.hypot(...u);
  return {
    mechanism,
    neighbours,
    onD,
    onD2,
    statistic: 'distance along the line between the non-private outputs',
    // in units of the gap: 0 at D's output, 1 at D′'s
    score: (z) => {
      if (!(len > 0)) return 0;
      let s = 0;
      for (let i = 0; i < u.length; i++) s += (z[i] - o[i]) * u[i];
      return quantise(s / (len * len));
    },
  };
}

function auditInfoOf(spec: AuditSpec, setup: Omit<AuditSetup, 'info'>): AuditInfo {
  const cal = setup.onD.calibration;
  const nb = setup.neighbours;
  return {
    mechanism: spec.mechanism,
    label: setup.mechanism.label,
    claimedEpsilon: cal.epsilon,
    delta: cal.delta,
    isPrivate: cal.isPrivate,
    reason: cal.reason,
    notes: cal.notes,
    statistic: setup.statistic,
    neighbour: auditPairOf(nb),
    nonPrivateD: [...setup.onD.nonPrivate],
    nonPrivateD2: [...setup.onD2.nonPrivate],
    exactEpsilon: setup.onD.exactEpsilon?.(setup.onD2) ?? null,
    exactTradeOff: setup.onD.exactTradeOff?.(setup.onD2) ?? null,
  };
}

/**
 * The two neighbouring data sets alone (one fit; no mechanism prepared): what the workspace view draws before
 * and while an audit runs. Equal to `auditSetup(spec).neighbours` (same data, same rule). `data` may be passed
 * when the caller has D already (the lab's views: generating shapes again would block the page for seconds).
 */
export function auditNeighbours(spec: AuditSpec, data: MechanismData = auditData(spec)): Neighbours {
  checkAuditSpec(spec);
  return neighbouringData(mechanismInfoById(spec.mechanism).family, data, spec.settings, spec.neighbour);
}

/**
 * Everything the pair D, D′ depends on (`auditData` and `neighbouringData` read no more): two specs with equal
 * inputs have the same pair, so the lab keeps its drawing while ε or the number of releases changes.
 */
export function auditPairInputs(spec: AuditSpec) {
  const s = spec.settings;
  return {
    family: mechanismInfoById(spec.mechanism).family,
    data: spec.data,
    neighbour: spec.neighbour,
    tau: s.kng.tau,
    tauM: s.kng.tauM,
    frechet: { radius: s.frechet.radius, metric: s.frechet.metric },
    linreg: { tau: s.linreg.dpgr.tau, yBounds: s.linreg.ssp.yBounds },
  };
}

/** The claim, the statistic and the two data sets, without releasing anything. */
export function auditInfo(spec: AuditSpec): AuditInfo {
  return auditSetup(spec).info;
}

/** The info the cells carry (the first arrived), or null before any. */
export function auditInfoOfCells(cells: readonly (AuditCell | undefined)[]): AuditInfo | null {
  return cells.find((c) => c !== undefined)?.info ?? null;
}

export function auditCellCount(spec: AuditSpec): number {
  checkAuditSpec(spec);
  return Math.ceil(spec.releases / (spec.cellReleases ?? DEFAULT_CELL_RELEASES));
}

/** Stream of release i on side 0 (D) or 1 (D′). */
export const releaseStream = (seed: number, side: 0 | 1, i: number) => Rng.fromKey(seed, 0xa0d1, side, i);

export function auditCell(spec: AuditSpec, index: number, setup: AuditSetup = auditSetup(spec)): AuditCell {
  const size = spec.cellReleases ?? DEFAULT_CELL_RELEASES;
  const first = index * size;
  const count = Math.max(0, Math.min(size, spec.releases - first));
  const keep = spec.keep ?? 0;
  const cell: AuditCell = {
    info: setup.info,
    first,
    scoresD: new Float64Array(count),
    scoresD2: new Float64Array(count),
    releasesD: [],
    releasesD2: [],
  };
  for (let j = 0; j < count; j++) {
    const i = first + j;
    const zD = setup.onD.release(releaseStream(spec.seed, 0, i));
    const zD2 = setup.onD2.release(releaseStream(spec.seed, 1, i));
    cell.scoresD[j] = setup.score(zD);
    cell.scoresD2[j] = setup.score(zD2);
    if (i < keep) {
      cell.releasesD.push(zD);
      cell.releasesD2.push(zD2);
    }
  }
  return cell;
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toPrecision(3).replace(/\.?0+$/, '') : '∞');

/** The audit's answer from the cells finished so far (any subset; missing cells are skipped). */
export function auditResult(
  info: AuditInfo,
  cells: readonly (AuditCell | undefined)[],
  requested?: number,
): AuditResult {
  const done = cells.filter((c): c is AuditCell => c !== undefined).sort((a, b) => a.first - b.first);
  // cells hold multiples of 4 releases (but the last), so positions keep their index mod 4 (bounds.ts splits by it)
  const scoresD = Float64Array.from(done.flatMap((c) => [...c.scoresD]));
  const scoresD2 = Float64Array.from(done.flatMap((c) => [...c.scoresD2]));
  const bound = epsilonLowerBound(scoresD, scoresD2, info.delta);
  const claimed = info.claimedEpsilon;
  const leaks = Number.isFinite(claimed) && bound.lower > claimed;
  const verdict = !Number.isFinite(claimed)
    ? `not private: an attacker tells D from D′ with ε ≥ ${fmt(bound.lower)}`
    : leaks
      ? `leaks more than the claimed ε = ${fmt(claimed)}: at least ${fmt(bound.lower)}`
      : bound.lower > 0
        ? `consistent with ε = ${fmt(claimed)} (measured: at least ${fmt(bound.lower)})`
        : `consistent with ε = ${fmt(claimed)}: no leak found (the releases of D and D′ could not be told apart)`;
  return {
    ...info,
    releases: scoresD.length,
    requested: requested ?? scoresD.length,
    epsilonLower: bound.lower,
    epsilonEstimate: bound.estimate,
    bound,
    tradeOff: tradeOffCurve(scoresD, scoresD2),
    histogram: scoreHistograms(scoresD, scoresD2),
    leaks,
    verdict,
  };
}

/** The whole audit on this thread (tests, small runs); the pool runs the same cells. */
export function runAudit(spec: AuditSpec): AuditResult {
  const setup = auditSetup(spec);
  const cells = Array.from({ length: auditCellCount(spec) }, (_, i) => auditCell(spec, i, setup));
  return auditResult(setup.info, cells, spec.releases);
}

export const auditTask = defineTask<AuditSpec, AuditCell, AuditSetup>({
  cellCount: auditCellCount,
  setup: auditSetup,
  cell: auditCell,
});

/** The pair alone (one cell, no mechanism prepared): what the lab's views draw before and while an audit runs. */
export const auditPairTask = defineTask<AuditSpec, AuditPair>({
  cellCount: oneCell,
  cell: (spec) => auditPairOf(auditNeighbours(spec)),
});
