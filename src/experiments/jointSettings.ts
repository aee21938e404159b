import type { KngSettings } from '../privacy/kng';
import {
  DEFAULT_KNG_JOINT,
  splitJointBudget,
  WALK_SAMPLER,
  type MIXTURE_SAMPLER,
  type KngJointSettings,
} from '../privacy/kngJoint/calibration';
import type { DataSource } from './regressionSetup';

/*
 * What the lab's page needs of a kng-joint release without its sampler: the cell count of a job and the settings
 * from the lab's budget (jointRelease.ts has the rest).
 */

/** kng-joint's settings as a job gives them: the space's clip and the generator's range unless named. */
export type JointSettingsInput = Omit<KngJointSettings, 'clip' | 'xRange'> & {
  /** Default: the space's (DEFAULT_DOMAIN). */
  clip?: number;
  /** Public covariate range in the data's own units; default: the generator's range (synthetic data). */
  xRange?: readonly [number, number];
};

/** The joint release's sampler: the mixture of the walk with independence draws (the default) or the walk. */
export type JointSampler = 'walk' | 'mixture';

/**
 * The settings a sampler sets over DEFAULT_KNG_JOINT's (whose sampler is the mixture): none without a sampler or
 * with 'mixture' (so a spec without one is the default release), WALK_SAMPLER's fields for the walk.
 */
export function jointSamplerSettings(
  sampler: JointSampler | undefined,
): Partial<Pick<KngJointSettings, keyof typeof MIXTURE_SAMPLER>> {
  return sampler === 'walk' ? { ...WALK_SAMPLER } : {};
}

/** A kng-joint release job: its data, settings and seed. */
export interface JointReleaseSpec {
  source: DataSource;
  joint: JointSettingsInput;
  seed: number;
  /** Also run chains started at the non-private fit (the start-agreement diagnostic; never released). */
  fromFit?: boolean;
}

/** Cells of a kng-joint release job: one chain each. */
export const jointReleaseCellCount = (spec: JointReleaseSpec): number => spec.joint.m;

/**
 * kng-joint's settings from the lab's KNG budget: ε_p + ε_v is the release's total, of which the space's energy
 * share goes to the energy term and the rest is shared by the split.
 */
export function jointSettingsFromBudget(
  kng: Pick<KngSettings, 'epsP' | 'epsV' | 'm'>,
  kind: string | undefined,
  sampler?: JointSampler,
): JointSettingsInput {
  const total = kng.epsP + kng.epsV;
  return {
    ...DEFAULT_KNG_JOINT,
    ...jointSamplerSettings(sampler),
    ...splitJointBudget(total, kng.epsP / total, kind),
    m: kng.m,
  };
}
