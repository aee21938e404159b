/**
 * The one interface every manifold implements. Points and tangent vectors are Float64Arrays in ambient
 * coordinates (docs/geometry.md). Methods that return a vector accept an optional `out` array so that hot
 * loops can run without allocating; `out` may not alias an input unless the method says so.
 */
export interface Manifold {
  /** Human-readable name, e.g. "sphere", "spd(2, affine)", "kendall(50)" (for messages; dispatch on `family`). */
  readonly name: string;
  /**
   * Which of the lab's families this manifold is, with its parameters: what the manifold descriptors and the
   * fused sampler kernels are chosen by. Absent on manifolds outside them (e.g. test doubles).
   */
  readonly family?: ManifoldFamily;
  /** Intrinsic dimension. */
  readonly dim: number;
  /** Length of the Float64Array holding a point or a tangent vector. */
  readonly ambientDim: number;
  /** [lower, upper] bounds on the sectional curvature. */
  readonly curvatureBounds: readonly [number, number];
  /** Injectivity radius (Infinity for Hadamard manifolds). */
  readonly injectivityRadius: number;
  /**
   * Exponential growth rate h of the volume of geodesic balls (vol B_r ~ e^{h r}); 0 where volumes grow no faster
   * than a power of r (compact or flat spaces). A density ∝ e^{−g/σ} with g growing like the distance normalises
   * only when σ·h < 1.
   */
  readonly volumeGrowthRate: number;
  /**
   * False for a point so ill-conditioned that geodesics from it can no longer be compared with ordinary data in
   * floating point (SPD: condition number above WELL_CONDITIONED_MAX, see spd/affine.ts). Absent where every
   * point is fine.
   */
  wellConditioned?(p: Float64Array): boolean;

  exp(p: Float64Array, v: Float64Array, out?: Float64Array): Float64Array;
  /** Riemannian log; throws a GeometryError at the cut locus. */
  log(p: Float64Array, q: Float64Array, out?: Float64Array): Float64Array;
  dist(p: Float64Array, q: Float64Array): number;
  inner(p: Float64Array, u: Float64Array, w: Float64Array): number;
  norm(p: Float64Array, v: Float64Array): number;
  /** Parallel transport of w ∈ T_p along the minimizing geodesic to q (expressed at q as given). */
  transport(p: Float64Array, q: Float64Array, w: Float64Array, out?: Float64Array): Float64Array;
  /** (d_p Exp(p,v))† w for w ∈ T_{Exp(p,v)}; result in T_p. */
  dExpAdjointP(p: Float64Array, v: Float64Array, w: Float64Array, out?: Float64Array): Float64Array;
  /** (d_v Exp(p,v))† w for w ∈ T_{Exp(p,v)}; result in T_p. */
  dExpAdjointV(p: Float64Array, v: Float64Array, w: Float64Array, out?: Float64Array): Float64Array;
  /** Nearest point of the manifold (or a canonical representative) to an ambient array. */
  projectPoint(z: Float64Array): Float64Array;
  /** Orthogonal projection of an ambient array onto T_p (the horizontal space on Kendall). */
  projectTangent(p: Float64Array, z: Float64Array, out?: Float64Array): Float64Array;
  /** A point of the manifold that serves as a natural origin (north pole, identity, a regular polygon …). */
  basePoint(): Float64Array;
  /**
   * An orthonormal basis of T_p (dim vectors), used to sample uniformly in tangent balls and to build charts
   * for finite-difference tests.
   */
  tangentBasis(p: Float64Array): Float64Array[];
  /**
   * A draw from the standard Gaussian of T_p (identity covariance in the metric at p), without building a
   * basis: the cheap way to get uniform directions for random-walk proposals.
   */
  randomTangent(p: Float64Array, gauss: GaussianSource, out?: Float64Array): Float64Array;
}

/** The lab's manifold families; `kind` names one (the data, the descriptors and the workspaces use it). */
export type ManifoldFamily =
  | { readonly kind: 'sphere' }
  | { readonly kind: 'spd'; readonly k: number; readonly metric: 'affine' | 'logEuclidean' }
  | { readonly kind: 'kendall'; readonly landmarks: number }
  | { readonly kind: 'euclidean'; readonly d: number };

export type ManifoldKind = ManifoldFamily['kind'];

/** Anything that produces standard normal variates (the project's Rng does). */
export interface GaussianSource {
  normal(): number;
}

/** Raised for inputs where an operation is undefined (cut locus, degenerate shapes, non-SPD matrices …). */
export class GeometryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeometryError';
  }
}
