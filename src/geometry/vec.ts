/** Small allocation-free helpers on flat Float64Arrays (Euclidean/Frobenius operations). */

export function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

export function norm2(a: Float64Array): number {
  // Scaled to avoid overflow/underflow for extreme magnitudes.
  let scale = 0;
  for (let i = 0; i < a.length; i++) scale = Math.max(scale, Math.abs(a[i]));
  if (scale === 0 || !Number.isFinite(scale)) return scale;
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const t = a[i] / scale;
    s += t * t;
  }
  return scale * Math.sqrt(s);
}

/**
 * out = a/‖a‖ (out may alias a); returns ‖a‖. When ‖a‖ is 0 or not finite, out is left alone and that value is
 * returned (the caller refuses). Arrays whose largest entry is tiny or huge are first divided by it, so that
 * subnormal entries keep their direction (dividing them by the rounded ‖a‖ would not give a unit vector).
 */
export function normalize(a: Float64Array, out: Float64Array): number {
  const r = norm2(a);
  if (!(r > 0) || !Number.isFinite(r)) return r;
  let scale = 0;
  for (let i = 0; i < a.length; i++) scale = Math.max(scale, Math.abs(a[i]));
  if (scale > 1e-150 && scale < 1e150) {
    for (let i = 0; i < a.length; i++) out[i] = a[i] / r;
    return r;
  }
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    out[i] = a[i] / scale;
    s += out[i] * out[i];
  }
  const rs = Math.sqrt(s);
  for (let i = 0; i < a.length; i++) out[i] /= rs;
  return r;
}

/** out = a·x + b·y (out may alias x or y). */
export function lincomb(
  a: number,
  x: Float64Array,
  b: number,
  y: Float64Array,
  out: Float64Array,
): Float64Array {
  for (let i = 0; i < out.length; i++) out[i] = a * x[i] + b * y[i];
  return out;
}

/** out = x·a (out may alias x). */
export function scale(x: Float64Array, a: number, out: Float64Array): Float64Array {
  for (let i = 0; i < out.length; i++) out[i] = x[i] * a;
  return out;
}

/** out += a·x. */
export function axpy(a: number, x: Float64Array, out: Float64Array): Float64Array {
  for (let i = 0; i < out.length; i++) out[i] += a * x[i];
  return out;
}

export function sub(x: Float64Array, y: Float64Array, out: Float64Array): Float64Array {
  for (let i = 0; i < out.length; i++) out[i] = x[i] - y[i];
  return out;
}

export function copyInto(x: Float64Array, out: Float64Array): Float64Array {
  out.set(x);
  return out;
}

export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/**
 * Whether two arrays hold the same numbers, element for element (Object.is: NaN matches NaN and −0 is told from
 * 0, as a copy of the same data keeps them).
 */
export function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
