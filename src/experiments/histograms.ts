import type { DataManifold } from '../data';
import { prepareKng, releaseKngGroup, type KngContext, type KngSettings } from '../privacy/kng';
import { Rng } from '../sampling/rng';
import { defineTask } from '../workers/defineTask';
import { prepareRegression, type PreparedRegression } from './regressionSetup';

/**
 * Paper 001's histograms (docs/experiments.md; n = 20, ε_p = ε_v = 1, 200 draws): for each private draw (p̃,
 * ṽ), the footpoint distance d(p̂, p̃), the angle between v̂ carried to p̃ and ṽ, and the footpoint's mean
 * absolute error (1/n) Σ d(Exp(p̃, xᵢ ṽ), yᵢ) (unsquared).
 */
export interface HistogramSpec {
  manifold: DataManifold;
  n: number;
  noise?: number;
  /** Seed of the synthetic data, and of the samplers unless `samplerSeed` is given. */
  seed: number;
  /** Seed of the samplers' random streams (default `seed`). */
  samplerSeed?: number;
  draws: number;
  kng: KngSettings;
}

export interface HistogramCell {
  footpointDistance: number;
  angle: number;
  mae: number;
}

interface HistogramScratch {
  reg?: PreparedRegression;
  ctx?: KngContext;
}

export function histogramCell(spec: HistogramSpec, index: number, scratch: HistogramScratch): HistogramCell {
  const reg = (scratch.reg ??= prepareRegression({
    kind: 'synthetic',
    manifold: spec.manifold,
    n: spec.n,
    noise: spec.noise,
    seed: spec.seed,
  }));
  // One footpoint chain and one shooting chain per draw.
  const ctx = (scratch.ctx ??= prepareKng(reg, { ...spec.kng, m: 1, scheme: 'independent' }));
  const g = releaseKngGroup(ctx, Rng.fromKey(spec.samplerSeed ?? spec.seed, 0x4157, index), 0);
  const { M } = reg;
  const p = g.footpoints[0];
  const v = g.shootingVectors[0][0];
  const carried = M.transport(reg.pHat, p, reg.vHat);
  const cross = M.inner(p, carried, v);
  const sinPart = Math.sqrt(Math.max(0, M.inner(p, carried, carried) * M.inner(p, v, v) - cross * cross));
  let mae = 0;
  for (let i = 0; i < reg.ys.length; i++) {
    mae += M.dist(
      M.exp(
        p,
        v.map((t) => reg.xs[i] * t),
      ),
      reg.ys[i],
    );
  }
  return {
    footpointDistance: M.dist(reg.pHat, p),
    angle: Math.atan2(sinPart, cross),
    mae: mae / reg.ys.length,
  };
}

export function runHistograms(spec: HistogramSpec): HistogramCell[] {
  const scratch: HistogramScratch = {};
  return Array.from({ length: spec.draws }, (_, i) => histogramCell(spec, i, scratch));
}

export const histogramCellCount = (spec: HistogramSpec): number => spec.draws;

export const histogramTask = defineTask<HistogramSpec, HistogramCell, HistogramScratch>({
  cellCount: histogramCellCount,
  setup: () => ({}),
  cell: histogramCell,
});
