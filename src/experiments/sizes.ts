/**
 * Where privacy starts to pay: error against the data size n at one total budget, for the release private for any
 * data (kng-joint), paper 000's KNG with its data-driven τ (the papers' default, which leaks) and the non-private
 * fit. Cells are (n, mechanism, group), each with its own random stream; ln of the mean and of the median MSE per
 * (n, mechanism), since rare far draws dominate the mean.
 */
import type { DataManifold } from '../data';
import { DEFAULT_KNG_SETTINGS, prepareKng, releaseKngGroup, type KngSettings } from '../privacy/kng';
import { Rng } from '../sampling/rng';
import { defineTask } from '../workers/defineTask';
import { lnMeanAndMedian, prepareJointGroups, releaseJointGroup } from './jointRelease';
import { mse, prepareRegression, type DataSource, type PreparedRegression } from './regressionSetup';

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

export const sizesCellCount = (spec: SizesSpec): number => spec.ns.length * SIZE_MECHANISMS.length * spec.m;

interface SizesScratch {
  regressions: Map<number, PreparedRegression>;
}

function source(spec: SizesSpec, n: number): DataSource {
  return {
    kind: 'synthetic',
    manifold: spec.manifold,
    n,
    noise: spec.noise,
    seed: spec.seed,
    ...(spec.landmarks !== undefined ? { landmarks: spec.landmarks } : {}),
  };
}

export function sizesCell(spec: SizesSpec, index: number, scratch: SizesScratch): SizesCell {
  const group = index % spec.m;
  const k = Math.floor(index / spec.m);
  const mechanism = SIZE_MECHANISMS[k % SIZE_MECHANISMS.length];
  const n = spec.ns[Math.floor(k / SIZE_MECHANISMS.length)];
  let reg = scratch.regressions.get(n);
  if (!reg) {
    reg = prepareRegression(source(spec, n));
    scratch.regressions.set(n, reg);
  }
  const budget = { epsP: spec.eps / 2, epsV: spec.eps / 2, m: spec.m };
  const rng = Rng.fromKey(spec.seed, 0x512e, n, k % SIZE_MECHANISMS.length);
  let pairs: { p: Float64Array; v: Float64Array }[];
  if (mechanism === 'kng-joint') {
    const g = releaseJointGroup(prepareJointGroups(reg, source(spec, n), budget), rng, group);
    pairs = [{ p: g.footpoints[0], v: g.shootingVectors[0][0] }];
  } else {
    const settings: KngSettings = { ...DEFAULT_KNG_SETTINGS, ...budget };
    const g = releaseKngGroup(prepareKng(reg, settings), rng, group);
    pairs = g.footpoints.flatMap((p, i) => g.shootingVectors[i].map((v) => ({ p, v })));
  }
  return {
    n,
    mechanism,
    lnNonPrivateMse: reg.lnNonPrivateMse,
    mses: pairs.map(({ p, v }) => mse(reg, p, v)),
  };
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

export const sizesTask = defineTask<SizesSpec, SizesCell, SizesScratch>({
  cellCount: sizesCellCount,
  setup: () => ({ regressions: new Map() }),
  cell: sizesCell,
});
