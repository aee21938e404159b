/**
 * The lab's worker pools, by name, and how many workers each gets. A job on a busy pool supersedes the one
 * running there, so jobs that must run side by side get pools of their own; jobs that take turns share one
 * (the Fréchet workspace's jobs run on the release and sweep pools while the regression jobs are not shown).
 */
export const POOLS = {
  /** The synthetic data the views draw. */
  data: { max: 1 },
  /**
   * The release the views draw (and the Fréchet view's releases): its chains split over up to two workers (a split
   * step on shapes waits for ten chains over 2,000 outlines), beside the sweep.
   */
  release: { max: 2 },
  /** The sweeps behind the plots (regression and Fréchet): one worker per core. */
  sweep: { max: Infinity },
  /** The Euclidean workspace's DP linear-regression comparison (beside the sweep). */
  linreg: { max: 1 },
  /** The on-demand analyses of the plots column, each beside the sweep. */
  sensitivity: { max: 2, spare: 1 },
  histograms: { max: 2, spare: 1 },
  sizes: { max: 2, spare: 1 },
  jointRelease: { max: 2, spare: 1 },
  /** Fig. 5's private geodesics at ten budgets. */
  budgets: { max: 2, spare: 1 },
  /** The split advisor's two sweeps: every core, as for the audit (a person waits for its answer). */
  advice: { max: 2 },
  /** Reading and checking an imported file. */
  parse: { max: 1 },
  /** The privacy audit. */
  audit: { max: 2 },
  /** The audit's pair D, D′ the views draw (one fit; beside a running audit). */
  auditPair: { max: 1 },
  /** Fig. 3: the same release drawn with the paper's sampler, beside the lab's release. */
  paper: { max: 1 },
} satisfies Record<string, { max: number; spare?: number }>;

export type PoolName = keyof typeof POOLS;

export const POOL_NAMES = Object.keys(POOLS) as PoolName[];

export const isPoolName = (name: string): name is PoolName => Object.hasOwn(POOLS, name);

/**
 * Workers of pool `name` on a machine with `cores` logical cores: as many as the cores left after the `spare`
 * ones the sweep keeps busy, at most `max`, at least one.
 */
export function poolSize(name: PoolName, cores: number): number {
  const { max, spare = 0 } = POOLS[name] as { max: number; spare?: number };
  return Math.max(1, Math.min(max, cores - spare));
}
