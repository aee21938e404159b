/**
 * The privacy audit (docs/audit.md): how well can an attacker tell, from one release, whether one person's
 * record was in the data? For any mechanism of the table (`src/experiments/mechanisms/`):
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
 *
 * The audit's types are in `types.ts`, the data D and the pair D, D′ of a spec in `data.ts`, the result in
 * `result.ts` (all re-exported here).
 */
import { spaceOf, type PreparedMechanism } from '../privacy/mechanism';
import { Rng } from '../sampling/rng';
import { defineTask, oneCell } from '../workers/defineTask';
import type { TableMechanism } from '../experiments/mechanisms';
import {
  auditData,
  auditNeighbours,
  auditPairOf,
  checkAuditSpec,
  DEFAULT_CELL_RELEASES,
  mechanismById,
} from './data';
import { neighbouringData, type Neighbours } from './neighbours';
import { auditResult } from './result';
import type { AuditCell, AuditInfo, AuditPair, AuditResult, AuditSpec, AuditStatistic } from './types';

export * from './types';
export {
  auditData,
  auditNeighbours,
  auditPairInputs,
  auditPairOf,
  checkAuditSpec,
  DEFAULT_CELL_RELEASES,
  mechanismById,
} from './data';
export * from './result';

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
