import { euclidean } from '../geometry/euclidean';
import { kendall } from '../geometry/kendall';
import { sphere } from '../geometry/sphere';
import { spd } from '../geometry/spd';
import type { Manifold } from '../geometry/types';
import { CORPUS_CALLOSUM_LANDMARKS, corpusCallosumData } from './corpusCallosum';
import { euclideanData } from './euclideanData';
import { sphereData } from './sphereData';
import { spdData } from './spdData';
import type { RegressionData } from './types';

export type { RegressionData } from './types';
export { sphereData, type SphereDataOptions } from './sphereData';
export { spdData, type SpdDataOptions } from './spdData';
export { euclideanData, type EuclideanDataOptions } from './euclideanData';
export {
  corpusCallosumData,
  corpusCallosumTemplate,
  corpusCallosumThinning,
  corpusCallosumBodyThickness,
  CORPUS_CALLOSUM_LANDMARKS,
  type CorpusCallosumOptions,
} from './corpusCallosum';

export type DataManifold = 'sphere' | 'spd' | 'kendall' | 'euclidean';

export interface GenerateOptions {
  n: number;
  seed: number;
  /**
   * Noise level, in each generator's own unit: sphere — variance δ of the ambient noise (default 0.001, as in 000's main text);
   * SPD(2) — tangent noise sd (default 0.01); Kendall — multiplier of the between-subject variation (default 1);
   * Euclidean — noise sd per coordinate (default 0.1).
   */
  noise?: number;
  /** Euclidean only: dimension of the response (default 1). */
  d?: number;
  /** Kendall only: age range in years (default [50, 90]). */
  ageRange?: readonly [number, number];
  /** Kendall only: landmarks per outline (default 50). */
  landmarks?: number;
}

/** Default noise level per manifold (SPEC §5; see GenerateOptions.noise for the units). */
export const DEFAULT_NOISE: Readonly<Record<DataManifold, number>> = {
  sphere: 0.001,
  spd: 0.01,
  kendall: 1,
  euclidean: 0.1,
};

/** The manifold the generator of that kind produces responses on. */
export function dataManifold(kind: DataManifold, d = 1, landmarks = CORPUS_CALLOSUM_LANDMARKS): Manifold {
  switch (kind) {
    case 'sphere':
      return sphere();
    case 'spd':
      return spd(2, 'affine');
    case 'kendall':
      return kendall(landmarks);
    case 'euclidean':
      return euclidean(d);
  }
}

/**
 * The manifold responses of this kind live on, read off the responses themselves: R^d from their length d,
 * Kendall shape space from their number of landmarks (length / 2; imported shapes may have any number ≥ 3).
 * The one place the lab, the workers and the CLI decide this for imported data.
 */
export function manifoldOfResponses(kind: DataManifold, ys: readonly ArrayLike<number>[]): Manifold {
  const len = ys[0]?.length ?? 0;
  if (kind === 'kendall')
    return len === 2 * CORPUS_CALLOSUM_LANDMARKS ? dataManifold(kind) : kendall(len / 2);
  return dataManifold(kind, len);
}

/** Generated data: responses and covariates, plus the truth for the synthetic geodesics (not for shapes). */
export type GeneratedData = RegressionData & {
  truth?: { p: Float64Array; v: Float64Array };
  ages?: Float64Array;
  outlinesMm?: Float64Array[];
};

/**
 * One entry point for every synthetic generator, with the paper's defaults: sphere (noise variance 0.001),
 * SPD(2) affine (tangent noise sd 0.01), Kendall corpus-callosum outlines (ages 50–90, variation × 1),
 * Euclidean linear model (d = 1, noise sd 0.1).
 */
export function generate(kind: DataManifold, opts: GenerateOptions): GeneratedData {
  const { n, seed } = opts;
  const noise = opts.noise ?? DEFAULT_NOISE[kind];
  switch (kind) {
    case 'sphere':
      return sphereData({ n, seed, noiseVariance: noise });
    case 'spd':
      return spdData({ n, seed, noiseSd: noise });
    case 'kendall':
      return corpusCallosumData({
        n,
        seed,
        noise,
        ageRange: opts.ageRange ?? [50, 90],
        landmarks: opts.landmarks,
      });
    case 'euclidean':
      return euclideanData({ n, seed, noiseSd: noise, d: opts.d ?? 1 });
    default:
      throw new RangeError(`generate: unknown manifold ${String(kind)}`);
  }
}
