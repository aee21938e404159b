/**
 * Kendall shape space / corpus callosum (paper 000, Fig. 3): the outline predicted at chosen ages by the
 * non-private geodesic regression (solid) and by one private release (dashed), an age slider that morphs the
 * prediction, landmarks on demand. All shapes are centred, of unit size and Procrustes-aligned to the
 * non-private prediction at the same age, so they overlay. The parts are in ./kendall/.
 */
import { useMemo, useState } from 'react';
import { useAuditRecord } from '../../audit/record';
import { useWorkspaceData } from '../../compute/useData';
import { ReleaseStatus } from '../../release/ReleaseStatus';
import { lnMeanMse } from '../../release/releasedPairs';
import { useLab } from '../../store';
import { shapesAtAges } from '../../views2d/shapesGeometry';
import { AgeOutlines } from './AgeOutlines';
import { AuditRecordView } from './AuditRecordView';
import { useCovariate } from './covariate';
import { DataNote } from './DataNote';
import { DrawControls } from './DrawControls';
import { Fig3Caption } from './Fig3Caption';
import { KendallExplain } from './KendallExplain';
import { LandmarkControl } from './LandmarkControl';
import { MorphView } from './MorphView';
import { MseNote } from './MseNote';
import { useShapeProjectors } from './projectors';
import { useKendallRelease } from './useKendallRelease';

export function KendallWorkspace() {
  const { M, data, fileName } = useWorkspaceData();
  const ages = useLab((s) => s.settings.ages);
  // View state (local: not part of the shareable lab state).
  const [pairNo, setPairNo] = useState(1);
  const [showOthers, setShowOthers] = useState(true);
  const [showData, setShowData] = useState(true);

  const covariate = useCovariate(data.xRange, data.xLabel);
  const { scale } = covariate;
  const { dim, cells, stale, fit, pairs, selected, others, fig3, paperRun, paperSelected, frame } =
    useKendallRelease(M, data.ys, pairNo, showOthers);

  // Shapes at the listed ages (Fig. 3) — a few Exp maps of at most 50 landmarks: cheap.
  const atAges = useMemo(
    () => (frame ? shapesAtAges(frame, ages, scale.toUnit, selected, paperSelected) : []),
    [frame, ages, scale, selected, paperSelected],
  );
  const projectors = useShapeProjectors(frame, atAges);
  const audit = useAuditRecord();
  const synthetic = !fileName;

  return (
    <section className="panel workspace-kendall" aria-labelledby="kendall-title">
      <h2 id="kendall-title">Shape regression: corpus-callosum outlines against {covariate.unit}</h2>
      <DataNote data={data} fileName={fileName} scale={scale} landmarks={dim / 2} />
      {fig3 && (
        <Fig3Caption
          dim={M.dim}
          lnNp={fit?.lnMse ?? null}
          lnMixed={lnMeanMse(cells, dim)}
          lnPaper={lnMeanMse(paperRun.cells, dim)}
        />
      )}
      <ReleaseStatus dim={dim} />
      {synthetic && <LandmarkControl M={M} cells={cells} fit={fit} pairs={pairs} />}

      <MorphView
        frame={frame}
        covariate={covariate}
        data={data}
        selected={selected}
        others={others}
        showData={showData}
        projector={projectors.morph}
        stale={stale}
        synthetic={synthetic}
        pickable={audit !== null}
      />
      <AuditRecordView
        audit={audit}
        frame={frame}
        dim={dim}
        projector={projectors.morph}
        covariate={covariate}
      />
      <DrawControls
        pairNo={pairNo}
        pairCount={pairs.length}
        onPairNo={setPairNo}
        showOthers={showOthers}
        onShowOthers={setShowOthers}
        showData={showData}
        onShowData={setShowData}
        isAge={covariate.isAge}
      />
      <MseNote selected={selected} lnNonPrivate={fit?.lnMse ?? null} shapeDim={M.dim} />

      <AgeOutlines
        atAges={atAges}
        covariate={covariate}
        projectors={projectors}
        stale={stale}
        fig3={fig3}
        paperStatus={paperRun.status}
      />

      <KendallExplain
        pairIndex={selected?.index}
        pairCount={pairs.length}
        unit={covariate.unit}
        scale={scale}
        synthetic={synthetic}
        shapeDim={M.dim}
      />
    </section>
  );
}
