/**
 * Preshapes of planar configurations (centred, of unit Frobenius norm; k×2 row-major, read as z ∈ C^k):
 * making one, checking one, the Hermitian product ⟨p,q⟩_C that aligns two of them, and rotations.
 */
import { maxAbs } from '../linalg';
import { GeometryError } from '../types';
import { checkLength } from '../validate';
import { normalize } from '../vec';

/**
 * Points must be preshapes to this tolerance on |‖p‖² − 1| and on the coordinate sums (exp and projectPoint
 * produce them to rounding): exp, log, dist and transport refuse other arrays with a GeometryError instead of
 * returning a meaningless number.
 */
const PRESHAPE_TOL = 1e-6;

/** Throws unless the squared norm ss and the coordinate sums (sx, sy) are those of a preshape. */
export function checkPreshape(ss: number, sx: number, sy: number, where: string, which: string): void {
  if (Math.abs(ss - 1) <= PRESHAPE_TOL && Math.abs(sx) <= PRESHAPE_TOL && Math.abs(sy) <= PRESHAPE_TOL)
    return;
  throw new GeometryError(
    `${where}: the ${which} shape is not a preshape (squared norm ${ss}, coordinate sums ${sx}, ${sy}); ` +
      'expected a centred configuration of unit norm (projectPoint makes one)',
  );
}

/**
 * ⟨p,q⟩_C = Σ p_j conj(q_j) into `a` = [re, im, |·|], validating both points on the way (same loop).
 * Throws a GeometryError for wrong lengths, zero-norm or non-finite points; with `preshapeLength`, also unless
 * both are preshapes with that many coordinates.
 */
export function hermitian(
  p: Float64Array,
  q: Float64Array,
  a: Float64Array,
  where: string,
  preshapeLength?: number,
): number {
  const n = p.length;
  if (q.length !== n || n % 2 !== 0) {
    throw new GeometryError(`${where}: the two shapes have different lengths (${n} and ${q.length})`);
  }
  if (preshapeLength !== undefined) checkLength(p, preshapeLength, where, 'first shape');
  let re = 0;
  let im = 0;
  let pp = 0;
  let qq = 0;
  let psx = 0;
  let psy = 0;
  let qsx = 0;
  let qsy = 0;
  for (let j = 0; j < n; j += 2) {
    const px = p[j],
      py = p[j + 1],
      qx = q[j],
      qy = q[j + 1];
    re += px * qx + py * qy;
    im += py * qx - px * qy;
    pp += px * px + py * py;
    qq += qx * qx + qy * qy;
    psx += px;
    psy += py;
    qsx += qx;
    qsy += qy;
  }
  if (!(pp > 0) || !Number.isFinite(pp)) throw degenerate(where, 'first');
  if (!(qq > 0) || !Number.isFinite(qq)) throw degenerate(where, 'second');
  if (preshapeLength !== undefined) {
    checkPreshape(pp, psx, psy, where, 'first');
    checkPreshape(qq, qsx, qsy, where, 'second');
  }
  a[0] = re;
  a[1] = im;
  a[2] = Math.hypot(re, im);
  return a[2];
}

export function degenerate(where: string, which: string): GeometryError {
  return new GeometryError(
    `${where}: the ${which} shape is degenerate (zero norm or non-finite coordinates); ` +
      'expected a centred preshape of unit norm',
  );
}

const alignScratch = new Float64Array(3);

/**
 * The rotation of q closest to p: q* = (a/|a|) q with a = ⟨p,q⟩_C, so that ⟨p,q*⟩_C = |a| is real and ≥ 0
 * (geomstats' `align(q, p)`). Use it to draw shapes overlaid. For orthogonal shapes (a = 0) every rotation is
 * equally close and q is returned unchanged. `out` may alias q.
 */
export function alignTo(
  p: Float64Array,
  q: Float64Array,
  out: Float64Array = new Float64Array(q.length),
): Float64Array {
  const m = hermitian(p, q, alignScratch, 'kendall alignTo');
  if (m === 0) {
    if (out !== q) out.set(q);
    return out;
  }
  const c = alignScratch[0] / m;
  const s = alignScratch[1] / m;
  for (let j = 0; j < q.length; j += 2) {
    const qx = q[j],
      qy = q[j + 1];
    out[j] = c * qx - s * qy;
    out[j + 1] = s * qx + c * qy;
  }
  return out;
}

/** Rotates every landmark of z by the angle φ (counter-clockwise): z ↦ e^{iφ} z. `out` may alias z. */
export function rotateShape(
  z: Float64Array,
  phi: number,
  out: Float64Array = new Float64Array(z.length),
): Float64Array {
  const c = Math.cos(phi);
  const s = Math.sin(phi);
  for (let j = 0; j < z.length; j += 2) {
    const x = z[j],
      y = z[j + 1];
    out[j] = c * x - s * y;
    out[j + 1] = s * x + c * y;
  }
  return out;
}

/**
 * The preshape of a configuration z = (x1, y1, …, xk, yk) into `out` (centred, unit Frobenius norm); returns the
 * size of the centred configuration relative to the largest |coordinate|: 0 when all landmarks coincide (out is
 * then not a preshape), tiny when they coincide to rounding. Huge and tiny coordinates are first divided by the
 * largest one (their sum would overflow, their differences from the centroid underflow). Throws a GeometryError
 * for non-finite coordinates. `out` may alias z.
 */
export function preshapeInto(z: Float64Array, out: Float64Array, where = 'kendall preshape'): number {
  const n = z.length;
  const size = maxAbs(z);
  if (!Number.isFinite(size))
    throw new GeometryError(`${where}: the configuration has non-finite coordinates`);
  if (size === 0) return 0;
  const rescale = size > 1e150 || size < 1e-150;
  for (let i = 0; i < n; i++) out[i] = rescale ? z[i] / size : z[i];
  recentre(out);
  const r = normalize(out, out);
  // Landmarks that coincide to nearly all digits leave a centroid of rounding size, relative to the now unit
  // shape: centre once more (exact enough the second time) so that the result is a preshape.
  if (r > 0 && !centred(out)) {
    recentre(out);
    normalize(out, out);
  }
  return rescale ? r : r / size;
}

function centroidSums(z: Float64Array): [number, number] {
  let sx = 0;
  let sy = 0;
  for (let j = 0; j < z.length; j += 2) {
    sx += z[j];
    sy += z[j + 1];
  }
  return [sx, sy];
}

/** Coordinate sums of a unit-norm configuration within 1e-12 of 0. */
const centred = (z: Float64Array) => centroidSums(z).every((s) => Math.abs(s) <= 1e-12);

function recentre(z: Float64Array): void {
  const [sx, sy] = centroidSums(z);
  const k = z.length / 2;
  for (let j = 0; j < z.length; j += 2) {
    z[j] -= sx / k;
    z[j + 1] -= sy / k;
  }
}
