/**
 * Samplers for the elementary laws used by the mechanisms and the MCMC code. Every function takes the
 * generator explicitly (no hidden global state) and, when it returns a vector, accepts an optional `out`
 * array so that hot loops run without allocating. Vector samplers write the first `d` entries of `out`.
 */
import type { Manifold } from '../geometry/types';
import type { Rng } from './rng';
import { power } from './power';

function checkDim(d: number, fn: string): void {
  if (!Number.isInteger(d) || d < 1) throw new RangeError(`${fn}: d must be a positive integer, got ${d}`);
}

function checkOut(out: Float64Array, n: number, fn: string): void {
  if (out.length < n) throw new RangeError(`${fn}: out has length ${out.length}, need at least ${n}`);
}

/**
 * Gamma(shape, rate) variate: density ∝ x^{shape−1} e^{−rate·x} on (0, ∞), mean shape/rate.
 * Marsaglia & Tsang (2000) squeeze/rejection for shape ≥ 1; for shape < 1 the boost
 * Gamma(a) = Gamma(a + 1) · U^{1/a}, computed in log space so that tiny shapes underflow only when the
 * true value does.
 */
export function gamma(rng: Rng, shape: number, rate = 1): number {
  if (!(shape > 0) || !Number.isFinite(shape)) throw new RangeError(`gamma: shape must be > 0, got ${shape}`);
  if (!(rate > 0)) throw new RangeError(`gamma: rate must be > 0, got ${rate}`);
  let boost = 1;
  let a = shape;
  if (a < 1) {
    boost = Math.exp(Math.log(rng.uniformOpen()) / a);
    a += 1;
  }
  const d = a - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number, v: number;
    do {
      x = rng.normal();
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.uniformOpen();
    const x2 = x * x;
    if (u < 1 - 0.0331 * x2 * x2 || Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) {
      return (d * v * boost) / rate;
    }
  }
}

/** Exponential(rate) variate (mean 1/rate), by inversion. */
export function exponential(rng: Rng, rate = 1): number {
  if (!(rate > 0)) throw new RangeError(`exponential: rate must be > 0, got ${rate}`);
  return -Math.log(rng.uniformOpen()) / rate;
}

/** Chi-squared variate with `dof` > 0 degrees of freedom (= Gamma(dof/2, rate 1/2)). */
export function chiSquared(rng: Rng, dof: number): number {
  if (!(dof > 0)) throw new RangeError(`chiSquared: dof must be > 0, got ${dof}`);
  return gamma(rng, dof / 2, 0.5);
}

/** d independent standard normals. */
export function normalVector(rng: Rng, d: number, out: Float64Array = new Float64Array(d)): Float64Array {
  checkDim(d, 'normalVector');
  checkOut(out, d, 'normalVector');
  return rng.normals(out, 0, d);
}

/**
 * Fills out[0..d) with standard normals, rescales them to Euclidean norm `length` and returns out.
 * The direction of a standard normal vector is uniform on the sphere; the (probability ~0) zero draw is
 * redrawn.
 */
function scaledDirection(rng: Rng, d: number, length: number, out: Float64Array): Float64Array {
  let s: number;
  do {
    s = 0;
    for (let i = 0; i < d; i++) {
      const z = rng.normal();
      out[i] = z;
      s += z * z;
    }
  } while (s === 0);
  const r = Math.sqrt(s);
  for (let i = 0; i < d; i++) out[i] = (out[i] / r) * length; // division keeps d = 1 exactly at ±length
  return out;
}

/** Uniform point on the unit sphere S^{d−1} ⊂ R^d (d = 1 gives ±1). */
export function uniformDirection(rng: Rng, d: number, out: Float64Array = new Float64Array(d)): Float64Array {
  checkDim(d, 'uniformDirection');
  checkOut(out, d, 'uniformDirection');
  return scaledDirection(rng, d, 1, out);
}

/** Uniform point in the closed d-ball of radius `radius`: uniform direction × radius·U^{1/d}. */
export function uniformInBall(
  rng: Rng,
  d: number,
  radius: number,
  out: Float64Array = new Float64Array(d),
): Float64Array {
  checkDim(d, 'uniformInBall');
  checkOut(out, d, 'uniformInBall');
  if (!(radius >= 0)) throw new RangeError(`uniformInBall: radius must be ≥ 0, got ${radius}`);
  const r = radius * power(rng.uniform(), 1 / d);
  return scaledDirection(rng, d, r, out);
}

/**
 * Uniform tangent vector in the ball {v ∈ T_pM : ‖v‖_p ≤ radius}, in ambient coordinates.
 * Coefficients c uniform in the dim-ball are combined with an orthonormal basis (e_i) of T_p in the metric
 * at p, so ‖Σ c_i e_i‖_p = |c|. Pass `basis` (M.tangentBasis(p)) when sampling repeatedly at the same p to
 * avoid recomputing it; `out` must have length M.ambientDim and may not alias p or a basis vector.
 * Allocation-free when both `out` and `basis` are given.
 */
export function uniformInTangentBall(
  M: Manifold,
  p: Float64Array,
  radius: number,
  rng: Rng,
  out: Float64Array = new Float64Array(M.ambientDim),
  basis: readonly Float64Array[] = M.tangentBasis(p),
): Float64Array {
  const d = M.dim;
  const n = M.ambientDim;
  checkOut(out, n, 'uniformInTangentBall');
  if (basis.length !== d) {
    throw new RangeError(`uniformInTangentBall: basis has ${basis.length} vectors, manifold dim is ${d}`);
  }
  if (!(radius >= 0)) throw new RangeError(`uniformInTangentBall: radius must be ≥ 0, got ${radius}`);
  const r = radius * power(rng.uniform(), 1 / d);
  // out = Σ z_i e_i with z standard normal; |z| is the metric norm because the basis is orthonormal.
  let s: number;
  do {
    out.fill(0, 0, n);
    s = 0;
    for (let i = 0; i < d; i++) {
      const z = rng.normal();
      s += z * z;
      const e = basis[i];
      for (let k = 0; k < n; k++) out[k] += z * e[k];
    }
  } while (s === 0);
  const f = r / Math.sqrt(s);
  for (let k = 0; k < n; k++) out[k] *= f;
  return out;
}

/**
 * Noise of the ℓ2 K-norm mechanism on R^d: density ∝ exp(−‖z‖₂/σ). Uniform direction times a radius
 * ~ Gamma(d, rate 1/σ) (the radial density ∝ r^{d−1} e^{−r/σ}). E‖z‖ = dσ.
 */
export function kNormLaplace(
  rng: Rng,
  d: number,
  sigma: number,
  out: Float64Array = new Float64Array(d),
): Float64Array {
  checkDim(d, 'kNormLaplace');
  checkOut(out, d, 'kNormLaplace');
  if (!(sigma > 0)) throw new RangeError(`kNormLaplace: sigma must be > 0, got ${sigma}`);
  const r = sigma * gamma(rng, d, 1);
  return scaledDirection(rng, d, r, out);
}
