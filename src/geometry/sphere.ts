import { jacobiAdjoints, type JacobiFactor } from './jacobi';
import { GeometryError, type Manifold } from './types';
import { allFinite, checkLength, checkVector, finiteResult, lengthError, nonFiniteError } from './validate';
import { dot, normalize, norm2 } from './vec';

/**
 * Points must be unit vectors to this tolerance on |‖p‖² − 1| (exp renormalises its result, so long chains stay
 * far inside it). Every operation that reads a point checks it, so a point off the sphere, a NaN or an infinite
 * entry gives a GeometryError instead of a meaningless number.
 */
export const UNIT_TOLERANCE = 1e-6;

function checkPoint(p: Float64Array, where: string, what: string): void {
  if (p.length === 3 && Math.abs(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] - 1) <= UNIT_TOLERANCE) return;
  throw notAPointError(p, where, what);
}

function notAPointError(p: Float64Array, where: string, what: string): GeometryError {
  if (p.length !== 3) return lengthError(p, 3, where, what);
  if (!allFinite(p)) return nonFiniteError(p, where, what);
  const r2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
  return new GeometryError(
    `${where}: the ${what} is not a unit vector (squared length ${r2}); points of the sphere have length 1`,
  );
}

/** sin(θ)/θ-type helpers with Taylor branches (θ tiny). */
function sinc(t: number): number {
  return Math.abs(t) < 1e-4 ? 1 - (t * t) / 6 + (t * t * t * t) / 120 : Math.sin(t) / t;
}

/** Great-circle angle between unit vectors, by atan2 (accurate for tiny and near-π angles). */
export function sphereAngle(p: Float64Array, q: Float64Array): number {
  const c = p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
  // ‖p × q‖ = sin θ, computed without cancellation.
  const x = p[1] * q[2] - p[2] * q[1];
  const y = p[2] * q[0] - p[0] * q[2];
  const z = p[0] * q[1] - p[1] * q[0];
  return Math.atan2(Math.sqrt(x * x + y * y + z * z), c);
}

/** Unit sphere S² ⊂ R³, sectional curvature 1. */
export function sphere(): Manifold {
  const exp = (p: Float64Array, v: Float64Array, out = new Float64Array(3)): Float64Array => {
    checkPoint(p, 'sphere exp', 'footpoint');
    checkVector(v, 3, 'sphere exp', 'tangent vector');
    const L = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    const c = Math.cos(L);
    const s = sinc(L);
    let x = c * p[0] + s * v[0];
    let y = c * p[1] + s * v[1];
    let z = c * p[2] + s * v[2];
    // Renormalise: keeps points on the sphere to machine precision along long chains.
    const r = Math.sqrt(x * x + y * y + z * z);
    if (!(r > 0 && r < Infinity))
      throw new GeometryError(
        `sphere exp: the result is not representable (|v| = ${L}); v must be tangent at p`,
      );
    x /= r;
    y /= r;
    z /= r;
    out[0] = x;
    out[1] = y;
    out[2] = z;
    return out;
  };

  const log = (p: Float64Array, q: Float64Array, out = new Float64Array(3)): Float64Array => {
    checkPoint(p, 'sphere log', 'first point');
    checkPoint(q, 'sphere log', 'second point');
    const c = p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
    // u = q − ⟨p,q⟩p has norm sin θ.
    const ux = q[0] - c * p[0];
    const uy = q[1] - c * p[1];
    const uz = q[2] - c * p[2];
    const s = Math.sqrt(ux * ux + uy * uy + uz * uz);
    const theta = Math.atan2(s, c);
    if (c < 0 && s < 1e-12) {
      throw new GeometryError(
        'sphere log: the points are antipodal (cut locus), so there is no unique shortest geodesic between them',
      );
    }
    const f = 1 / sinc(theta); // θ / sin θ
    out[0] = f * ux;
    out[1] = f * uy;
    out[2] = f * uz;
    return out;
  };

  const transport = (
    p: Float64Array,
    q: Float64Array,
    w: Float64Array,
    out = new Float64Array(3),
  ): Float64Array => {
    checkPoint(p, 'sphere transport', 'first point');
    checkPoint(q, 'sphere transport', 'second point');
    checkVector(w, 3, 'sphere transport', 'tangent vector');
    const c = p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
    if (1 + c < 1e-12) {
      throw new GeometryError(
        'sphere transport: the points are antipodal (cut locus); transport is undefined',
      );
    }
    const k = (q[0] * w[0] + q[1] * w[1] + q[2] * w[2]) / (1 + c);
    out[0] = w[0] - k * (p[0] + q[0]);
    out[1] = w[1] - k * (p[1] + q[1]);
    out[2] = w[2] - k * (p[2] + q[2]);
    return out;
  };

  // γ(t) = cos(tL) p + sin(tL) û; the frame {û, n} at p is carried to {γ'(L), n} at Exp(p,v).
  const transportBackAlongGeodesic = (
    p: Float64Array,
    v: Float64Array,
    w: Float64Array,
    out: Float64Array,
  ): Float64Array => {
    const L = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (L === 0) {
      out.set(w);
      return out;
    }
    const cL = Math.cos(L);
    const sL = Math.sin(L);
    const u0 = v[0] / L,
      u1 = v[1] / L,
      u2 = v[2] / L;
    const g0 = -sL * p[0] + cL * u0;
    const g1 = -sL * p[1] + cL * u1;
    const g2 = -sL * p[2] + cL * u2;
    const a = w[0] * g0 + w[1] * g1 + w[2] * g2;
    // Component along the end point γ(L) (zero for a true tangent vector) is dropped.
    const e0 = cL * p[0] + sL * u0;
    const e1 = cL * p[1] + sL * u1;
    const e2 = cL * p[2] + sL * u2;
    const b = w[0] * e0 + w[1] * e1 + w[2] * e2;
    out[0] = w[0] - a * g0 - b * e0 + a * u0;
    out[1] = w[1] - a * g1 - b * e1 + a * u1;
    out[2] = w[2] - a * g2 - b * e2 + a * u2;
    return out;
  };

  const scaleBySpectrum = (
    _p: Float64Array,
    v: Float64Array,
    u: Float64Array,
    factor: JacobiFactor,
    out: Float64Array,
  ): Float64Array => {
    const L2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    const f = factor(L2); // K = 1 perpendicular to v
    const a = L2 === 0 ? 0 : (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / L2;
    for (let i = 0; i < 3; i++) {
      const along = a * v[i];
      out[i] = along + f * (u[i] - along);
    }
    return out;
  };

  const projectTangent = (
    p: Float64Array,
    z: Float64Array,
    out: Float64Array = new Float64Array(3),
  ): Float64Array => {
    checkPoint(p, 'sphere projectTangent', 'point');
    checkVector(z, 3, 'sphere projectTangent', 'vector');
    const c = dot(p, z);
    for (let i = 0; i < 3; i++) out[i] = z[i] - c * p[i];
    return out;
  };

  return {
    name: 'sphere',
    family: { kind: 'sphere' },
    dim: 2,
    ambientDim: 3,
    curvatureBounds: [1, 1],
    volumeGrowthRate: 0,
    injectivityRadius: Math.PI,
    exp,
    log,
    dist: (p, q) => {
      checkPoint(p, 'sphere dist', 'first point');
      checkPoint(q, 'sphere dist', 'second point');
      return sphereAngle(p, q);
    },
    // The metric is the ambient one: inner and norm do not read p.
    inner: (_p, u, w) => {
      checkLength(u, 3, 'sphere inner', 'first vector');
      checkLength(w, 3, 'sphere inner', 'second vector');
      return finiteResult(u[0] * w[0] + u[1] * w[1] + u[2] * w[2], 'sphere inner');
    },
    norm: (_p, v) => {
      checkLength(v, 3, 'sphere norm', 'vector');
      return finiteResult(norm2(v), 'sphere norm');
    },
    transport,
    ...jacobiAdjoints({ transportBackAlongGeodesic, scaleBySpectrum }, 3, 'sphere'),
    projectPoint: (z) => {
      checkLength(z, 3, 'sphere projectPoint', 'array');
      const out = new Float64Array(3);
      const r = normalize(z, out);
      if (!(r > 0) || !Number.isFinite(r)) {
        throw new GeometryError(
          'sphere projectPoint: cannot project the zero vector (or a non-finite one) onto the sphere',
        );
      }
      return out;
    },
    projectTangent,
    basePoint: () => Float64Array.of(0, 0, 1),
    // The ambient Gaussian projected onto T_p is the standard Gaussian of T_p (the metric is the ambient one).
    randomTangent: (p, gauss, out: Float64Array = new Float64Array(3)) => {
      out[0] = gauss.normal();
      out[1] = gauss.normal();
      out[2] = gauss.normal();
      return projectTangent(p, out, out);
    },
    tangentBasis: (p) => {
      // Gram–Schmidt against the coordinate axis least aligned with p.
      const ax =
        Math.abs(p[0]) <= Math.abs(p[1]) && Math.abs(p[0]) <= Math.abs(p[2])
          ? 0
          : Math.abs(p[1]) <= Math.abs(p[2])
            ? 1
            : 2;
      const e = new Float64Array(3);
      e[ax] = 1;
      const b1 = projectTangent(p, e);
      const n1 = norm2(b1);
      for (let i = 0; i < 3; i++) b1[i] /= n1;
      const b2 = Float64Array.of(
        p[1] * b1[2] - p[2] * b1[1],
        p[2] * b1[0] - p[0] * b1[2],
        p[0] * b1[1] - p[1] * b1[0],
      );
      return [b1, b2];
    },
  };
}
