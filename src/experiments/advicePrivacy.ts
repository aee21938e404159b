/**
 * What the split advisor's numbers reveal: the privacy statement of `advise`, also in the lab's advice export
 * (built by the `advicePrivacy` worker task after the advisor's sweeps), so that both say the same words.
 */
import type { Advice, AdvicePoint, AdviseSpec } from './advise';
import { jointCovariates, resolveJointSettings } from './jointRelease';
import { preparedRegression } from './preparedData';
import type { DataSource, PreparedRegression } from './regressionSetup';
import { jointClaim, kngClaimFor } from '../privacy/claims';
import type { KngSettings } from '../privacy/kng';
import { DEFAULT_KNG_JOINT } from '../privacy/kngJoint/calibration';
import { defineTask, oneCell } from '../workers/defineTask';
import {
  kngPairsBatch,
  privacyStatement,
  type ClaimBatch,
  type PrivacyStatement,
} from '../privacy/statement';

/** What the numbers of a sweep and the advisor are: computed from releases and the data. */
export const MSE_AGAINST_DATA =
  'its errors compare each release with the data (and the non-private fit), so they are computed from the data ' +
  'beyond the releases';

export interface AdvicePrivacyInput {
  mechanism: 'kng-joint' | 'kng';
  /** The total ε advised on. */
  eps: number;
  /** The data the advisor ran on (synthetic, or imported with its covariates' own range) and their fit. */
  source: DataSource;
  reg: PreparedRegression;
  /** The sampler's settings (paper 000's KNG: its bounds and rules; kng-joint: m). */
  kng: Omit<KngSettings, 'epsP' | 'epsV'>;
  /** The advisor's points: each holds its pairs, drawn at its own ε_p and ε_v. */
  points: readonly Pick<AdvicePoint, 'epsP' | 'epsV' | 'pairs'>[];
}

/** The claim behind every point (kng-joint: each pair at the total ε; kng: the pairs' conditions). */
function adviceBatches(a: AdvicePrivacyInput): ClaimBatch[] {
  if (a.mechanism === 'kng-joint') {
    const cov = jointCovariates(a.reg, a.source);
    const resolved = resolveJointSettings(a.reg, { ...DEFAULT_KNG_JOINT, m: a.kng.m }, cov);
    // each point: its pairs, each ε-DP at the total ε
    const claim = jointClaim({
      epsilon: a.eps,
      n: a.reg.ys.length,
      clip: resolved.clip,
      clipGiven: false,
      range: cov.range,
      rangeIsPublic: cov.rangeIsPublic,
    });
    return a.points.map((p) => ({ claim, releases: p.pairs }));
  }
  // the claim's ε is each point's own (kngPairsBatch), so the budget given here only completes the settings
  const claim = kngClaimFor([a.reg], { ...a.kng, epsP: a.eps / 2, epsV: a.eps / 2 });
  // each point's pairs come from m footpoint chains with m shooting chains each
  return a.points.map((p) => {
    const m = Math.round(Math.sqrt(p.pairs));
    return kngPairsBatch(claim, m, m * m, p.epsP, p.epsV);
  });
}

/** The advisor's privacy statement: not a private release, with what the releases behind its points claim. */
export function advicePrivacy(a: AdvicePrivacyInput): PrivacyStatement {
  return privacyStatement({
    batches: adviceBatches(a),
    derived: MSE_AGAINST_DATA,
    data: a.source.kind === 'imported' ? 'imported' : 'synthetic',
  });
}

/** The advisor's data source (as its sweeps build it), with an imported file's covariates in their own units. */
function adviceSource(spec: AdviseSpec, xRange?: readonly [number, number]): DataSource {
  if (spec.imported)
    return { kind: 'imported', manifold: spec.manifold, ...spec.imported, ...(xRange ? { xRange } : {}) };
  return {
    kind: 'synthetic',
    manifold: spec.manifold,
    n: spec.dataset.n,
    noise: spec.dataset.noise,
    seed: spec.seed,
    ...(spec.d !== undefined ? { d: spec.d } : {}),
    ...(spec.landmarks !== undefined ? { landmarks: spec.landmarks } : {}),
  };
}

/**
 * What `advise` would say of this advice, on the data the advisor ran on (it fits them: claims check bounds). The
 * data come from this thread's last prepared ones when they are the same (preparedData.ts): generating the shapes'
 * 2,000 outlines again took 0.7–0.9 s of CPU, as long as a fifth of the sweeps before it.
 */
export function advicePrivacyOf(
  spec: AdviseSpec,
  advice: Advice,
  xRange?: readonly [number, number],
): PrivacyStatement {
  const source = adviceSource(spec, xRange);
  return advicePrivacy({
    mechanism: spec.mechanism ?? 'kng',
    eps: spec.eps,
    source,
    reg: preparedRegression(source),
    kng: spec.kng,
    points: advice.points,
  });
}

/** The `advicePrivacy` task's input: an advice and the spec it was computed for. */
export interface AdvicePrivacySpec {
  spec: AdviseSpec;
  advice: Advice;
  /** An imported file's covariate range in its own units (the statement names it, as `advise --data` does). */
  xRange?: readonly [number, number];
}

/** The advice's statement in a worker (its fit and claims stay off the page). */
export const advicePrivacyTask = defineTask<AdvicePrivacySpec, PrivacyStatement>({
  cellCount: oneCell,
  cell: ({ spec, advice, xRange }) => advicePrivacyOf(spec, advice, xRange),
});
