import {
  MIXTURE_MAX_DIMENSION,
  mixtureStepsFactor,
  WALK_SAMPLER,
  type KngJointSettings,
  type MIXTURE_SAMPLER,
} from './calibration';

/** The fields that say which sampler runs and how long. */
export type JointSamplerFields = Pick<KngJointSettings, keyof typeof MIXTURE_SAMPLER>;

/**
 * The sampler that runs on a space of dimension `dim`: the settings' own, or the walk where the mixture does not
 * apply (above MIXTURE_MAX_DIMENSION); where the settings carry the budget's weights ε_p and ε_v, the mixture's
 * steps scaled by mixtureStepsFactor (longer at extreme splits). Public: it depends on the settings and the space
 * alone. prepareKngJoint also falls back to the walk where the linearisation fails on the data; its context's
 * settings say what ran.
 */
export function jointSamplerInForce<S extends JointSamplerFields & { epsP?: number; epsV?: number }>(
  settings: S,
  dim: number,
): S {
  if (settings.proposal !== 'mixture') return settings;
  if (dim > MIXTURE_MAX_DIMENSION) return { ...settings, ...WALK_SAMPLER };
  if (settings.epsP === undefined || settings.epsV === undefined) return settings;
  const factor = mixtureStepsFactor(settings.epsP, settings.epsV);
  if (factor === 1) return settings;
  return {
    ...settings,
    burnIn: Math.round(settings.burnIn * factor),
    frozenSteps: Math.round(settings.frozenSteps * factor),
  };
}

/**
 * The steps of the chains at each of `splits` (shares ε_p/(ε_p + ε_v)) where they differ from `inForce`'s, the
 * sampler in force without a budget: the mixture runs longer at extreme splits. For the exports of sweeps and
 * advice, which name the even split's steps beside these.
 */
export function longerStepsAtSplits(
  inForce: JointSamplerFields,
  dim: number,
  splits: readonly number[],
): { split: number; burnIn: number; frozenSteps: number }[] {
  return [...new Set(splits)].flatMap((split) => {
    const { burnIn, frozenSteps } = jointSamplerInForce({ ...inForce, epsP: split, epsV: 1 - split }, dim);
    return burnIn === inForce.burnIn && frozenSteps === inForce.frozenSteps
      ? []
      : [{ split, burnIn, frozenSteps }];
  });
}

/**
 * One release's chain in words, from the settings in force: what the kernel proposes, how it leaves a wrong
 * well, and its steps (the adapting ones, then the frozen ones; the draw is the final state).
 */
export function jointSamplerInWords(s: JointSamplerFields): string {
  const steps =
    `it adapts its step for ${s.burnIn.toLocaleString('en')} steps and runs ` +
    `${s.frozenSteps.toLocaleString('en')} more with it fixed`;
  if (s.proposal === 'mixture') {
    const share = Math.round((s.independenceWeight ?? 0.5) * 100);
    return (
      `Each chain starts at a public point; ${share}% of its moves are independent draws from the target ` +
      `linearised at the non-private fit or from copies of it up to 64 times wider (these leave a wrong well at ` +
      `their first acceptance), the rest small ` +
      `random steps; ${steps}.`
    );
  }
  const hotter = s.replicas - 1;
  const exchange =
    hotter > 0
      ? ` and trades states with ${hotter} hotter ${hotter === 1 ? 'copy' : 'copies'} of itself (flatter targets), ` +
        `so it can swap its way out of a wrong well`
      : '';
  return `Each chain starts at a public point, takes small random steps${exchange}; ${steps}.`;
}

/** The sampler's fields of a release's settings (what a cell reports of the chain that ran). */
export function samplerFields(s: JointSamplerFields): JointSamplerFields {
  const { proposal, independenceWeight, replicas, burnIn, frozenSteps } = s;
  return { proposal, independenceWeight, replicas, burnIn, frozenSteps };
}
