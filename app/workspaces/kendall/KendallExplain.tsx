import type { CovariateScale } from '../../../src/regression/covariates';
import { Brief } from '../../help/Brief';
import { fmt } from '../../views2d/svgUtils';

/** What the outlines are: points of Kendall's shape space, Procrustes-aligned, one release not an average. */
export function KendallExplain(props: {
  /** The highlighted pair's number, if any. */
  pairIndex: number | undefined;
  pairCount: number;
  unit: string;
  scale: CovariateScale;
  synthetic: boolean;
  /** The shape space's dimension. */
  shapeDim: number;
}) {
  const { unit, scale } = props;
  return (
    <div className="view2d-explain">
      <Brief
        short={
          <>
            <strong>What is drawn.</strong> Solid: the non-private prediction; dashed: one private release
            (pair #{props.pairIndex ?? 1} of {props.pairCount || 'm²'}), what a single private publication
            would show.
          </>
        }
        more={
          <>
            Every outline is a point of Kendall&apos;s shape space: position, size and rotation are removed
            (each outline is centred, scaled to unit size and rotated to best match the non-private prediction
            at the same {unit} — Procrustes alignment), so only the shape differs. The solid outline is the
            non-private geodesic regression Exp(p̂, x v̂), with x = ({unit} − {fmt(scale.min)}) /{' '}
            {fmt(scale.max - scale.min)} the covariate rescaled to [0, 1]; the dashed one is Exp(p̃, x ṽ).
            Draws are not averaged: averaging many releases would spend the privacy budget many times over.
            The dotted outlines are other draws, to show the spread.
          </>
        }
      />
      {props.synthetic && (
        <p>
          Look at the body and the splenium (right): the synthetic model thins them with age, so the outline
          slims as the slider moves right. A shape has {props.shapeDim} degrees of freedom, so the private
          noise is spread over many directions: at small ε the private outlines can be far from the
          non-private one.
        </p>
      )}
    </div>
  );
}
