/** Summaries for box plots and histograms (a few hundred values: cheap on the main thread). */
import * as d3 from 'd3';

export interface BoxStats {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

/** Quartiles (type 7) and extremes of the finite values; null when there are none. */
export function boxStats(values: Iterable<number>): BoxStats | null {
  const xs = [...values].filter(Number.isFinite).sort((a, b) => a - b);
  if (!xs.length) return null;
  return {
    n: xs.length,
    min: xs[0],
    q1: d3.quantileSorted(xs, 0.25)!,
    median: d3.quantileSorted(xs, 0.5)!,
    q3: d3.quantileSorted(xs, 0.75)!,
    max: xs[xs.length - 1],
  };
}

export interface Summary {
  n: number;
  mean: number;
  median: number;
  sd: number;
  p95: number;
}

export function summarize(values: readonly number[]): Summary {
  const xs = values.filter(Number.isFinite).sort((a, b) => a - b);
  return {
    n: xs.length,
    mean: d3.mean(xs) ?? NaN,
    median: d3.quantileSorted(xs, 0.5) ?? NaN,
    sd: d3.deviation(xs) ?? NaN,
    p95: d3.quantileSorted(xs, 0.95) ?? NaN,
  };
}

/** Deterministic jitter in [−1, 1] for the i-th point (no randomness: plots do not flicker). */
export const jitter = (i: number) => ((((i * 7919) % 17) + 0.5) / 17) * 2 - 1;
