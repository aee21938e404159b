/**
 * Plane curves for the synthetic outlines (corpusCallosum.ts): a centripetal Catmull–Rom spline, resampling
 * to equal arc length (open polylines and closed polygons), and circular Gaussian smoothing.
 *
 * Curves are flat Float64Arrays of rows (x, y, …), not arrays of arrays: the generator runs these thousands of
 * times per data set, so they avoid allocating per row.
 */

/**
 * Centripetal Catmull–Rom through the controls (x, y and w interpolated together), sampled `per` points per
 * segment; returns flat (x, y, w) rows, (controls − 1) · per + 1 of them. Phantom end points are reflections of
 * the neighbours.
 */
export function catmullRom(ctrl: readonly { x: number; y: number; w: number }[], per: number): Float64Array {
  const nc = ctrl.length;
  // Control rows with the phantom end points: P[0] and P[nc + 1].
  const P = new Float64Array(3 * (nc + 2));
  for (let i = 0; i < nc; i++) {
    P[3 * (i + 1)] = ctrl[i].x;
    P[3 * (i + 1) + 1] = ctrl[i].y;
    P[3 * (i + 1) + 2] = ctrl[i].w;
  }
  for (let j = 0; j < 3; j++) {
    P[j] = 2 * P[3 + j] - P[6 + j];
    P[3 * (nc + 1) + j] = 2 * P[3 * nc + j] - P[3 * (nc - 1) + j];
  }
  // Knot interval between consecutive rows of P (each is shared by three segments, so computed once).
  const knot = new Float64Array(nc + 1);
  for (let i = 0; i <= nc; i++) {
    const a = 3 * i;
    knot[i] = Math.sqrt(Math.hypot(P[a + 3] - P[a], P[a + 4] - P[a + 1])) || 1e-9;
  }
  const out = new Float64Array(3 * ((nc - 1) * per + 1));
  let o = 0;
  for (let i = 1; i < nc; i++) {
    const p0 = 3 * (i - 1);
    const p1 = p0 + 3;
    const p2 = p0 + 6;
    const p3 = p0 + 9;
    const t0 = 0;
    const t1 = t0 + knot[i - 1];
    const t2 = t1 + knot[i];
    const t3 = t2 + knot[i + 1];
    const lastSeg = i === nc - 1;
    for (let s = 0; s < per + (lastSeg ? 1 : 0); s++) {
      const t = t1 + ((t2 - t1) * s) / per;
      for (let j = 0; j < 3; j++) {
        const a1 = ((t1 - t) * P[p0 + j] + (t - t0) * P[p1 + j]) / (t1 - t0);
        const a2 = ((t2 - t) * P[p1 + j] + (t - t1) * P[p2 + j]) / (t2 - t1);
        const a3 = ((t3 - t) * P[p2 + j] + (t - t2) * P[p3 + j]) / (t3 - t2);
        const b1 = ((t2 - t) * a1 + (t - t0) * a2) / (t2 - t0);
        const b2 = ((t3 - t) * a2 + (t - t1) * a3) / (t3 - t1);
        out[o++] = ((t2 - t) * b1 + (t - t1) * b2) / (t2 - t1);
      }
    }
  }
  return out;
}

/**
 * Resamples an open polyline of flat rows (x, y, …; `stride` numbers each) to m rows equally spaced in (x, y)
 * arc length; every column is interpolated.
 */
export function resampleOpen(rows: Float64Array, stride: number, m: number): Float64Array {
  const count = rows.length / stride;
  const cum = new Float64Array(count);
  for (let i = 1; i < count; i++) {
    const a = stride * (i - 1);
    const b = stride * i;
    cum[i] = cum[i - 1] + Math.hypot(rows[b] - rows[a], rows[b + 1] - rows[a + 1]);
  }
  const total = cum[count - 1];
  const out = new Float64Array(stride * m);
  let k = 1;
  for (let j = 0; j < m; j++) {
    const s = (total * j) / (m - 1);
    while (k < count - 1 && cum[k] < s) k++;
    const f = cum[k] > cum[k - 1] ? (s - cum[k - 1]) / (cum[k] - cum[k - 1]) : 0;
    const u = Math.min(Math.max(f, 0), 1);
    const a = stride * (k - 1);
    const b = stride * k;
    for (let c = 0; c < stride; c++) out[stride * j + c] = rows[a + c] + u * (rows[b + c] - rows[a + c]);
  }
  return out;
}

/**
 * Cumulative arc length of a closed polygon (flat x,y array of n vertices) at each vertex, going round once:
 * n + 1 entries, the first 0 and the last the perimeter.
 */
export function closedArcLength(poly: Float64Array): Float64Array {
  const n = poly.length / 2;
  const cum = new Float64Array(n + 1);
  for (let i = 1; i <= n; i++) {
    const a = i - 1;
    const b = i === n ? 0 : i;
    cum[i] = cum[i - 1] + Math.hypot(poly[2 * b] - poly[2 * a], poly[2 * b + 1] - poly[2 * a + 1]);
  }
  return cum;
}

/**
 * Resamples a closed polygon (flat x,y array) to m points equally spaced in arc length, the first at vertex 0.
 * `cum` is its closedArcLength, if the caller already has it.
 */
export function resampleClosed(poly: Float64Array, m: number, cum = closedArcLength(poly)): Float64Array {
  const n = poly.length / 2;
  const total = cum[n];
  const out = new Float64Array(2 * m);
  let k = 1;
  for (let j = 0; j < m; j++) {
    const s = (total * j) / m;
    while (k < n && cum[k] < s) k++;
    const a = k - 1;
    const b = k === n ? 0 : k;
    const f = cum[k] > cum[k - 1] ? (s - cum[k - 1]) / (cum[k] - cum[k - 1]) : 0;
    out[2 * j] = poly[2 * a] + f * (poly[2 * b] - poly[2 * a]);
    out[2 * j + 1] = poly[2 * a + 1] + f * (poly[2 * b + 1] - poly[2 * a + 1]);
  }
  return out;
}

/** Circular Gaussian smoothing of a closed polygon with equally spaced vertices (sd in vertices). */
export function smoothClosed(poly: Float64Array, sd: number): Float64Array {
  const n = poly.length / 2;
  const r = Math.ceil(3 * sd);
  const wts = new Float64Array(2 * r + 1);
  let wsum = 0;
  for (let i = 0; i <= 2 * r; i++) {
    wts[i] = Math.exp(-0.5 * ((i - r) / sd) ** 2);
    wsum += wts[i];
  }
  const out = new Float64Array(poly.length);
  const lo = Math.min(r, n);
  const hi = Math.max(n - r, lo);
  for (let i = 0; i < lo; i++) smoothWrapped(poly, wts, wsum, i, out);
  // Interior (the window does not wrap): two vertices at a time. Each sum still runs over the taps in order; the
  // four independent sums just overlap in the pipeline instead of waiting on one another's additions.
  let i = lo;
  for (; i + 1 < hi; i += 2) {
    let sx0 = 0;
    let sy0 = 0;
    let sx1 = 0;
    let sy1 = 0;
    for (let d = 0, p = 2 * (i - r); d <= 2 * r; d++, p += 2) {
      const w = wts[d];
      sx0 += w * poly[p];
      sy0 += w * poly[p + 1];
      sx1 += w * poly[p + 2];
      sy1 += w * poly[p + 3];
    }
    out[2 * i] = sx0 / wsum;
    out[2 * i + 1] = sy0 / wsum;
    out[2 * i + 2] = sx1 / wsum;
    out[2 * i + 3] = sy1 / wsum;
  }
  for (; i < n; i++) smoothWrapped(poly, wts, wsum, i, out);
  return out;
}

/**
 * smoothClosed at one vertex whose window may wrap round vertex 0: taps j = (i − r + d) mod n, stepped with a
 * wrap test rather than a modulo per tap.
 */
function smoothWrapped(
  poly: Float64Array,
  wts: Float64Array,
  wsum: number,
  i: number,
  out: Float64Array,
): void {
  const n = poly.length / 2;
  const r = (wts.length - 1) / 2;
  let sx = 0;
  let sy = 0;
  let j = (((i - r) % n) + n) % n;
  for (let d = 0; d <= 2 * r; d++) {
    sx += wts[d] * poly[2 * j];
    sy += wts[d] * poly[2 * j + 1];
    if (++j === n) j = 0;
  }
  out[2 * i] = sx / wsum;
  out[2 * i + 1] = sy / wsum;
}
