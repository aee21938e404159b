import { GeometryError, type Manifold } from '../../geometry/types';
import type { RandomWalkTarget } from '../../sampling/mh';
import { stepsWithIndependence, type IndependenceCounts } from '../../sampling/independenceMix';
import { runReplicaExchange } from '../../sampling/replicaExchange';
import { fusedGeometry } from '../kernels';
import { uniformTangentBall } from '../kng';
import type { Rng } from '../../sampling/rng';
import { MIXTURE_WIDTHS, type KngJointCalibration, type KngJointSettings } from './calibration';
import type { JointKernel } from './jointKernel';
import { linearisedProposal, type LinearisedLaw } from './linearisedProposal';
import { power } from '../../sampling/power';

/**
 * The joint target f(p, v) ∝ exp(−β U(p, v)), U = E_c/σ_E + ‖∇_p E_c‖/σ_p + ‖∇_v E_c‖/σ_v on the public domain
 * {‖v‖ ≤ R_v} (and d(p, I) ≤ R_p on SPD), as a density for the Liouville measure of the tangent bundle (the
 * manifold's volume times Lebesgue measure on each tangent space). A state is [p, v], each of M.ambientDim entries.
 */
export interface JointContext {
  M: Manifold;
  kernel: JointKernel;
  calibration: KngJointCalibration;
  settings: KngJointSettings;
  /** The target linearised at the non-private fit, for `proposal: 'mixture'` (null: keep the random walk). */
  linearised?: LinearisedLaw | null;
}

/**
 * What the proposal and the domain's edge ask of the space: the fused operations where the space has them
 * (kernels/proposals.ts, tied to the Manifold's by their tests), else the Manifold's own. A step of the joint
 * chain calls each once or twice, so on SPD(2) and shapes their per-call checks and allocations cost as much
 * as the data loop at small n.
 */
interface JointGeometry {
  tangentBall(p: Float64Array, r: number, rng: Rng, out: Float64Array): Float64Array;
  /** Exp_p(ν) into out; NaN-filled where not representable. */
  exp(p: Float64Array, nu: Float64Array, out: Float64Array): void;
  transport(p: Float64Array, q: Float64Array, w: Float64Array, out: Float64Array): void;
  norm(p: Float64Array, v: Float64Array): number;
  distFromBase(p: Float64Array): number;
}

const geometries = new WeakMap<Manifold, JointGeometry>();

function jointGeometry(M: Manifold): JointGeometry {
  let g = geometries.get(M);
  if (g) return g;
  const fused = fusedGeometry(M);
  const base = M.basePoint();
  g = {
    tangentBall: fused ? fused.tangentBall : (p, r, rng, out) => uniformTangentBall(M, p, r, rng, out),
    exp: fused
      ? fused.exp
      : (p, nu, out) => {
          M.exp(p, nu, out);
        },
    transport:
      fused?.transport ??
      ((p, q, w, out) => {
        M.transport(p, q, w, out);
      }),
    norm: fused ? fused.norm : (p, v) => M.norm(p, v),
    distFromBase: fused?.distFromBase ?? ((p) => M.dist(base, p)),
  };
  geometries.set(M, g);
  return g;
}

/**
 * U(p, v) at β = 1, +Infinity outside the domain or where the geometry fails. A chain passes the space's
 * geometry it resolved once (`g`): this is called at every step.
 */
export function jointPotential(
  ctx: JointContext,
  p: Float64Array,
  v: Float64Array,
  out = new Float64Array(3),
  g = jointGeometry(ctx.M),
) {
  const cal = ctx.calibration;
  if (Number.isNaN(p[0]) || g.norm(p, v) > cal.vRadius) return Infinity;
  if (Number.isFinite(cal.pRadius) && !(g.distFromBase(p) <= cal.pRadius)) return Infinity;
  ctx.kernel.evaluate(p, v, out);
  const e = Number.isFinite(cal.sigmaE) ? out[0] / cal.sigmaE : 0;
  return e + out[1] / cal.sigmaP + out[2] / cal.sigmaV;
}

/**
 * Ratio of the shooting vector's proposal radius to the footpoint's: near the fit the target is close to a K-norm
 * law whose widths are σ_p in p and σ_v/m₂ in v (m₂ = mean t² = 1/12 for covariates spread over the public range).
 */
function vStepRatio(cal: KngJointCalibration): number {
  return Math.min((12 * cal.sigmaV) / cal.sigmaP, 1e3);
}

/**
 * The random walk on the tangent bundle: p′ = Exp(p, ν_p), v′ = Γ_{p→p′} v + ν_v, with ν_p uniform in the ball of
 * radius η (capped below the injectivity radius) at p and ν_v uniform in the ball of radius η·ratio at p′. Its
 * reverse move is (−Γν_p, −Γν_v), of the same lengths, and Exp, Γ preserve the Liouville measure, so the proposal
 * is symmetric and the Metropolis ratio is f(z′)/f(z).
 */
export function jointTarget(ctx: JointContext): RandomWalkTarget & { beta: number } {
  const { M, calibration: cal } = ctx;
  const g = jointGeometry(M);
  const a = M.ambientDim;
  const nu = new Float64Array(a);
  const stats = new Float64Array(3);
  const ratio = vStepRatio(cal);
  const maxStep = Number.isFinite(M.injectivityRadius) ? 0.5 * M.injectivityRadius : 1;
  const target = {
    beta: 1,
    size: 2 * a,
    maxStep,
    potential(z: Float64Array) {
      return target.beta * jointPotential(ctx, z.subarray(0, a), z.subarray(a), stats, g);
    },
    propose(z: Float64Array, step: number, rng: Rng, out: Float64Array) {
      const p = z.subarray(0, a);
      const p2 = out.subarray(0, a);
      const v2 = out.subarray(a);
      try {
        g.exp(p, g.tangentBall(p, step, rng, nu), p2);
        if (Number.isNaN(p2[0])) {
          out.fill(NaN);
          return;
        }
        g.transport(p, p2, z.subarray(a), v2);
        g.tangentBall(p2, Math.min(step * ratio, cal.vRadius), rng, nu);
        for (let i = 0; i < a; i++) v2[i] += nu[i];
      } catch (e) {
        if (!(e instanceof GeometryError)) throw e;
        out.fill(NaN);
      }
    },
  };
  return target;
}

/** A data-independent start: uniform on the compact spaces, the identity on SPD; v = 0. */
export function publicStart(M: Manifold, rng: Rng): Float64Array {
  const a = M.ambientDim;
  const z = new Float64Array(2 * a);
  if (M.family?.kind === 'spd') z.set(M.basePoint());
  else {
    const g = Float64Array.from({ length: a }, () => rng.normal());
    z.set(M.projectPoint(g));
  }
  return z;
}

export interface JointChainResult {
  p: Float64Array;
  v: Float64Array;
  /** U at the draw (β = 1). */
  potential: number;
  /** Acceptance rate of the frozen (non-adapting) stage, and the step in force there. */
  acceptanceRate: number;
  step: number;
  /** Accepted fraction of the swaps tried between replicas k and k + 1. */
  swapRates: Float64Array;
  /** The β = 1 replica's U every `traceEvery` steps (adapting, then frozen); empty without a trace. */
  trace: Float64Array;
  /** 'mixture': the accepted share of the β = 1 replica's independence moves after the burn-in. */
  independenceAcceptance?: number;
}

/** The hottest replica's β: there U's wells are shallow enough for the random walk to cross between them. */
const HOTTEST_BETA = 0.01;

/** The public temperature ladder: β_k = HOTTEST_BETA^(k/(K−1)), k = 0 … K−1 (β_0 = 1). */
export function replicaLadder(replicas: number): number[] {
  if (replicas <= 1) return [1];
  return Array.from({ length: replicas }, (_, k) => power(HOTTEST_BETA, k / (replicas - 1)));
}

/**
 * One chain: `settings.replicas` Metropolis chains on exp(−β_k U) over a fixed public ladder, trading states between
 * neighbouring temperatures (replica exchange), each adapting its step toward the target acceptance for `burnIn`
 * steps and then running `frozenSteps` with it fixed; the draw is the β = 1 replica's final state. Replica k starts
 * at `start(k)` (public starts for a release; the diagnostics start every replica at the fit).
 */
export function runJointChain(
  ctx: JointContext,
  start: (replica: number) => Float64Array,
  rng: Rng,
  traceEvery = 0,
): JointChainResult {
  const s = ctx.settings;
  const betas = replicaLadder(s.replicas);
  const target = jointTarget(ctx);
  const law = s.proposal === 'mixture' ? ctx.linearised : null;
  if (s.proposal === 'mixture' && !law)
    throw new RangeError(
      "kng-joint: the 'mixture' sampler needs the target linearised at the fit (prepareKngJoint)",
    );
  const counts: IndependenceCounts[] = betas.map(() => ({
    tried: 0,
    accepted: 0,
    triedAfter: 0,
    acceptedAfter: 0,
  }));
  const r = runReplicaExchange(
    target,
    betas.map((_, k) => start(k)),
    rng,
    {
      betas,
      burnIn: s.burnIn,
      frozenSteps: s.frozenSteps,
      adaptTarget: s.adaptTarget,
      step: 0.5,
      swapEvery: SWAP_EVERY,
      traceEvery,
      runners: law
        ? (beta, k) =>
            stepsWithIndependence(
              { ...target, potential: (z) => beta * target.potential(z) },
              linearisedProposal(law, {
                beta,
                broadWeight: s.coveringWeight,
                widths: s.linearisedWidths ?? MIXTURE_WIDTHS,
              }),
              s.independenceWeight ?? 0.5,
              counts[k],
            )
        : undefined,
    },
  );
  const a = ctx.M.ambientDim;
  return {
    p: r.z.slice(0, a),
    v: r.z.slice(a),
    potential: r.u,
    acceptanceRate: r.acceptanceRate,
    step: r.step,
    swapRates: r.swapRates,
    trace: r.trace,
    ...(law
      ? {
          independenceAcceptance:
            counts[0].triedAfter > 0 ? counts[0].acceptedAfter / counts[0].triedAfter : 0,
        }
      : {}),
  };
}

/** Steps between swap rounds. */
const SWAP_EVERY = 10;

/**
 * Exact draws by rejection from the uniform law of the domain (sphere and Kendall shape space, where it is easy
 * to sample): accept (p, v) with probability e^{−U} ≤ 1. Returns null when `maxProposals` are spent first. For
 * tests of the Metropolis sampler at small n, where the acceptance rate allows it.
 */
export function rejectionDraws(
  ctx: JointContext,
  count: number,
  rng: Rng,
  maxProposals = 1e7,
): Float64Array[] | null {
  const { M, calibration: cal } = ctx;
  if (M.family?.kind === 'spd')
    throw new RangeError('rejectionDraws: needs a compact space (sphere, Kendall)');
  const a = M.ambientDim;
  const draws: Float64Array[] = [];
  const stats = new Float64Array(3);
  const g = jointGeometry(M);
  for (let tries = 0; tries < maxProposals && draws.length < count; tries++) {
    const z = publicStart(M, rng);
    const p = z.subarray(0, a);
    const v = z.subarray(a);
    uniformTangentBall(M, p, cal.vRadius, rng, v);
    if (rng.uniform() < Math.exp(-jointPotential(ctx, p, v, stats, g))) draws.push(z);
  }
  return draws.length === count ? draws : null;
}
