/** In-process runs of the command line for the CLI tests (captured stdout/stderr, no child process). */
import { expect } from 'vitest';
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
