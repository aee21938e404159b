/**
 * Polylines of geodesics x ↦ Exp(p, x v) for drawing, and their packing into one line-segment buffer (one draw
 * call for all private geodesics). Pure functions, no three.js: cheap closed forms for S² and SPD(2)
 * (affine-invariant), checked against the geometry core in geodesics.test.ts.
 */
import { symEig2 } from '../../src/geometry/linalg';
import { spd } from '../../src/geometry/spd';

/** Flat xyz coordinates of the points of a polyline. */
export type Polyline = Float32Array;

/**
 * Points of x ↦ Exp(p, x v) on the unit sphere for x ∈ [x0, x1] (`segments` pieces), scaled by `lift` (a
 * little above 1 keeps lines off the shaded globe).
 */
export function sphereGeodesic(
  p: ArrayLike<number>,
  v: ArrayLike<number>,
  segments = 64,
  lift = 1,
  x0 = 0,
  x1 = 1,
): Polyline {
  const out = new Float32Array((segments + 1) * 3);
  const nv = Math.hypot(v[0], v[1], v[2]);
  for (let i = 0; i <= segments; i++) {
    const x = x0 + ((x1 - x0) * i) / segments;
    const t = x * nv;
    const c = Math.cos(t);
    // sin(t)/|v| → x as |v| → 0
    const s = nv > 1e-12 ? Math.sin(t) / nv : x;
    let q0 = c * p[0] + s * v[0];
    let q1 = c * p[1] + s * v[1];
    let q2 = c * p[2] + s * v[2];
    const r = lift / Math.hypot(q0, q1, q2);
    q0 *= r;
    q1 *= r;
    q2 *= r;
    out[3 * i] = q0;
    out[3 * i + 1] = q1;
    out[3 * i + 2] = q2;
  }
  return out;
}

/** A symmetric 2×2 matrix as its three entries (a, b, c) = [[a, b], [b, c]]. */
export type Sym2 = [number, number, number];

/** (a, b, c) of a row-major 2×2 matrix. */
export const sym2 = (m: ArrayLike<number>): Sym2 => [m[0], 0.5 * (m[1] + m[2]), m[3]];

/**
 * Points of x ↦ Exp(P, x V) on SPD(2) with the affine-invariant metric, x ∈ [x0, x1]: with
 * W = P^-½ V P^-½ = Q diag(μ) Qᵀ, Exp(P, x V) = P^½ Q diag(e^{xμ}) Qᵀ P^½ — one eigendecomposition per
 * geodesic, closed form per point.
 */
export function spdGeodesic(
  P: ArrayLike<number>,
  V: ArrayLike<number>,
  segments = 48,
  x0 = 0,
  x1 = 1,
): Sym2[] {
  const eP = symEig2(Float64Array.of(P[0], P[1], P[2], P[3]));
  const [l0, l1] = eP.values;
  if (!(l0 > 0) || !(l1 > 0)) return [];
  const U = eP.vectors; // columns: eigenvectors
  // S = P^½, Si = P^-½ (symmetric, as (a, b, c))
  const fn = (f: (l: number) => number): Sym2 => {
    const f0 = f(l0);
    const f1 = f(l1);
    return [
      f0 * U[0] * U[0] + f1 * U[1] * U[1],
      f0 * U[0] * U[2] + f1 * U[1] * U[3],
      f0 * U[2] * U[2] + f1 * U[3] * U[3],
    ];
  };
  const S = fn(Math.sqrt);
  const Si = fn((l) => 1 / Math.sqrt(l));
  const v = sym2(V);
  const W = congruence(Si, v);
  const eW = symEig2(Float64Array.of(W[0], W[1], W[1], W[2]));
  const [m0, m1] = eW.values;
  const Q = eW.vectors;
  const out: Sym2[] = [];
  for (let i = 0; i <= segments; i++) {
    const x = x0 + ((x1 - x0) * i) / segments;
    const e0 = Math.exp(x * m0);
    const e1 = Math.exp(x * m1);
    const E: Sym2 = [
      e0 * Q[0] * Q[0] + e1 * Q[1] * Q[1],
      e0 * Q[0] * Q[2] + e1 * Q[1] * Q[3],
      e0 * Q[2] * Q[2] + e1 * Q[3] * Q[3],
    ];
    out.push(congruence(S, E));
  }
  return out;
}

/** S X S for symmetric 2×2 S, X given as (a, b, c). */
function congruence(S: Sym2, X: Sym2): Sym2 {
  const [s0, s1, s2] = S;
  const [x0, x1, x2] = X;
  // T = S X
  const t00 = s0 * x0 + s1 * x1;
  const t01 = s0 * x1 + s1 * x2;
  const t10 = s1 * x0 + s2 * x1;
  const t11 = s1 * x1 + s2 * x2;
  return [t00 * s0 + t01 * s1, t00 * s1 + t01 * s2, t10 * s1 + t11 * s2];
}

/**
 * The ellipse of y = U Λ Uᵀ (docs/experiments.md): semi-axes √λ₁ ≥ √λ₂ along U's columns; `angle` (radians)
 * is the direction of the major axis from the first coordinate axis, counter-clockwise.
 */
export function ellipseOf(y: Sym2): { major: number; minor: number; angle: number } | null {
  const e = symEig2(Float64Array.of(y[0], y[1], y[1], y[2]));
  const [lo, hi] = e.values;
  if (!(lo > 0) || !Number.isFinite(hi)) return null;
  // column 1 (eigenvector of the larger eigenvalue) = (vectors[1], vectors[3])
  return { major: Math.sqrt(hi), minor: Math.sqrt(lo), angle: Math.atan2(e.vectors[3], e.vectors[1]) };
}

/**
 * Coordinates of the SPD cone view: (a, √2·b, c) — an isometric copy of the Frobenius inner product on
 * symmetric matrices, in which {ac > b²} is a round cone of half-angle 45° around the identity direction
 * a = c. Drawn with that axis vertical: (X, Y, Z) = ((a − c)/√2, (a + c)/√2, √2·b).
 */
export function coneCoords(y: Sym2): [number, number, number] {
  return [(y[0] - y[2]) * Math.SQRT1_2, (y[0] + y[2]) * Math.SQRT1_2, y[1] * Math.SQRT2];
}

/**
 * All polylines packed as segment pairs (start, end) for a LineSegmentsGeometry, with a colour per polyline (rgb
 * in [0, 1]) repeated on its vertices. Segments for which `keep` is false (e.g. far outside the view) are left out.
 */
export function packSegments(
  lines: readonly Polyline[],
  colours: readonly (readonly [number, number, number])[],
  keep?: (x: number, y: number, z: number) => boolean,
): { positions: Float32Array; colors: Float32Array; count: number } {
  let n = 0;
  for (const l of lines) n += Math.max(0, l.length / 3 - 1);
  const positions = new Float32Array(n * 6);
  const colors = new Float32Array(n * 6);
  let k = 0;
  lines.forEach((l, li) => {
    const pts = l.length / 3;
    const c = colours[li];
    for (let i = 0; i + 1 < pts; i++) {
      const a = 3 * i;
      const b = a + 3;
      if (keep && !(keep(l[a], l[a + 1], l[a + 2]) && keep(l[b], l[b + 1], l[b + 2]))) continue;
      positions.set(l.subarray(a, a + 6), 6 * k);
      colors.set(c, 6 * k);
      colors.set(c, 6 * k + 3);
      k++;
    }
  });
  return { positions: positions.subarray(0, 6 * k), colors: colors.subarray(0, 6 * k), count: k };
}

/** One released pair (p̃, ṽ) with its MSE on the data (computed in the worker). */

const SPD2 = spd(2, 'affine');
const full = (y: Sym2) => Float64Array.of(y[0], y[1], y[1], y[2]);

/** The factors the SPD(2) strip can draw private differences at (1: true size). */
export const MAGNIFY_FACTORS = [1, 5, 20] as const;

/**
 * The smallest of MAGNIFY_FACTORS at which the private predictions' typical (median) affine-invariant distance
 * from the non-private ones, times the factor, reaches `visible` — 0.07, about a 2 px change of a 30 px ellipse —
 * so that a strip whose differences would not show at true size shows them, labelled; 1 where they already show,
 * or coincide. `np[k]` and each `priv[j][k]` are predictions at the same covariate.
 */
export function autoMagnify(np: readonly Sym2[], priv: readonly (readonly Sym2[])[], visible = 0.07): number {
  const d: number[] = [];
  for (const ys of priv)
    ys.forEach((y, k) => {
      if (!np[k]) return;
      try {
        d.push(SPD2.dist(full(np[k]), full(y)));
      } catch {
        // not SPD (a degenerate draw): not drawn either
      }
    });
  if (d.length === 0) return 1;
  d.sort((a, b) => a - b);
  const median = d[Math.floor(d.length / 2)];
  if (!(median > 0)) return 1;
  return MAGNIFY_FACTORS.find((f) => f * median >= visible) ?? MAGNIFY_FACTORS[MAGNIFY_FACTORS.length - 1];
}

/**
 * The point `factor` times as far from `base` as `y`, along the affine-invariant geodesic from base through y:
 * Exp(base, factor · Log(base, y)). Used to magnify private predictions' differences from the non-private one
 * (a labelled exaggeration: direction kept, distance × factor); factor 1 gives y back.
 */
export function magnifyFrom(base: Sym2, y: Sym2, factor: number): Sym2 | null {
  if (factor === 1) return y;
  try {
    const p = full(base);
    const m = SPD2.exp(
      p,
      SPD2.log(p, full(y)).map((v) => v * factor),
    );
    return [m[0], 0.5 * (m[1] + m[2]), m[3]];
  } catch {
    return null; // not SPD (a degenerate draw): left out like an unrepresentable ellipse
  }
}
