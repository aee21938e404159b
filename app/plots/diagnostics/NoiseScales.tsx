/** The release's noise scales and the sensitivities they come from. */
import type { ReleaseCell } from '../../../src/experiments';
import { fmt } from '../chart';

export function NoiseScales({ cal }: { cal: ReleaseCell }) {
  const joint = cal.joint;
  if (joint)
    return (
      <p className="plot-readout">
        Noise scales: σ<sub>p</sub> = {fmt(cal.sigmaP)}, σ<sub>v</sub> = {fmt(cal.sigmaV)}
        {Number.isFinite(joint.sigmaE) && (
          <>
            , σ<sub>E</sub> = {fmt(joint.sigmaE)}
          </>
        )}{' '}
        (sensitivities Δ<sub>p</sub> = {fmt(cal.deltaP)}, Δ<sub>v</sub> = {fmt(cal.deltaV)}
        {Number.isFinite(joint.deltaE) && (
          <>
            , Δ<sub>E</sub> = {fmt(joint.deltaE)}
          </>
        )}
        , from the public clip c = {fmt(joint.clip)}); each draw is {fmt(joint.epsilon)}-DP for the exact
        target.
      </p>
    );
  return (
    <p className="plot-readout">
      Noise scales: σ<sub>p</sub> = {fmt(cal.sigmaP)}, σ<sub>v</sub> = {fmt(cal.sigmaV)} (sensitivities Δ
      <sub>p</sub> = {fmt(cal.deltaP)}, Δ<sub>v</sub> = {fmt(cal.deltaV)}, τ = {fmt(cal.tau)}
      {cal.isPrivate ? '' : ', data-driven: not private'}).
    </p>
  );
}
