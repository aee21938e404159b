/**
 * The task registry sits above the computations: src/workers/tasks.ts imports every experiment and the audit,
 * so a computation that imported the registry, the pool or the CLI would reach up to what imports it. The
 * computations may import defineTask.ts only (it imports nothing). Tests are left out: they may run a pool.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** The folders of src/ that compute, below the registry. */
const COMPUTATIONS = ['experiments', 'audit', 'privacy', 'geometry', 'regression'];

/** What a computation may import from src/workers. */
const ALLOWED = new Set(['workers/defineTask.ts']);

/** The source files under a folder of src/ (tests left out), as paths under src/. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [relative(SRC, path)] : [];
  });
}

/** The paths under src/ that a source text imports: static imports, re-exports and import() alike. */
function importsOf(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(SRC, resolve(SRC, dirname(file), spec)))
    .map((path) => (/\.tsx?$/.test(path) ? path : `${path}.ts`));
}

/** The imports of `file` that reach above the computations: src/workers (bar ALLOWED) or src/cli. */
const upward = (file: string, text: string) =>
  importsOf(file, text)
    .filter((to) => (to.startsWith('workers/') && !ALLOWED.has(to)) || to.startsWith('cli/'))
    .map((to) => `${file} imports ${to}`);

describe('the computations under the task registry', () => {
  const files = COMPUTATIONS.flatMap((folder) => sourceFiles(join(SRC, folder)));

  it('reads the imports it checks', () => {
    expect(files).toContain('audit/audit.ts');
    expect(importsOf('audit/audit.ts', readFileSync(join(SRC, 'audit/audit.ts'), 'utf8'))).toContain(
      'workers/defineTask.ts',
    );
  });

  it('import nothing of src/workers but defineTask.ts, and nothing of src/cli', () => {
    const found = files.flatMap((f) => upward(f, readFileSync(join(SRC, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches a computation that imports the pool, the registry or the CLI', () => {
    const text = [
      "import { createNodePool } from '../workers/node';",
      "import type { TaskName } from '../workers/tasks.ts';",
      "export { run } from '../cli/run';",
      "import { defineTask } from '../workers/defineTask';",
    ].join('\n');
    expect(upward('audit/example.ts', text)).toEqual([
      'audit/example.ts imports workers/node.ts',
      'audit/example.ts imports workers/tasks.ts',
      'audit/example.ts imports cli/run.ts',
    ]);
  });
});
