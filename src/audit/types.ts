/** The audit's vocabulary: what it is asked (spec and data), what its cells carry, and what it answers. */
import type { MechanismSettings } from '../experiments/mechanisms';
import type { DataSource } from '../experiments/regressionSetup';
import type { EpsilonBound } from './bounds';
import type { NeighbourChoice } from './neighbours';

/** Data of an audit: regression data (KNG, the non-private fit, linear regression) or points (Fréchet means). */
export type AuditData =
  | { kind: 'regression'; source: DataSource }
  | {
      kind: 'points';
      space: 'sphere' | 'spd' | 'euclidean';
      n: number;
      /** SPD(k) size (default 2); R^d dimension (default 1). */
      k?: number;
      seed: number;
      heterogeneous?: boolean;
    }
  | { kind: 'imported-points'; space: 'sphere' | 'spd' | 'euclidean'; ys: Float64Array[] };

export interface AuditSpec {
  /** An id of the mechanism table. */
  mechanism: string;
  data: AuditData;
  settings: MechanismSettings;
  neighbour: NeighbourChoice;
  /** Releases per side. */
  releases: number;
  seed: number;
  /** Releases per side in one cell (a multiple of 4; default 200). */
  cellReleases?: number;
  /** Releases per side kept for drawing (the first ones; default 0). */
  keep?: number;
  /**
   * 'auto' (default): the log-likelihood ratio where the density is known, else the distance along the line.
   * 'distance' forces the latter — the better test when the releases do not follow the density (an MCMC
   * chain that has not mixed, e.g. the paper sampler).
   */
  statistic?: 'auto' | 'distance';
}

export type AuditStatistic =
  | 'log-likelihood ratio'
  | 'unnormalised log-likelihood ratio'
  /** Position of the release projected on the line from D's non-private output (0) to D′'s (1). */
  | 'distance along the line between the non-private outputs';

/** The record that differs between D and D′, as the views draw it and the result reports it. */
export interface AuditPair {
  /** 0-based index of the replaced record. */
  index: number;
  /** Its response (or point) in D and in D′. */
  before: number[];
  after: number[];
  description: string;
  /** Its covariate as the views draw it (rescaled to [0, 1]); null for points (Fréchet means). */
  x: number | null;
  /** Number of records in the data. */
  records: number;
}

/** What the view draws and the result repeats: the claim, the statistic and the two data sets. */
export interface AuditInfo {
  mechanism: string;
  label: string;
  claimedEpsilon: number;
  delta: number;
  isPrivate: boolean;
  reason: string | null;
  notes: string[];
  statistic: AuditStatistic;
  neighbour: AuditPair;
  nonPrivateD: number[];
  nonPrivateD2: number[];
  /** The true ε of this pair D, D′ where it has a closed form (pure ε-DP mechanisms with a known density). */
  exactEpsilon: number | null;
  /** The trade-off curve of the best possible tests for this pair, where quadrature gives it (S² Laplace). */
  exactTradeOff: { alpha: number[]; beta: number[] } | null;
}

export interface AuditCell {
  /** The audit's claim, statistic and pair (the same in every cell: whichever arrives first tells the view). */
  info: AuditInfo;
  /** Index of the cell's first release (per side). */
  first: number;
  scoresD: Float64Array;
  scoresD2: Float64Array;
  releasesD: Float64Array[];
  releasesD2: Float64Array[];
}

export interface AuditResult extends AuditInfo {
  /** Releases per side scored so far, and asked for. */
  releases: number;
  requested: number;
  /** 95% lower bound on ε (0 when the data show nothing), and the point estimate of the same test. */
  epsilonLower: number;
  epsilonEstimate: number;
  bound: EpsilonBound;
  /** Empirical trade-off curve of the threshold tests "say D′ when the score is above t". */
  tradeOff: { alpha: number[]; beta: number[] };
  histogram: { edges: number[]; countsD: number[]; countsD2: number[] };
  /** The lower bound exceeds the claimed ε (always false for a release that claims nothing). */
  leaks: boolean;
  verdict: string;
}
