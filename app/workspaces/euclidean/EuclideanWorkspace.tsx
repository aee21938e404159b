/**
 * Euclidean workspace (the flat special case, paper 001): scatter of (x, y), the non-private least-squares line
 * (solid) and the private lines of the release (dashed); one panel per response coordinate when d > 1.
 */
import { Brief } from '../../help/Brief';
import { richText } from '../../help/richText';
import { useMemo, useState } from 'react';
import { useReleaseCells, useWorkspaceData } from '../../compute/useData';
import {
  AuditRecordLegend,
  isRecord,
  pickAuditRecord,
  RECORD_COLOURS,
  useAuditRecord,
} from '../../audit/record';
import { useLab } from '../../store';
import { LinregComparison } from './LinregComparison';
import { covariateScale } from '../../../src/regression/covariates';
import { ScatterLegend, ScatterPlot, type UnitLine } from '../../views2d/scatterPlot';
import { PairPicker } from '../../views2d/shapesControls';
import { ReleaseStatus } from '../../release/ReleaseStatus';
import { nonPrivateFit, releasedPairs } from '../../release/releasedPairs';
import { useShownCells, fmt } from '../../views2d/svgUtils';

/** At most this many private lines besides the highlighted one (evenly spread over the release grid). */
const MAX_OTHERS = 100;

export function EuclideanWorkspace() {
  const { M, data, fileName } = useWorkspaceData();
  const currentCells = useReleaseCells();
  const figure = useLab((s) => s.settings.figure);
  const [pairNo, setPairNo] = useState(1);
  const [showOthers, setShowOthers] = useState(true);

  const d = M.ambientDim;
  // While a new release computes, the last one stays on screen, dimmed.
  const { cells, stale } = useShownCells(currentCells, d);
  const scale = useMemo(() => covariateScale(data.xRange[0], data.xRange[1]), [data.xRange]);
  const xLabel = data.xLabel || 'x';
  const fit = nonPrivateFit(cells, d);
  const pairs = useMemo(() => releasedPairs(cells, d), [cells, d]);
  const selected = pairs.length ? pairs[Math.min(pairNo, pairs.length) - 1] : null;
  const others = useMemo(() => {
    if (!showOthers) return [];
    const rest = pairs.filter((p) => p !== selected);
    const k = Math.min(MAX_OTHERS, rest.length);
    return Array.from({ length: k }, (_, i) => rest[Math.floor((i * rest.length) / k)]);
  }, [pairs, selected, showOthers]);

  // Per response coordinate: its values and lines.
  const panels = useMemo(
    () =>
      Array.from({ length: d }, (_, j) => ({
        j,
        ys: Float64Array.from(data.ys, (y) => y[j]),
        nonPrivate: fit ? ({ a: fit.pHat[j], b: fit.vHat[j] } satisfies UnitLine) : null,
        selected: selected ? ({ a: selected.p[j], b: selected.v[j] } satisfies UnitLine) : null,
        others: others.map((o) => ({ a: o.p[j], b: o.v[j] })),
      })),
    [d, data.ys, fit, selected, others],
  );
  const audit = useAuditRecord();
  const rec = isRecord(audit) ? audit : null;
  const yLabel = (j: number) => (d === 1 ? 'y' : `y${subscript(j + 1)} (coordinate ${j + 1})`);
  const lnNp = fit?.lnMse;

  return (
    <section className="panel workspace-euclidean" aria-labelledby="euclidean-title">
      <h2 id="euclidean-title">Euclidean regression: the flat special case</h2>
      <p className="view2d-note">
        {fileName ? data.description : richText(data.description)}
        {fileName ? '' : ' '}
        {!fileName &&
          'On flat space geodesic regression is ordinary least squares: p is the intercept at the smallest x, v the change across the range of x.'}
      </p>
      {figure && (figure === 'fig9' || figure === 'fig10') && (
        <p className="hint">
          This view shows the data and the lines; the figure itself is in the plots column.
        </p>
      )}
      <ReleaseStatus dim={d} />
      {d > 1 && (
        <p className="hint">
          {d} response coordinates: one panel each (the fit is joint; each panel shows one coordinate of the
          lines).
        </p>
      )}
      <div
        className={[d > 1 ? 'scatter-panels' : '', stale ? 'view2d-stale' : ''].join(' ').trim() || undefined}
        data-testid="scatter-panels"
      >
        {panels.map((p) => (
          <figure key={p.j} style={{ margin: 0 }}>
            {d > 1 && <figcaption>{yLabel(p.j)}</figcaption>}
            <ScatterPlot
              xs={data.xs}
              ys={p.ys}
              scale={scale}
              xLabel={xLabel}
              yLabel={yLabel(p.j)}
              nonPrivate={p.nonPrivate}
              selected={p.selected}
              others={p.others}
              width={d > 1 ? 440 : 640}
              height={d > 1 ? 300 : 360}
              testId="scatter"
              record={rec ? { index: rec.index, after: rec.after[p.j], colours: RECORD_COLOURS } : null}
              onPickPoint={audit ? (i) => pickAuditRecord(i + 1) : undefined}
            />
          </figure>
        ))}
      </div>
      {!fit && (
        <p className="hint" data-testid="scatter-waiting">
          The lines appear when the background computation delivers the fit.
        </p>
      )}
      <ScatterLegend others={others.length} />
      {audit && (
        <AuditRecordLegend
          record={audit}
          marks={{
            D: 'ring',
            D2: 'diamond',
            words: { D: 'green ring, "D"', D2: 'orange diamond, "D′"' },
          }}
          pickHint="Click a data point (or hover it and press Enter) to replace that one instead."
        />
      )}
      <div className="view2d-controls">
        <PairPicker value={pairNo} count={pairs.length} onChange={setPairNo} />
        <label className="field">
          <input type="checkbox" checked={showOthers} onChange={(e) => setShowOthers(e.target.checked)} />{' '}
          show the other private lines
          {pairs.length - 1 > MAX_OTHERS ? ` (${MAX_OTHERS} of ${pairs.length - 1})` : ''}
        </label>
      </div>
      <div className="view2d-explain">
        <Brief
          short={
            <>
              <strong>What is drawn.</strong> Solid: the least-squares line, computed without privacy. Dashed:
              private releases, each what one private publication would show (pair #{selected?.index ?? 1} is
              highlighted).
            </>
          }
          more={
            <>
              The solid line is (p̂, v̂) from the data; the dashed ones are (p̃, ṽ) drawn by the K-norm gradient
              mechanism. Their spread is the price of privacy: a smaller ε widens it; more data narrows it.
              {selected && lnNp !== undefined && Number.isFinite(selected.mse) && (
                <>
                  {' '}
                  MSE of the highlighted release: ln MSE = {fmt(Math.log(selected.mse))}, against {fmt(lnNp)}{' '}
                  for the non-private line.
                </>
              )}
            </>
          }
        />
      </div>
      <LinregComparison />
    </section>
  );
}

function subscript(k: number): string {
  return String(k).replace(/\d/g, (c) => '₀₁₂₃₄₅₆₇₈₉'[Number(c)]);
}
