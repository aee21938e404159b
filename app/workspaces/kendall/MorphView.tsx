import { useMemo, useState } from 'react';
import type { RegressionData } from '../../../src/data';
import { pickAuditRecord } from '../../audit/record';
import type { ReleasedPair } from '../../release/releasedPairs';
import { useLab } from '../../store';
import { AgeSlider } from '../../views2d/shapesControls';
import {
  defaultSliderAge,
  morphShapes,
  nearSubjects,
  sliderRange,
  type ShapeFrame,
  type ShapeProjector,
} from '../../views2d/shapesGeometry';
import { Outline, ShapeSvg, ShapesLegend } from '../../views2d/shapesView';
import { NEAR_YEARS } from './constants';
import type { Covariate } from './covariate';

/**
 * The morph view: an age slider and the outline predicted there, non-private solid against the highlighted
 * release dashed, with other draws and the subjects near that age (in the Audit tab a click on a subject makes
 * it the replaced record).
 */
export function MorphView(props: {
  frame: ShapeFrame | null;
  covariate: Covariate;
  data: RegressionData;
  selected: ReleasedPair | null;
  others: readonly ReleasedPair[];
  showData: boolean;
  projector: ShapeProjector | null;
  stale: boolean;
  synthetic: boolean;
  /** A click on a subject picks the audit's record (the Audit tab is shown). */
  pickable: boolean;
}) {
  const { frame, data, selected, others, showData, projector, stale } = props;
  const { scale, unit, yrs } = props.covariate;
  const ages = useLab((s) => s.settings.ages);
  const showLandmarks = useLab((s) => s.settings.showLandmarks);
  // The slider moves in round steps (0.5 year for ages 50–90) inside the data's range.
  const { step, min: sliderMin, max: sliderMax } = sliderRange(scale.min, scale.max);
  const [rawSliderAge, setSliderAge] = useState(() => defaultSliderAge(ages, sliderMin, sliderMax));
  // Kept inside the range when the data change.
  const sliderAge = Math.min(sliderMax, Math.max(sliderMin, rawSliderAge));

  const xSlider = scale.toUnit(sliderAge);
  const morph = useMemo(() => {
    if (!frame) return null;
    const near = showData ? nearSubjects(data.xs, xSlider, NEAR_YEARS / (scale.max - scale.min)) : [];
    return morphShapes(frame, xSlider, selected, others, data.ys, near);
  }, [frame, xSlider, selected, others, showData, data, scale]);

  return (
    <>
      <div className="view2d-controls">
        <AgeSlider
          label={`${unit} of the predicted outline`}
          value={sliderAge}
          min={sliderMin}
          max={sliderMax}
          step={step}
          display={yrs(sliderAge)}
          onChange={setSliderAge}
        />
      </div>
      {morph && projector ? (
        <ShapeSvg
          projector={projector}
          className={stale ? 'shape-morph view2d-stale' : 'shape-morph'}
          testId="shape-morph"
          label={`Predicted outline at ${yrs(sliderAge)}: non-private solid, private dashed`}
        >
          {morph.near.map(({ i, z }) =>
            props.pickable ? (
              // with the Audit tab shown, a click on a subject's outline makes it the replaced record
              <g key={`d${i}`} onClick={() => pickAuditRecord(i + 1)} className="pickable-outline">
                <title>{`subject ${i + 1}: click to make it the audited record`}</title>
                <Outline shape={z} projector={projector} role="data" />
              </g>
            ) : (
              <Outline key={`d${i}`} shape={z} projector={projector} role="data" />
            ),
          )}
          {morph.others.map((z, i) => (
            <Outline key={`o${i}`} shape={z} projector={projector} role="private-other" />
          ))}
          {morph.selected && (
            <Outline
              shape={morph.selected}
              projector={projector}
              role="private"
              landmarks={showLandmarks}
              testId="morph-private"
            />
          )}
          <Outline
            shape={morph.nonPrivate}
            projector={projector}
            role="nonprivate"
            landmarks={showLandmarks}
            testId="morph-nonprivate"
          />
          <text x={10} y={6} dominantBaseline="hanging" className="shape-title">
            {yrs(sliderAge)}
          </text>
        </ShapeSvg>
      ) : (
        <p className="hint" data-testid="shape-waiting">
          The non-private fit is computed in the background with the release; the outlines appear when it
          arrives.
        </p>
      )}
      {morph && projector && props.synthetic && (
        // under the view, not in it: the view scales with its box, and these stay readable and apart
        <p className="shape-axis-labels">
          <span>← anterior (genu)</span>
          <span>posterior (splenium) →</span>
        </p>
      )}
      <ShapesLegend others={morph?.others.length ?? 0} data={(morph?.near.length ?? 0) > 0} />
    </>
  );
}
