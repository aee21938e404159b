/**
 * φ away from the nodes, and the conformal distance Conformal-DP computes with it (conformal.ts).
 *
 * σ(z) is a Nadaraya–Watson average of the nodes' σᵢ, a convex combination, so φ_min ≤ φ(z) ≤ φ_max
 * everywhere, as 003's bi-Lipschitz bounds (Cor. 1) need. ρ*(η, z) is computed as the g*-length of the
 * g-geodesic from η to z: an upper bound of the true ρ* (one admissible path), exact when φ is constant;
 * solving the eikonal equation for the true ρ* on every MH step is out of reach in dimension k(k+1)/2.
 */
import type { ConformalField } from './conformal';
import type { NormalChart } from './conformalGeometry';

/** σ(z): Nadaraya–Watson interpolation of the nodes' σᵢ with weights exp(−ρ(z, xᵢ)²/τ²). */
export function conformalSigmaAt(field: ConformalField, z: Float64Array): number {
  const { nodes, sigma, tau, geometry } = field;
  const m = nodes.length;
  const inv = 1 / (tau * tau);
  let sw = 0;
  let s = 0;
  let minE = Infinity;
  for (let i = 0; i < m; i++) {
    const e = geometry.kernelSqDist(z, nodes[i]) * inv;
    if (e < minE) minE = e;
    const wi = Math.exp(-e);
    sw += wi;
    s += wi * sigma[i];
  }
  if (sw > 1e-250) return s / sw;
  // Far from every node the weights underflow: shift by the nearest node's exponent (log-sum-exp), so σ(z)
  // tends to the nearest node's value instead of 0/0.
  sw = 0;
  s = 0;
  for (let i = 0; i < m; i++) {
    const wi = Math.exp(minE - geometry.kernelSqDist(z, nodes[i]) * inv);
    sw += wi;
    s += wi * sigma[i];
  }
  return s / sw;
}

/** φ(z) = e^{2σ(z)}. */
export function conformalFactorAt(field: ConformalField, z: Float64Array): number {
  return Math.exp(2 * conformalSigmaAt(field, z));
}

// Gauss–Legendre on [0, 1], 4 nodes (exact to degree 7), used on panels of length ≤ 2τ.
const GL_X = [0.06943184420297371, 0.33000947820757187, 0.6699905217924281, 0.9305681557970262];
const GL_W = [0.17392742256872692, 0.3260725774312731, 0.3260725774312731, 0.17392742256872692];
/** At most this many panels: beyond 64τ the path is far outside the sample, where σ is nearly constant. */
const MAX_PANELS = 32;

/**
 * ρ̂*(c, Exp_c(x)) = |x|·∫₀¹ √φ(Exp_c(t x)) dt: the g*-length of the g-geodesic from c (file header), by
 * composite 4-point Gauss–Legendre on ⌈|x|/(2τ)⌉ panels (σ varies on the scale τ). `scratch` avoids allocation.
 */
export function conformalGeodesicLength(
  field: ConformalField,
  chart: NormalChart,
  x: Float64Array,
  scratch = { tx: new Float64Array(x.length), p: new Float64Array(field.geometry.coordSize) },
): number {
  let r2 = 0;
  for (let i = 0; i < x.length; i++) r2 += x[i] * x[i];
  const r = Math.sqrt(r2);
  if (r === 0) return 0;
  const panels = Math.min(MAX_PANELS, Math.max(1, Math.ceil(r / (2 * field.tau))));
  let s = 0;
  for (let k = 0; k < panels; k++)
    for (let j = 0; j < GL_X.length; j++) {
      const t = (k + GL_X[j]) / panels;
      for (let i = 0; i < x.length; i++) scratch.tx[i] = t * x[i];
      s += GL_W[j] * Math.exp(conformalSigmaAt(field, chart.exp(scratch.tx, scratch.p)));
    }
  return (r * s) / panels;
}
