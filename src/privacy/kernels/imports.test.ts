import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The project modules a module imports (static imports and re-exports, type-only ones included). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(
    /^\s*(?:import|export)\b[^'";]*?from\s*'(\.[^']*)'|^\s*import\s*'(\.[^']*)'/gm,
  )) {
    const spec = m[1] ?? m[2];
    const base = resolve(dirname(file), spec);
    const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find(
      (f) => existsSync(f) && f.endsWith('.ts'),
    );
    if (target) found.push(target);
  }
  return found;
}

/** The import graph reachable from the roots, and one circle in it (as module paths), or null. */
function findCircle(roots: string[]): { graph: Map<string, string[]>; circle: string[] | null } {
  const graph = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  let circle: string[] | null = null;
  const visit = (f: string) => {
    if (circle || state.get(f) === 'done') return;
    if (state.get(f) === 'open') {
      circle = [...stack.slice(stack.indexOf(f)), f].map((x) => relative(SRC, x));
      return;
    }
    state.set(f, 'open');
    stack.push(f);
    const deps = importsOf(f);
    graph.set(f, deps);
    deps.forEach(visit);
    stack.pop();
    state.set(f, 'done');
  };
  roots.forEach((r) => visit(resolve(SRC, r)));
  return { graph, circle };
}

describe('imports of the sampler kernels and the manifold descriptors', () => {
  const { graph, circle } = findCircle([
    'privacy/kernels/index.ts',
    'privacy/kng.ts',
    'data/manifolds.ts',
    'data/index.ts',
    'io/parse.ts',
  ]);

  it('run in no circle (the kernels share their types through kernels/types.ts)', () => {
    expect(graph.size).toBeGreaterThan(20); // the walk did follow the imports
    expect(circle).toBeNull();
  });

  it('the kernels import neither their table nor the descriptors; the descriptors import no kernel', () => {
    const deps = (f: string) => (graph.get(resolve(SRC, f)) ?? []).map((x) => relative(SRC, x));
    for (const k of ['sphere', 'spd', 'kendall', 'euclidean', 'generic', 'proposals', 'types']) {
      expect(deps(`privacy/kernels/${k}.ts`)).not.toContain('privacy/kernels/index.ts');
      expect(deps(`privacy/kernels/${k}.ts`).some((d) => d.startsWith('data/'))).toBe(false);
    }
    expect(deps('privacy/kernels/sphere.ts')).toContain('privacy/kernels/types.ts');
    expect(deps('data/manifolds.ts').some((d) => d.startsWith('privacy/'))).toBe(false);
  });
});
