/**
 * The app's layers (docs/README.md, "The app: layers and workspaces"): every file of app/ belongs to one, and
 * imports only from its own layer and the layers below it; no two files import each other, however indirectly.
 * Data flow one way: the settings and the store at the bottom, the page at the top.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Lowest first. A file's layer is that of the first pattern that matches its path under app/ (`*` stays within a
 * folder, `**` crosses folders), so a file named before its folder's pattern sits lower than its folder.
 */
const LAYERS: readonly { name: string; files: readonly string[] }[] = [
  {
    // what the lab is set to and holds, and what names it; nothing here computes or draws
    name: 'state',
    files: [
      'state/settings.ts',
      'state/figures.ts',
      'state/urlSync.ts',
      'presets.ts',
      'store.ts',
      '**/*Store.ts',
      'present/usePresentingPlotHeight.ts',
      'help/topicIds.ts',
      'workspaces/registry.ts',
      'errors.ts',
      'format.ts',
      'loadOnDemand.ts',
    ],
  },
  {
    // the jobs and the models they read: settings and data in, cells and rows out (no components)
    name: 'compute',
    files: [
      'compute/**',
      'state/persistence.ts',
      'export/*.ts',
      'release/releasedPairs.ts',
      'audit/model.ts',
      // a workspace module's jobs: their specs and their driver
      '**/jobs.ts',
      '**/compute.ts',
      'workspaces/frechet/problems.ts',
      'workspaces/frechet/useFrechet.ts',
      '**/*Model.ts',
    ],
  },
  {
    // the shared components: marks, plots, controls, downloads, explanations
    name: 'marks',
    files: [
      'views2d/**',
      'views3d/**',
      'plots/**',
      'release/**',
      'export/**',
      'controls/**',
      'audit/**',
      'help/**',
      'ErrorBoundary.tsx',
      'Notices.tsx',
    ],
  },
  {
    // one module per workspace (its view, and its own controls and plots where it has them), and presenting
    name: 'workspaces',
    files: ['workspaces/**', 'present/**'],
  },
  { name: 'app', files: ['*.tsx'] },
];

const APP = dirname(fileURLToPath(import.meta.url));

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) =>
      part === '**/'
        ? '(?:.*/)?'
        : part === '**'
          ? '.*'
          : part === '*'
            ? '[^/]*'
            : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

const LAYER_PATTERNS = LAYERS.map((l, rank) => ({ rank, name: l.name, patterns: l.files.map(globToRegExp) }));

/** The layer of a path under app/, or undefined where no pattern matches. */
function layerOf(file: string): { rank: number; name: string } | undefined {
  return LAYER_PATTERNS.find((l) => l.patterns.some((p) => p.test(file)));
}

/** The app's source files (tests left out), as paths under app/. */
function sourceFiles(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [relative(APP, path)] : [];
  });
}

/** The app files a file imports: static imports, re-exports and import() alike, type-only ones too. */
function importsOf(file: string, files: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(APP, file), 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(APP, resolve(APP, dirname(file), spec)))
    .flatMap((base) =>
      [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].filter((f) => files.has(f)).slice(0, 1),
    );
}

const FILES = sourceFiles();
const FILE_SET = new Set(FILES);
const GRAPH = new Map(FILES.map((f) => [f, importsOf(f, FILE_SET)]));

/** The import cycles: each strongly connected set of more than one file, or a file importing itself. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the layers of app/', () => {
  it('reads the imports it checks', () => {
    expect(GRAPH.get('App.tsx')).toContain('store.ts');
    expect(GRAPH.get('main.tsx')).toContain('App.tsx');
  });

  it('places every file in a layer', () => {
    expect(FILES.filter((f) => !layerOf(f))).toEqual([]);
  });

  it('has no import running up the layers', () => {
    const upward = [...GRAPH].flatMap(([file, imports]) =>
      imports
        .filter((to) => layerOf(to)!.rank > layerOf(file)!.rank)
        .map((to) => `${file} (${layerOf(file)!.name}) imports ${to} (${layerOf(to)!.name})`),
    );
    expect(upward).toEqual([]);
  });

  it('keeps components out of the state and compute layers', () => {
    expect(FILES.filter((f) => f.endsWith('.tsx') && layerOf(f)!.rank <= 1)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(GRAPH)).toEqual([]);
  });

  it('finds a cycle and an upward import when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(layerOf('compute/jobs.ts')!.rank).toBeLessThan(layerOf('plots/MsePlots.tsx')!.rank);
    expect(layerOf('plots/mseModel.ts')!.name).toBe('compute');
    expect(layerOf('App.tsx')!.name).toBe('app');
  });
});
