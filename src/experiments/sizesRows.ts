/**
 * The rows of the error-against-n experiment (sizes.ts), apart from its cells' samplers: the lab's page reads
 * these without loading the mechanisms.
 */
import type { DataManifold } from '../data';
import { lnMeanAndMedian } from '../sampling/stats';

export const SIZE_MECHANISMS = ['kng-joint', 'kng'] as const;
export type SizeMechanism = (typeof SIZE_MECHANISMS)[number];

export interface SizesSpec {
  manifold: DataManifold;
  ns: number[];
  noise: number;
  seed: number;
  /** Total budget, split equally between footpoint and shooting vector. */
  eps: number;
  /** Groups per (n, mechanism): m chains of kng-joint, m × m pairs of the paper's KNG. */
  m: number;
  landmarks?: number;
}

export const sizesCellCount = (spec: SizesSpec): number => spec.ns.length * SIZE_MECHANISMS.length * spec.m;

export interface SizesCell {
  n: number;
  mechanism: SizeMechanism;
  lnNonPrivateMse: number;
  mses: number[];
}

export interface SizesRow {
  n: number;
  mechanism: SizeMechanism | 'nonprivate';
  lnMeanMse: number;
  lnMedianMse: number;
  draws: number;
}

/** Rows per (n, mechanism) from the cells so far, with the non-private fit's row per n. */
export function aggregateSizes(cells: readonly (SizesCell | undefined)[]): SizesRow[] {
  const by = new Map<string, { n: number; mechanism: SizeMechanism; np: number; mses: number[] }>();
  for (const c of cells) {
    if (!c) continue;
    const key = `${c.n}/${c.mechanism}`;
    const entry = by.get(key) ?? { n: c.n, mechanism: c.mechanism, np: c.lnNonPrivateMse, mses: [] };
    entry.mses.push(...c.mses);
    by.set(key, entry);
  }
  const rows: SizesRow[] = [];
  const seen = new Set<number>();
  for (const e of by.values()) {
    rows.push({ n: e.n, mechanism: e.mechanism, ...lnMeanAndMedian(e.mses), draws: e.mses.length });
    if (!seen.has(e.n)) {
      seen.add(e.n);
      rows.push({ n: e.n, mechanism: 'nonprivate', lnMeanMse: e.np, lnMedianMse: e.np, draws: 1 });
    }
  }
  return rows.sort((a, b) => a.n - b.n || a.mechanism.localeCompare(b.mechanism));
}
