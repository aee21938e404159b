/** The joint release's settings the kng-joint tests start from: the defaults, clip 0.1, covariates in [0, 1]. */
import { DEFAULT_KNG_JOINT, type KngJointSettings } from './calibration';

export const testSettings = (over: Partial<KngJointSettings> = {}): KngJointSettings => ({
  ...DEFAULT_KNG_JOINT,
  clip: 0.1,
  xRange: [0, 1],
  ...over,
});
