/**
 * Conformal-DP (paper 003; docs/frechet.md): Laplace noise in a density-aware conformal metric g* = φ·g.
 *
 *   KDE density f at sample points → graph-Laplacian solve of Δσ = ±(f/c − 1) → φ = e^{2σ} →
 *   release z ∝ exp(−λ* ρ*(η, z)) w.r.t. the conformal volume μ* = φ^{d/2} μ_g, with λ* = ε/(2√φ_max Δ).
 *
 * 003 leaves most of this open (its statements of the sign disagree; docs/paper-errors.md). Our choices:
 *
 * - Geometry. S² (points = unit vectors, geodesic distance) and log-Euclidean SPD(k) (points in vecd∘logm
 *   coordinates, where the metric is Euclidean; 003 itself works with Yᵢ = log Xᵢ). Affine SPD is not offered.
 * - Sample ("nodes"). φ is built from a sample of points: the data being released (003's algorithm — then φ,
 *   hence the noise, depends on the private data), or a public reference sample (φ fixed before the data are
 *   seen). See "Privacy" for why neither makes the release ε-DP here.
 * - Kernel and bandwidth. Gaussian kernel in the geodesic distance, K(ρ) = exp(−ρ²/(2h²)); h by Silverman's
 *   multivariate rule h = s·(4/((d+2)m))^{1/(d+4)} for m nodes in dimension d, where s² = Σᵢⱼ ρᵢⱼ²/(2m²d) is the
 *   pooled per-coordinate variance (estimated from pairwise distances, so no mean is needed). The KDE is
 *   f(xᵢ) = (1/m) Σⱼ K(ρᵢⱼ) (constant factors cancel in f/c).
 * - Graph. k-nearest-neighbour graph (k = 10 by default), symmetrised by union, Laplacian L = D − W as in 003's
 *   Table 2, with weights Wᵢⱼ = exp(−ρᵢⱼ²/(τᵢτⱼ)): τᵢ = max(τ, distance from i to its k-th neighbour), τ = √2·h
 *   (the KDE kernel). The floor-and-stretch ("self-tuning") widths keep isolated points attached with O(1)
 *   weights; with one global τ a far point hangs on weights ~e^{−20} and the solve drives its σ to ±20. The
 *   random-walk Laplacian I − D⁻¹W approximates −sᵢΔ_g (Δ_g the Laplace–Beltrami operator) with the step
 *   variance sᵢ = Σⱼ Pᵢⱼρᵢⱼ²/(2d), P = D⁻¹W, measured on the graph itself: this fixes the scale that 003 leaves
 *   open. (Like 003's graph, it carries a drift term from the sampling density; no α-normalisation is applied.)
 * - Sign. 'dense-contracts' (default; 003's prose §3.1 and its Table 2): Δ_g σ = f/c − 1, so σ is smallest where
 *   the data are dense (φ < 1 contracts distances there) and largest in sparse regions. 'dense-expands' solves
 *   Δ_g σ = −(f/c − 1) (003's Theorem 2 and §4.3 prose). The relative density f/c − 1 is dimensionless; c is the
 *   (D s)-weighted mean of f per connected component — the one that makes the discrete Poisson problem solvable
 *   (003's plain mean leaves it unsolvable in general).
 * - Solve. (D − W)σ = −D s ⊙ (±(f/c − 1)) by preconditioned conjugate gradients from 0, which gives the solution
 *   with zero mean on each component (003's ∫σ = 0). `gain` multiplies σ (default 1, the scale-consistent
 *   solution; 003 fixes no scale: its KDE has units and its L is unnormalised), to explore stronger factors.
 * - φ between nodes. σ(z) = Nadaraya–Watson average of σᵢ with weights exp(−ρ(z, xᵢ)²/τ²) (on S² with the
 *   chord instead of the arc, 2 − 2⟨z, xᵢ⟩ ≈ θ², for speed; computed with a
 *   log-sum-exp shift, so far from the sample it tends to the nearest node's value). It is a convex combination,
 *   so φ_min ≤ φ(z) ≤ φ_max everywhere, as 003's bi-Lipschitz bounds (Cor. 1) need; φ_max = max over the nodes.
 * - Conformal distance. ρ*(η, z) is computed as the g*-length of the g-geodesic from η to z:
 *   ρ(η, z)·∫₀¹ √φ(γ(t)) dt by composite Gauss–Legendre (4 nodes per panel of
 *   length ≤ 2τ). This is an upper bound of the true ρ* (one admissible path),
 *   exact when φ is constant, and it lies in 003's band [√φ_min ρ, √φ_max ρ]. Solving the eikonal equation for
 *   the true ρ* on every MH step is out of reach in dimension d = k(k+1)/2.
 * - Sampler. Random-walk MH in normal coordinates x at η (z = Exp_η(x), ρ(η, z) = |x|), target
 *   exp(−λ*ρ*(η, z))·φ(z)^{d/2}·J(x) w.r.t. Lebesgue, J the Jacobian of Exp_η (sin|x|/|x| on S², |x| < π; 1 on LE).
 *   The chain starts at η; the release is its final state after the burn-in.
 *
 * Privacy. λ* = ε/(2Δ*) with Δ* = √φ_max·Δ (003 eq. 24; the factor 2 because the normaliser depends on the centre
 * once φ is not constant). With φ from the private data the release is not private: φ_max, the metric and the
 * volume all depend on the data, which 003's argument ignores. With φ from a public sample that leak is gone, but
 * 003's proof bounds |ρ*(η, z) − ρ*(η′, z)| by ρ*(η, η′) — the triangle inequality of the exact conformal
 * distance — and the computable length used here does not satisfy it: geodesics from η and η′ to a far z cross
 * the sample's region along different chords. On S² with a public φ from heterogeneous data the privacy loss
 * reaches several ε near the antipode of η (conformal.test.ts measures it), so releases are labelled NOT private
 * whatever the source of φ. Constant φ is the exception (below), and then the loss is ≤ ε.
 *
 * Reduction: with φ ≡ e^{2c} the target is exp(−ε ρ(η, z)/(2Δ)): the Riemannian Laplace with σ = 2Δ/ε.
 *
 * Files: this one builds φ at the sample points; conformalGeometry.ts (the two geometries), conformalGraph.ts
 * (the k-NN graph and its solve), conformalDistance.ts (φ between nodes, ρ̂*), conformalLaplace.ts (λ*, the
 * sampler).
 */
import type { ConformalGeometry } from './conformalGeometry';
import { conjugateGradient, graphLaplacian, knnGraph } from './conformalGraph';
import { power } from '../../sampling/power';

export type ConformalSign = 'dense-contracts' | 'dense-expands';

export interface ConformalFieldOptions {
  /** Neighbours per node in the graph (default 10, capped at m − 1). */
  kNeighbors?: number;
  /** KDE bandwidth h (default: Silverman's rule, see the file header). */
  bandwidth?: number;
  /** Default 'dense-contracts' (003 §3.1 prose and Table 2). */
  sign?: ConformalSign;
  /** Multiplier of σ (default 1). */
  gain?: number;
}

export interface ConformalField {
  geometry: ConformalGeometry;
  /** Sample points in the geometry's coordinates. */
  nodes: Float64Array[];
  /** Conformal scaling σᵢ at the nodes (φᵢ = e^{2σᵢ}), zero mean per graph component. */
  sigma: Float64Array;
  /** Relative density f/c − 1 at the nodes. */
  relativeDensity: Float64Array;
  bandwidth: number;
  /** Width of the graph and interpolation kernel exp(−ρ²/τ²). */
  tau: number;
  kNeighbors: number;
  sign: ConformalSign;
  gain: number;
  phiMin: number;
  phiMax: number;
  /** Connected components of the k-NN graph (φ is normalised within each). */
  components: number;
  cgIterations: number;
}

/** Silverman's multivariate rule with the pooled variance from pairwise squared distances. */
export function silvermanBandwidth(sqDists: Float64Array, m: number, d: number): number {
  let s2 = 0;
  for (let i = 0; i < sqDists.length; i++) s2 += sqDists[i];
  s2 /= 2 * m * m * d;
  return Math.sqrt(s2) * power(4 / ((d + 2) * m), 1 / (d + 4));
}

/** Builds φ from a sample (see the file header for every choice made here). */
export function buildConformalField(
  geometry: ConformalGeometry,
  nodes: readonly Float64Array[],
  opts: ConformalFieldOptions = {},
): ConformalField {
  const m = nodes.length;
  if (m < 3) throw new RangeError(`conformal field: need at least 3 sample points (got ${m})`);
  for (const [i, x] of nodes.entries())
    if (x.length !== geometry.coordSize || !x.every(Number.isFinite))
      throw new RangeError(`conformal field: sample point ${i} is not a finite ${geometry.coordSize}-vector`);
  const d = geometry.dim;
  const sign = opts.sign ?? 'dense-contracts';
  if (sign !== 'dense-contracts' && sign !== 'dense-expands')
    throw new RangeError(
      `conformal field: sign must be 'dense-contracts' or 'dense-expands' (got ${String(sign)})`,
    );
  const gain = opts.gain ?? 1;
  if (!(gain >= 0) || !Number.isFinite(gain))
    throw new RangeError(`conformal field: gain must be a finite number ≥ 0 (got ${gain})`);
  const kNN = Math.min(m - 1, opts.kNeighbors ?? 10);
  if (!(kNN >= 1) || !Number.isInteger(kNN))
    throw new RangeError(`conformal field: kNeighbors must be an integer ≥ 1 (got ${opts.kNeighbors})`);

  // Pairwise squared geodesic distances.
  const D2 = new Float64Array(m * m);
  for (let i = 0; i < m; i++)
    for (let j = i + 1; j < m; j++) {
      const r = geometry.dist(nodes[i], nodes[j]);
      D2[i * m + j] = D2[j * m + i] = r * r;
    }
  const h = opts.bandwidth ?? silvermanBandwidth(D2, m, d);
  if (!(h > 0) || !Number.isFinite(h))
    throw new RangeError(
      `conformal field: the bandwidth must be a positive number (got ${h}; are all sample points equal?)`,
    );
  const tau = Math.SQRT2 * h;

  // KDE at the nodes (leave-in), Gaussian kernel exp(−ρ²/(2h²)) = exp(−ρ²/τ²).
  const f = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let s = 0;
    for (let j = 0; j < m; j++) s += Math.exp(-D2[i * m + j] / (tau * tau));
    f[i] = s / m;
  }

  // Symmetrised k-NN graph with self-tuning widths (conformalGraph.ts).
  const graph = knnGraph(D2, m, kNN, tau, d);
  const { deg, scale, comp, components } = graph;

  // Relative density r = f/c − 1 with c the (D s)-weighted mean of f per component; rhs = −D s ⊙ (±r).
  const num = new Float64Array(components);
  const den = new Float64Array(components);
  for (let i = 0; i < m; i++) {
    num[comp[i]] += deg[i] * scale[i] * f[i];
    den[comp[i]] += deg[i] * scale[i];
  }
  const rel = Float64Array.from(f, (fi, i) => fi / (num[comp[i]] / den[comp[i]]) - 1);
  const sgn = sign === 'dense-contracts' ? 1 : -1;
  // Δσ = sgn·r and (D − W)σ ≈ −D s Δσ.
  const rhs = Float64Array.from(rel, (ri, i) => -sgn * deg[i] * scale[i] * ri);
  // Remove the (rounding-level) component along each component's constant vector.
  const rsum = new Float64Array(components);
  const count = new Float64Array(components);
  for (let i = 0; i < m; i++) {
    rsum[comp[i]] += rhs[i];
    count[comp[i]]++;
  }
  for (let i = 0; i < m; i++) rhs[i] -= rsum[comp[i]] / count[comp[i]];
  const cg = conjugateGradient(graphLaplacian(graph), Float64Array.from(deg), rhs, 20 * m, 1e-10);
  // Zero mean per component (CG from 0 already gives it, up to rounding), then the gain.
  const mean = new Float64Array(components);
  for (let i = 0; i < m; i++) mean[comp[i]] += cg.x[i] / count[comp[i]];
  const sigma = Float64Array.from(cg.x, (s, i) => gain * (s - mean[comp[i]]));
  let smin = Infinity;
  let smax = -Infinity;
  for (const s of sigma) {
    smin = Math.min(smin, s);
    smax = Math.max(smax, s);
  }
  const phiMin = Math.exp(2 * smin);
  const phiMax = Math.exp(2 * smax);
  if (!(phiMax < Infinity && phiMin > 0))
    throw new RangeError(`conformal field: φ is not representable (σ in [${smin}, ${smax}]); lower the gain`);
  return {
    geometry,
    nodes: nodes.map((x) => Float64Array.from(x)),
    sigma,
    relativeDensity: rel,
    bandwidth: h,
    tau,
    kNeighbors: kNN,
    sign,
    gain,
    phiMin,
    phiMax,
    components,
    cgIterations: cg.iterations,
  };
}

/** A field with constant σ ≡ c (φ ≡ e^{2c}) on given nodes: the reduction to the Riemannian Laplace. */
export function constantConformalField(
  geometry: ConformalGeometry,
  nodes: readonly Float64Array[],
  c: number,
  tau = 1,
): ConformalField {
  return {
    geometry,
    nodes: nodes.map((x) => Float64Array.from(x)),
    sigma: new Float64Array(nodes.length).fill(c),
    relativeDensity: new Float64Array(nodes.length),
    bandwidth: tau / Math.SQRT2,
    tau,
    kNeighbors: 0,
    sign: 'dense-contracts',
    gain: 1,
    phiMin: Math.exp(2 * c),
    phiMax: Math.exp(2 * c),
    components: 1,
    cgIterations: 0,
  };
}
