import type { RegressionData } from '../../../src/data';
import { formatFixed, formatSignificant } from '../../format';
import { SPHERE_VIEW as SV } from '../../views3d/sphereView';
import type { P3 } from './lift';

/** The selected point's covariate (in the data's units) and its residual to the non-private fit. */
export function PointReadout(props: {
  index: number;
  data: RegressionData;
  /** The point and its fitted value, as drawn (at radius SV.pointLift). */
  point: P3;
  fitted: P3 | null;
  onClear(): void;
}) {
  const { index: sel, data, point, fitted } = props;
  const [x0, x1] = data.xRange;
  const unitsDiffer = x0 !== 0 || x1 !== 1;
  return (
    <div className="view3d-readout" data-testid="sphere-readout" role="status" aria-live="polite">
      <strong>
        Point {sel + 1} of {data.ys.length}:
      </strong>{' '}
      <span data-testid="sphere-readout-x">
        {data.xLabel} = {formatSignificant(x0 + data.xs[sel] * (x1 - x0), 4)}
      </span>
      {unitsDiffer && <> (rescaled x = {formatFixed(data.xs[sel], 3)})</>}
      {fitted && (
        <>
          {' '}
          · residual to the non-private fit{' '}
          {formatFixed(
            2 *
              Math.asin(
                Math.min(
                  1,
                  Math.hypot(point[0] - fitted[0], point[1] - fitted[1], point[2] - fitted[2]) /
                    (2 * SV.pointLift),
                ),
              ),
            3,
          )}{' '}
          rad
        </>
      )}{' '}
      <button type="button" className="link-button" onClick={props.onClear} aria-label="Clear selection">
        ×
      </button>
    </div>
  );
}
