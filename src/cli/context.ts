/**
 * What the regression commands (fit, release, sweep, advise, sensitivity, histograms) share: their context,
 * the notes on stderr, the head of their output, and their data — synthetic or `--data`. Each command writes
 * its result to stdout and notes and progress to stderr.
 */
import type { DataSource } from '../experiments';
import type { PrivacyStatement } from '../privacy/statement';
import { samplerSeedsField, type Config } from './config';
import { loadData, regressionDataEcho, type LoadedData } from './data';
import type { ErrorSink, OutputHead, Sink } from './output';
import { provenance } from './provenance';

export interface Ctx {
  cfg: Config;
  stdout: Sink;
  stderr: ErrorSink;
  notes: string[];
  /** The command line (for the output's provenance). */
  argv: readonly string[];
}

export function note(ctx: Ctx, text: string): void {
  if (ctx.notes.includes(text)) return;
  ctx.notes.push(text);
  if (!ctx.cfg.quiet) ctx.stderr.write(`note: ${text}\n`);
}

/** The head of an output: the settings (with the ones every command shares first), provenance and privacy. */
export function outputHead(
  ctx: Ctx,
  d: LoadedData | undefined,
  settings: Record<string, unknown>,
  privacy: PrivacyStatement,
): OutputHead {
  const { cfg } = ctx;
  return {
    command: cfg.command,
    settings: { ...baseSettings(cfg, d), ...settings },
    notes: ctx.notes,
    privacy,
    provenance: provenance(
      ctx.argv,
      {
        data: d ? null : cfg.seed,
        samplers: cfg.samplerSeeds.length > 1 ? cfg.samplerSeeds : cfg.samplerSeed,
      },
      d ? d.file : null,
    ),
  };
}

/**
 * The settings every command reports: the space, the seed, the data set sizes and noise (and the synthetic shapes'
 * landmarks, for the commands that take --landmarks), or the data file.
 */
function baseSettings(cfg: Config, d: LoadedData | undefined) {
  return {
    manifold: cfg.manifold,
    seed: cfg.seed,
    ...samplerSeedsField(cfg),
    n: d ? [d.parsed.n] : cfg.ns,
    noise: d ? null : cfg.noise,
    ...(!d && cfg.landmarks !== undefined && LANDMARK_COMMANDS.includes(cfg.command)
      ? { landmarks: cfg.landmarks }
      : {}),
    data: d ? regressionDataEcho(d, cfg.data?.normalize ?? false) : null,
  };
}

const LANDMARK_COMMANDS: readonly string[] = ['fit', 'release', 'sweep', 'advise'];

/** The synthetic shapes' landmarks, where they apply (the generator's default elsewhere). */
export function landmarksOf(cfg: Config): { landmarks?: number } {
  return cfg.landmarks !== undefined && LANDMARK_COMMANDS.includes(cfg.command)
    ? { landmarks: cfg.landmarks }
    : {};
}

// ---------------------------------------------------------------------------------------------------------
// Data: synthetic or --data
// ---------------------------------------------------------------------------------------------------------

export function loadUserData(ctx: Ctx): LoadedData | undefined {
  const { cfg } = ctx;
  if (!cfg.data) return undefined;
  const d = loadData(cfg.data.path, cfg.manifold, cfg.data.columns, cfg.data.normalize);
  const ignored = [
    cfg.nGiven ? '--n' : '',
    cfg.noiseGiven ? '--noise-var' : '',
    cfg.landmarksGiven ? '--landmarks' : '',
  ].filter(Boolean);
  if (ignored.length > 0)
    note(
      ctx,
      `--data given: its ${d.parsed.n} data points replace the synthetic data, so ${ignored.join(', ').replace(/, ([^,]*)$/, ' and $1')} ${ignored.length > 1 ? 'are' : 'is'} ignored`,
    );
  for (const w of d.parsed.warnings) note(ctx, `${d.file}: ${w}`);
  if (d.xRange[0] !== 0 || d.xRange[1] !== 1)
    note(ctx, `covariate "${d.parsed.xLabel}" rescaled from [${d.xRange[0]}, ${d.xRange[1]}] to [0, 1]`);
  return d;
}

export function sourceOf(cfg: Config, d: LoadedData | undefined): DataSource {
  return d
    ? {
        kind: 'imported',
        manifold: cfg.manifold,
        xs: d.xs,
        ys: d.ys,
        label: d.parsed.xLabel,
        xRange: d.xRange,
      }
    : {
        kind: 'synthetic',
        manifold: cfg.manifold,
        n: cfg.ns[0],
        noise: cfg.noise,
        seed: cfg.seed,
        ...landmarksOf(cfg),
      };
}

/** The calibration's notes; `boundsPublic` false when τ or τ_m came from the data. */
export function privacyNotes(ctx: Ctx, notes: readonly string[], boundsPublic: boolean): void {
  for (const n of notes) note(ctx, n);
  if (!boundsPublic)
    note(
      ctx,
      'public bounds (--tau, and --tau-m on SPD) take the data out of the noise scale; the footpoint still leaks ' +
        '(see privacy)' +
        // kng-joint is not defined on R^d: no pointer to it there
        (ctx.cfg.manifold === 'euclidean'
          ? ''
          : '; the release private for any data is `release --mechanism kng-joint`'),
    );
}
