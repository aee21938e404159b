import type { RegressionData } from '../../../src/data';
import type { CovariateScale } from '../../../src/regression/covariates';
import { richText } from '../../help/richText';

/** Where the outlines come from: the synthetic model said plainly, or the imported file's description. */
export function DataNote(props: {
  data: RegressionData;
  fileName: string | null;
  scale: CovariateScale;
  /** Landmarks per outline. */
  landmarks: number;
}) {
  const { data, fileName, scale } = props;
  return !fileName ? (
    <p className="view2d-note" data-testid="synthetic-note">
      <strong>
        Synthetic corpus-callosum outlines (anterior left) — the ADNI shapes of the paper cannot be shipped;
        load your own landmarks to use real data.
      </strong>{' '}
      {data.ys.length} simulated subjects aged {Math.round(scale.min)}–{Math.round(scale.max)},{' '}
      {props.landmarks} boundary landmarks each; the model thins the body and splenium with age.
    </p>
  ) : (
    <p className="view2d-note">{fileName ? data.description : richText(data.description)}</p>
  );
}
