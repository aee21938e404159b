/** In-process runs of the command line for the CLI tests (captured stdout/stderr, no child process). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { main } from './main';

export async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s), isTTY: false },
  });
  return { code, stdout, stderr };
}

/** Runs a command that must succeed and parses its JSON output. */
export async function json(...argv: string[]) {
  const r = await cli(...argv);
  expect(r.stderr).not.toMatch(/^error/m);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

/** The UCI red-wine table shipped with the lab (see public/data/README). */
export const WINE_CSV = new URL('../../public/data/winequality-red.csv', import.meta.url);

/** A CSV output split into its `# key: value` head and its table lines (header first). */
export function csvParts(stdout: string): { head: Record<string, string>; lines: string[] } {
  const head: Record<string, string> = {};
  const lines: string[] = [];
  for (const line of stdout.trim().split('\n')) {
    const m = /^# ([^:]+): (.*)$/.exec(line);
    if (m) head[m[1]] = m[2];
    else lines.push(line);
  }
  return { head, lines };
}

/** A small sweep of paper 000's KNG (the mechanism of its figures; the default is kng-joint). */
export const SMALL_SWEEP = [
  'sweep',
  '--mechanism',
  'kng',
  '--n',
  '20',
  '--m',
  '2',
  '--burn-in',
  '50',
  '--points',
  '3',
];

/**
 * A temporary folder for the data files of the calling test file, removed after its tests: returns `file`,
 * which writes `text` to `name` there and returns its path.
 */
export function tempFiles(): (name: string, text: string) => string {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return (name, text) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
}
