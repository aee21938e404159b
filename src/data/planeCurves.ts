/**
 * Plane curves for the synthetic outlines (corpusCallosum.ts): a centripetal Catmull–Rom spline, resampling
 * to equal arc length (open polylines and closed polygons), and circular Gaussian smoothing.
 */

/**
 * Centripetal Catmull–Rom through the controls (x, y and w interpolated together), sampled `per` points per
 * segment; returns [x, y, w] triples. Phantom end points are reflections of the neighbours.
 */
export function catmullRom(ctrl: readonly { x: number; y: number; w: number }[], per: number): number[][] {
  const pts = ctrl.map((c) => [c.x, c.y, c.w]);
  const first = pts[0].map((v, j) => 2 * v - pts[1][j]);
  const last = pts[pts.length - 1].map((v, j) => 2 * v - pts[pts.length - 2][j]);
  const P = [first, ...pts, last];
  const out: number[][] = [];
  const knot = (a: number[], b: number[]) => Math.sqrt(Math.hypot(b[0] - a[0], b[1] - a[1])) || 1e-9;
  for (let i = 1; i < P.length - 2; i++) {
    const [p0, p1, p2, p3] = [P[i - 1], P[i], P[i + 1], P[i + 2]];
    const t0 = 0;
    const t1 = t0 + knot(p0, p1);
    const t2 = t1 + knot(p1, p2);
    const t3 = t2 + knot(p2, p3);
    const lastSeg = i === P.length - 3;
    for (let s = 0; s < per + (lastSeg ? 1 : 0); s++) {
      const t = t1 + ((t2 - t1) * s) / per;
      const pt = [0, 1, 2].map((j) => {
        const a1 = ((t1 - t) * p0[j] + (t - t0) * p1[j]) / (t1 - t0);
        const a2 = ((t2 - t) * p1[j] + (t - t1) * p2[j]) / (t2 - t1);
        const a3 = ((t3 - t) * p2[j] + (t - t2) * p3[j]) / (t3 - t2);
        const b1 = ((t2 - t) * a1 + (t - t0) * a2) / (t2 - t0);
        const b2 = ((t3 - t) * a2 + (t - t1) * a3) / (t3 - t1);
        return ((t2 - t) * b1 + (t - t1) * b2) / (t2 - t1);
      });
      out.push(pt);
    }
  }
  return out;
}

/** Resamples an open polyline of [x, y, …] rows to m rows equally spaced in (x, y) arc length. */
export function resampleOpen(rows: number[][], m: number): number[][] {
  const cum = [0];
  for (let i = 1; i < rows.length; i++) {
    cum.push(cum[i - 1] + Math.hypot(rows[i][0] - rows[i - 1][0], rows[i][1] - rows[i - 1][1]));
  }
  const total = cum[cum.length - 1];
  const out: number[][] = [];
  let k = 1;
  for (let j = 0; j < m; j++) {
    const s = (total * j) / (m - 1);
    while (k < rows.length - 1 && cum[k] < s) k++;
    const f = cum[k] > cum[k - 1] ? (s - cum[k - 1]) / (cum[k] - cum[k - 1]) : 0;
    const u = Math.min(Math.max(f, 0), 1);
    out.push(rows[k].map((v, c) => rows[k - 1][c] + u * (v - rows[k - 1][c])));
  }
  return out;
}

/**
 * Resamples a closed polygon (flat x,y array) to m points equally spaced in arc length, the first at vertex 0.
 */
export function resampleClosed(poly: Float64Array, m: number): Float64Array {
  const n = poly.length / 2;
  const cum = new Float64Array(n + 1);
  for (let i = 1; i <= n; i++) {
    const a = (i - 1) % n;
    const b = i % n;
    cum[i] = cum[i - 1] + Math.hypot(poly[2 * b] - poly[2 * a], poly[2 * b + 1] - poly[2 * a + 1]);
  }
  const total = cum[n];
  const out = new Float64Array(2 * m);
  let k = 1;
  for (let j = 0; j < m; j++) {
    const s = (total * j) / m;
    while (k < n && cum[k] < s) k++;
    const a = (k - 1) % n;
    const b = k % n;
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
  const wts = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-0.5 * ((i - r) / sd) ** 2));
  const wsum = wts.reduce((a, b) => a + b, 0);
  const out = new Float64Array(poly.length);
  for (let i = 0; i < n; i++) {
    let sx = 0;
    let sy = 0;
    for (let d = -r; d <= r; d++) {
      const j = (((i + d) % n) + n) % n;
      sx += wts[d + r] * poly[2 * j];
      sy += wts[d + r] * poly[2 * j + 1];
    }
    out[2 * i] = sx / wsum;
    out[2 * i + 1] = sy / wsum;
  }
  return out;
}
