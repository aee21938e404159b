import type { KngSettings } from '../privacy/kng';
import { DEFAULT_KNG_JOINT, splitJointBudget } from '../privacy/kngJoint/calibration';
import type { JointReleaseSpec, JointSettingsInput } from './jointRelease';

/*
 * What the lab's page needs of a kng-joint release without its sampler: the cell count of a job and the settings
 * from the lab's budget (jointRelease.ts has the rest).
 */

/** Cells of a kng-joint release job: one chain each. */
export const jointReleaseCellCount = (spec: JointReleaseSpec): number => spec.joint.m;

/**
 * kng-joint's settings from the lab's KNG budget: ε_p + ε_v is the release's total, of which the space's energy
 * share goes to the energy term and the rest is shared by the split.
 */
export function jointSettingsFromBudget(
  kng: Pick<KngSettings, 'epsP' | 'epsV' | 'm'>,
  kind: string | undefined,
): JointSettingsInput {
  const total = kng.epsP + kng.epsV;
  return { ...DEFAULT_KNG_JOINT, ...splitJointBudget(total, kng.epsP / total, kind), m: kng.m };
}
