import { useLab } from '../../store';
import type { ShapeProjector, ShapesAtAge } from '../../views2d/shapesGeometry';
import { Outline, ShapeSvg } from '../../views2d/shapesView';

/** One small panel per listed age: the non-private outline solid, the highlighted release dashed. */
export function AgePanels(props: {
  atAges: readonly ShapesAtAge[];
  projector: ShapeProjector;
  stale: boolean;
  yrs(a: number): string;
}) {
  const { atAges, projector, yrs } = props;
  const showLandmarks = useLab((s) => s.settings.showLandmarks);
  return (
    <div className={props.stale ? 'shape-panels view2d-stale' : 'shape-panels'} data-testid="shape-panels">
      {atAges.map((a, r) => (
        <figure key={r} data-testid="age-panel">
          <ShapeSvg
            projector={projector}
            label={`Outlines at ${yrs(a.age)}: non-private solid, private dashed`}
          >
            {a.selected && (
              <Outline
                shape={a.selected}
                projector={projector}
                role="private"
                landmarks={showLandmarks}
                compact
                testId="panel-private"
              />
            )}
            <Outline
              shape={a.nonPrivate}
              projector={projector}
              role="nonprivate"
              landmarks={showLandmarks}
              compact
              testId="panel-nonprivate"
            />
          </ShapeSvg>
          <figcaption>
            {yrs(a.age)}
            {a.extrapolated && <small> (extrapolated: outside the data)</small>}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
