import type { ReleasedPair } from '../../release/releasedPairs';
import { fmt } from '../../views2d/svgUtils';

/** The highlighted pair's error beside the non-private fit's, and why it can be far off. */
export function MseNote(props: {
  selected: ReleasedPair | null;
  /** ln MSE of the non-private fit; null before it arrives. */
  lnNonPrivate: number | null;
  /** The shape space's dimension. */
  shapeDim: number;
}) {
  const { selected, lnNonPrivate } = props;
  if (!selected || lnNonPrivate === null || !Number.isFinite(selected.mse)) return null;
  return (
    <p className="hint">
      {`ln MSE of pair #${selected.index}: ${fmt(Math.log(selected.mse))} (non-private: ${fmt(lnNonPrivate)})`}
      {Math.log(selected.mse) - lnNonPrivate > 2 && (
        <>
          {' '}
          — far from the non-private fit at this budget: a shape has {props.shapeDim} degrees of freedom for
          the noise to spread into. A larger ε (less private) brings the dashed outline closer.
        </>
      )}
    </p>
  );
}
