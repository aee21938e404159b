import type { Manifold, ManifoldFamily, ManifoldKind } from '../../geometry/types';
import type { Covariates } from '../../regression/geodesicRegression';
import { euclideanGradientKernel } from './euclidean';
import { genericGradientNormKernel } from './generic';
import { kendallGradientKernel } from './kendall';
import { kendallGeometry, sphereGeometry, spd2Geometry } from './proposals';
import { spd2GradientKernel } from './spd';
import { sphereGradientKernel } from './sphere';
import type { FusedGeometry, GradientNormKernel, SamplerKernels } from './types';

export type { FusedGeometry, GradientNormKernel, KernelFactory, SamplerKernels } from './types';
export { genericGradientNormKernel } from './generic';

/**
 * The sampler's part of each manifold kind's descriptor (src/data/manifolds.ts holds the rest: names, data,
 * files, generators). It is a table of its own, keyed by the same kinds, so that the lab's page, which reads
 * the descriptors, does not load the kernels and their WebAssembly (they run in the workers); the type makes
 * a new kind add its entry here too. Chosen by the manifold's `family`, never by its name.
 */
export const SAMPLER_KERNELS: {
  readonly [K in ManifoldKind]: SamplerKernels<Extract<ManifoldFamily, { kind: K }>>;
} = {
  sphere: {
    gradientKernel: (_, xs, ys, pHat, vHat) => sphereGradientKernel(xs, ys, pHat, vHat),
    fusedGeometry: () => sphereGeometry(),
  },
  // the fused SPD kernel and geometry are those of SPD(2) with the affine-invariant metric
  spd: {
    gradientKernel: (f, xs, ys, pHat, vHat) =>
      f.k === 2 && f.metric === 'affine' ? spd2GradientKernel(xs, ys, pHat, vHat) : null,
    fusedGeometry: (f) => (f.k === 2 && f.metric === 'affine' ? spd2Geometry() : null),
  },
  kendall: {
    gradientKernel: (_, xs, ys, pHat, vHat) => kendallGradientKernel(xs, ys, pHat, vHat),
    fusedGeometry: (f) => kendallGeometry(2 * f.landmarks, 2 * f.landmarks - 4),
  },
  euclidean: {
    gradientKernel: (_, xs, ys, _pHat, vHat) => euclideanGradientKernel(xs, ys, vHat),
    fusedGeometry: () => null,
  },
};

/** The entry of M's kind, typed for M's family (the one place the table's per-kind types meet). */
function entryOf(M: Manifold): { family: ManifoldFamily; kernels: SamplerKernels } | null {
  const family = M.family;
  if (!family) return null;
  return { family, kernels: SAMPLER_KERNELS[family.kind] as SamplerKernels };
}

/**
 * The fastest kernel for M: its kind's fused one where it covers M (S², affine SPD(2), Kendall), the closed
 * form from the moments on R^d, else the generic one.
 */
export function gradientNormKernel(
  M: Manifold,
  xs: Covariates,
  ys: readonly Float64Array[],
  pHat: Float64Array,
  vHat: Float64Array,
): GradientNormKernel {
  const e = entryOf(M);
  return (
    e?.kernels.gradientKernel(e.family, xs, ys, pHat, vHat) ??
    genericGradientNormKernel(M, xs, ys, pHat, vHat)
  );
}

/** The fused proposal geometry of M, or null where the generic Manifold calls are used. */
export function fusedGeometry(M: Manifold): FusedGeometry | null {
  const e = entryOf(M);
  return e ? e.kernels.fusedGeometry(e.family) : null;
}
