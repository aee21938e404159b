/**
 * The calibration of paper 000's KNG release (`kng.ts`): the bounds τ and τ_m in force, the sensitivities and
 * noise scales, the shooting vectors' ball, and what the release may be called — with the notes that say why.
 */
import { frechetMean } from '../geometry/mean';
import { WELL_CONDITIONED_MAX } from '../geometry/spd';
import type { Manifold } from '../geometry/types';
import type { Covariates } from '../regression/geodesicRegression';
import type { KngSettings } from './kngSettings';
import { kngSensitivity, kngSigma } from './sensitivity';

export interface KngCalibration {
  tau: number;
  tauM: number;
  deltaP: number;
  deltaV: number;
  sigmaP: number;
  sigmaV: number;
  /** Radius of the shooting-vector ball (Infinity for the plane). */
  vRadius: number;
  /**
   * False when τ or τ_m (where used) were computed from the private data: the release then leaks. True means
   * the bounds are public — the shooting vectors are then ε_v-private, but the footpoint may still leak (see
   * `privacyLabel`).
   */
  isPrivate: boolean;
  /** What the lab's badge says: the measured verdict in a few words (not just "private"). */
  privacyLabel: string;
  notes: string[];
  /** Set when the untruncated footpoint target would not normalise (its draws then sit at the domain's edge). */
  footpointImproper: ImproperFootpoint | null;
}

/**
 * The footpoint target exp(−‖∇_p E‖/σ_p) on a space whose ball volumes grow like e^{h d} (SPD(2) affine:
 * h = 1/√2): the gradient norm grows like the distance d to the data (in curvature ≤ 0 d_pExp never shrinks a
 * vector, and far from the data all residuals point the same way), so the target normalises for σ_p·h < 1 and
 * not beyond a little more (as 004's Riemannian Laplace on affine SPD). The chain is held to the manifold's
 * well-conditioned points (`wellConditioned`, a public domain like the shooting vector's ball): without it,
 * it drifted to matrices of condition 1e40 whose predictions cannot be compared with the data.
 */
export interface ImproperFootpoint {
  /** The smallest ε_p with σ_p·h < 1 at this Δ_p and σ rule. */
  minEpsP: number;
  /** Why, without this release's numbers (one note serves a sweep's many budgets). */
  reason: string;
  /** The note for this release: the reason with σ_p, ε_p and the way out. */
  message: string;
}

function improperFootpoint(M: Manifold, epsP: number, sigmaP: number): ImproperFootpoint | null {
  const h = M.volumeGrowthRate;
  if (!(h > 0) || sigmaP * h < 1) return null;
  const minEpsP = epsP * sigmaP * h;
  const reason =
    `the footpoint density exp(−‖∇_p E‖/σ_p) would not normalise on ${M.name} (it needs σ_p < ${(1 / h).toPrecision(3)}: ` +
    `ball volumes grow like exp(${h.toPrecision(3)}·d), the gradient norm like the distance d to the data), so the ` +
    `chain is held to matrices of condition number ≤ ${WELL_CONDITIONED_MAX.toExponential().replace('+', '')} and its draws lie far ` +
    'from the data, near that edge';
  const message =
    `At ε_p = ${epsP} (σ_p = ${sigmaP.toPrecision(3)}) ${reason}. ` +
    `For footpoints near the data raise ε_p above ${minEpsP.toPrecision(2)}, or lower the public τ or τ_m.`;
  return { minEpsP, reason, message };
}

/**
 * The footpoint's target exp(−‖∇_p E(p, Γv̂; D)‖/σ_p) conditions on the NON-private v̂(D), which moves when one
 * record changes; the sensitivity 2τ/n covers a changed record with v held fixed, not that shift. Measured
 * (src/audit/claims.test.ts): on R¹ with public τ and σ = 2Δ/ε the footpoint's exact privacy loss is 1.18 ε_p
 * (audit lower bound 1.12 ε_p at N = 4000); on S² the audit found nothing measurable at N = 400.
 */
export const FOOTPOINT_LEAK_LABEL = 'private shooting vector; footpoint release measured to leak beyond ε_p';
export const FOOTPOINT_LEAK_NOTE =
  'The footpoint is drawn given the non-private slope v̂(D), which moves when one record changes; the ' +
  'bound 2τ/n does not cover that shift. Measured on R¹ with public τ and σ = 2Δ/ε: the footpoint release ' +
  'loses 1.18 ε_p (audit lower bound 1.12 ε_p), so it does not meet its ε_p; the shooting vectors, drawn ' +
  'given the released footpoint, do meet ε_v.';
export const NOT_PRIVATE_LABEL = 'not private';

export interface RegressionInput {
  M: Manifold;
  xs: Covariates;
  ys: readonly Float64Array[];
  /** The non-private fit. */
  pHat: Float64Array;
  vHat: Float64Array;
  /** Its largest residual norm (the data-driven τ). */
  maxResidual: number;
}

/** Data-driven τ_m: the radius of the smallest ball around the Fréchet mean holding all responses. */
export function dataRadius(M: Manifold, ys: readonly Float64Array[]): number {
  const m0 = frechetMean(M, ys);
  let r = 0;
  for (const y of ys) r = Math.max(r, M.dist(m0, y));
  return r;
}

export function calibrateKng(input: RegressionInput, s: KngSettings): KngCalibration {
  const { M, ys } = input;
  const n = ys.length;
  const kappaLower = M.curvatureBounds[0];
  const notes: string[] = [];
  let isPrivate = true;
  let tau: number;
  if (s.tau === 'data') {
    tau = input.maxResidual;
    isPrivate = false;
    notes.push(
      'τ is the largest residual of the private data (as in the paper): this release is not private.',
    );
  } else {
    tau = s.tau;
    if (tau < M.injectivityRadius && Number.isFinite(M.injectivityRadius) && M.curvatureBounds[1] > 0) {
      notes.push(
        `The public τ = ${tau} is below the diameter, so it is an assumption about the data, not a guarantee.`,
      );
    }
  }
  let tauM = 0;
  if (kappaLower < 0) {
    if (s.tauM === 'data') {
      tauM = dataRadius(M, ys);
      isPrivate = false;
      notes.push('τ_m is the radius of the private data: this release is not private.');
    } else tauM = s.tauM;
  }
  const { deltaP, deltaV } = kngSensitivity(kappaLower, n, tau, tauM);
  const sigmaP = kngSigma(deltaP, s.epsP, s.sigmaRule);
  const sigmaV = kngSigma(deltaV, s.epsV, s.sigmaRule);
  if (!(sigmaP > 0 && sigmaV > 0)) {
    // A zero noise scale would release the non-private fit; the chains could not even start (0/0 potentials).
    throw new RangeError(
      tau === 0
        ? `τ = 0 ${s.tau === 'data' ? '(the data lie exactly on a geodesic, so their largest residual is 0)' : 'was given'}: ` +
            'the KNG noise scale would be 0 and the release would be the non-private fit; set a public τ > 0'
        : `the KNG noise scale underflows to 0 (σ_p = ${sigmaP}, σ_v = ${sigmaV} at ε_p = ${s.epsP}, ` +
            `ε_v = ${s.epsV}, τ = ${tau}); use a smaller ε or a larger τ`,
    );
  }
  let vRadius = Infinity;
  if (s.vDomain === 'ball') {
    vRadius = s.vRadius ?? (Number.isFinite(M.injectivityRadius) ? M.injectivityRadius : 2 * (tauM + tau));
    if (M.curvatureBounds[0] === 0 && M.curvatureBounds[1] === 0 && s.vRadius === undefined)
      vRadius = Infinity;
  }
  if (s.sigmaRule === 'paper') {
    notes.push('σ = Δ/ε as in the paper; KNG theory needs σ = 2Δ/ε when the normaliser depends on the data.');
  }
  if (s.vDomain === 'plane') {
    notes.push(
      'Shooting vectors range over the whole tangent plane (as in the paper): that target can be improper.',
    );
  }
  if (isPrivate) notes.push(FOOTPOINT_LEAK_NOTE);
  const privacyLabel = isPrivate ? FOOTPOINT_LEAK_LABEL : NOT_PRIVATE_LABEL;
  const footpointImproper = improperFootpoint(M, s.epsP, sigmaP);
  if (footpointImproper) notes.push(footpointImproper.message);
  return {
    tau,
    tauM,
    deltaP,
    deltaV,
    sigmaP,
    sigmaV,
    vRadius,
    isPrivate,
    privacyLabel,
    notes,
    footpointImproper,
  };
}
