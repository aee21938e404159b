import { startAudit } from '../../compute/audit';
import { useLab, type PaperSamplerRun } from '../../store';
import type { ShapeProjector, ShapesAtAge } from '../../views2d/shapesGeometry';
import { Outline, ShapeSvg } from '../../views2d/shapesView';

/**
 * Fig. 3's second row: the same release drawn with the paper's sampler, and buttons that audit either sampler
 * (an accurate-looking chain may be one that leaks).
 */
export function PaperPanels(props: {
  atAges: readonly ShapesAtAge[];
  projector: ShapeProjector;
  status: PaperSamplerRun['status'];
  yrs(a: number): string;
}) {
  const { atAges, projector, yrs } = props;
  const set = useLab((s) => s.set);
  return (
    <>
      <h4 className="view2d-section-title">
        The same release with paper 000&apos;s sampler (one chain started at the non-private fit)
      </h4>
      <div className="shape-panels" data-testid="paper-panels" data-status={props.status}>
        {atAges.map((a, r) => (
          <figure key={r}>
            <ShapeSvg
              projector={projector}
              label={`Outlines at ${yrs(a.age)}, paper sampler: non-private solid, private dashed`}
            >
              {a.paper && (
                <Outline
                  shape={a.paper}
                  projector={projector}
                  role="private"
                  compact
                  testId="paper-private"
                />
              )}
              <Outline shape={a.nonPrivate} projector={projector} role="nonprivate" compact />
            </ShapeSvg>
            <figcaption>{yrs(a.age)}</figcaption>
          </figure>
        ))}
      </div>
      <div className="view2d-controls">
        {(['mixed', 'paper'] as const).map((sampler) => (
          <button
            key={sampler}
            type="button"
            data-testid={`fig3-audit-${sampler}`}
            onClick={() => {
              set({ plotTab: 'audit', auditMechanism: 'kng', auditSampler: sampler });
              startAudit();
            }}
          >
            Audit the {sampler === 'mixed' ? "lab's mixed chains" : "paper's sampler"}
          </button>
        ))}
      </div>
    </>
  );
}
