/**
 * Where an output came from, so that a published number can be traced and rerun: the tool's version and git
 * commit, the command line, the seeds and a hash of the data file (docs/cli-output.md). Read at run time here,
 * in the CLI: the core stays free of processes and files.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Version of the JSON shape of every command (docs/schema/*.schema.json); raise it when a shape changes. */
export const SCHEMA_VERSION = 1;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Provenance {
  tool: string;
  /** package.json's version. */
  version: string;
  /** The checkout's commit, or null outside a git checkout (e.g. an unpacked release). */
  commit: string | null;
  /** Whether tracked files differ from that commit (null when unknown). */
  modified: boolean | null;
  node: string;
  /** The command line after `npm run cli --`. */
  argv: string[];
  /**
   * The seed of the synthetic data (null for imported data) and of the samplers' streams (a list when a sweep
   * is replicated over several).
   */
  seeds: { data: number | null; samplers: number | number[] };
  /** SHA-256 of the data file's bytes, when data were imported. */
  dataSha256: string | null;
}

let pkg: { name: string; version: string } | undefined;

function packageJson(): { name: string; version: string } {
  pkg ??= JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { name: string; version: string };
  return pkg;
}

const gitCache = new Map<string, { commit: string | null; modified: boolean | null }>();

function git(args: string[], cwd: string): string | null {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    });
  } catch {
    return null; // no git, or not a checkout
  }
}

/** The commit of the checkout at `cwd` and whether tracked files were changed; nulls when git cannot tell. */
export function gitState(cwd: string = ROOT): { commit: string | null; modified: boolean | null } {
  const cached = gitCache.get(cwd);
  if (cached) return cached;
  const head = git(['rev-parse', 'HEAD'], cwd)?.trim() ?? null;
  const commit = head !== null && /^[0-9a-f]{40}$/.test(head) ? head : null;
  const status = commit === null ? null : git(['status', '--porcelain', '--untracked-files=no'], cwd);
  const state = { commit, modified: status === null ? null : status.trim() !== '' };
  gitCache.set(cwd, state);
  return state;
}

export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export function provenance(
  argv: readonly string[],
  seeds: { data: number | null; samplers: number | number[] },
  dataFile: string | null,
): Provenance {
  const { name, version } = packageJson();
  return {
    tool: name,
    version,
    ...gitState(),
    node: process.version,
    argv: [...argv],
    seeds,
    dataSha256: dataFile === null ? null : sha256File(dataFile),
  };
}
