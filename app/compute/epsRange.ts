/**
 * The total-ε range of the live "error against ε" sweep, chosen from the settings so that it reaches the
 * budgets where the curves move. The privacy noise scale is σ = c·Δ/ε with Δ ∝ τ (000, Thm 3.3;
 * c = 1 for the paper's rule, 2 for the strict one), so the ε at which the curves fall from "noise swamps the
 * fit" to "at the non-private error" scales with c·τ. With the paper's data-driven τ (about 0.1 on the lab's
 * default data) the curves move over ε ≈ 0.01 … 3 on every manifold; a public τ = π moves them ~30× to the
 * right (measured: sphere, strict rule, n = 20 and 100 — flat up to ε ≈ 1, at the non-private line by ε ≈ 300).
 */
import { releaseMechanism, type LabSettings } from '../state/settings';

/** Lower end of the range: where every manifold's curves are flat (the noise swamps the fit). */
export const EPS_RANGE_LOW = 0.01;
/** Upper end of the range for the paper's settings (data-driven τ, σ = Δ/ε). */
export const EPS_RANGE_HIGH = 10;
/** The typical data-driven τ of the lab's default data, against which a public τ is compared. */
const TYPICAL_DATA_TAU = 0.1;

/** The next value ≥ x of the 1-2-5 sequence (10, 20, 50, 100, …), so the axis ends on a readable number. */
export function niceCeil(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) if (m * p >= x * (1 - 1e-12)) return m * p;
  return 10 * p;
}

/** The next value ≤ x of the 1-2-5 sequence (0.01, 0.02, 0.05, …). */
export function niceFloor(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [5, 2, 1]) if (m * p <= x * (1 + 1e-12)) return m * p;
  return p;
}

/** The values of the 1-2-5 sequence in [low, high], with both ends (log-spaced plot positions). */
export function grid125(low: number, high: number): number[] {
  const out = [low];
  for (let p = 10 ** Math.floor(Math.log10(low)); p <= high; p *= 10)
    for (const m of [1, 2, 5]) {
      const v = +(m * p).toPrecision(12);
      if (v > low * (1 + 1e-12) && v < high * (1 - 1e-12)) out.push(v);
    }
  if (high > low) out.push(high);
  return out;
}

/** The σ rule's factor in the noise scale σ = c·Δ/ε (c = 2 for the strict rule). */
export const ruleFactor = (s: Pick<LabSettings, 'sigmaRule'>) => (s.sigmaRule === 'strict' ? 2 : 1);

/** How far right the curves move, relative to the paper's settings. */
export function noiseFactor(
  s: Pick<LabSettings, 'sigmaRule' | 'tauMode' | 'tau'> &
    Partial<Pick<LabSettings, 'workspace' | 'mechanism'>>,
): number {
  // the joint release's σ = 2·(2c/n)/ε with the clip c = 0.1: the strict rule at the typical data τ
  if (
    s.workspace &&
    s.mechanism &&
    releaseMechanism({ workspace: s.workspace, mechanism: s.mechanism }) === 'kng-joint'
  )
    return 2;
  const rule = ruleFactor(s);
  return s.tauMode === 'public' ? Math.max(1, (rule * s.tau) / TYPICAL_DATA_TAU) : rule;
}

/**
 * The ε range of an error-vs-ε plot whose curves move over EPS_RANGE_LOW … EPS_RANGE_HIGH at the reference
 * settings and `factor` times further right when the noise scale is `factor` times larger (σ ∝ 1/ε): the upper
 * end always moves, the lower one too unless `fixedLow` (the regression curves are flat below 0.01 whatever the
 * factor). Ends on the 1-2-5 sequence; always includes the current ε.
 */
export function scaledEpsRange(factor: number, eps: number, fixedLow = false): [number, number] {
  const f = Number.isFinite(factor) && factor > 0 ? factor : 1;
  const low = fixedLow ? EPS_RANGE_LOW : Math.max(1e-4, niceFloor(EPS_RANGE_LOW * f));
  const high = Math.min(1e4, niceCeil(EPS_RANGE_HIGH * f));
  return [Math.min(low, eps), Math.max(high, eps)];
}

/** [low, high] of the total-ε sweep (log-spaced), always including the current total ε. */
export function equalEpsRange(
  s: Pick<LabSettings, 'sigmaRule' | 'tauMode' | 'tau' | 'eps'> &
    Partial<Pick<LabSettings, 'workspace' | 'mechanism'>>,
): [number, number] {
  return scaledEpsRange(noiseFactor(s), s.eps, true);
}
