import { useLab } from '../../store';
import type { ShapeProjector, ShapesAtAge } from '../../views2d/shapesGeometry';
import { ageColour, Outline, ShapeSvg, ShapesLegend } from '../../views2d/shapesView';

/** The outlines at all listed ages in one view, colour encoding age, with the colours' key. */
export function AgeOverlay(props: {
  atAges: readonly ShapesAtAge[];
  projector: ShapeProjector;
  stale: boolean;
  yrs(a: number): string;
}) {
  const { atAges, projector, yrs } = props;
  const showLandmarks = useLab((s) => s.settings.showLandmarks);
  return (
    <>
      <ShapeSvg
        projector={projector}
        className={props.stale ? 'shape-morph view2d-stale' : 'shape-morph'}
        testId="shape-overlay"
        label="Outlines at all chosen ages overlaid: colour encodes age, solid non-private, dashed private"
      >
        {atAges.map((a, r) =>
          a.selected ? (
            <Outline
              key={`p${r}`}
              shape={a.selected}
              projector={projector}
              role="private"
              colour={ageColour(r, atAges.length)}
              testId="panel-private"
            />
          ) : null,
        )}
        {atAges.map((a, r) => (
          <Outline
            key={`n${r}`}
            shape={a.nonPrivate}
            projector={projector}
            role="nonprivate"
            colour={ageColour(r, atAges.length)}
            landmarks={showLandmarks}
            testId="panel-nonprivate"
          />
        ))}
      </ShapeSvg>
      <ul className="age-legend" aria-label="Colours of the ages">
        {atAges.map((a, r) => (
          <li key={r}>
            <svg width="22" height="10" aria-hidden="true">
              <rect width="22" height="10" rx="2" fill={ageColour(r, atAges.length)} />
            </svg>
            {yrs(a.age)}
          </li>
        ))}
      </ul>
      <ShapesLegend others={0} data={false} byAge />
    </>
  );
}
