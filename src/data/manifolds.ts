import { euclidean } from '../geometry/euclidean';
import { kendall } from '../geometry/kendall';
import { sphere } from '../geometry/sphere';
import { spd } from '../geometry/spd';
import type { Manifold, ManifoldKind } from '../geometry/types';
import { SHAPE_ROWS, SPD2_ROWS, SPHERE_ROWS, VECTOR_ROWS, type RowFormat } from '../io/rows';
import { CORPUS_CALLOSUM_LANDMARKS, corpusCallosumData } from './corpusCallosum';
import { euclideanData } from './euclideanData';
import { sphereData } from './sphereData';
import { spdData } from './spdData';
import type { RegressionData } from './types';

/** The kinds of data the regression workspaces and the CLI take (one descriptor each, below). */
export type DataManifold = ManifoldKind;

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

/** Generated data: responses and covariates, plus the truth for the synthetic geodesics (not for shapes). */
export type GeneratedData = RegressionData & {
  truth?: { p: Float64Array; v: Float64Array };
  ages?: Float64Array;
  outlinesMm?: Float64Array[];
};

/**
 * Everything the lab and the CLI need to know about one kind of data, in one place: a fifth manifold is one
 * more entry here (and, for fused sampler kernels, one in src/privacy/kernels/index.ts, which the types
 * demand). The sampler kernels are kept out of this table so that the page, which reads it, does not load them.
 */
export interface ManifoldDescriptor {
  readonly kind: DataManifold;
  /** Its name in sentences and help texts. */
  readonly label: string;
  /**
   * The manifold responses of this length live on, read off the data (Kendall: any number ≥ 3 of landmarks,
   * length / 2; R^d: d = length).
   */
  manifold(responseLength: number): Manifold;
  /** The seeded synthetic generator (the paper's defaults; see GenerateOptions). */
  generate(opts: GenerateOptions): GeneratedData;
  /** The manifold that generator draws on with these options. */
  syntheticManifold(opts: Pick<GenerateOptions, 'd' | 'landmarks'>): Manifold;
  /** Default noise level of the generator (docs/experiments.md; units in GenerateOptions.noise). */
  readonly defaultNoise: number;
  /** Step of the lab's noise field. */
  readonly noiseStep: number;
  /** How its data files' rows are read and written. */
  readonly rows: RowFormat;
  /** Units of a geodesic distance and of a squared one (axis labels; short enough for a vertical axis). */
  readonly distanceUnit: string;
  readonly squaredUnit: string;
}

export const MANIFOLDS: { readonly [K in DataManifold]: ManifoldDescriptor & { readonly kind: K } } = {
  sphere: {
    kind: 'sphere',
    label: 'the sphere S²',
    manifold: () => sphere(),
    syntheticManifold: () => sphere(),
    generate: ({ n, seed, noise }) => sphereData({ n, seed, noiseVariance: noise ?? 0.001 }),
    defaultNoise: 0.001,
    noiseStep: 0.001,
    rows: SPHERE_ROWS,
    distanceUnit: 'rad',
    squaredUnit: 'rad²',
  },
  spd: {
    kind: 'spd',
    label: 'SPD(2) matrices (affine-invariant metric)',
    manifold: () => spd(2, 'affine'),
    syntheticManifold: () => spd(2, 'affine'),
    generate: ({ n, seed, noise }) => spdData({ n, seed, noiseSd: noise ?? 0.01 }),
    defaultNoise: 0.01,
    noiseStep: 0.001,
    rows: SPD2_ROWS,
    distanceUnit: 'affine-invariant',
    squaredUnit: 'AI dist²',
  },
  kendall: {
    kind: 'kendall',
    label: 'Kendall planar shapes',
    manifold: (length) => kendall(length / 2),
    syntheticManifold: ({ landmarks }) => kendall(landmarks ?? CORPUS_CALLOSUM_LANDMARKS),
    generate: ({ n, seed, noise, ageRange, landmarks }) =>
      corpusCallosumData({ n, seed, noise: noise ?? 1, ageRange: ageRange ?? [50, 90], landmarks }),
    defaultNoise: 1,
    noiseStep: 0.1,
    rows: SHAPE_ROWS,
    distanceUnit: 'rad, Procrustes',
    squaredUnit: 'rad²',
  },
  euclidean: {
    kind: 'euclidean',
    label: 'R^d',
    manifold: (length) => euclidean(length),
    syntheticManifold: ({ d }) => euclidean(d ?? 1),
    generate: ({ n, seed, noise, d }) => euclideanData({ n, seed, noiseSd: noise ?? 0.1, d: d ?? 1 }),
    defaultNoise: 0.1,
    noiseStep: 0.001,
    rows: VECTOR_ROWS,
    distanceUnit: 'units of y',
    squaredUnit: 'y units²',
  },
};

/** Every kind, in the table's order (the CLI's --manifold values). */
export const MANIFOLD_KINDS = /* @__PURE__ */ Object.keys(MANIFOLDS) as DataManifold[];

/** The descriptor of a kind; a RangeError naming the kinds for anything else (e.g. a kind read from a URL or file). */
export function manifoldDescriptor(kind: DataManifold): ManifoldDescriptor {
  const d = (MANIFOLDS as Record<string, ManifoldDescriptor | undefined>)[kind];
  if (!d) throw new RangeError(`unknown manifold ${String(kind)} (expected ${MANIFOLD_KINDS.join(', ')})`);
  return d;
}

/** Default noise level per manifold (docs/experiments.md; see GenerateOptions.noise for the units). */
export const DEFAULT_NOISE: Readonly<Record<DataManifold, number>> = /* @__PURE__ */ Object.fromEntries(
  MANIFOLD_KINDS.map((k) => [k, MANIFOLDS[k].defaultNoise]),
) as Record<DataManifold, number>;

/** The manifold the generator of that kind produces responses on (R^d: of dimension d; shapes: landmarks). */
export function dataManifold(kind: DataManifold, d = 1, landmarks?: number): Manifold {
  return manifoldDescriptor(kind).syntheticManifold({ d, landmarks });
}

/**
 * The manifold responses of this kind live on, read off the responses themselves: R^d from their length d,
 * Kendall shape space from their number of landmarks (length / 2; imported shapes may have any number ≥ 3).
 * The one place the lab, the workers and the CLI decide this for imported data.
 */
export function manifoldOfResponses(kind: DataManifold, ys: readonly ArrayLike<number>[]): Manifold {
  return manifoldDescriptor(kind).manifold(ys[0]?.length ?? 0);
}

/**
 * One entry point for every synthetic generator, with the paper's defaults: sphere (noise variance 0.001),
 * SPD(2) affine (tangent noise sd 0.01), Kendall corpus-callosum outlines (ages 50–90, variation × 1),
 * Euclidean linear model (d = 1, noise sd 0.1).
 */
export function generate(kind: DataManifold, opts: GenerateOptions): GeneratedData {
  return manifoldDescriptor(kind).generate(opts);
}
