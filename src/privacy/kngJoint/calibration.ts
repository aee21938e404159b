import type { Manifold } from '../../geometry/types';

/**
 * Settings of the joint clipped KNG release (docs/kng-joint.md). Every number here is public: fixed before the
 * data are seen, and the same for every neighbouring data set.
 */
export interface KngJointSettings {
  /** Weights of the one release's budget: ε = ε_E + ε_p + ε_v (the footpoint alone is ε-DP, not ε_p-DP). */
  epsP: number;
  epsV: number;
  /** Weight of the exponential-mechanism term −E_c/σ_E (0: none; only where the space has a finite diameter). */
  epsE: number;
  /** Huber clip c: residuals longer than c pull with length c. */
  clip: number;
  /** Public covariate range [lo, hi]: covariates are clamped to it and centred at its middle. */
  xRange: readonly [number, number];
  /** Radius of the shooting-vector ball ‖v‖ ≤ R_v (default: per space, see DEFAULT_DOMAIN). */
  vRadius?: number;
  /** SPD: radius of the footpoint ball d(p, I) ≤ R_p around the identity. */
  pRadius?: number;
  /** SPD: radius of the response ball d(y, I) ≤ R_y; responses outside it are pulled onto it. */
  yRadius?: number;
  /** Independent chains, one released pair each (a release publishes one; more are draws for study). */
  m: number;
  /** Replicas at the public temperatures β = 1 … 0.01 that trade states (replica exchange); 1 = a plain chain. */
  replicas: number;
  /** Steps per replica with the step adapting, then `frozenSteps` with it fixed; the draw is the final state. */
  burnIn: number;
  frozenSteps: number;
  adaptTarget: number;
  /**
   * The sampler's kernel (the target is the same): 'walk', the random walk on the tangent bundle (what reproduces
   * the papers' numbers, WALK_SAMPLER), or 'mixture', that walk mixed with independence draws from the target
   * linearised at the non-private fit (linearisedProposal.ts), which reaches the target in far fewer steps (the
   * default, MIXTURE_SAMPLER, up to MIXTURE_MAX_DIMENSION).
   */
  proposal?: 'walk' | 'mixture';
  /** 'mixture': the share of steps that are independence moves (default 0.5). */
  independenceWeight?: number;
  /**
   * 'mixture': the share of the independence draws from the public covering law (default 0.1); without it a
   * chain from the public start or a far well cannot return to the fit (linearisedProposal.ts).
   */
  coveringWeight?: number;
  /**
   * 'mixture': the linearised law's copies, [footpoint width, shooting-vector width] each, in equal shares of its
   * draws (default MIXTURE_WIDTHS; [[1, 1]] is the law alone, the sampler before 2026-11-27).
   */
  linearisedWidths?: readonly (readonly [number, number])[];
}

/** Huber's ρ_c(d): ½d² up to c, then c·d − ½c². */
export function huber(d: number, c: number): number {
  return d <= c ? 0.5 * d * d : c * d - 0.5 * c * c;
}

export interface JointDomain {
  clip: number;
  vRadius: number;
  pRadius?: number;
  yRadius?: number;
  /**
   * Share of the release's ε for the energy term. The gradient terms give the sharper peak; the energy term is what
   * keeps the far field's mass small, and on the higher-dimensional spaces it has to carry more (docs/kng-joint.md).
   */
  energyShare: number;
}

/** Public domains, clips and energy shares per space, chosen for the lab's synthetic data (docs/kng-joint.md). */
export const DEFAULT_DOMAIN: Record<string, JointDomain> = {
  sphere: { clip: 0.1, vRadius: Math.PI, energyShare: 0.25 },
  kendall: { clip: 0.05, vRadius: Math.PI / 2, energyShare: 0.7 },
  spd: { clip: 0.05, vRadius: 4, pRadius: 3, yRadius: 3, energyShare: 0.7 },
};

/**
 * ε_p, ε_v and ε_E from a total ε and a split (ε_p : ε_v = pShare : 1 − pShare) on a space: the energy term takes the
 * space's share, the split the rest.
 */
export function splitJointBudget(
  epsilon: number,
  pShare: number,
  kind: string | undefined,
): Pick<KngJointSettings, 'epsP' | 'epsV' | 'epsE'> {
  const e = (DEFAULT_DOMAIN[kind ?? 'sphere'] ?? DEFAULT_DOMAIN.sphere).energyShare;
  return { epsP: (1 - e) * pShare * epsilon, epsV: (1 - e) * (1 - pShare) * epsilon, epsE: e * epsilon };
}

/**
 * The papers' sampler, the random walk with replica exchange: 4 replicas × (1,000 adapting + 500 frozen) steps.
 * `--sampler walk`; what prepareKngJoint falls back to where the mixture does not apply.
 */
export const WALK_SAMPLER: Pick<KngJointSettings, 'proposal' | 'replicas' | 'burnIn' | 'frozenSteps'> = {
  proposal: 'walk',
  replicas: 4,
  burnIn: 1000,
  frozenSteps: 500,
};

/**
 * The 'mixture' sampler's settings: one chain of 200 steps. The independence draws leave a well or the public
 * start at their first acceptance, which is what the replicas were for, and the covering share of them crosses
 * between far-apart modes (bench/mixing.ts measures both on each space at the lab's default sizes; the sampler
 * audit, bench/samplerAudit.ts, compares its releases with the exact target's law and finds no leak).
 */
export const MIXTURE_SAMPLER: Pick<
  KngJointSettings,
  'proposal' | 'independenceWeight' | 'replicas' | 'burnIn' | 'frozenSteps'
> = {
  proposal: 'mixture',
  independenceWeight: 0.5,
  replicas: 1,
  burnIn: 100,
  frozenSteps: 100,
};

/**
 * The 'mixture' sampler's linearised share, in fifteen equal parts: six for the linearised law itself, and one
 * each for copies widened 4, 16 and 64 times in the footpoint's block alone, in the shooting vector's alone and in
 * both. Where a block's share of ε is small (an extreme split), its gradient term levels off within a few of the
 * law's widths and the target spreads far beyond the law (the plateaus of docs/kng-joint.md); the law alone left
 * the chain too close to the fit there, and with less than about 40 % on the law itself a chain from the public
 * start on shapes (24 dimensions) came in too slowly (bench/samplerSplits.ts). Public: fixed numbers.
 */
export const MIXTURE_WIDTHS: readonly (readonly [number, number])[] = [
  ...Array.from({ length: 6 }, () => [1, 1] as const),
  [4, 1],
  [1, 4],
  [4, 4],
  [16, 1],
  [1, 16],
  [16, 16],
  [64, 1],
  [1, 64],
  [64, 64],
];

/**
 * How many times MIXTURE_SAMPLER's steps the mixture runs at a split: 1 from ε_p : ε_v = 0.3 : 0.7 to 0.7 : 0.3,
 * then 0.3/s for the smaller share s, at most 4 (800 steps from s = 0.075). At extreme splits the target's far
 * plateau is reached by the wide copies and the random walk, whose moves are accepted less often
 * (bench/samplerSplits.ts). Public: it depends on the budget's weights alone.
 */
export function mixtureStepsFactor(epsP: number, epsV: number): number {
  const share = Math.min(epsP, epsV) / (epsP + epsV);
  if (!(share > 0)) return MIXTURE_MAX_STEPS_FACTOR;
  return Math.min(MIXTURE_MAX_STEPS_FACTOR, Math.max(1, 0.3 / share));
}

export const MIXTURE_MAX_STEPS_FACTOR = 4;

/**
 * The largest dimension of the space on which the mixture runs; above it, the walk. Checked up to shapes with 8
 * landmarks (dimension 12); at 50 landmarks (96) the linearised law no longer matches the target (importance
 * weights degenerate, its draws are not accepted) and a release costs more than the walk's (docs/audit.md).
 * Public: it depends on the space alone.
 */
export const MIXTURE_MAX_DIMENSION = 12;

export const DEFAULT_KNG_JOINT: Omit<KngJointSettings, 'clip' | 'xRange'> = {
  epsP: 0.75,
  epsV: 0.75,
  epsE: 0.5,
  m: 10,
  adaptTarget: 0.3,
  ...MIXTURE_SAMPLER,
};

/** The largest |t| of a centred covariate: the public range maps onto [−½, ½]. */
export const MAX_CENTRED_COVARIATE = 0.5;

export interface KngJointCalibration {
  n: number;
  clip: number;
  deltaP: number;
  deltaV: number;
  /** Sensitivity of E_c: ρ_c(largest residual)/n. */
  deltaE: number;
  sigmaP: number;
  sigmaV: number;
  /** Infinity when ε_E = 0 (no energy term). */
  sigmaE: number;
  epsilon: number;
  vRadius: number;
  /** Infinity where the footpoint ranges over the whole (compact) space. */
  pRadius: number;
  /** SPD: the response ball's radius (Infinity elsewhere). */
  yRadius: number;
  /** The longest residual the domain allows: what bounds E_c's sensitivity. */
  largestResidual: number;
}

/**
 * The longest residual d(Exp(p, t v), y) on the domain: the diameter on the compact spaces (S² π, Kendall shape
 * space π/2); on SPD, by the triangle inequality through I, R_p + ½R_v + R_y.
 */
function largestResidual(kind: string, pRadius: number, vRadius: number, yRadius: number): number {
  if (kind === 'sphere') return Math.PI;
  if (kind === 'kendall') return Math.PI / 2;
  return pRadius + MAX_CENTRED_COVARIATE * vRadius + yRadius;
}

const sinhc = (x: number) => (Math.abs(x) < 1e-6 ? 1 + (x * x) / 6 : Math.sinh(x) / x);

function positive(x: number, what: string) {
  if (!(x > 0) || !Number.isFinite(x))
    throw new RangeError(`${what} must be a positive finite number (got ${x})`);
}

/**
 * Sensitivities and noise scales. One record changes ∇_p E_c by at most 2c·a_p/n and ∇_v E_c by 2c·t_max·a_v/n,
 * where a_p, a_v bound the dExp adjoints' operator norms at geodesic lengths ≤ t_max·R_v: 1 where the curvature is
 * ≥ 0, cosh(√−κ L) and sinh(√−κ L)/(√−κ L) where it is ≥ κ < 0. E_c moves by at most ρ_c(diameter)/n. Each term
 * of the exponent then moves by at most ε_term/2, and so does the log-normaliser: ε = ε_E + ε_p + ε_v.
 */
export function calibrateKngJoint(M: Manifold, n: number, s: KngJointSettings): KngJointCalibration {
  const kind = M.family?.kind;
  if (kind !== 'sphere' && kind !== 'kendall' && kind !== 'spd')
    throw new RangeError(`kng-joint: defined on the sphere, SPD and Kendall shape space, not on ${M.name}`);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`kng-joint: n must be an integer ≥ 1 (got ${n})`);
  positive(s.clip, 'kng-joint: the clip c');
  positive(s.epsP, 'kng-joint: ε_p');
  positive(s.epsV, 'kng-joint: ε_v');
  if (!(s.epsE >= 0) || !Number.isFinite(s.epsE))
    throw new RangeError(`kng-joint: ε_E must be a finite number ≥ 0 (got ${s.epsE})`);
  const [lo, hi] = s.xRange;
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && hi > lo))
    throw new RangeError(
      `kng-joint: the public covariate range must be [lo, hi] with lo < hi (got [${lo}, ${hi}])`,
    );
  const defaults = DEFAULT_DOMAIN[kind];
  const vRadius = s.vRadius ?? defaults.vRadius;
  positive(vRadius, 'kng-joint: the shooting-vector radius R_v');
  const pRadius = kind === 'spd' ? (s.pRadius ?? defaults.pRadius ?? Infinity) : Infinity;
  const yRadius = kind === 'spd' ? (s.yRadius ?? defaults.yRadius ?? Infinity) : Infinity;
  if (kind === 'spd') {
    positive(pRadius, 'kng-joint: the footpoint radius R_p');
    positive(yRadius, 'kng-joint: the response radius R_y');
  }
  const residual = largestResidual(kind, pRadius, vRadius, yRadius);
  const kappa = M.curvatureBounds[0];
  const t = MAX_CENTRED_COVARIATE;
  let aP = 1;
  let aV = 1;
  if (kappa < 0) {
    const x = Math.sqrt(-kappa) * t * vRadius;
    aP = Math.cosh(x);
    aV = sinhc(x);
  }
  const deltaP = (2 * s.clip * aP) / n;
  const deltaV = (2 * s.clip * t * aV) / n;
  const deltaE = huber(residual, s.clip) / n;
  return {
    n,
    clip: s.clip,
    deltaP,
    deltaV,
    deltaE,
    sigmaP: (2 * deltaP) / s.epsP,
    sigmaV: (2 * deltaV) / s.epsV,
    sigmaE: s.epsE > 0 ? (2 * deltaE) / s.epsE : Infinity,
    epsilon: s.epsP + s.epsV + s.epsE,
    vRadius,
    pRadius,
    yRadius,
    largestResidual: residual,
  };
}

/**
 * SPD: responses pulled along their geodesic from I onto the public ball d(y, I) ≤ R_y (each record on its own, so
 * neighbours stay neighbours); the count moved. Elsewhere the responses as they are.
 */
export function responsesInBall(
  M: Manifold,
  ys: readonly Float64Array[],
  yRadius: number,
): { ys: readonly Float64Array[]; clamped: number } {
  if (!Number.isFinite(yRadius)) return { ys, clamped: 0 };
  const I = M.basePoint();
  let clamped = 0;
  const inBall = ys.map((y) => {
    const w = M.log(I, y);
    const r = M.norm(I, w);
    if (r <= yRadius) return y;
    clamped++;
    return M.exp(
      I,
      w.map((x) => (x * yRadius) / r),
    );
  });
  return { ys: inBall, clamped };
}

/**
 * Covariates mapped by the public range onto [−½, ½] (clamped): t = (x − mid)/(hi − lo). Returns the count of
 * records outside the range (clamping keeps the guarantee; the analyst is told how many were moved).
 */
export function centredCovariates(
  xs: ArrayLike<number>,
  [lo, hi]: readonly [number, number],
): { ts: Float64Array; clamped: number } {
  const mid = (lo + hi) / 2;
  const span = hi - lo;
  let clamped = 0;
  const ts = Float64Array.from(xs, (x) => {
    const t = (x - mid) / span;
    if (t < -0.5 || t > 0.5) {
      clamped++;
      return t < 0 ? -0.5 : 0.5;
    }
    return t;
  });
  return { ts, clamped };
}
