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
 */
import { expm, logm, symDim, symToVecd, vecdToSym } from '../../geometry/linalg';
import { sphere } from '../../geometry/sphere';
import { runChain, type RandomWalkTarget } from '../../sampling/mh';
import type { Rng } from '../../sampling/rng';

// ---------------------------------------------------------------------------------------------------------
// Geometry: S² and log-Euclidean SPD(k) in coordinates where the needed operations are cheap
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// The conformal factor
// ---------------------------------------------------------------------------------------------------------

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
  return Math.sqrt(s2) * Math.pow(4 / ((d + 2) * m), 1 / (d + 4));
}

/**
 * Conjugate gradients for A x = b (A symmetric PSD, given as a product), from x = 0, with the diagonal
 * (Jacobi) preconditioner: the degrees vary with the density, which slows plain CG. Started at 0 with b ⊥ ker A, the iterates stay ⊥ ker A (ker A = constants per component).
 */
function conjugateGradient(
  apply: (x: Float64Array, out: Float64Array) => void,
  diag: Float64Array,
  b: Float64Array,
  maxIterations: number,
  relTol: number,
): { x: Float64Array; iterations: number } {
  const m = b.length;
  const x = new Float64Array(m);
  const r = Float64Array.from(b);
  const z = Float64Array.from(r, (ri, i) => ri / diag[i]);
  const p = Float64Array.from(z);
  const Ap = new Float64Array(m);
  const dot = (u: Float64Array, v: Float64Array) => {
    let s = 0;
    for (let i = 0; i < m; i++) s += u[i] * v[i];
    return s;
  };
  let rz = dot(r, z);
  const stop = relTol * relTol * dot(r, r);
  let it = 0;
  for (; it < maxIterations && dot(r, r) > stop && rz > 0; it++) {
    apply(p, Ap);
    const pAp = dot(p, Ap);
    if (!(pAp > 0)) break;
    const alpha = rz / pAp;
    for (let i = 0; i < m; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * Ap[i];
      z[i] = r[i] / diag[i];
    }
    const rzNew = dot(r, z);
    const beta = rzNew / rz;
    rz = rzNew;
    for (let i = 0; i < m; i++) p[i] = z[i] + beta * p[i];
  }
  return { x, iterations: it };
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

  // Symmetrised k-NN graph; each node's width is τᵢ = max(τ, distance to its k-th neighbour) ("self-tuning"
  // widths, floored at τ), and Wᵢⱼ = exp(−ρᵢⱼ²/(τᵢτⱼ)): a point far from the rest keeps O(1) weights to its
  // neighbours. (With one global τ such a point hangs on weights ~e^{−20}, and the Poisson solve pushes its σ
  // to ±20 to carry its source through them.)
  const adj: Set<number>[] = Array.from({ length: m }, () => new Set<number>());
  const order = new Array<number>(m);
  const width = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) order[j] = j;
    order.sort((a, b) => D2[i * m + a] - D2[i * m + b]);
    let taken = 0;
    for (const j of order) {
      if (j === i) continue;
      adj[i].add(j);
      adj[j].add(i);
      if (++taken >= kNN) {
        width[i] = Math.max(tau, Math.sqrt(D2[i * m + j]));
        break;
      }
    }
  }
  const nbr = adj.map((set) => Int32Array.from([...set].sort((a, b) => a - b)));
  const wt = nbr.map((js, i) =>
    Float64Array.from(js, (j) => Math.exp(-D2[i * m + j] / (width[i] * width[j]))),
  );
  const deg = wt.map((ws) => ws.reduce((a, b) => a + b, 0));
  if (!deg.every((x) => x > 0 && Number.isFinite(x)))
    throw new RangeError('conformal field: a graph weight underflowed');
  // Local scale sᵢ = Σⱼ Pᵢⱼ ρᵢⱼ²/(2d), P = D⁻¹W: (I − P)f ≈ −sᵢ Δf.
  const scale = nbr.map(
    (js, i) => js.reduce((a, j, l) => a + (wt[i][l] / deg[i]) * D2[i * m + j], 0) / (2 * d),
  );

  // Connected components.
  const comp = new Int32Array(m).fill(-1);
  let components = 0;
  for (let i = 0; i < m; i++) {
    if (comp[i] >= 0) continue;
    const stack = [i];
    comp[i] = components;
    while (stack.length) {
      const u = stack.pop()!;
      for (const v of nbr[u])
        if (comp[v] < 0) {
          comp[v] = components;
          stack.push(v);
        }
    }
    components++;
  }

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
  const apply = (x: Float64Array, out: Float64Array) => {
    for (let i = 0; i < m; i++) {
      let s = deg[i] * x[i];
      const js = nbr[i];
      const ws = wt[i];
      for (let l = 0; l < js.length; l++) s -= ws[l] * x[js[l]];
      out[i] = s;
    }
  };
  const cg = conjugateGradient(apply, Float64Array.from(deg), rhs, 20 * m, 1e-10);
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
 * ρ̂*(c, Exp_c(x)) = |x|·∫₀¹ √φ(Exp_c(t x)) dt: the g*-length of the g-geodesic from c (see the header), by
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

/** λ* = ε/(2√φ_max Δ) (003 eq. 24). */
export function conformalRate(eps: number, delta: number, phiMax: number): number {
  if (!(eps > 0) || !Number.isFinite(eps)) throw new RangeError(`conformalRate: ε must be > 0 (got ${eps})`);
  if (!(delta > 0) || !Number.isFinite(delta))
    throw new RangeError(`conformalRate: Δ must be > 0 (got ${delta})`);
  if (!(phiMax > 0) || !Number.isFinite(phiMax))
    throw new RangeError(`conformalRate: φ_max must be a positive number (got ${phiMax})`);
  return eps / (2 * Math.sqrt(phiMax) * delta);
}

export interface ConformalLaplaceOptions {
  /** MH steps before the kept (final) state (default 2000). */
  burnIn?: number;
  /** Initial random-walk step (default ≈ 2.4·√((d+1)/d)/λ), adapted during burn-in toward `adaptTarget`. */
  step?: number;
  adaptTarget?: number;
}

export interface ConformalLaplaceRelease {
  /** The release in the geometry's coordinates. */
  coords: Float64Array;
  /** Its normal coordinates at η (|x| = ρ_g(η, release)). */
  x: Float64Array;
  acceptanceRate: number;
}

/**
 * The MH target in normal coordinates at η: U(x) = λ ρ̂*(η, Exp_η x) − (d/2)·log φ(Exp_η x) − log J(x).
 * Exposed for tests (numerical integration of the exact law).
 */
export function conformalLaplaceTarget(
  field: ConformalField,
  eta: Float64Array,
  lambda: number,
): RandomWalkTarget & { chart: NormalChart } {
  if (!(lambda > 0) || !Number.isFinite(lambda))
    throw new RangeError(`conformalLaplace: λ must be a positive number (got ${lambda})`);
  const g = field.geometry;
  const chart = g.chart(eta);
  const dim = g.dim;
  const scratch = { tx: new Float64Array(dim), p: new Float64Array(g.coordSize) };
  const end = new Float64Array(g.coordSize);
  return {
    size: dim,
    chart,
    potential(x) {
      let r2 = 0;
      for (let i = 0; i < dim; i++) r2 += x[i] * x[i];
      if (!(Math.sqrt(r2) < chart.maxRadius)) return Infinity;
      const len = conformalGeodesicLength(field, chart, x, scratch);
      const sigmaEnd = conformalSigmaAt(field, chart.exp(x, end));
      return lambda * len - dim * sigmaEnd - chart.logJacobian(x); // (d/2)·log φ = d·σ
    },
    propose(x, step, rng, out) {
      rng.normals(out, 0, dim); // a block of the normal() stream: the same numbers
      for (let i = 0; i < dim; i++) out[i] = x[i] + step * out[i];
    },
  };
}

/** One Conformal-DP release centred at η (coordinates), rate λ, by MH started at η. */
export function conformalLaplace(
  field: ConformalField,
  eta: Float64Array,
  lambda: number,
  rng: Rng,
  opts: ConformalLaplaceOptions = {},
): ConformalLaplaceRelease {
  const target = conformalLaplaceTarget(field, eta, lambda);
  const d = field.geometry.dim;
  const res = runChain(target, new Float64Array(d), rng, {
    burnIn: opts.burnIn ?? 2000,
    draws: 1,
    step: opts.step ?? (2.4 * Math.sqrt((d + 1) / d)) / lambda,
    adaptTarget: opts.adaptTarget ?? (d <= 2 ? 0.35 : 0.234),
  });
  const x = res.draws[res.draws.length - 1];
  const coords = target.chart.exp(x, new Float64Array(field.geometry.coordSize));
  return { coords, x, acceptanceRate: res.burnInAcceptanceRate };
}
