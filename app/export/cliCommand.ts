/**
 * The command line that reproduces what the lab computed: `npm run -s cli -- release …` for the current release
 * and `npm run -s cli -- sweep …` for the MSE sweep. Both are read off the very specs the lab's jobs run
 * (`releaseSpec`, `sweepSpec`), and the CLI runs the same core with the same random streams, so it prints the
 * same numbers (cliCommand.test.ts runs both and compares). Where the CLI cannot describe a job exactly there is
 * no command, and the note says why: a wrong command would be worse than none.
 */
import type { ReleaseSpec, SweepSpec } from '../../src/experiments';
import { jointSettingsFromBudget } from '../../src/experiments/jointSettings';
import type { KngSettings } from '../../src/privacy/kng';
import { DEFAULT_KNG_JOINT } from '../../src/privacy/kngJoint/calibration';
import { LAB_ADAPT_TARGET, releaseSpec, sweepSpec } from '../compute/jobs';
import type { LabSettings } from '../state/settings';
import type { ImportedData } from '../store';

/** How to get an export's numbers from the command line, or why the command line cannot give them. */
export interface CliReproduction {
  /** The shell command (POSIX shell quoting), or null when no command reproduces the numbers. */
  command: string | null;
  /** Its arguments after `npm run -s cli --`, unquoted; null with the command. */
  args: string[] | null;
  /** What the command prints that matches the export, or why there is none. */
  note: string;
}

/** The prefix of every command: `-s` keeps npm's banner out of stdout, so the JSON can go straight to a file. */
export const CLI_PREFIX = 'npm run -s cli --';

/** An argument as a POSIX shell word: as it is when it is safe, else single-quoted. */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

function command(args: string[], note: string): CliReproduction {
  return { command: [CLI_PREFIX, ...args.map(shellQuote)].join(' '), args, note };
}

function none(note: string): CliReproduction {
  return { command: null, args: null, note: `No CLI command: ${note}` };
}

/** Thrown inside the builders when a spec holds something the CLI has no option for. */
class NoOption extends Error {}

const IMPORTED =
  'these numbers were computed on your file as the lab holds it. The CLI would read the file’s decimal numbers, ' +
  'which agree with the lab’s data only to rounding, so its chains need not retrace these draws. To run the ' +
  'same settings on the same data, export them with Data → CSV and give that file to the CLI with --data.';

/**
 * Synthetic data sets of sizes `ns` (one generator otherwise) from `seed`; `--sampler-seed` only where the
 * samplers' seed differs (without it the CLI's samplers take --seed).
 */
function dataArgs(
  d: { manifold: string; noise?: number; landmarks?: number; d?: number },
  ns: readonly number[],
  seed: number,
  samplerSeed: number,
): string[] {
  if (d.noise === undefined || d.d !== undefined)
    throw new NoOption('the data’s generator settings are not all options of the CLI.');
  return [
    '--manifold',
    d.manifold,
    '--n',
    ns.join(','),
    '--noise-var',
    String(d.noise),
    '--seed',
    String(seed),
    ...(samplerSeed !== seed ? ['--sampler-seed', String(samplerSeed)] : []),
    ...(d.landmarks !== undefined ? ['--landmarks', String(d.landmarks)] : []),
  ];
}

/** Paper 000's KNG: every setting of its calibration and chains, defaults included (they may change). */
function kngArgs(k: Omit<KngSettings, 'epsP' | 'epsV'>): string[] {
  if (k.adaptTarget !== undefined && k.adaptTarget !== LAB_ADAPT_TARGET)
    throw new NoOption(
      `the chains adapt toward an acceptance rate of ${k.adaptTarget}, the CLI's toward 0.3.`,
    );
  return [
    '--sigma-rule',
    k.sigmaRule,
    '--tau',
    String(k.tau),
    '--tau-m',
    String(k.tauM),
    '--v-domain',
    k.vDomain,
    ...(k.vRadius !== undefined ? ['--v-radius', String(k.vRadius)] : []),
    '--burn-in',
    String(k.burnIn),
    '--scheme',
    k.scheme,
    '--m',
    String(k.m),
    '--step-p',
    String(k.stepScaleP),
    '--step-v',
    String(k.stepScaleV),
    ...(k.adaptTarget !== undefined ? ['--adaptive'] : []),
  ];
}

function releaseArgs(spec: ReleaseSpec): string[] {
  const source = spec.source;
  if (source.kind !== 'synthetic') throw new NoOption(IMPORTED);
  // the release spec's seed is the samplers'; the data's is the source's
  const data = dataArgs(source, [source.n], source.seed, spec.seed);
  if (spec.mechanism === 'kng-joint') {
    // the lab's budget → kng-joint's three parts, computed as the lab's release computes them (the manifold's
    // name is its family's kind on the three spaces kng-joint runs on)
    const j = jointSettingsFromBudget(spec.kng, source.manifold);
    const given = ['epsP', 'epsV', 'epsE', 'm'];
    const fixed = Object.keys(j).filter((k) => !given.includes(k)) as (keyof typeof DEFAULT_KNG_JOINT)[];
    if (fixed.some((k) => j[k] !== DEFAULT_KNG_JOINT[k]))
      throw new NoOption('the joint sampler’s settings differ from the CLI’s.');
    return [
      'release',
      '--mechanism',
      'kng-joint',
      ...data,
      '--eps-p',
      String(j.epsP),
      '--eps-v',
      String(j.epsV),
      '--eps-e',
      String(j.epsE),
      '--m',
      String(j.m),
    ];
  }
  const { epsP, epsV, traceEvery: _trace, ...kng } = spec.kng;
  return [
    'release',
    '--mechanism',
    'kng',
    ...data,
    '--eps-p',
    String(epsP),
    '--eps-v',
    String(epsV),
    ...kngArgs(kng),
  ];
}

function sweepArgs(spec: SweepSpec): string[] {
  if (spec.imported) throw new NoOption(IMPORTED);
  if (spec.datasets.length === 0) throw new NoOption('the sweep has no data sets.');
  const noises = new Set(spec.datasets.map((d) => d.noise));
  if (noises.size > 1)
    throw new NoOption(
      'its curves have different noise levels (Fig. 6), and the CLI’s sweep draws every curve at one noise level.',
    );
  const ns = spec.datasets.map((d) => d.n);
  if (new Set(ns).size !== ns.length) throw new NoOption('two curves have the same n.');
  if (spec.stream !== undefined || spec.budgets?.splits)
    throw new NoOption('the sweep has settings the CLI has no option for.');
  const data = dataArgs(
    { ...spec, noise: spec.datasets[0]?.noise },
    ns,
    spec.seed,
    spec.samplerSeed ?? spec.seed,
  );
  const panels = spec.panels.join(',');
  const split =
    panels === 'unequal,equal' ? 'both' : panels === 'unequal' || panels === 'equal' ? panels : null;
  if (split === null)
    throw new NoOption(`the CLI runs the panels in the order unequal, equal (got ${panels}).`);
  const b = spec.budgets ?? {};
  const budgets = [
    '--split',
    split,
    '--points',
    String(b.points ?? 10),
    ...(b.unequalTotal !== undefined ? ['--eps', String(b.unequalTotal)] : []),
    ...(b.equalRange ? ['--eps-range', `${b.equalRange[0]},${b.equalRange[1]}`] : []),
    ...(b.equalScale ? ['--eps-scale', b.equalScale] : []),
  ];
  const { traceEvery: _trace, ...kng } = spec.kng;
  return [
    'sweep',
    ...data,
    ...budgets,
    ...(spec.mechanism === 'kng-joint'
      ? ['--mechanism', 'kng-joint', '--m', String(kng.m)]
      : ['--mechanism', 'kng', ...kngArgs(kng)]),
  ];
}

function attempt(build: () => string[], note: string): CliReproduction {
  try {
    return command(build(), note);
  } catch (e) {
    if (e instanceof NoOption) return none(e.message);
    throw e;
  }
}

/** The command printing the current release: the same pairs (p, v) with the same MSEs. */
export function releaseCliCommand(s: LabSettings, imported: ImportedData | undefined): CliReproduction {
  return attempt(
    () => releaseArgs(releaseSpec(s, imported)),
    'prints the same released pairs (p, v) and MSEs as this export (JSON on stdout; --format csv for a table).',
  );
}

/** The command printing the current MSE sweep: the same rows, point for point. */
export function sweepCliCommand(s: LabSettings, imported: ImportedData | undefined): CliReproduction {
  return attempt(
    () => sweepArgs(sweepSpec(s, imported)),
    'prints the rows of the complete sweep, the same ln mean MSE at every budget point and n (JSON on stdout; ' +
      '--format csv for a table; --workers changes the speed, not the numbers).',
  );
}

/** Both commands of the current settings. */
export function cliCommand(
  s: LabSettings,
  imported: ImportedData | undefined,
): { release: CliReproduction; sweep: CliReproduction } {
  return { release: releaseCliCommand(s, imported), sweep: sweepCliCommand(s, imported) };
}

/** The JSON fields of an export: the command (null when there is none) and what it reproduces or why not. */
export function cliFields(r: CliReproduction): { cliCommand: string | null; cliNote: string } {
  return { cliCommand: r.command, cliNote: r.note };
}

/** The `# cli …` lines of a CSV export (after the `# `): the command, or `none`, then the note. */
export function cliCommentLines(r: CliReproduction): string[] {
  return [`cli ${r.command ?? 'none'}`, `cli note: ${r.note}`];
}
