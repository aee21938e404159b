import { AuditRecordLegend, type AuditRecordState } from '../../audit/record';
import { RECORD_MARKS_3D } from '../../audit/RecordMarks3d';
import type { BudgetState } from '../../store';
import { VIEW_COLOURS as C } from '../../views3d/palette';
import { Swatch } from '../../views3d/Swatch';
import { BudgetLegend } from './BudgetLegend';

/** The sphere view's legend (Fig. 5: the budgets'), the audit's record in the Audit tab, and the keys. */
export function SphereLegend(props: {
  fig5: boolean;
  budgets: BudgetState;
  lnNp: number | null;
  /** Data points and private geodesics drawn. */
  nData: number;
  nPrivate: number;
  audit: AuditRecordState | null;
}) {
  const { audit } = props;
  return (
    <aside className="view-legend" aria-label="Legend">
      {props.fig5 ? (
        <BudgetLegend budgets={props.budgets} lnNp={props.lnNp} />
      ) : (
        <>
          <h3>Legend</h3>
          <ul>
            <li>
              <Swatch kind="dot" colour={C.sphereData} />
              <span>data yᵢ ({props.nData})</span>
            </li>
            <li>
              <Swatch kind="solid" colour={C.sphereNonPrivate} />
              <span>
                <strong>solid</strong>: non-private geodesic Exp(p̂, x v̂), x ∈ [0, 1]; the cone marks x = 1
              </span>
            </li>
            <li>
              <Swatch kind="dashed" colour={C.private} />
              <span>
                <strong>dashed</strong>: private geodesics Exp(p̃, x ṽ) ({props.nPrivate})
              </span>
            </li>
            <li>
              <Swatch kind="square" colour={C.footpoint} />
              <span>private footpoints p̃</span>
            </li>
            <li>
              <Swatch kind="ring" colour={C.selected} />
              <span>selected point and its residual</span>
            </li>
          </ul>
        </>
      )}
      {audit && (
        <AuditRecordLegend
          record={audit}
          marks={RECORD_MARKS_3D}
          pickHint="Click a data point to replace that one instead."
        />
      )}
      <p className="hint" id="sphere-keys">
        Drag to rotate, wheel to zoom; click a point for its covariate. Keyboard (focus the view): ← → ↑ ↓
        rotate, + − zoom, Home resets, N / P step through the points, Esc clears.
      </p>
    </aside>
  );
}
