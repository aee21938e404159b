import { GeometryError, type Manifold } from '../geometry/types';

/**
 * Geodesic regression (Fletcher 2011; docs/regression.md): the geodesic x ↦ Exp(p, x v) minimising
 *   E(p, v) = 1/(2n) Σ d(Exp(p, xᵢ v), yᵢ)².
 */

export type Covariates = Float64Array | readonly number[];

/** Reusable buffers so that energy/gradient evaluations in loops do not allocate. */
export class RegressionWorkspace {
  readonly xv: Float64Array;
  readonly pred: Float64Array;
  readonly resid: Float64Array;
  readonly adj: Float64Array;
  constructor(ambientDim: number) {
    this.xv = new Float64Array(ambientDim);
    this.pred = new Float64Array(ambientDim);
    this.resid = new Float64Array(ambientDim);
    this.adj = new Float64Array(ambientDim);
  }
}

function checkData(M: Manifold, xs: Covariates, ys: readonly Float64Array[]) {
  if (xs.length !== ys.length) {
    throw new RangeError(`geodesic regression: ${xs.length} covariates but ${ys.length} responses`);
  }
  if (ys.length === 0) throw new RangeError('geodesic regression: no data');
  for (const y of ys) {
    if (y.length !== M.ambientDim) {
      throw new RangeError(`geodesic regression on ${M.name}: responses must have length ${M.ambientDim}`);
    }
  }
}

/** E(p, v) = 1/(2n) Σ d(Exp(p, xᵢ v), yᵢ)². */
export function energy(
  M: Manifold,
  xs: Covariates,
  ys: readonly Float64Array[],
  p: Float64Array,
  v: Float64Array,
  ws = new RegressionWorkspace(M.ambientDim),
): number {
  checkData(M, xs, ys);
  let s = 0;
  for (let i = 0; i < ys.length; i++) {
    for (let j = 0; j < v.length; j++) ws.xv[j] = xs[i] * v[j];
    const d = M.dist(M.exp(p, ws.xv, ws.pred), ys[i]);
    s += d * d;
  }
  return s / (2 * ys.length);
}

export interface EnergyGradient {
  /** ∇_p E ∈ T_p M. */
  gradP: Float64Array;
  /** ∇_v E ∈ T_p M. */
  gradV: Float64Array;
  energy: number;
  /** Largest residual norm d(Exp(p, xᵢ v), yᵢ) (the data-driven τ of the sensitivity bounds). */
  maxResidual: number;
}

/**
 * The allocation-free core of the gradient: with εᵢ = Log(Exp(p, xᵢ v), yᵢ),
 *   ∇_p E = −(1/n) Σ d_pExp(p, xᵢv)† εᵢ,   ∇_v E = −(1/n) Σ xᵢ d_vExp(p, xᵢv)† εᵢ.
 * Writes into gradP / gradV (either may be null to skip that half) and returns
 * [E(p, v), largest residual norm].
 *
 * With a finite `clip` c the energy is the Huber one, E_c = (1/n) Σ ρ_c(dᵢ) with ρ_c(d) = ½d² for d ≤ c and
 * c·d − ½c² beyond, and each residual enters the gradients shortened to length min(dᵢ, c): one record then
 * pulls each gradient by at most c times the norm of a dExp adjoint (docs/kng-joint.md).
 *
 * A response at the cut locus of its prediction (e.g. antipodal on S²) has no residual vector: every minimizing
 * direction is as good as any other, so it contributes its distance to E but nothing to the gradients (the
 * average of those directions).
 */
export function accumulateGradient(
  M: Manifold,
  xs: Covariates,
  ys: readonly Float64Array[],
  p: Float64Array,
  v: Float64Array,
  ws: RegressionWorkspace,
  gradP: Float64Array | null,
  gradV: Float64Array | null,
  clip = Infinity,
): [energy: number, maxResidual: number] {
  const n = ys.length;
  gradP?.fill(0);
  gradV?.fill(0);
  let e = 0;
  let maxResidual = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i];
    for (let j = 0; j < v.length; j++) ws.xv[j] = x * v[j];
    M.exp(p, ws.xv, ws.pred);
    const r = residual(M, ws.pred, ys[i], ws.resid);
    if (r > clip) {
      e += 2 * clip * r - clip * clip;
      for (let j = 0; j < ws.resid.length; j++) ws.resid[j] *= clip / r;
    } else e += r * r;
    if (r > maxResidual) maxResidual = r;
    if (gradP) {
      M.dExpAdjointP(p, ws.xv, ws.resid, ws.adj);
      for (let j = 0; j < gradP.length; j++) gradP[j] -= ws.adj[j] / n;
    }
    if (gradV) {
      M.dExpAdjointV(p, ws.xv, ws.resid, ws.adj);
      for (let j = 0; j < gradV.length; j++) gradV[j] -= (x * ws.adj[j]) / n;
    }
  }
  return [e / (2 * n), maxResidual];
}

/**
 * Writes Log(pred, y) into `out` and returns its norm; at the cut locus writes 0 and returns d(pred, y). Other
 * GeometryErrors (invalid points) are raised again by dist.
 */
function residual(M: Manifold, pred: Float64Array, y: Float64Array, out: Float64Array): number {
  try {
    M.log(pred, y, out);
  } catch (e) {
    if (!(e instanceof GeometryError)) throw e;
    out.fill(0);
    return M.dist(pred, y);
  }
  return M.norm(pred, out);
}

/** E(p, v) with both gradients (allocates its outputs; see accumulateGradient for loops). */
export function gradient(
  M: Manifold,
  xs: Covariates,
  ys: readonly Float64Array[],
  p: Float64Array,
  v: Float64Array,
  ws = new RegressionWorkspace(M.ambientDim),
): EnergyGradient {
  checkData(M, xs, ys);
  const gradP = new Float64Array(M.ambientDim);
  const gradV = new Float64Array(M.ambientDim);
  const [e, maxResidual] = accumulateGradient(M, xs, ys, p, v, ws, gradP, gradV);
  return { gradP, gradV, energy: e, maxResidual };
}

export interface FitOptions {
  /** Starting footpoint (the point at x = 0) and shooting vector; default from the data (see below). */
  p0?: Float64Array;
  v0?: Float64Array;
  maxIterations?: number;
  /** Stop when √(‖∇_p E‖² + ‖∇_v E‖²) < tol. */
  tol?: number;
  /** Initial step size of the descent (1 is a full preconditioned step; steps never grow beyond 1). */
  step?: number;
}

export interface RegressionFit {
  p: Float64Array;
  v: Float64Array;
  energy: number;
  gradNorm: number;
  iterations: number;
  converged: boolean;
  maxResidual: number;
}

/**
 * Default start: the geodesic through the responses at the smallest and largest covariate, expressed at x = 0.
 * When those responses are at each other's cut locus (antipodal on S²) every direction is minimizing: the start
 * then shoots along the first tangent basis vector, as far as their distance.
 */
export function initialGeodesic(
  M: Manifold,
  xs: Covariates,
  ys: readonly Float64Array[],
): { p: Float64Array; v: Float64Array } {
  let iMin = 0;
  let iMax = 0;
  for (let i = 1; i < xs.length; i++) {
    if (xs[i] < xs[iMin]) iMin = i;
    if (xs[i] > xs[iMax]) iMax = i;
  }
  const a = ys[iMin];
  const span = xs[iMax] - xs[iMin];
  let v: Float64Array;
  try {
    v = span > 0 ? M.log(a, ys[iMax]).map((t) => t / span) : new Float64Array(M.ambientDim);
  } catch (e) {
    if (!(e instanceof GeometryError)) throw e;
    const length = M.dist(a, ys[iMax]) / span; // raises again for invalid points
    v = M.tangentBasis(a)[0].map((t) => t * length);
  }
  const back = v.map((t) => -xs[iMin] * t);
  const p = M.exp(a, back);
  return { p, v: M.transport(a, p, v) };
}

/**
 * The descent step p' = Exp(p, stepP), v' = Γ stepV and the gradient there, when it lowers the energy below
 * `energyNow`; null otherwise. A step that leaves the part of the manifold where the geometry can be computed
 * (an SPD matrix beyond floating point, a whitening too ill-conditioned to stay positive definite) is a step
 * that was too long, not a failure of the fit.
 */
function tryStep(
  M: Manifold,
  xs: Covariates,
  ys: readonly Float64Array[],
  p: Float64Array,
  stepP: Float64Array,
  stepV: Float64Array,
  energyNow: number,
  ws: RegressionWorkspace,
): { p: Float64Array; v: Float64Array; g: EnergyGradient } | null {
  try {
    const pNew = M.exp(p, stepP);
    const vNew = M.projectTangent(pNew, M.transport(p, pNew, stepV));
    if (!(energy(M, xs, ys, pNew, vNew, ws) < energyNow)) return null;
    return { p: pNew, v: vNew, g: gradient(M, xs, ys, pNew, vNew, ws) };
  } catch (e) {
    if (e instanceof GeometryError) return null;
    throw e;
  }
}

/**
 * Preconditioned Riemannian gradient descent with an adaptive step: (d_p, d_v) = H⁻¹(∇_pE, ∇_vE) with H the
 * energy's Hessian in the flat case, then p ← Exp(p, −h d_p), v ← Γ(v − h d_v); the step halves when the energy
 * would increase and grows (up to 1, the Newton step of the flat case) after a success. Without the
 * preconditioner p and v are coupled through the covariates (H = [[1, x̄], [x̄, mean x²]] has condition number
 * ≈ 20 for covariates in [0, 1], far more for raw ones): plain descent took 3–10× more iterations and, on
 * spread-out SPD(2) data, did not converge in 20,000.
 */
export function fitGeodesicRegression(
  M: Manifold,
  xs: Covariates,
  ys: readonly Float64Array[],
  opts: FitOptions = {},
): RegressionFit {
  checkData(M, xs, ys);
  for (let i = 0; i < xs.length; i++) {
    if (!Number.isFinite(xs[i]))
      throw new RangeError(`geodesic regression: covariate ${i + 1} is not finite`);
  }
  const maxIterations = opts.maxIterations ?? 20000;
  const tol = opts.tol ?? 1e-10;
  const ws = new RegressionWorkspace(M.ambientDim);
  const start = opts.p0 && opts.v0 ? { p: opts.p0, v: opts.v0 } : initialGeodesic(M, xs, ys);
  let p: Float64Array = Float64Array.from(start.p);
  let v = M.projectTangent(p, start.v);
  let g = gradient(M, xs, ys, p, v, ws);
  let h = opts.step ?? 1;
  // Preconditioner: the inverse of the energy's Hessian in the flat case, [[1, x̄], [x̄, mean x²]] ⊗ I, which
  // is exact Newton there and on curved spaces still removes the coupling of p and v through the covariates.
  let xMean = 0,
    xSq = 0;
  for (let i = 0; i < xs.length; i++) {
    xMean += xs[i] / xs.length;
    xSq += (xs[i] * xs[i]) / xs.length;
  }
  const det = xSq - xMean * xMean;
  const [hpp, hpv, hvv] = det > 1e-12 * Math.max(1, xSq) ? [xSq / det, -xMean / det, 1 / det] : [1, 0, 1];
  let iterations = 0;
  let gradNorm = Math.hypot(M.norm(p, g.gradP), M.norm(p, g.gradV));
  const stepP = new Float64Array(M.ambientDim);
  const stepV = new Float64Array(M.ambientDim);
  // Energy decreases too small to matter (relative 1e-14) for this many accepted steps in a row: the descent
  // has reached machine precision even if the gradient norm has not reached `tol`.
  let stalled = 0;
  while (gradNorm > tol && iterations < maxIterations && stalled < 25) {
    iterations++;
    for (let j = 0; j < stepP.length; j++) {
      stepP[j] = -h * (hpp * g.gradP[j] + hpv * g.gradV[j]);
      stepV[j] = v[j] - h * (hpv * g.gradP[j] + hvv * g.gradV[j]);
    }
    const next = tryStep(M, xs, ys, p, stepP, stepV, g.energy, ws);
    if (next) {
      stalled = g.energy - next.g.energy <= 1e-14 * g.energy ? stalled + 1 : 0;
      p = next.p;
      v = next.v;
      g = next.g;
      gradNorm = Math.hypot(M.norm(p, g.gradP), M.norm(p, g.gradV));
      h = Math.min(1, h * 1.2);
    } else {
      h /= 2;
      if (h < 1e-16) break; // no descent possible at machine precision: we are at the minimum
    }
  }
  return {
    p,
    v,
    energy: g.energy,
    gradNorm,
    iterations,
    // Stalling at machine precision with a tiny gradient is convergence too.
    converged: gradNorm <= tol || ((h < 1e-16 || stalled >= 25) && gradNorm < 1e-6),
    maxResidual: g.maxResidual,
  };
}
