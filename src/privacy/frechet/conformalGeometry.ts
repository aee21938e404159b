/**
 * The two geometries of Conformal-DP (conformal.ts): S² with points as unit vectors, and log-Euclidean SPD(k)
 * in vecd∘logm coordinates, where the metric is Euclidean (003 itself works with Yᵢ = log Xᵢ). Each gives the
 * distance, the interpolation kernel's squared distance, and normal coordinates at a centre for the sampler.
 */
import { expm, logm, symDim, symToVecd, vecdToSym } from '../../geometry/linalg';
import { sphere } from '../../geometry/sphere';

/** Normal coordinates at a centre c: x ∈ R^dim ↦ Exp_c(x), with ρ(c, Exp_c(x)) = |x| for |x| < maxRadius. */
export interface NormalChart {
  exp(x: Float64Array, out: Float64Array): Float64Array;
  /** log of the Jacobian of Exp_c at x (Riemannian volume = J·Lebesgue). */
  logJacobian(x: Float64Array): number;
  /** Radius beyond which the chart is not injective (π on S², ∞ on LE). */
  maxRadius: number;
}

export interface ConformalGeometry {
  readonly name: 'sphere' | 'logEuclidean';
  /** Intrinsic dimension d (the conformal volume is φ^{d/2} μ_g). */
  readonly dim: number;
  /** Length of a point's coordinate array (3 on S², d on LE). */
  readonly coordSize: number;
  /** SPD size (LE only). */
  readonly k?: number;
  dist(a: Float64Array, b: Float64Array): number;
  /**
   * Squared distance used by the interpolation weights exp(−·/τ²): the geodesic one on LE, the squared chord
   * on S² (equal to θ² to 1% where the weights matter, and much cheaper).
   */
  kernelSqDist(a: Float64Array, b: Float64Array): number;
  chart(c: Float64Array): NormalChart;
  /** A manifold point (unit vector / SPD matrix) → coordinates. */
  toCoords(p: Float64Array): Float64Array;
  /** Coordinates → manifold point. */
  fromCoords(x: Float64Array): Float64Array;
}

export function sphereConformalGeometry(): ConformalGeometry {
  const M = sphere();
  return {
    name: 'sphere',
    dim: 2,
    coordSize: 3,
    dist: (a, b) => M.dist(a, b),
    // Squared chord 2 − 2⟨a, b⟩ = θ² − θ⁴/12 + …: the geodesic θ² to 1% at the kernel's scale (θ ≲ 0.35),
    // and a dot product instead of an acos in the sampler's innermost loop.
    kernelSqDist: (a, b) => Math.max(0, 2 - 2 * (a[0] * b[0] + a[1] * b[1] + a[2] * b[2])),
    chart(c) {
      const [e1, e2] = M.tangentBasis(c);
      const v = new Float64Array(3);
      return {
        exp(x, out) {
          for (let i = 0; i < 3; i++) v[i] = x[0] * e1[i] + x[1] * e2[i];
          return M.exp(c, v, out);
        },
        logJacobian(x) {
          const r = Math.hypot(x[0], x[1]);
          return r < 1e-4 ? -(r * r) / 6 : Math.log(Math.sin(r) / r);
        },
        maxRadius: Math.PI,
      };
    },
    toCoords: (p) => Float64Array.from(p),
    fromCoords: (x) => Float64Array.from(x),
  };
}

export function logEuclideanConformalGeometry(k: number): ConformalGeometry {
  const d = symDim(k);
  const sq = (a: Float64Array, b: Float64Array) => {
    let s = 0;
    for (let i = 0; i < d; i++) s += (a[i] - b[i]) ** 2;
    return s;
  };
  return {
    name: 'logEuclidean',
    dim: d,
    coordSize: d,
    k,
    dist: (a, b) => Math.sqrt(sq(a, b)),
    kernelSqDist: sq,
    chart(c) {
      return {
        exp(x, out) {
          for (let i = 0; i < d; i++) out[i] = c[i] + x[i];
          return out;
        },
        logJacobian: () => 0,
        maxRadius: Infinity,
      };
    },
    toCoords: (p) => symToVecd(logm(p, k), k),
    fromCoords: (x) => expm(vecdToSym(x, k), k),
  };
}
