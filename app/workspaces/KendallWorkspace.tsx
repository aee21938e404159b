/**
 * Kendall shape space / corpus callosum (paper 000, Fig. 3): the outline predicted at chosen ages by the
 * non-private geodesic regression (solid) and by one private release (dashed), an age slider that morphs the
 * prediction, landmarks on demand. All shapes are centred, of unit size and Procrustes-aligned to the
 * non-private prediction at the same age, so they overlay.
 */
import { currentBudget } from '../state/settings';
import { Brief } from '../help/Brief';
import { richText } from '../help/richText';
import { useMemo, useState } from 'react';
import { useReleaseCells, useWorkspaceData } from '../compute/useData';
import {
  AuditRecordLegend,
  isRecord,
  pickAuditRecord,
  RECORD_COLOURS,
  useAuditRecord,
} from '../audit/record';
import { useLab } from '../store';
import { covariateScale } from '../../src/regression/covariates';
import {
  defaultSliderAge,
  morphShapes,
  nearSubjects,
  recordShapes,
  shapeFrame,
  shapeProjector,
  shapesAtAges,
  shapesBox,
  sliderRange,
  viewHeights,
  type ShapeFrame,
} from '../views2d/shapesGeometry';
import { SliderField } from '../controls/fields';
import { startAudit } from '../compute/audit';
import { usePaperSampler } from '../compute/paperSampler';
import { AgeSlider, AgesField, PairPicker } from '../views2d/shapesControls';
import { ReleaseStatus } from '../release/ReleaseStatus';
import { lnMeanMse, nonPrivateFit, releasedPairs, type ReleasedPair } from '../release/releasedPairs';
import { Outline, ShapeSvg, ShapesLegend, ageColour } from '../views2d/shapesView';
import { useShownCells, fmt } from '../views2d/svgUtils';

/** Other private draws drawn thinly beside the highlighted release. */
const OTHER_DRAWS = 6;
/** Subjects drawn in the morph view: those within this many years of the slider's age (at most 12). */
const NEAR_YEARS = 2.5;

type Layout = 'panels' | 'overlay';

export function KendallWorkspace() {
  const { M, data, fileName } = useWorkspaceData();
  const currentCells = useReleaseCells();
  const ages = useLab((s) => s.settings.ages);
  const showLandmarks = useLab((s) => s.settings.showLandmarks);
  const landmarks = useLab((s) => s.settings.landmarks);
  const burnIn = useLab((s) => s.settings.burnIn);
  const figure = useLab((s) => s.settings.figure);
  const epsP = useLab((s) => currentBudget(s.settings).epsP);
  const epsV = useLab((s) => currentBudget(s.settings).epsV);
  const set = useLab((s) => s.set);

  const dim = M.ambientDim;
  // While a new release computes, the last one stays on screen, dimmed.
  const { cells, stale } = useShownCells(currentCells, dim);
  const scale = useMemo(() => covariateScale(data.xRange[0], data.xRange[1]), [data.xRange]);
  const xLabel = data.xLabel || 'covariate';
  const isAge = /age/i.test(xLabel);
  const unit = isAge ? 'age' : xLabel;
  const yrs = (a: number) => (isAge ? `${fmt(a, 4)} years` : fmt(a, 4));

  const fit = nonPrivateFit(cells, dim);
  const pairs = useMemo(() => releasedPairs(cells, dim), [cells, dim]);
  // Fig. 3: the same release drawn with the paper's sampler, beside the lab's mixed chains
  const fig3 = figure === 'fig3';
  const paperRun = usePaperSampler(fig3);
  const paperPairs = useMemo(
    () => (fig3 ? releasedPairs(paperRun.cells, dim) : []),
    [fig3, paperRun.cells, dim],
  );
  const paperSelected: ReleasedPair | null = paperPairs[0] ?? null;
  const frame = useMemo<ShapeFrame | null>(
    () => (fit ? shapeFrame(M, fit.pHat, fit.vHat, data.ys) : null),
    // The frame depends on the fit's arrays (identity), not on the cells array around them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [M, fit?.pHat, fit?.vHat, data.ys],
  );

  // View state (local: not part of the shareable lab state).
  const [layout, setLayout] = useState<Layout>('panels');
  const [pairNo, setPairNo] = useState(1);
  const [showOthers, setShowOthers] = useState(true);
  const [showData, setShowData] = useState(true);
  // The slider moves in round steps (0.5 year for ages 50–90) inside the data's range.
  const { step, min: sliderMin, max: sliderMax } = sliderRange(scale.min, scale.max);
  const [rawSliderAge, setSliderAge] = useState(() => defaultSliderAge(ages, sliderMin, sliderMax));
  // Kept inside the range when the data change.
  const sliderAge = Math.min(sliderMax, Math.max(sliderMin, rawSliderAge));

  const selected: ReleasedPair | null = pairs.length ? pairs[Math.min(pairNo, pairs.length) - 1] : null;
  const others = useMemo(() => {
    if (!showOthers || pairs.length < 2) return [];
    // Evenly spread over the grid of draws (different footpoints), skipping the highlighted one.
    const rest = pairs.filter((p) => p !== selected);
    const k = Math.min(OTHER_DRAWS, rest.length);
    return Array.from({ length: k }, (_, i) => rest[Math.floor((i * rest.length) / k)]);
  }, [pairs, selected, showOthers]);

  // Shapes at the listed ages (Fig. 3) — a few Exp maps of at most 50 landmarks: cheap.
  const atAges = useMemo(
    () => (frame ? shapesAtAges(frame, ages, scale.toUnit, selected, paperSelected) : []),
    [frame, ages, scale, selected, paperSelected],
  );

  // Slider (morph) view, with the subjects near the slider's age.
  const xSlider = scale.toUnit(sliderAge);
  const morph = useMemo(() => {
    if (!frame) return null;
    const near = showData ? nearSubjects(data.xs, xSlider, NEAR_YEARS / (scale.max - scale.min)) : [];
    return morphShapes(frame, xSlider, selected, others, data.ys, near);
  }, [frame, xSlider, selected, others, showData, data, scale]);

  // The audit's changed record (Audit tab): as in D and as in D′, aligned to the prediction at its covariate.
  const audit = useAuditRecord();
  const rec = isRecord(audit) ? audit : null;
  const recordView = useMemo(
    () =>
      frame && rec && rec.before.length === dim ? recordShapes(frame, rec.x, rec.before, rec.after) : null,
    [frame, rec, dim],
  );

  // One common drawing scale for every view (private outlines that stray further are clipped).
  const box = useMemo(
    () =>
      frame
        ? shapesBox(
            frame,
            atAges.map((a) => a.x),
          )
        : null,
    [frame, atAges],
  );
  const aspect = box ? (box[3] - box[1]) / (box[2] - box[0]) : 0.5;
  const morphProjector = useMemo(
    () => (box ? shapeProjector(box, 640, viewHeights(aspect).morph, 20) : null),
    [box, aspect],
  );
  const panelProjector = useMemo(
    () => (box ? shapeProjector(box, 220, viewHeights(aspect).panel, 6) : null),
    [box, aspect],
  );

  const synthetic = !fileName;
  // The dimension effect: KNG's footpoint noise has typical size d·σ_p (flat-space K-norm: a Gamma(d, σ_p)
  // radius), against the shape space's diameter π/2. Measured here: the released footpoints' mean distance.
  const sigmaP = cells.find((c) => c.pHat.length === dim)?.sigmaP;
  const footDistance = useMemo(() => {
    if (!fit || pairs.length === 0) return null;
    return pairs.reduce((a, pr) => a + M.dist(pr.p, fit.pHat), 0) / pairs.length;
  }, [M, fit, pairs]);

  const mseNote =
    selected && fit && Number.isFinite(selected.mse)
      ? `ln MSE of pair #${selected.index}: ${fmt(Math.log(selected.mse))} (non-private: ${fmt(fit.lnMse)})`
      : null;

  return (
    <section className="panel workspace-kendall" aria-labelledby="kendall-title">
      <h2 id="kendall-title">Shape regression: corpus-callosum outlines against {unit}</h2>
      {synthetic ? (
        <p className="view2d-note" data-testid="synthetic-note">
          <strong>
            Synthetic corpus-callosum outlines (anterior left) — the ADNI shapes of the paper cannot be
            shipped; load your own landmarks to use real data.
          </strong>{' '}
          {data.ys.length} simulated subjects aged {Math.round(scale.min)}–{Math.round(scale.max)}, {dim / 2}{' '}
          boundary landmarks each; the model thins the body and splenium with age.
        </p>
      ) : (
        <p className="view2d-note">{fileName ? data.description : richText(data.description)}</p>
      )}
      {fig3 && (
        <Fig3Caption
          epsP={epsP}
          epsV={epsV}
          dim={M.dim}
          lnNp={fit?.lnMse ?? null}
          lnMixed={lnMeanMse(cells, dim)}
          lnPaper={fig3 ? lnMeanMse(paperRun.cells, dim) : null}
          burnIn={burnIn}
        />
      )}
      <ReleaseStatus dim={dim} />
      {synthetic && (
        <div className="view2d-controls landmark-control">
          <SliderField
            label="landmarks per outline"
            value={landmarks}
            min={8}
            max={50}
            step={1}
            display={`${landmarks} → d = ${2 * landmarks - 4}`}
            onChange={(k) => set({ landmarks: k })}
            testId="landmarks"
            className="view2d-slider"
            outputTestId="landmarks-value"
          />
          <Brief
            className="hint"
            testId="landmark-caption"
            attrs={{ 'data-dimension': M.dim, 'data-footpoint-distance': footDistance ?? undefined }}
            short={
              <>
                <strong>The dimension effect.</strong> With k landmarks a shape has d = 2k − 4 = {M.dim}{' '}
                degrees of freedom, and KNG&apos;s footpoint lies about d·σ_p from the fit
                {footDistance !== null &&
                  ` (the released footpoints lie on average ${fmt(footDistance)} from the non-private one)`}
                .
              </>
            }
            more={
              <>
                With k = 50, as in the paper, d = 96. KNG spreads its noise over all d directions (in flat
                space the footpoint&apos;s distance is Gamma(d, σ_p)), and the whole shape space is only π/2 ≈
                1.57 across.
                {sigmaP !== undefined && (
                  <>
                    {' '}
                    Here σ_p = {fmt(sigmaP)}, so d·σ_p = {fmt(M.dim * sigmaP)}.
                  </>
                )}{' '}
                Fewer landmarks: less noise at the same ε, but a coarser outline.
              </>
            }
          />
        </div>
      )}

      <div className="view2d-controls">
        <AgeSlider
          label={`${unit} of the predicted outline`}
          value={sliderAge}
          min={sliderMin}
          max={sliderMax}
          step={step}
          display={yrs(sliderAge)}
          onChange={setSliderAge}
        />
      </div>
      {morph && morphProjector ? (
        <ShapeSvg
          projector={morphProjector}
          className={stale ? 'shape-morph view2d-stale' : 'shape-morph'}
          testId="shape-morph"
          label={`Predicted outline at ${yrs(sliderAge)}: non-private solid, private dashed`}
        >
          {morph.near.map(({ i, z }) =>
            audit ? (
              // with the Audit tab shown, a click on a subject's outline makes it the replaced record
              <g key={`d${i}`} onClick={() => pickAuditRecord(i + 1)} className="pickable-outline">
                <title>{`subject ${i + 1}: click to make it the audited record`}</title>
                <Outline shape={z} projector={morphProjector} role="data" />
              </g>
            ) : (
              <Outline key={`d${i}`} shape={z} projector={morphProjector} role="data" />
            ),
          )}
          {morph.others.map((z, i) => (
            <Outline key={`o${i}`} shape={z} projector={morphProjector} role="private-other" />
          ))}
          {morph.selected && (
            <Outline
              shape={morph.selected}
              projector={morphProjector}
              role="private"
              landmarks={showLandmarks}
              testId="morph-private"
            />
          )}
          <Outline
            shape={morph.nonPrivate}
            projector={morphProjector}
            role="nonprivate"
            landmarks={showLandmarks}
            testId="morph-nonprivate"
          />
          <rect x={0} y={0} width={118} height={26} fill="#fbfcfd" fillOpacity={0.85} />
          <text x={10} y={19} className="shape-title">
            {yrs(sliderAge)}
          </text>
          {synthetic && (
            <>
              <text x={10} y={morphProjector.height - 8} className="shape-axis-label">
                ← anterior (genu)
              </text>
              <text
                x={morphProjector.width - 10}
                y={morphProjector.height - 8}
                textAnchor="end"
                className="shape-axis-label"
              >
                posterior (splenium) →
              </text>
            </>
          )}
        </ShapeSvg>
      ) : (
        <p className="hint" data-testid="shape-waiting">
          The non-private fit is computed in the background with the release; the outlines appear when it
          arrives.
        </p>
      )}
      <ShapesLegend others={morph?.others.length ?? 0} data={(morph?.near.length ?? 0) > 0} />
      {audit && recordView && rec && morphProjector && (
        <figure className="audit-record-figure">
          <ShapeSvg
            projector={morphProjector}
            testId="shape-audit-record"
            label={`The audited record ${rec.index + 1} at ${yrs(scale.toOriginal(rec.x))}: in D green solid, in D′ orange dashed, the non-private prediction at that age blue`}
          >
            <Outline shape={recordView.nonPrivate} projector={morphProjector} role="nonprivate" />
            <Outline
              shape={recordView.before}
              projector={morphProjector}
              role="nonprivate"
              colour={RECORD_COLOURS.D}
              testId="audit-record-d"
            />
            <Outline
              shape={recordView.after}
              projector={morphProjector}
              role="private"
              colour={RECORD_COLOURS.D2}
              testId="audit-record-d2"
            />
            <text x={10} y={19} className="shape-title">
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
      <div className="view2d-controls">
        <PairPicker value={pairNo} count={pairs.length} onChange={setPairNo} />
        <label className="field">
          <input
            type="checkbox"
            checked={showLandmarks}
            onChange={(e) => set({ showLandmarks: e.target.checked })}
            data-testid="show-landmarks"
          />{' '}
          show landmarks
        </label>
        <label className="field">
          <input type="checkbox" checked={showOthers} onChange={(e) => setShowOthers(e.target.checked)} />{' '}
          {OTHER_DRAWS} other private draws
        </label>
        <label className="field">
          <input type="checkbox" checked={showData} onChange={(e) => setShowData(e.target.checked)} />{' '}
          subjects within ±{NEAR_YEARS} {isAge ? 'years' : 'units'}
        </label>
      </div>
      {mseNote && (
        <p className="hint">
          {mseNote}
          {selected && fit && Math.log(selected.mse) - fit.lnMse > 2 && (
            <>
              {' '}
              — far from the non-private fit at this budget: a shape has {M.dim} degrees of freedom for the
              noise to spread into. A larger ε (less private) brings the dashed outline closer.
            </>
          )}
        </p>
      )}

      <h3 className="view2d-section-title">
        Outlines at chosen {isAge ? 'ages' : 'covariate values'} (as in Fig. 3)
      </h3>
      <div className="view2d-controls">
        <AgesField ages={ages} onChange={(a) => set({ ages: a })} unit={isAge ? 'ages (years)' : xLabel} />
        <fieldset className="view2d-segmented">
          <legend>layout</legend>
          {(['panels', 'overlay'] as const).map((l) => (
            <label key={l}>
              <input
                type="radio"
                name="kendall-layout"
                value={l}
                checked={layout === l}
                onChange={() => setLayout(l)}
              />
              {l === 'panels' ? 'one panel per age' : 'overlaid'}
            </label>
          ))}
        </fieldset>
      </div>
      {layout === 'panels' && panelProjector && (
        <div className={stale ? 'shape-panels view2d-stale' : 'shape-panels'} data-testid="shape-panels">
          {atAges.map((a, r) => (
            <figure key={r} data-testid="age-panel">
              <ShapeSvg
                projector={panelProjector}
                label={`Outlines at ${yrs(a.age)}: non-private solid, private dashed`}
              >
                {a.selected && (
                  <Outline
                    shape={a.selected}
                    projector={panelProjector}
                    role="private"
                    landmarks={showLandmarks}
                    compact
                    testId="panel-private"
                  />
                )}
                <Outline
                  shape={a.nonPrivate}
                  projector={panelProjector}
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
      )}
      {fig3 && layout === 'panels' && panelProjector && (
        <>
          <h4 className="view2d-section-title">
            The same release with paper 000&apos;s sampler (one chain started at the non-private fit)
          </h4>
          <div className="shape-panels" data-testid="paper-panels" data-status={paperRun.status}>
            {atAges.map((a, r) => (
              <figure key={r}>
                <ShapeSvg
                  projector={panelProjector}
                  label={`Outlines at ${yrs(a.age)}, paper sampler: non-private solid, private dashed`}
                >
                  {a.paper && (
                    <Outline
                      shape={a.paper}
                      projector={panelProjector}
                      role="private"
                      compact
                      testId="paper-private"
                    />
                  )}
                  <Outline shape={a.nonPrivate} projector={panelProjector} role="nonprivate" compact />
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
      )}
      {layout === 'overlay' && morphProjector && (
        <>
          <ShapeSvg
            projector={morphProjector}
            className={stale ? 'shape-morph view2d-stale' : 'shape-morph'}
            testId="shape-overlay"
            label="Outlines at all chosen ages overlaid: colour encodes age, solid non-private, dashed private"
          >
            {atAges.map((a, r) =>
              a.selected ? (
                <Outline
                  key={`p${r}`}
                  shape={a.selected}
                  projector={morphProjector}
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
                projector={morphProjector}
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
      )}

      <div className="view2d-explain">
        <Brief
          short={
            <>
              <strong>What is drawn.</strong> Solid: the non-private prediction; dashed: one private release
              (pair #{selected?.index ?? 1} of {pairs.length || 'm²'}), what a single private publication
              would show.
            </>
          }
          more={
            <>
              Every outline is a point of Kendall&apos;s shape space: position, size and rotation are removed
              (each outline is centred, scaled to unit size and rotated to best match the non-private
              prediction at the same {unit} — Procrustes alignment), so only the shape differs. The solid
              outline is the non-private geodesic regression Exp(p̂, x v̂), with x = ({unit} − {fmt(scale.min)})
              / {fmt(scale.max - scale.min)} the covariate rescaled to [0, 1]; the dashed one is Exp(p̃, x ṽ).
              Draws are not averaged: averaging many releases would spend the privacy budget many times over.
              The dotted outlines are other draws, to show the spread.
            </>
          }
        />
        {synthetic && (
          <p>
            Look at the body and the splenium (right): the synthetic model thins them with age, so the outline
            slims as the slider moves right. A shape has {M.dim} degrees of freedom, so the private noise is
            spread over many directions: at small ε the private outlines can be far from the non-private one.
          </p>
        )}
      </div>
    </section>
  );
}

/** Fig. 3's caption: what the two rows show, with the numbers of this run (true whatever the data). */
function Fig3Caption(props: {
  epsP: number;
  epsV: number;
  dim: number;
  lnNp: number | null;
  lnMixed: number | null;
  lnPaper: number | null;
  burnIn: number;
}) {
  const ln = (x: number | null) => (x === null ? '…' : fmt(x, 3));
  return (
    <p className="hint" data-testid="fig3-caption">
      <strong>Paper 000, Fig. 3:</strong> outlines at the chosen ages, non-private (solid) against one private
      release (dashed) at ε_p = {fmt(props.epsP)}, ε_v = {fmt(props.epsV)}, in a shape space of {props.dim}{' '}
      dimensions. The panels &ldquo;Outlines at chosen ages&rdquo; below use the lab&apos;s sampler
      (independent chains, burn-in {props.burnIn}); the row under them draws the same release as the paper
      plausibly did — one chain started at the non-private fit, consecutive draws, burn-in 100, steps 0.2σ. ln
      mean MSE of the private pairs: lab {ln(props.lnMixed)}, paper sampler {ln(props.lnPaper)}, non-private{' '}
      {ln(props.lnNp)}. A chain that has barely left the non-private start looks accurate because it leaks:
      audit both with the buttons below (on S² the audit proves ε ≥ 2.62 for the paper sampler where 2 is
      claimed; src/audit/claims.test.ts).
    </p>
  );
}
