import { generate, type DataManifold, type GeneratedData } from '../data';
import { defineTask, oneCell } from '../workers/defineTask';

/** Synthetic data generation as a worker task: the corpus-callosum generator is too slow for the UI thread. */
export interface DataSpec {
  manifold: DataManifold;
  n: number;
  noise: number;
  seed: number;
  /** Kendall: landmarks per outline (default 50). */
  landmarks?: number;
}

export const dataTask = defineTask<DataSpec, GeneratedData>({
  cellCount: oneCell,
  cell: (spec) =>
    generate(spec.manifold, { n: spec.n, noise: spec.noise, seed: spec.seed, landmarks: spec.landmarks }),
});
