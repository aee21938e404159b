/** The settings every mechanism of the table reads, and the helpers their preparations share. */
import type { SpdMetric } from '../../geometry/spd';
import type { FrechetConformalSettings } from '../../privacy/frechet/settings';
import type { GaussianCalibration } from '../../privacy/frechet/tangentGaussian';
import type { KngSettings } from '../../privacy/kng';
import type { LinregSettings } from '../../privacy/linreg';
import type { Mechanism, MechanismData, PreparedMechanism } from '../../privacy/mechanism';
import type { SigmaRule } from '../../privacy/sensitivity';
import type { JointSampler } from '../jointSettings';

/** Settings of the Fréchet-mean mechanisms (the public data ball and the calibration). */
export interface FrechetMechanismSettings {
  /** SPD metric of the mean and of the intrinsic mechanisms (ignored elsewhere). */
  metric: SpdMetric;
  /** Public data radius (sphere: cap radius r; SPD: 002's r, ball √k·r around I; R^d: ball radius). */
  radius: number;
  delta: number;
  calibration: GaussianCalibration;
  sigmaRule: SigmaRule;
  rlSampler?: 'exact' | 'mcmc';
  burnIn?: number;
  conformal?: FrechetConformalSettings;
}

/** Everything any mechanism of the table reads. */
export interface MechanismSettings {
  /** Total budget of the Fréchet and linear-regression mechanisms (KNG reads ε_p, ε_v from `kng`). */
  eps: number;
  kng: KngSettings;
  frechet: FrechetMechanismSettings;
  linreg: LinregSettings;
  /** kng-joint's sampler (default 'walk'; 'mixture' applies MIXTURE_SAMPLER). */
  jointSampler?: JointSampler;
}

export type TableMechanism = Mechanism<MechanismSettings>;

export const concat = (a: Float64Array, b: Float64Array) => {
  const out = new Float64Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

/** ρ(o, o′)/σ for a location family exp(−ρ(z, o)/σ)/Z with Z independent of o; null when the σ differ. */
export function locationLoss(
  self: PreparedMechanism,
  other: PreparedMechanism,
  rho: (a: Float64Array, b: Float64Array) => number,
) {
  const s = self.calibration.sigma;
  return s === other.calibration.sigma ? rho(self.nonPrivate, other.nonPrivate) / s : null;
}

export function needCovariates(data: MechanismData, who: string): Float64Array {
  if (!data.xs) throw new RangeError(`${who}: needs regression data (covariates and responses)`);
  return data.xs;
}
