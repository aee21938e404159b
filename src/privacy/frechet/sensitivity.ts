/**
 * Sensitivity of the sample Fréchet mean (paper 004, Thm 2; docs/frechet.md).
 *
 * For data in a geodesic ball B_r(m₀) with r < r* = ½ min(inj M, π/(2√κ)), κ > 0 an upper bound on the
 * sectional curvature, two adjacent data sets (one point replaced) have Fréchet means at distance
 *
 *   ρ(x̄, x̄') ≤ Δ = 2r(2 − h)/(n h),   h = 2r√κ cot(2r√κ) for κ > 0,  h = 1 for κ ≤ 0 (Δ = 2r/n).
 *
 * h → 0 as r → r* (when the curvature term dominates), so Δ blows up at the boundary of the assumption; the
 * functions here refuse r ≥ r* rather than return a meaningless (infinite or negative) bound.
 */
import { frechetMean, type FrechetMeanOptions } from '../../geometry/mean';
import { sphere } from '../../geometry/sphere';
import type { Manifold } from '../../geometry/types';
import type { FrechetManifold } from './settings';

/** r* = ½ min(inj, π/(2√κ)) (κ ≤ 0: ½ inj, which is ∞ on Hadamard manifolds). */
export function frechetRadiusLimit(kappaUpper: number, injectivityRadius = Infinity): number {
  const curv = kappaUpper > 0 ? Math.PI / (2 * Math.sqrt(kappaUpper)) : Infinity;
  return 0.5 * Math.min(injectivityRadius, curv);
}

/** The curvature factor h(r, κ) of 004 Thm 2 (1 for κ ≤ 0). */
export function frechetCurvatureFactor(r: number, kappaUpper: number): number {
  if (!(kappaUpper > 0)) return 1;
  const x = 2 * r * Math.sqrt(kappaUpper);
  // x cot x, with its Taylor series near 0 (1 − x²/3 − x⁴/45) to avoid 0/0.
  if (x < 1e-4) return 1 - (x * x) / 3 - (x * x * x * x) / 45;
  return x / Math.tan(x);
}

/**
 * Δ = 2r(2 − h)/(n h) for data in a ball of radius r (004 Thm 2). Throws a RangeError when r ≥ r*
 * (Assumption 1 of 004 fails: the mean need not be unique or stable) or for invalid r, n.
 */
export function frechetSensitivityBound(
  r: number,
  n: number,
  kappaUpper: number,
  injectivityRadius = Infinity,
): number {
  if (!(n >= 1) || !Number.isInteger(n))
    throw new RangeError(`Fréchet-mean sensitivity: n must be a positive integer (got ${n})`);
  if (!(r >= 0) || !Number.isFinite(r))
    throw new RangeError(`Fréchet-mean sensitivity: r must be a finite number ≥ 0 (got ${r})`);
  const rStar = frechetRadiusLimit(kappaUpper, injectivityRadius);
  if (!(r < rStar)) {
    throw new RangeError(
      `Fréchet-mean sensitivity: the data radius r = ${r} must be < r* = ½·min(inj, π/(2√κ)) = ${rStar} ` +
        `(κ = ${kappaUpper}, inj = ${injectivityRadius}); 004 Thm 2 gives no bound there`,
    );
  }
  const h = frechetCurvatureFactor(r, kappaUpper);
  return (2 * r * (2 - h)) / (n * h);
}

/** 004 Thm 2 for a manifold, using its upper curvature bound and injectivity radius. */
export function frechetSensitivity(M: Manifold, r: number, n: number): number {
  return frechetSensitivityBound(r, n, M.curvatureBounds[1], M.injectivityRadius);
}

/**
 * Log-Euclidean sensitivity for 002's synthetic data (docs/frechet.md): eigenvalues in [e^{−r}, e^{r}] put
 * every matrix in the LE ball of radius √k·r around I (‖logm X‖_F ≤ √k·r), and LE space is flat, so Δ_LE =
 * 2·(√k·r)/n — not 2r/n. For r = 1/4, n = 500 this is √k/1000.
 */
export function leSensitivitySynthetic(k: number, r: number, n: number): number {
  if (!(k >= 1) || !(n >= 1) || !(r >= 0))
    throw new RangeError(`leSensitivitySynthetic: need k ≥ 1, n ≥ 1, r ≥ 0 (got k=${k}, n=${n}, r=${r})`);
  return (2 * Math.sqrt(k) * r) / n;
}

/**
 * Frobenius (ambient vecd) sensitivity of the arithmetic mean of SPD matrices in the LE ball of radius r
 * around I (‖X − I‖_F ≤ e^r − 1): 2(e^r − 1)/n (004/002, Reimherr et al. Prop. 1).
 */
export function frobeniusSensitivity(r: number, n: number): number {
  if (!(n >= 1) || !(r >= 0))
    throw new RangeError(`frobeniusSensitivity: need n ≥ 1 and r ≥ 0 (got n=${n}, r=${r})`);
  return (2 * Math.expm1(r)) / n;
}

/**
 * Chordal (R³) sensitivity of the sphere's Fréchet mean from its geodesic one: two unit vectors at angle
 * ≤ Δ ≤ π are at chordal distance ≤ 2 sin(Δ/2) ≤ Δ.
 */
export function chordalSensitivity(geodesicDelta: number): number {
  if (!(geodesicDelta >= 0)) throw new RangeError(`chordalSensitivity: Δ must be ≥ 0 (got ${geodesicDelta})`);
  return geodesicDelta >= Math.PI ? 2 : 2 * Math.sin(geodesicDelta / 2);
}

/** ρ(mean(D), mean(D')) for two (adjacent) data sets: the empirical sensitivity of one replacement. */
export function empiricalSensitivity(
  M: Manifold,
  ys: readonly Float64Array[],
  ys2: readonly Float64Array[],
  opts: FrechetMeanOptions = {},
): number {
  if (ys.length !== ys2.length)
    throw new RangeError(`empiricalSensitivity: data sets differ in size (${ys.length} vs ${ys2.length})`);
  return M.dist(frechetMean(M, ys, opts), frechetMean(M, ys2, opts));
}

/** Radius of the public ball holding the data, in the manifold metric (sphere: the cap radius r; SPD: √k·r). */
export function frechetBallRadius(manifold: FrechetManifold, k: number, radius: number): number {
  return manifold === 'sphere' ? radius : Math.sqrt(k) * radius;
}

/** Δ of the Fréchet mean in the manifold's metric (004 Thm 2: κ ≤ 0 on SPD gives 2R/n). */
export function intrinsicSensitivity(
  spec: { manifold: FrechetManifold; radius: number },
  n: number,
  k: number,
): number {
  const R = frechetBallRadius(spec.manifold, k, spec.radius);
  return spec.manifold === 'sphere' ? frechetSensitivity(sphere(), R, n) : (2 * R) / n;
}
