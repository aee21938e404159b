import { jacobiAdjoints } from '../jacobi';
import { GeometryError, type GaussianSource, type Manifold } from '../types';
import { checkLength, finiteResult } from '../validate';
import { norm2 } from '../vec';
import { kendallJacobi } from './jacobi';
import { checkPreshape, degenerate, hermitian, preshapeInto } from './preshape';

/**
 * Kendall's planar shape space Σ^k_2 ≅ CP^{k−2} (docs/geometry.md), worked in preshape coordinates.
 *
 * A preshape is k×2 row-major (x0,y0,x1,y1,…), centred and of Frobenius norm 1. Read as z ∈ C^k (z_j = x_j + i y_j)
 * with ⟨z,w⟩ = Σ z_j conj(w_j), a rotation of the shape is z ↦ e^{iφ} z. Tangent vectors at p are horizontal:
 * centred and real-orthogonal to both p and ip (the fibre direction), i.e. ⟨v,p⟩_C = 0. The Riemannian metric is
 * the Frobenius product of horizontal vectors; sectional curvature is in [1, 4] (4 on complex lines).
 *
 * Preshapes, their alignment and the Hermitian product are in `preshape.ts`; the Jacobi structure along a
 * geodesic (for the derivatives of Exp) in `jacobi.ts`.
 */

export { alignTo, preshapeInto, rotateShape } from './preshape';

/** |⟨p,q⟩_C| below which two shapes count as orthogonal (cut locus: the aligning rotation is undetermined). */
const CUT_LOCUS_TOL = 1e-12;

/** sin(θ)/θ with a Taylor branch for tiny θ. */
function sinc(t: number): number {
  return Math.abs(t) < 1e-4 ? 1 - (t * t) / 6 + (t * t * t * t) / 120 : Math.sin(t) / t;
}

/** Kendall planar shape space of k ≥ 3 landmarks (preshape coordinates, length 2k). */
export function kendall(k: number): Manifold {
  if (!Number.isInteger(k) || k < 3) {
    throw new RangeError(`kendall(k): k must be an integer ≥ 3 (number of landmarks), got ${k}`);
  }
  const n = 2 * k;
  const dim = 2 * k - 4;
  const name = `kendall(${k})`;
  const a = new Float64Array(3); // scratch for ⟨p,q⟩_C
  // Operation names for messages, built once (not in the hot loops).
  const [expAt, logAt, distAt, transportAt, innerAt, normAt, projectTangentAt] = [
    'exp',
    'log',
    'dist',
    'transport',
    'inner',
    'norm',
    'projectTangent',
  ].map((op) => `${name} ${op}`);

  const exp = (p: Float64Array, v: Float64Array, out: Float64Array = new Float64Array(n)): Float64Array => {
    checkLength(p, n, expAt, 'base shape');
    checkLength(v, n, expAt, 'tangent vector');
    let L2 = 0;
    let pp = 0;
    let sx = 0;
    let sy = 0;
    for (let j = 0; j < n; j += 2) {
      L2 += v[j] * v[j] + v[j + 1] * v[j + 1];
      pp += p[j] * p[j] + p[j + 1] * p[j + 1];
      sx += p[j];
      sy += p[j + 1];
    }
    if (!(pp > 0) || !Number.isFinite(pp)) throw degenerate(expAt, 'base');
    checkPreshape(pp, sx, sy, expAt, 'base');
    const L = Math.sqrt(L2);
    const c = Math.cos(L);
    const s = sinc(L);
    let r2 = 0;
    for (let i = 0; i < n; i++) {
      const x = c * p[i] + s * v[i];
      out[i] = x;
      r2 += x * x;
    }
    if (!(r2 > 0) || !Number.isFinite(r2)) {
      throw new GeometryError(`${name} exp: the tangent vector is not finite (|v|² = ${L2})`);
    }
    // Renormalise: keeps points on the preshape sphere to machine precision along long chains.
    const r = 1 / Math.sqrt(r2);
    for (let i = 0; i < n; i++) out[i] *= r;
    return out;
  };

  /**
   * u = q* − |a| p with q* = (a/|a|) q aligned to p (a = ⟨p,q⟩ in the scratch `a`, m = |a|): horizontal, with
   * norm sin θ computed without the cancellation of √(1 − |a|²) at tiny θ. Written to `out` when given;
   * returns ‖u‖².
   */
  const alignedResidual = (p: Float64Array, q: Float64Array, m: number, out: Float64Array | null): number => {
    const c = a[0] / m;
    const s = a[1] / m;
    let uu = 0;
    for (let j = 0; j < n; j += 2) {
      const qx = q[j],
        qy = q[j + 1];
      const ux = c * qx - s * qy - m * p[j];
      const uy = s * qx + c * qy - m * p[j + 1];
      if (out) {
        out[j] = ux;
        out[j + 1] = uy;
      }
      uu += ux * ux + uy * uy;
    }
    return uu;
  };

  const log = (p: Float64Array, q: Float64Array, out: Float64Array = new Float64Array(n)): Float64Array => {
    const m = hermitian(p, q, a, logAt, n);
    if (m < CUT_LOCUS_TOL) {
      throw new GeometryError(
        `${name} log: the shapes are orthogonal (|⟨p,q⟩| = ${m.toExponential(2)}, at distance π/2: the cut locus), ` +
          'so there is no unique shortest geodesic between them',
      );
    }
    const uu = alignedResidual(p, q, m, out);
    const theta = Math.atan2(Math.sqrt(uu), m);
    const f = 1 / sinc(theta); // θ / sin θ
    for (let i = 0; i < n; i++) out[i] *= f;
    return out;
  };

  const dist = (p: Float64Array, q: Float64Array): number => {
    const m = hermitian(p, q, a, distAt, n);
    if (m === 0) return Math.PI / 2;
    return Math.atan2(Math.sqrt(alignedResidual(p, q, m, null)), m);
  };

  /**
   * Along the horizontal great circle p → q* (length L, unit direction û): the frame {û, iû} turns into
   * {γ'(L), iγ'(L)} and the rest of the horizontal space stays put. For horizontal w this equals
   *   Γw = w − [⟨q*,w⟩ (p + q*) + ⟨iq*,w⟩ i(p + q*)] / (1 + cos L)
   * (the sphere formula applied to the complex line through p and q*), which needs no û and is exact at L = 0.
   * Finally rotate by conj(a/|a|) to express the result at the representative q.
   */
  const transport = (
    p: Float64Array,
    q: Float64Array,
    w: Float64Array,
    out: Float64Array = new Float64Array(n),
  ): Float64Array => {
    checkLength(w, n, transportAt, 'tangent vector');
    const m = hermitian(p, q, a, transportAt, n);
    if (m < CUT_LOCUS_TOL) {
      throw new GeometryError(
        `${name} transport: the shapes are orthogonal (|⟨p,q⟩| = ${m.toExponential(2)}, at distance π/2: ` +
          'the cut locus), so there is no unique geodesic to transport along',
      );
    }
    const c = a[0] / m;
    const s = a[1] / m;
    let d1 = 0; // ⟨q*, w⟩
    let d2 = 0; // ⟨i q*, w⟩
    for (let j = 0; j < n; j += 2) {
      const qx = q[j],
        qy = q[j + 1];
      const sx = c * qx - s * qy;
      const sy = s * qx + c * qy;
      d1 += sx * w[j] + sy * w[j + 1];
      d2 += sx * w[j + 1] - sy * w[j];
    }
    finiteResult(d1 + d2, transportAt); // NaN or ∞ when w has a non-finite entry
    const k1 = d1 / (1 + m);
    const k2 = d2 / (1 + m);
    for (let j = 0; j < n; j += 2) {
      const qx = q[j],
        qy = q[j + 1];
      const tx = p[j] + c * qx - s * qy; // t = p + q*
      const ty = p[j + 1] + s * qx + c * qy;
      const gx = w[j] - k1 * tx + k2 * ty; // Γw = w − k1 t − k2 (i t),  i t = (−ty, tx)
      const gy = w[j + 1] - k1 * ty - k2 * tx;
      out[j] = c * gx + s * gy; // conj(a/|a|) Γw
      out[j + 1] = c * gy - s * gx;
    }
    return out;
  };

  const { transportBackAlongGeodesic, scaleBySpectrum } = kendallJacobi(n);

  /** Centre z, then remove its components along p and ip (orthonormal in the real inner product). `out` may alias z. */
  const projectTangent = (
    p: Float64Array,
    z: Float64Array,
    out: Float64Array = new Float64Array(n),
  ): Float64Array => {
    checkLength(p, n, projectTangentAt, 'point');
    checkLength(z, n, projectTangentAt, 'vector');
    let mx = 0;
    let my = 0;
    for (let j = 0; j < n; j += 2) {
      mx += z[j];
      my += z[j + 1];
    }
    mx /= k;
    my /= k;
    let d1 = 0; // ⟨z̄, p⟩
    let d2 = 0; // ⟨z̄, ip⟩
    for (let j = 0; j < n; j += 2) {
      const zx = z[j] - mx,
        zy = z[j + 1] - my;
      out[j] = zx;
      out[j + 1] = zy;
      d1 += zx * p[j] + zy * p[j + 1];
      d2 += zy * p[j] - zx * p[j + 1];
    }
    finiteResult(mx + my + d1 + d2, projectTangentAt); // NaN or ∞ when z or p has a non-finite entry
    for (let j = 0; j < n; j += 2) {
      const px = p[j],
        py = p[j + 1];
      out[j] -= d1 * px - d2 * py;
      out[j + 1] -= d1 * py + d2 * px;
    }
    return out;
  };

  const projectPoint = (z: Float64Array): Float64Array => {
    if (z.length !== n) {
      throw new GeometryError(
        `${name} projectPoint: expected ${n} coordinates (${k} landmarks), got ${z.length}`,
      );
    }
    const out = new Float64Array(n);
    const size = preshapeInto(z, out, `${name} projectPoint`);
    if (!(size > 0)) {
      throw new GeometryError(
        `${name} projectPoint: degenerate configuration (all landmarks coincide, so the centred shape has zero ` +
          'size and no defined shape)',
      );
    }
    return out;
  };

  const basePoint = (): Float64Array => {
    const z = new Float64Array(n);
    for (let j = 0; j < k; j++) {
      z[2 * j] = Math.cos((2 * Math.PI * j) / k);
      z[2 * j + 1] = Math.sin((2 * Math.PI * j) / k);
    }
    return projectPoint(z); // regular k-gon, centred (to rounding) and of unit norm
  };

  /** Pivoted Gram–Schmidt on the horizontal projections of the 2k coordinate vectors. */
  const tangentBasis = (p: Float64Array): Float64Array[] => {
    const cands: Float64Array[] = [];
    const sq: number[] = [];
    for (let i = 0; i < n; i++) {
      const e = new Float64Array(n);
      e[i] = 1;
      const c = projectTangent(p, e, e);
      cands.push(c);
      let s = 0;
      for (let t = 0; t < n; t++) s += c[t] * c[t];
      sq.push(s);
    }
    const basis: Float64Array[] = [];
    const used = new Array<boolean>(n).fill(false);
    while (basis.length < dim) {
      let best = -1;
      for (let i = 0; i < n; i++) if (!used[i] && (best < 0 || sq[i] > sq[best])) best = i;
      used[best] = true;
      const b = cands[best];
      // Re-orthogonalise once more against the basis ("twice is enough"), then normalise.
      for (const e of basis) {
        let d = 0;
        for (let t = 0; t < n; t++) d += b[t] * e[t];
        for (let t = 0; t < n; t++) b[t] -= d * e[t];
      }
      const r = norm2(b);
      for (let t = 0; t < n; t++) b[t] /= r;
      basis.push(b);
      for (let i = 0; i < n; i++) {
        if (used[i]) continue;
        const c = cands[i];
        let d = 0;
        for (let t = 0; t < n; t++) d += c[t] * b[t];
        let s = 0;
        for (let t = 0; t < n; t++) {
          c[t] -= d * b[t];
          s += c[t] * c[t];
        }
        sq[i] = s;
      }
    }
    return basis;
  };

  // The metric is the ambient (Frobenius) one, so the orthogonal projection of the ambient standard Gaussian
  // onto the horizontal space is the standard Gaussian of T_p.
  const randomTangent = (
    p: Float64Array,
    gauss: GaussianSource,
    out: Float64Array = new Float64Array(n),
  ): Float64Array => {
    for (let i = 0; i < n; i++) out[i] = gauss.normal();
    return projectTangent(p, out, out);
  };

  return {
    name,
    family: { kind: 'kendall', landmarks: k },
    dim,
    ambientDim: n,
    curvatureBounds: [1, 4],
    volumeGrowthRate: 0,
    injectivityRadius: Math.PI / 2,
    exp,
    log,
    dist,
    // The metric is the ambient (Frobenius) one: inner and norm do not read p.
    inner: (_p, u, w) => {
      checkLength(u, n, innerAt, 'first vector');
      checkLength(w, n, innerAt, 'second vector');
      let s = 0;
      for (let i = 0; i < n; i++) s += u[i] * w[i];
      return finiteResult(s, innerAt);
    },
    norm: (_p, v) => {
      checkLength(v, n, normAt, 'vector');
      return finiteResult(norm2(v), normAt);
    },
    transport,
    ...jacobiAdjoints({ transportBackAlongGeodesic, scaleBySpectrum }, n, name),
    projectPoint,
    projectTangent,
    basePoint,
    tangentBasis,
    randomTangent,
  };
}
