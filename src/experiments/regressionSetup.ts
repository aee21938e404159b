import { dataManifold, generate, manifoldOfResponses, type DataManifold, type GeneratedData } from '../data';
import type { Manifold } from '../geometry/types';
import type { RegressionInput } from '../privacy/kng';
import { energy, fitGeodesicRegression } from '../regression';

/** Where the data of an experiment come from: a seeded synthetic generator, or data the user brought. */
export type DataSource =
  | {
      kind: 'synthetic';
      manifold: DataManifold;
      n: number;
      noise?: number;
      seed: number;
      d?: number;
      /** Kendall: landmarks per outline (default 50). */
      landmarks?: number;
    }
  | {
      kind: 'imported';
      manifold: DataManifold;
      xs: Float64Array;
      ys: Float64Array[];
      label?: string;
      /** The covariates' own units: xs = (x − min)/(max − min) for this [min, max]. */
      xRange?: readonly [number, number];
    };

/** Data, their non-private fit, and the input of a KNG release. */
export interface PreparedRegression extends RegressionInput {
  M: Manifold;
  data: GeneratedData | { xs: Float64Array; ys: Float64Array[] };
  energy: number;
  /** ln MSE_np = ln((1/n) Σ d(Exp(p̂, xᵢv̂), yᵢ)²) = ln 2E(p̂, v̂) (docs/experiments.md). */
  lnNonPrivateMse: number;
  fitConverged: boolean;
}

function manifoldFor(source: DataSource): Manifold {
  if (source.kind === 'synthetic') return dataManifold(source.manifold, source.d ?? 1, source.landmarks);
  return manifoldOfResponses(source.manifold, source.ys);
}

export function prepareRegression(source: DataSource): PreparedRegression {
  const data =
    source.kind === 'synthetic'
      ? generate(source.manifold, {
          n: source.n,
          seed: source.seed,
          noise: source.noise,
          d: source.d,
          landmarks: source.landmarks,
        })
      : { xs: source.xs, ys: source.ys };
  const M = manifoldFor(source);
  const fit = fitGeodesicRegression(M, data.xs, data.ys);
  return {
    M,
    xs: data.xs,
    ys: data.ys,
    data,
    pHat: fit.p,
    vHat: fit.v,
    maxResidual: fit.maxResidual,
    energy: fit.energy,
    lnNonPrivateMse: Math.log(2 * fit.energy),
    fitConverged: fit.converged,
  };
}

/** MSE of a parameter pair on the data: (1/n) Σ d(Exp(p, xᵢ v), yᵢ)² = 2E(p, v). */
export function mse(r: RegressionInput, p: Float64Array, v: Float64Array): number {
  return 2 * energy(r.M, r.xs, r.ys, p, v);
}
