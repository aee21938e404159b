/**
 * One sweep run with several sampler seeds on the same data: a replicate per seed, and the rows pooled across
 * them. The replicates differ only in the samplers' random streams, so their spread is the mechanism's own
 * variability on these data (not the data's: every replicate sees the same data and non-private fit).
 */
import { mean, studentQuantile, variance } from '../sampling/stats';
import type { SweepRow } from './sweep';

/** One budget point of the sweep, pooled across the replicates. */
export interface PooledSweepRow {
  n: number;
  noise: number | null;
  split: SweepRow['split'];
  epsP: number;
  epsV: number;
  eps: number;
  /** Replicates pooled (sampler seeds). */
  replicates: number;
  /** The mean over the replicates of each one's ln mean MSE. */
  lnMeanMse: number;
  /** Its standard error: the replicates' standard deviation / √replicates. */
  lnMeanMseSe: number;
  /** 95 % interval, lnMeanMse ± t(0.975, replicates − 1) · lnMeanMseSe. */
  lnMeanMseCi: [number, number];
  /** The same in every replicate: the data and their fit do not depend on the sampler seed. */
  lnNonPrivateMse: number;
  /** lnMeanMse − lnNonPrivateMse. */
  excess: number;
  /** Pairs drawn over all replicates. */
  pairs: number;
}

/**
 * The rows of two or more replicates of one sweep (the same spec but for the sampler seed, so the same rows in
 * the same order), pooled row by row.
 */
export function poolReplicates(replicates: readonly (readonly SweepRow[])[]): PooledSweepRow[] {
  if (replicates.length < 2) throw new Error('poolReplicates: pooling needs two replicates or more');
  const first = replicates[0];
  for (const rows of replicates)
    if (
      rows.length !== first.length ||
      rows.some((r, i) => r.n !== first[i].n || r.split !== first[i].split || r.eps !== first[i].eps)
    )
      throw new Error('poolReplicates: the replicates are not runs of one sweep (their rows differ)');
  const k = replicates.length;
  const t = studentQuantile(0.975, k - 1);
  return first.map((row, i) => {
    const values = replicates.map((rows) => rows[i].lnMeanMse);
    const lnMeanMse = mean(values);
    const lnMeanMseSe = Math.sqrt(variance(values) / k);
    return {
      n: row.n,
      noise: row.noise,
      split: row.split,
      epsP: row.epsP,
      epsV: row.epsV,
      eps: row.eps,
      replicates: k,
      lnMeanMse,
      lnMeanMseSe,
      lnMeanMseCi: [lnMeanMse - t * lnMeanMseSe, lnMeanMse + t * lnMeanMseSe],
      lnNonPrivateMse: row.lnNonPrivateMse,
      excess: lnMeanMse - row.lnNonPrivateMse,
      pairs: replicates.reduce((a, rows) => a + rows[i].pairs, 0),
    };
  });
}
