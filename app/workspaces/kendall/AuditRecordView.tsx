import { useMemo } from 'react';
import { AuditRecordLegend, isRecord, RECORD_COLOURS, type AuditRecordState } from '../../audit/record';
import { recordShapes, type ShapeFrame, type ShapeProjector } from '../../views2d/shapesGeometry';
import { Outline, ShapeSvg } from '../../views2d/shapesView';
import type { Covariate } from './covariate';

/**
 * The audit's changed record (Audit tab): as in D and as in D′, aligned to the prediction at its covariate,
 * with the audit's legend.
 */
export function AuditRecordView(props: {
  audit: AuditRecordState | null;
  frame: ShapeFrame | null;
  dim: number;
  projector: ShapeProjector | null;
  covariate: Covariate;
}) {
  const { audit, frame, dim, projector } = props;
  const { scale, yrs } = props.covariate;
  const rec = isRecord(audit) ? audit : null;
  const recordView = useMemo(
    () =>
      frame && rec && rec.before.length === dim ? recordShapes(frame, rec.x, rec.before, rec.after) : null,
    [frame, rec, dim],
  );
  return (
    <>
      {audit && recordView && rec && projector && (
        <figure className="audit-record-figure">
          <ShapeSvg
            projector={projector}
            testId="shape-audit-record"
            label={`The audited record ${rec.index + 1} at ${yrs(scale.toOriginal(rec.x))}: in D green solid, in D′ orange dashed, the non-private prediction at that age blue`}
          >
            <Outline shape={recordView.nonPrivate} projector={projector} role="nonprivate" />
            <Outline
              shape={recordView.before}
              projector={projector}
              role="nonprivate"
              colour={RECORD_COLOURS.D}
              testId="audit-record-d"
            />
            <Outline
              shape={recordView.after}
              projector={projector}
              role="private"
              colour={RECORD_COLOURS.D2}
              testId="audit-record-d2"
            />
            <text x={10} y={6} dominantBaseline="hanging" className="shape-title">
              record #{rec.index + 1} ({yrs(scale.toOriginal(rec.x))}): in D green, in D′ orange dashed
            </text>
          </ShapeSvg>
        </figure>
      )}
      {audit && (
        <AuditRecordLegend
          record={audit}
          marks={{
            D: 'outline',
            D2: 'dashed-outline',
            words: {
              D: 'green solid outline, beside the non-private prediction at its age in blue',
              D2: 'orange dashed outline',
            },
          }}
          pickHint="Click a grey subject outline in the view above to replace that one instead."
        />
      )}
    </>
  );
}
