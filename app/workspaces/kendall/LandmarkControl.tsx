import { useMemo } from 'react';
import type { ReleaseCell } from '../../../src/experiments';
import type { Manifold } from '../../../src/geometry/types';
import { SliderField } from '../../controls/fields';
import { Brief } from '../../help/Brief';
import type { ReleasedPair } from '../../release/releasedPairs';
import { LIMITS, releaseMechanism } from '../../state/settings';
import { useLab } from '../../store';
import { fmt } from '../../views2d/svgUtils';
import { meanFootpointDistance } from './dimensionEffect';

/**
 * The landmark count of the synthetic outlines, and the dimension effect it drives: KNG's footpoint noise has
 * typical size d·σ_p (flat-space K-norm: a Gamma(d, σ_p) radius), against the shape space's diameter π/2.
 */
export function LandmarkControl(props: {
  M: Manifold;
  cells: readonly ReleaseCell[];
  fit: { pHat: Float64Array } | null;
  pairs: readonly ReleasedPair[];
}) {
  const { M, cells, fit, pairs } = props;
  const landmarks = useLab((s) => s.settings.landmarks);
  const joint = useLab((s) => releaseMechanism(s.settings) === 'kng-joint');
  const set = useLab((s) => s.set);
  const sigmaP = cells.find((c) => c.pHat.length === M.ambientDim)?.sigmaP;
  // Measured here: the released footpoints' mean distance from the non-private one.
  const footDistance = useMemo(
    () => (fit ? meanFootpointDistance(M, fit.pHat, pairs) : null),
    [M, fit, pairs],
  );
  return (
    <div className="view2d-controls landmark-control">
      <SliderField
        label="landmarks per outline"
        value={landmarks}
        min={LIMITS.landmarks[0]}
        max={LIMITS.landmarks[1]}
        step={1}
        display={`${landmarks} → d = ${2 * landmarks - 4}`}
        onChange={(k) => set({ landmarks: k })}
        testId="landmarks"
        className="view2d-slider"
        outputTestId="landmarks-value"
      />
      <Brief
        className="hint"
        testId="landmark-caption"
        attrs={{ 'data-dimension': M.dim, 'data-footpoint-distance': footDistance ?? undefined }}
        short={
          <>
            <strong>The dimension effect.</strong> With k landmarks a shape has d = 2k − 4 = {M.dim} degrees
            of freedom, and{' '}
            {joint
              ? 'a private footpoint’s noise grows with d'
              : 'KNG’s footpoint lies about d·σ_p from the fit'}
            {footDistance !== null &&
              ` (the released footpoints lie on average ${fmt(footDistance)} from the non-private one)`}
            .
          </>
        }
        more={
          joint ? (
            <>
              With k = 50, as in the paper, d = 96. The release private for any data spreads its noise over
              the footpoint&apos;s and the shooting vector&apos;s d directions each, and the farther it is
              from the fit the more room there is: at 50 landmarks its draws are noise at every n the lab
              offers; at 8 they match the non-private fit from about n = 2000. Fewer landmarks: less noise at
              the same ε, but a coarser outline.
            </>
          ) : (
            <>
              With k = 50, as in the paper, d = 96. KNG spreads its noise over all d directions (in flat space
              the footpoint&apos;s distance is Gamma(d, σ_p)), and the whole shape space is only π/2 ≈ 1.57
              across.
              {sigmaP !== undefined && (
                <>
                  {' '}
                  Here σ_p = {fmt(sigmaP)}, so d·σ_p = {fmt(M.dim * sigmaP)}.
                </>
              )}{' '}
              Fewer landmarks: less noise at the same ε, but a coarser outline.
            </>
          )
        }
      />
    </div>
  );
}
