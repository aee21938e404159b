/**
 * The split advisor's exports (JSON and CSV): the recommendation with its interval and resolution, the fitted
 * curve and the sweep's points, what the advice was computed on — the lab's synthetic data, a synthetic stand-in
 * for the user's file, or the file itself — with its seed and sampler settings, and the privacy statement of
 * what the numbers reveal (the CLI's, built in a worker: advicePrivacy.ts). The shapes follow `advise --format
 * json|csv`: `advice`, `curve` and `points` as the CLI prints them; the CSV's table is the points, the rest `#`
 * lines.
 */
import { CORPUS_CALLOSUM_LANDMARKS } from '../../src/data/corpusCallosum';
import { dataManifold, manifoldOfResponses } from '../../src/data/manifolds';
import { adviseFineM, type Advice, type AdviseSpec } from '../../src/experiments';
import { DEFAULT_DOMAIN, DEFAULT_KNG_JOINT, splitJointBudget } from '../../src/privacy/kngJoint/calibration';
import { jointSamplerInForce, longerStepsAtSplits } from '../../src/privacy/kngJoint/samplerInForce';
import type { PrivacyStatement } from '../../src/privacy/statement';
import type { CsvExport } from '../export/ExportButtons';

/** The table's columns: those of `advise --format csv`. */
export const ADVICE_POINT_COLUMNS = ['stage', 'split', 'epsP', 'epsV', 'lnMeanMse', 'se', 'pairs'] as const;

/** The user's file of the workspace, when there is one. */
export interface AdviceFile {
  fileName: string;
  rows: number;
}

export interface AdviceExportInput {
  advice: Advice;
  /** The advisor's spec (app/compute/advise.ts adviseSpec): what the advice was computed on and with. */
  spec: AdviseSpec;
  /** The workspace's file: what a stand-in stands in for, or the data analysed. */
  file: AdviceFile | null;
  /** What the advice reveals; null when it could not be built (the export then says why). */
  privacy: PrivacyStatement | null;
  privacyError?: string;
}

const STAND_IN_NOTE =
  'The advice was computed on a synthetic stand-in: data generated from the seed with your file’s size and a ' +
  'public noise level, not on your data, so it reveals nothing of them beyond their number of records.';

/** What the advice was computed on, and with: the data's settings and seed, the budget, the sampler. */
export function adviceComputedOn(x: Pick<AdviceExportInput, 'spec' | 'file' | 'advice'>) {
  const { spec, file } = x;
  const onData = spec.imported !== undefined;
  const standIn = !onData && file !== null;
  const mechanism = spec.mechanism ?? 'kng';
  return {
    data: onData ? 'imported' : standIn ? 'synthetic stand-in' : 'synthetic',
    standIn,
    // the file the stand-in replaces, or the file analysed
    file: file ? { fileName: file.fileName, rows: file.rows } : null,
    note: standIn
      ? STAND_IN_NOTE
      : onData
        ? 'The advice was computed on your data: it is an analysis of them, not private.'
        : null,
    manifold: spec.manifold,
    n: onData ? spec.imported!.ys.length : spec.dataset.n,
    // the generator's settings; on imported data there are none (the file is the data)
    noise: onData ? null : (spec.dataset.noise ?? null),
    seed: spec.seed,
    samplerSeed: spec.samplerSeed ?? spec.seed,
    ...(!onData && spec.d !== undefined ? { d: spec.d } : {}),
    // the advisor's synthetic shapes: the lab's landmark count, else the generator's
    ...(!onData && spec.manifold === 'kendall'
      ? { landmarks: spec.landmarks ?? CORPUS_CALLOSUM_LANDMARKS }
      : {}),
    mechanism,
    eps: spec.eps,
    coarsePoints: spec.coarsePoints ?? 11,
    finePoints: spec.finePoints ?? 9,
    m: spec.kng.m,
    fineM: adviseFineM(spec),
    // as `advise` reports them: kng-joint's domain and chains, or paper 000's bounds, rules and chains
    sampler:
      mechanism === 'kng-joint'
        ? jointSampler(
            spec,
            x.advice.points.map((p) => p.split),
          )
        : { ...spec.kng, traceEvery: undefined },
  };
}

/**
 * The joint release's domain and chains as the advisor ran them: the sampler in force on the data's space, its
 * steps at the even split and at the advice's splits where they ran longer.
 */
function jointSampler(spec: AdviseSpec, splits: readonly number[]) {
  const domain = DEFAULT_DOMAIN[spec.manifold] ?? DEFAULT_DOMAIN.sphere;
  const space = spec.imported
    ? manifoldOfResponses(spec.manifold, spec.imported.ys)
    : dataManifold(spec.manifold, spec.d ?? 1, spec.landmarks ?? CORPUS_CALLOSUM_LANDMARKS);
  const inForce = jointSamplerInForce(DEFAULT_KNG_JOINT, space.dim);
  const { proposal, replicas, burnIn, frozenSteps, adaptTarget } = inForce;
  return {
    energyShare: domain.energyShare,
    clip: domain.clip,
    sampler: proposal,
    replicas,
    burnIn,
    frozenSteps,
    longerStepsAtSplits: longerStepsAtSplits(inForce, space.dim, splits),
    adaptTarget,
  };
}

/** The data of the advice in words (replaces the export's own line, which names the workspace's file). */
function dataInWords(c: ReturnType<typeof adviceComputedOn>): string {
  const synthetic = `from seed ${c.seed}: n = ${c.n}, noise ${c.noise}`;
  if (c.data === 'imported')
    return `your file ${c.file?.fileName}: ${c.n} rows — the advice is an analysis of these data (not private)`;
  if (c.standIn)
    return `a synthetic stand-in for your file ${c.file?.fileName} (${c.file?.rows} rows), ${synthetic}; your data were not used`;
  return `synthetic, ${synthetic}`;
}

/**
 * The release the advised split gives: kng-joint shares what the energy term leaves of ε between footpoint and
 * shooting vector (the CLI's note names the same `release --eps-e --eps-p --eps-v`); paper 000's KNG splits ε.
 */
export function advisedRelease(advice: Advice, spec: AdviseSpec) {
  if (spec.mechanism === 'kng-joint') return splitJointBudget(spec.eps, advice.split, spec.manifold);
  return { epsE: null, epsP: advice.epsP, epsV: advice.epsV };
}

/** The recommendation as the CLI prints it (`advice`): without the points, curve, notes and flag. */
function recommendation(advice: Advice) {
  const { points: _p, curve: _c, notes: _n, isPrivate: _i, ...rest } = advice;
  return rest;
}

/** The JSON export's fields (after the lab's own metadata; `data` takes the place of its line about the data). */
export function adviceJson(x: AdviceExportInput): Record<string, unknown> {
  const computedOn = adviceComputedOn(x);
  return {
    data: dataInWords(computedOn),
    advice: recommendation(x.advice),
    release: advisedRelease(x.advice, x.spec),
    computedOn,
    privacy: x.privacy,
    ...(x.privacyError ? { privacyError: x.privacyError } : {}),
    notes: x.advice.notes,
    curve: x.advice.curve,
    points: x.advice.points,
  };
}

/** The CSV export: the sweep's points as the table, everything else as `# note:` lines of JSON. */
export function adviceCsv(x: AdviceExportInput): CsvExport {
  const computedOn = adviceComputedOn(x);
  const json = (key: string, value: unknown) => `${key}: ${JSON.stringify(value)}`;
  return {
    rows: x.advice.points as unknown as Record<string, unknown>[],
    columns: ADVICE_POINT_COLUMNS,
    notes: [
      `computed on ${dataInWords(computedOn)}`,
      ...(computedOn.note ? [computedOn.note] : []),
      json('advice', recommendation(x.advice)),
      json('release', advisedRelease(x.advice, x.spec)),
      json('computedOn', computedOn),
      x.privacy ? json('privacy', x.privacy) : `privacy: not built (${x.privacyError ?? 'unknown'})`,
      json('curve', x.advice.curve),
      ...x.advice.notes,
    ],
  };
}
