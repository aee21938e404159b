/** The settings of paper 000's KNG release (`kng.ts`): budget, bounds, shooting-vector domain and sampler. */
import type { SigmaRule } from './sensitivity';

export interface KngSettings {
  epsP: number;
  epsV: number;
  sigmaRule: SigmaRule;
  /** Residual bound: 'data' = the fit's largest residual (as in the paper; not private) or a public number. */
  tau: 'data' | number;
  /** Radius of a ball holding the responses (negative curvature only): 'data' (not private) or public. */
  tauM: 'data' | number;
  /** Shooting-vector domain: the proper ball (default) or the paper's unrestricted tangent plane. */
  vDomain: 'ball' | 'plane';
  /** Public radius of the ball domain; default: injectivity radius, or 2(τ_m + τ) where that is infinite. */
  vRadius?: number;
  burnIn: number;
  /** 'independent': each draw is the final state of its own chain; 'consecutive': the paper's App. A scheme. */
  scheme: 'independent' | 'consecutive';
  /** Number of footpoints, and of shooting vectors per footpoint. */
  m: number;
  /** Proposal radius η = stepScale·σ. */
  stepScaleP: number;
  stepScaleV: number;
  /** Adapt the step during burn-in toward this acceptance rate. */
  adaptTarget?: number;
  /** Record the potential every this many steps (0: no trace). */
  traceEvery?: number;
}

export const DEFAULT_KNG_SETTINGS: KngSettings = {
  epsP: 1,
  epsV: 1,
  sigmaRule: 'paper',
  tau: 'data',
  tauM: 'data',
  vDomain: 'ball',
  burnIn: 1000,
  scheme: 'independent',
  m: 10,
  stepScaleP: 5,
  stepScaleV: 15,
  traceEvery: 0,
};

/** The acceptance rate the lab's adaptive step (and the CLI's --adaptive) steers each chain toward in burn-in. */
export const KNG_ADAPT_TARGET = 0.3;

/**
 * The sampler as paper 000 plausibly ran it (our reading of its App. A and Fig. 3): one chain per parameter
 * started at the non-private estimate, consecutive draws, a short burn-in and small steps — the chains barely
 * leave the start. The lab's default (independent chains, burn-in 1000, steps 5σ_p and 15σ_v) mixes.
 */
export const PAPER_SAMPLER = {
  scheme: 'consecutive',
  burnIn: 100,
  stepScaleP: 0.2,
  stepScaleV: 0.2,
} as const satisfies Partial<KngSettings>;

export type KngSampler = 'mixed' | 'paper';

/** The settings with the paper's sampler (`paper`) or as they are (`mixed`). */
export function withSampler(s: KngSettings, sampler: KngSampler): KngSettings {
  return sampler === 'paper' ? { ...s, ...PAPER_SAMPLER } : s;
}
