/**
 * An independence proposal for the joint KNG target built from its linearisation at the non-private fit
 * (docs/kng-joint.md, "Sampler").
 *
 * Chart. With (p̂, v̂) the minimiser of E_c and e₁ … e_d an orthonormal basis of T_p̂M, the coordinates ξ = (a, b) ∈
 * R^d × R^d name the state p = Exp_p̂(Σ aᵢeᵢ), v = Γ_{p̂→p}(v̂ + Σ bᵢeᵢ). Parallel transport along the radial
 * geodesic is an isometry of the fibres, so the chart carries Lebesgue measure dξ to J_p̂(a) times the Liouville
 * measure (J the Jacobian of Exp, geometry/expJacobian.ts); it is one-to-one on |a| < injectivity radius.
 *
 * Linearised law. The gradients, transported back to p̂ and scaled by the noise scales, are G(ξ) = (Γ∇_pE_c/σ_p,
 * Γ∇_vE_c/σ_v), with G(ξ*) = 0 at the fit and G(ξ) ≈ A(ξ − ξ*), A = ∂G/∂ξ (by central differences). Transport
 * keeps norms, so near the fit U ≈ const + |(A(ξ − ξ*))_p| + |(A(ξ − ξ*))_v| (the energy term is quadratic, of
 * lower order at the gradient terms' scale). The law ∝ exp(−β|w_p| − β|w_v|) of w = A(ξ − ξ*) is a product of two
 * ℓ2 K-norm laws on R^d (Gamma(d) radius, uniform direction), so it is exact to sample and its density is known:
 *   ln q_ξ = 2d ln β + ln|det A| − β(|w_p| + |w_v|) − 2 ln Z_d,  Z_d = ∫ e^{−|x|} dx = 2π^{d/2} Γ(d)/Γ(d/2),
 * and, pushed through the chart, ln q(p, v) = ln q_ξ(ξ) − ln J_p̂(a) for the Liouville measure. Draws with
 * |a| beyond the injectivity radius are not pushed (the step stays); the reverse move's density uses the
 * state's own chart coordinates, a = Log_p̂ p, which always lie inside.
 *
 * Wide copies. Where a block's share of ε is small its gradient term levels off a few of the law's widths from
 * the fit and the target spreads over a plateau the law hardly reaches; `widths` mixes in copies of the law
 * widened in either block (β/width in its exponent, the normaliser scaled to match), each with its known density,
 * so the mixture's density stays exact (MIXTURE_WIDTHS, bench/samplerSplits.ts).
 *
 * Defensive component. The linearised law's tails fall like exp(−n·distance), far faster than the target's
 * (whose gradient terms level off at n·ε/4), so from a state far out (the public start, or a well) the ratio
 * q(z)/f(z) would be astronomically small and no move back would be accepted. A share `broadWeight` of the
 * draws therefore comes from a public law that covers the domain: p = Exp_o(a), a uniform in the ball of radius
 * R_b (the injectivity radius, or R_p on SPD) about the public base point o, and v uniform in the ball ‖v‖ ≤ R_v;
 * its density is 1/(V_d(R_b)·J_o(Log_o p)·V_d(R_v)). The proposal's density is the mixture of the two.
 */
import type { Manifold } from '../../geometry/types';
import { GeometryError } from '../../geometry/types';
import { expLogJacobian, logBallVolume } from '../../geometry/expJacobian';
import { logAbsDet, solveLinear } from '../../geometry/linalg/elimination';
import { accumulateGradient, RegressionWorkspace } from '../../regression/geodesicRegression';
import { kNormLaplace, uniformInBall, uniformInTangentBall } from '../../sampling/distributions';
import type { IndependenceProposal } from '../../sampling/independenceMix';
import type { Rng } from '../../sampling/rng';
import { logGamma } from '../../sampling/stats';
import type { KngJointCalibration } from './calibration';
import { chartCoordinates, chartState, type JointChart } from './jointChart';

/** The linearisation of the joint target at the fit at one budget: its chart and the linear map A (2d × 2d). */
export interface LinearisedLaw extends Omit<JointLinearisation, 'H' | 'gradientAtCentre'> {
  /** A = ∂G/∂ξ (at the fit given, ≈ at ξ*) and ln|det A|. */
  A: Float64Array;
  logAbsDetA: number;
  /** |G(ξ*)|: what the Newton steps left of the gradient (≈ 0 when the centre is the critical point). */
  residualGradient: number;
  calibration: KngJointCalibration;
}

/**
 * What the linearised law takes from the data alone (not from the budget): the chart at the fit, the critical
 * point ξ* of the clipped energy in it, H = ∂Ĝ/∂ξ of the unscaled transported gradients Ĝ = (Γ∇_pE_c, Γ∇_vE_c)
 * (row-major, 2d × 2d), and Ĝ(ξ*). The noise scales only rescale Ĝ's rows (G = diag(1/σ_p, 1/σ_v)Ĝ), and Newton's
 * step A⁻¹G = H⁻¹Ĝ does not see them, so one linearisation serves every budget (lawAtBudget).
 */
export interface JointLinearisation extends JointChart {
  /** ξ* (2d): the clipped energy's critical point in the chart (Newton steps from the fit given). */
  centre: Float64Array;
  H: Float64Array;
  gradientAtCentre: Float64Array;
  /** ln J_p̂(a) of the space. */
  logJacobian: (p: Float64Array, a: Float64Array) => number;
}

/**
 * The linearisation at the fit (p̂, v̂) of the data (ts, ys) with clip c: Newton steps on the clipped energy's
 * gradient in the chart, then H at the result. `pRadius`: SPD's footpoint ball (Infinity elsewhere), which bounds
 * the chart. Null where the space has no closed-form Jacobian or H is singular (the sampler then keeps its random
 * walk). The expensive part of the linearised law: 4d + newtonSteps + 1 passes over the data.
 */
export function linearise(
  M: Manifold,
  ts: Float64Array,
  ys: readonly Float64Array[],
  clip: number,
  pRadius: number,
  fit: { p: Float64Array; v: Float64Array },
  newtonSteps = 3,
): JointLinearisation | null {
  const logJacobian = expLogJacobian(M);
  if (!logJacobian) return null;
  const d = M.dim;
  const a = M.ambientDim;
  const D = 2 * d;
  const ws = new RegressionWorkspace(a);
  const gp = new Float64Array(a);
  const gv = new Float64Array(a);
  const back = new Float64Array(a);
  const p = new Float64Array(a);
  const v = new Float64Array(a);
  const scratch = new Float64Array(2 * a);
  const chartRadius = Number.isFinite(pRadius)
    ? Math.min(M.injectivityRadius, M.dist(M.basePoint(), fit.p) + pRadius)
    : M.injectivityRadius;
  const chart = {
    M,
    d,
    pHat: Float64Array.from(fit.p),
    vHat: Float64Array.from(fit.v),
    basis: M.tangentBasis(fit.p),
    chartRadius,
  };
  /** Ĝ(ξ) into out; false where the chart or the geometry fails. */
  const gradient = (xi: Float64Array, out: Float64Array): boolean => {
    if (!chartState(chart, xi, p, v, scratch)) return false;
    try {
      accumulateGradient(M, ts, ys, p, v, ws, gp, gv, clip);
      for (const [g, offset] of [
        [gp, 0],
        [gv, d],
      ] as const) {
        M.transport(p, chart.pHat, g, back);
        for (let i = 0; i < d; i++) out[offset + i] = M.inner(chart.pHat, back, chart.basis[i]);
      }
    } catch (e) {
      if (e instanceof GeometryError) return false;
      throw e;
    }
    return out.every(Number.isFinite);
  };
  const jacobianAt = (xi: Float64Array): Float64Array | null => {
    const H = new Float64Array(D * D);
    const plus = new Float64Array(D);
    const minus = new Float64Array(D);
    const x = Float64Array.from(xi);
    for (let j = 0; j < D; j++) {
      // a step well inside the law's width (σ/|A| ~ c/n), far above rounding of the O(c) sums
      const h = 1e-6;
      x[j] = xi[j] + h;
      const okPlus = gradient(x, plus);
      x[j] = xi[j] - h;
      const okMinus = gradient(x, minus);
      x[j] = xi[j];
      if (!okPlus || !okMinus) return null;
      for (let i = 0; i < D; i++) H[i * D + j] = (plus[i] - minus[i]) / (2 * h);
    }
    return H;
  };
  // H once at the fit given, then chord-Newton steps with it: the unclipped fit is close to the clipped
  // energy's critical point, so H barely changes between them, and each H costs 4d passes over the data
  let centre = new Float64Array(D);
  const g = new Float64Array(D);
  const H = jacobianAt(centre);
  if (!H) return null;
  for (let k = 0; k < newtonSteps; k++) {
    if (!gradient(centre, g)) return null;
    const step = solveLinear(H, g, D);
    if (!step) return null;
    centre = centre.map((x, i) => x - step[i]);
  }
  if (!gradient(centre, g)) return null;
  return { ...chart, centre, H, gradientAtCentre: g, logJacobian };
}

/**
 * The linearised law of a linearisation at a budget: A = diag(1/σ_p, 1/σ_v)·H and G(ξ*) scaled alike (a few
 * operations on 2d × 2d numbers). Null where A is singular.
 */
export function lawAtBudget(lin: JointLinearisation, calibration: KngJointCalibration): LinearisedLaw | null {
  const { H, gradientAtCentre, d, ...chart } = lin;
  const D = 2 * d;
  const scale = (i: number) => (i < d ? calibration.sigmaP : calibration.sigmaV);
  const A = H.map((h, k) => h / scale(Math.floor(k / D)));
  const logAbsDetA = logAbsDet(A, D);
  if (!Number.isFinite(logAbsDetA)) return null;
  return {
    ...chart,
    d,
    A,
    logAbsDetA,
    residualGradient: Math.hypot(...gradientAtCentre.map((g, i) => g / scale(i))),
    calibration,
  };
}

/** The linearised law at the fit of the data (ts, ys) with clip c, at the calibration's budget. */
export function linearisedLaw(
  M: Manifold,
  ts: Float64Array,
  ys: readonly Float64Array[],
  clip: number,
  calibration: KngJointCalibration,
  fit: { p: Float64Array; v: Float64Array },
  newtonSteps = 3,
): LinearisedLaw | null {
  const lin = linearise(M, ts, ys, clip, calibration.pRadius, fit, newtonSteps);
  return lin && lawAtBudget(lin, calibration);
}

/** ln Z_d = ln ∫_{R^d} e^{−|x|} dx = ln 2 + (d/2) ln π + ln Γ(d) − ln Γ(d/2). */
function logKNormConstant(d: number): number {
  return Math.LN2 + (d / 2) * Math.log(Math.PI) + logGamma(d) - logGamma(d / 2);
}

const logAddExp = (x: number, y: number) => {
  const m = Math.max(x, y);
  return m === -Infinity ? -Infinity : m + Math.log(Math.exp(x - m) + Math.exp(y - m));
};

export interface LinearisedProposalOptions {
  /** The tempered target exp(−βU): the linearised law is scaled to match it. */
  beta?: number;
  /** Share of the draws from the public law that covers the domain (the defensive component). */
  broadWeight?: number;
  /** Widen the linearised law by this factor (A/scale). Tests use it to reach where J matters. */
  scale?: number;
  /**
   * The linearised share's components, in equal parts: [footpoint width, shooting-vector width] each, the law of
   * w = A(ξ − ξ*) ∝ exp(−β|w_p|/width_p − β|w_v|/width_v) (default [[1, 1]], the law itself). Wider copies reach the
   * target's heavier tails, where a gradient term levels off beyond the linearisation's reach (a small share of
   * ε on it: an extreme split).
   */
  widths?: readonly (readonly [number, number])[];
}

/**
 * The independence proposal: with probability 1 − broadWeight a draw of the linearised law at temperature β,
 * else a draw of the public covering law; `logDensity` is the mixture's density for the Liouville measure.
 * States are [p, v] as the joint sampler holds them.
 */
export function linearisedProposal(
  law: LinearisedLaw,
  options: LinearisedProposalOptions = {},
): IndependenceProposal & {
  logLinearised(z: Float64Array): number;
  logBroad(z: Float64Array): number;
} {
  const { M, d, A, centre, logJacobian, calibration: cal } = law;
  const beta = (options.beta ?? 1) / (options.scale ?? 1);
  const broadWeight = options.broadWeight ?? 0.1;
  const a = M.ambientDim;
  const D = 2 * d;
  // ξ = ξ* + A⁻¹w
  const inverse = new Float64Array(D * D);
  const unit = new Float64Array(D);
  for (let j = 0; j < D; j++) {
    unit.fill(0);
    unit[j] = 1;
    const column = solveLinear(A, unit, D)!;
    for (let i = 0; i < D; i++) inverse[i * D + j] = column[i];
  }
  const widths = options.widths ?? [[1, 1]];
  if (!(widths.length > 0 && widths.flat().every((x) => x > 0 && Number.isFinite(x))))
    throw new RangeError('linearisedProposal: widths must be positive finite numbers');
  const betasP = widths.map(([wp]) => beta / wp);
  const betasV = widths.map(([, wv]) => beta / wv);
  // each component's ln density in ξ without its exponent, its share 1/K included
  const logNormalisers = widths.map(
    (_, k) =>
      d * Math.log(betasP[k]) +
      d * Math.log(betasV[k]) +
      law.logAbsDetA -
      2 * logKNormConstant(d) -
      Math.log(widths.length),
  );
  const xi = new Float64Array(D);
  const w = new Float64Array(D);
  const logP = new Float64Array(a);
  const scratch = new Float64Array(2 * a);
  const scratchA = new Float64Array(a);
  // the public covering law
  const base = M.basePoint();
  const baseBasis = M.tangentBasis(base);
  const broadRadius = Math.min(M.injectivityRadius, cal.pRadius);
  const logBroadConstant = -logBallVolume(d, broadRadius) - logBallVolume(d, cal.vRadius);
  const coefficients = new Float64Array(d);
  const baseTangent = new Float64Array(a);
  const logLin = Math.log(1 - broadWeight);
  const logBroadW = Math.log(broadWeight);

  const logLinearised = (z: Float64Array): number => {
    const p = z.subarray(0, a);
    if (!chartCoordinates(law, p, z.subarray(a), xi, logP, scratchA)) return -Infinity;
    let np = 0;
    let nv = 0;
    for (let i = 0; i < D; i++) {
      let s = 0;
      for (let j = 0; j < D; j++) s += A[i * D + j] * (xi[j] - centre[j]);
      if (i < d) np += s * s;
      else nv += s * s;
    }
    const rp = Math.sqrt(np);
    const rv = Math.sqrt(nv);
    let logQ = logNormalisers[0] - betasP[0] * rp - betasV[0] * rv;
    for (let k = 1; k < widths.length; k++)
      logQ = logAddExp(logQ, logNormalisers[k] - betasP[k] * rp - betasV[k] * rv);
    return logQ - logJacobian(law.pHat, logP);
  };
  const logBroad = (z: Float64Array): number => {
    const p = z.subarray(0, a);
    try {
      if (!(M.norm(p, z.subarray(a)) <= cal.vRadius)) return -Infinity;
      M.log(base, p, baseTangent);
    } catch (e) {
      if (e instanceof GeometryError) return -Infinity;
      throw e;
    }
    if (!(M.norm(base, baseTangent) < broadRadius)) return -Infinity;
    return logBroadConstant - logJacobian(base, baseTangent);
  };
  const logDensity = (z: Float64Array) =>
    logAddExp(logLin + logLinearised(z), broadWeight > 0 ? logBroadW + logBroad(z) : -Infinity);

  return {
    logLinearised,
    logBroad,
    logDensity,
    draw(rng: Rng, out: Float64Array): number {
      const p = out.subarray(0, a);
      const v = out.subarray(a);
      if (rng.uniform() < broadWeight) {
        uniformInBall(rng, d, broadRadius, coefficients);
        baseTangent.fill(0);
        for (let i = 0; i < d; i++)
          for (let k = 0; k < a; k++) baseTangent[k] += coefficients[i] * baseBasis[i][k];
        try {
          M.exp(base, baseTangent, p);
          uniformInTangentBall(M, p, cal.vRadius, rng, v);
        } catch (e) {
          if (e instanceof GeometryError) return -Infinity;
          throw e;
        }
      } else {
        const k = widths.length === 1 ? 0 : Math.floor(rng.uniform() * widths.length);
        kNormLaplace(rng, d, 1 / betasP[k], w.subarray(0, d));
        kNormLaplace(rng, d, 1 / betasV[k], w.subarray(d));
        for (let i = 0; i < D; i++) {
          let s = centre[i];
          for (let j = 0; j < D; j++) s += inverse[i * D + j] * w[j];
          xi[i] = s;
        }
        if (!chartState(law, xi, p, v, scratch)) return -Infinity;
      }
      return logDensity(out);
    },
  };
}
