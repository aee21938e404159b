/** Raw option values → the effective settings of one command (defaults filled in, values checked). */
import { availableParallelism } from 'node:os';
import { DEFAULT_NOISE, MANIFOLD_KINDS, MANIFOLDS, type DataManifold } from '../data';
import type { JointSampler, Panel } from '../experiments';
import { CORPUS_CALLOSUM_LANDMARKS } from '../data/corpusCallosum';
import { DEFAULT_KNG_SETTINGS, KNG_ADAPT_TARGET, type KngSettings } from '../privacy/kng';
import { splitJointBudget } from '../privacy/kngJoint/calibration';
import {
  checkPairs,
  checkSize,
  CliError,
  columnsValue,
  dataOrNumber,
  enumValue,
  intList,
  intValue,
  KNG_ONLY,
  numberValue,
  seedList,
  str,
  type Command,
  type RawOptions,
} from './options';

export interface Config {
  command: Command;
  manifold: DataManifold;
  ns: number[];
  /** --n was given (so a note is due when --data overrides it). */
  nGiven: boolean;
  /** Seed of the synthetic data (and of the samplers, unless --sampler-seed). */
  seed: number;
  /** Seed of the samplers' random streams: --sampler-seed, else --seed (with several, the first). */
  samplerSeed: number;
  /** Every sampler seed given (sweep: a list or range replicates it); [samplerSeed] otherwise. */
  samplerSeeds: number[];
  noise: number;
  noiseGiven: boolean;
  data?: { path: string; columns?: { x?: string; y?: string[]; subject?: string }; normalize: boolean };
  /** release, histograms */
  epsP: number;
  epsV: number;
  /** advise: the total budget */
  eps: number;
  /** advise: m of the fine stage */
  fineM?: number;
  /** sweep */
  panels: Panel[];
  points: number;
  /**
   * sweep: the unequal panel's total ε and the equal panel's range and spacing, as given (absent: the paper's
   * 2.02 and linspace(0.2, 2.0), with the budgets computed exactly as before these options existed).
   */
  budgets: { unequalTotal?: number; equalRange?: readonly [number, number]; equalScale?: 'linear' | 'log' };
  /** Synthetic Kendall shapes: landmarks per outline (absent elsewhere), and whether --landmarks was given. */
  landmarks?: number;
  landmarksGiven: boolean;
  kng: KngSettings;
  /** release, sweep, advise: which mechanism, and kng-joint's own settings (its ε_p, ε_v are epsP, epsV). */
  mechanism: 'kng-joint' | 'kng';
  joint: { epsE: number; clip?: number; xRange?: readonly [number, number]; m: number };
  /** release, sweep (audit: in its own config): kng-joint's sampler, --sampler walk|mixture (default walk). */
  jointSampler: JointSampler;
  pairs: number;
  draws: number;
  workers: number;
  format: 'json' | 'csv';
  quiet: boolean;
}

export function resolveConfig(command: Command, values: RawOptions): Config {
  const get = (name: string) => str(values[name]);
  const manifold = enumValue('manifold', get('manifold') ?? 'sphere', MANIFOLD_KINDS);
  const nRaw = get('n');
  const defaultN =
    command === 'sweep' || command === 'sensitivity' ? '20,50,100' : command === 'histograms' ? '20' : '50';
  const ns = intList('n', nRaw ?? defaultN, 3);
  if (ns.length > 1 && !(command === 'sweep' || command === 'sensitivity'))
    throw new CliError(`--n takes one size for the ${command} command (got "${nRaw}")`);
  if (new Set(ns).size !== ns.length) throw new CliError(`--n lists a size twice (got "${nRaw}")`);
  const landmarksRaw = get('landmarks');
  if (landmarksRaw !== undefined && manifold !== 'kendall')
    throw new CliError('--landmarks is for synthetic Kendall shapes (--manifold kendall)');
  const landmarks =
    manifold === 'kendall'
      ? intValue('landmarks', landmarksRaw ?? String(CORPUS_CALLOSUM_LANDMARKS), 3, 200)
      : undefined;
  // a record: the covariate and the response's ambient coordinates (Kendall: 2 per landmark)
  const perRecord =
    1 + { sphere: 3, spd: 4, kendall: 2 * (landmarks ?? CORPUS_CALLOSUM_LANDMARKS), euclidean: 1 }[manifold];
  for (const n of ns) checkSize(command, n, perRecord);
  const seed = intValue('seed', get('seed') ?? '1', 0);
  const samplerSeeds = seedList('sampler-seed', get('sampler-seed') ?? String(seed));
  if (samplerSeeds.length > 1 && command !== 'sweep')
    throw new CliError(
      `--sampler-seed takes one seed for the ${command} command; a list or range replicates a sweep`,
    );
  const noiseRaw = get('noise-var');
  const noise =
    noiseRaw !== undefined ? numberValue('noise-var', noiseRaw, 'nonNegative') : DEFAULT_NOISE[manifold];

  const dataPath = get('data');
  const columnsRaw = get('columns');
  if (columnsRaw !== undefined && dataPath === undefined) throw new CliError('--columns needs --data FILE');
  if (values.normalize && dataPath === undefined) throw new CliError('--normalize needs --data FILE');
  if (dataPath !== undefined && dataPath.trim() === '') throw new CliError('--data needs a file name');
  const cannotNormalize = MANIFOLDS[manifold].rows.cannotNormalize;
  if (values.normalize && cannotNormalize !== null)
    throw new CliError(`--normalize is for sphere data (${cannotNormalize})`);
  const data = dataPath
    ? {
        path: dataPath,
        ...(columnsRaw !== undefined ? { columns: columnsValue(columnsRaw) } : {}),
        normalize: values.normalize === true,
      }
    : undefined;

  const mechanism = MECHANISM_COMMANDS.includes(command)
    ? enumValue('mechanism', get('mechanism') ?? defaultMechanism(manifold), ['kng-joint', 'kng'] as const)
    : 'kng';
  if (mechanism === 'kng-joint') {
    checkJointSpace(manifold);
    refuseKngOptions(values, manifold);
  }
  // the audit resolves its own --sampler (auditConfig.ts: it also takes paper KNG's mixed|paper)
  const jointSampler =
    command === 'release' || command === 'sweep'
      ? jointSamplerValue(get('sampler'), mechanism, values.mechanism === undefined, manifold)
      : 'mixture';
  const jointDefaults = splitJointBudget(2, 0.5, manifold);
  const jointDefaultEps = (share: number) => (mechanism === 'kng-joint' ? String(share) : '1');
  // release only: the audit's --clip is DP-SGD's
  if (command === 'release' && mechanism === 'kng')
    for (const o of ['eps-e', 'clip', 'x-range'])
      if (get(o) !== undefined) throw new CliError(`--${o} is a setting of --mechanism kng-joint`);
  const epsP = numberValue('eps-p', get('eps-p') ?? jointDefaultEps(jointDefaults.epsP), 'positive');
  const eps = numberValue('eps', get('eps') ?? '1', 'positive');
  const fineMRaw = get('fine-m');
  const epsV = numberValue('eps-v', get('eps-v') ?? jointDefaultEps(jointDefaults.epsV), 'positive');
  const split = enumValue('split', get('split') ?? 'both', ['unequal', 'equal', 'both'] as const);
  const panels: Panel[] = split === 'both' ? ['unequal', 'equal'] : [split];
  const epsRangeRaw = get('eps-range');
  const epsRange = epsRangeRaw !== undefined ? rangeValue('eps-range', epsRangeRaw) : undefined;
  if (epsRange && !(epsRange[0] > 0))
    throw new CliError(`--eps-range must be positive (got "${epsRangeRaw}")`);
  const epsScaleRaw = get('eps-scale');
  const budgets: Config['budgets'] = {
    ...(command === 'sweep' && get('eps') !== undefined ? { unequalTotal: eps } : {}),
    ...(epsRange ? { equalRange: epsRange } : {}),
    ...(epsScaleRaw !== undefined
      ? { equalScale: enumValue('eps-scale', epsScaleRaw, ['linear', 'log'] as const) }
      : {}),
  };

  const vRadiusRaw = get('v-radius');
  const kng: KngSettings = {
    ...DEFAULT_KNG_SETTINGS,
    epsP,
    epsV,
    sigmaRule: enumValue('sigma-rule', get('sigma-rule') ?? 'paper', ['paper', 'strict'] as const),
    tau: dataOrNumber('tau', get('tau') ?? 'data', 'positive'),
    tauM: dataOrNumber('tau-m', get('tau-m') ?? 'data', 'nonNegative'),
    vDomain: enumValue('v-domain', get('v-domain') ?? 'ball', ['ball', 'plane'] as const),
    burnIn: intValue('burn-in', get('burn-in') ?? String(DEFAULT_KNG_SETTINGS.burnIn), 0),
    scheme: enumValue('scheme', get('scheme') ?? 'independent', ['independent', 'consecutive'] as const),
    // release: one publishable pair unless more are asked for; sweeps and the advisor average over m × m pairs
    m: intValue('m', get('m') ?? (command === 'release' ? '1' : String(DEFAULT_KNG_SETTINGS.m)), 1, 10_000),
    stepScaleP: numberValue('step-p', get('step-p') ?? String(DEFAULT_KNG_SETTINGS.stepScaleP), 'positive'),
    stepScaleV: numberValue('step-v', get('step-v') ?? String(DEFAULT_KNG_SETTINGS.stepScaleV), 'positive'),
    ...(vRadiusRaw !== undefined ? { vRadius: numberValue('v-radius', vRadiusRaw, 'positive') } : {}),
    ...(values.adaptive === true ? { adaptTarget: KNG_ADAPT_TARGET } : {}),
  };
  if (mechanism === 'kng') checkPairs('m', kng.m);
  if (vRadiusRaw !== undefined && kng.vDomain === 'plane')
    throw new CliError('--v-radius is the radius of the ball domain; it does not go with --v-domain plane');

  return {
    command,
    manifold,
    ns,
    nGiven: nRaw !== undefined,
    seed,
    samplerSeed: samplerSeeds[0],
    samplerSeeds,
    noise,
    noiseGiven: noiseRaw !== undefined,
    ...(data ? { data } : {}),
    epsP,
    epsV,
    eps,
    ...(fineMRaw !== undefined ? { fineM: checkedFineM(fineMRaw, mechanism) } : {}),
    panels,
    points: intValue('points', get('points') ?? (command === 'advise' ? '11' : '10'), 1, 10_000),
    budgets,
    ...(landmarks !== undefined ? { landmarks } : {}),
    landmarksGiven: landmarksRaw !== undefined,
    kng,
    mechanism,
    joint: {
      epsE: numberValue('eps-e', get('eps-e') ?? String(jointDefaults.epsE), 'nonNegative'),
      ...(get('clip') !== undefined ? { clip: numberValue('clip', get('clip')!, 'positive') } : {}),
      ...(get('x-range') !== undefined ? { xRange: rangeValue('x-range', get('x-range')!) } : {}),
      m: intValue('m', get('m') ?? '1', 1, 10_000),
    },
    jointSampler,
    pairs: intValue('pairs', get('pairs') ?? '20', 1, 100_000),
    draws: intValue('draws', get('draws') ?? '200', 1, 1_000_000),
    workers: intValue('workers', get('workers') ?? String(availableParallelism()), 1, 1024),
    format: enumValue('format', get('format') ?? 'json', ['json', 'csv'] as const),
    quiet: values.quiet === true,
  };
}

/** The commands that take --mechanism kng-joint|kng (the audit resolves its own, from the whole table). */
const MECHANISM_COMMANDS: readonly Command[] = ['release', 'sweep', 'advise'];

/**
 * The regression commands' mechanism without --mechanism: the release private for any data where it is defined;
 * R^d keeps paper 000's KNG, since kng-joint needs a compact domain for the footpoint and the shooting vector.
 */
export function defaultMechanism(manifold: DataManifold): 'kng-joint' | 'kng' {
  return manifold === 'euclidean' ? 'kng' : 'kng-joint';
}

/** kng-joint's spaces: a one-line refusal instead of the sampler's error deep in the run. */
export function checkJointSpace(manifold: DataManifold): void {
  if (manifold === 'euclidean')
    throw new CliError(
      '--mechanism kng-joint is defined on the sphere, SPD and Kendall shapes, not on euclidean',
    );
}

/**
 * Refuses a paper-KNG option under kng-joint, which would otherwise ignore it silently; when kng-joint is only
 * the default, the message says how to get paper 000's KNG (command lines written before the default changed).
 */
export function refuseKngOptions(
  values: RawOptions,
  manifold: DataManifold,
  extra: readonly string[] = [],
): void {
  for (const o of [...KNG_ONLY, ...extra])
    if (values[o] !== undefined)
      throw new CliError(
        values.mechanism === undefined
          ? `--${o} is a setting of --mechanism kng (the default on ${manifold} is kng-joint: add --mechanism kng)`
          : `--${o} is a setting of --mechanism kng, not of kng-joint`,
      );
}

/**
 * --sampler of kng-joint: walk (the default) or mixture (MIXTURE_SAMPLER). Refused in one line with another
 * mechanism; paper KNG's audit values (mixed, paper) are refused under kng-joint, naming what it takes.
 */
export function jointSamplerValue(
  raw: string | undefined,
  mechanism: string,
  mechanismImplicit: boolean,
  manifold: DataManifold,
): JointSampler {
  if (raw === undefined) return 'mixture';
  if (mechanism !== 'kng-joint')
    throw new CliError(`--sampler ${raw} is a setting of --mechanism kng-joint, not of ${mechanism}`);
  if (raw === 'mixed' || raw === 'paper')
    throw new CliError(
      `--sampler ${raw} is a setting of --mechanism kng` +
        (mechanismImplicit
          ? ` (the default on ${manifold} is kng-joint: add --mechanism kng)`
          : ', not of kng-joint') +
        '; kng-joint takes --sampler walk or mixture',
    );
  return enumValue('sampler', raw, ['walk', 'mixture'] as const);
}

/** --fine-m: paper 000's KNG draws fine-m² pairs per split, kng-joint fine-m. */
function checkedFineM(raw: string, mechanism: 'kng-joint' | 'kng'): number {
  const m = intValue('fine-m', raw, 1, 10_000);
  if (mechanism === 'kng') checkPairs('fine-m', m);
  return m;
}

/**
 * `{ samplerSeed }` where the samplers' seed is not the data's, else nothing: specs and echoed settings are then
 * those of before --sampler-seed, so an output with --sampler-seed equal to --seed is the output without it
 * (provenance.seeds gives both seeds always).
 */
export function samplerSeedField(seed: number, samplerSeed: number): { samplerSeed?: number } {
  return samplerSeed === seed ? {} : { samplerSeed };
}

/**
 * The samplers' seeds as settings and provenance give them: the list when a sweep is replicated over several,
 * else `samplerSeedField`'s one seed (present only where it differs from --seed).
 */
export function samplerSeedsField(cfg: Config): { samplerSeed?: number | number[] } {
  return cfg.samplerSeeds.length > 1
    ? { samplerSeed: cfg.samplerSeeds }
    : samplerSeedField(cfg.seed, cfg.samplerSeed);
}

/** "LO,HI" with LO < HI, both finite. */
function rangeValue(name: string, raw: string): readonly [number, number] {
  const parts = raw.split(',');
  const [lo, hi] = parts.map((x) => Number(x.trim()));
  if (
    parts.length !== 2 ||
    parts.some((x) => x.trim() === '') ||
    !(Number.isFinite(lo) && Number.isFinite(hi) && lo < hi)
  )
    throw new CliError(`--${name} must be two numbers LO,HI with LO < HI (got "${raw}")`);
  return [lo, hi];
}

/**
 * The KNG settings a command reports (what it actually used). `vRadius`: the shooting-vector ball's radius in
 * force on each data set (calibrateKng; null where unbounded), in the order of settings.n — on SPD the default,
 * 2(τ_m + τ), differs between data sets.
 */
export function kngSettingsEcho(k: KngSettings, vRadius: readonly number[]) {
  return {
    sigmaRule: k.sigmaRule,
    tau: k.tau,
    tauM: k.tauM,
    vDomain: k.vDomain,
    vRadius: vRadius.map((r) => (Number.isFinite(r) ? r : null)),
    burnIn: k.burnIn,
    m: k.m,
    scheme: k.scheme,
    stepP: k.stepScaleP,
    stepV: k.stepScaleV,
  };
}
