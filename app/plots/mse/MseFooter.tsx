/**
 * The text under an MSE panel: the caption in words (decided from the plotted curves), the current release's
 * readout, and a warning for what is left out of the plot.
 */
import type { Panel } from '../../../src/experiments';
import { SWEEP_POINTS } from '../../compute/jobs';
import { Brief } from '../../help/Brief';
import { fmt } from '../chart';
import { panelShape, refiningOf, splitVerdict, type SplitVerdict } from '../curveShape';
import { BestSplit, CoarseCaption, EpsCaption, SplitCaption, SplitVersusTotal } from '../mseCaptions';
import { FLAT_SPREAD, type EpsMoves, type MseModel, type ReleaseSummary } from '../mseModel';
import { useCurrentAdvice } from '../currentAdvice';

interface Budget {
  epsP: number;
  epsV: number;
  total: number;
}

export function MseFooter(props: {
  panel: Panel;
  model: MseModel;
  budget: Budget;
  release: ReleaseSummary;
  releaseN: number;
  releaseRunning: boolean;
  releaseError: boolean;
  /** Where the total-ε curves move (both captions describe it). */
  epsMoves: EpsMoves | null;
  /** How many curves the sweep draws (some may not have arrived yet). */
  curveCount: number;
}) {
  const { panel, model, release } = props;
  const { epsP, epsV } = props.budget;
  const verdict = panel === 'unequal' ? splitVerdict(model, SWEEP_POINTS, props.curveCount) : null;
  return (
    <>
      <MseCaption
        panel={panel}
        model={model}
        total={props.budget.total}
        epsMoves={props.epsMoves}
        verdict={verdict}
        curveCount={props.curveCount}
      />
      <p className="plot-readout" data-testid={`current-readout-${panel}`}>
        Current release (n = {props.releaseN}, ε<sub>p</sub> = {fmt(epsP)}, ε<sub>v</sub> = {fmt(epsV)}):{' '}
        {release.lnMeanMse === null ? (
          props.releaseError ? (
            'the release failed'
          ) : (
            'waiting'
          )
        ) : (
          <>
            ln mean MSE <strong>{fmt(release.lnMeanMse)}</strong> over {release.pairs} pairs
            {props.releaseRunning ? ' so far' : ''}
          </>
        )}
        {panel === 'equal' && Math.abs(epsP - epsV) > 1e-9 && (
          <> (its split is not equal, so the ring need not sit on the curves)</>
        )}
        .{verdict && <BestSplit verdict={verdict} />}
      </p>
      {(model.skipped > 0 || release.nonFinite > 0) && (
        <p className="plot-warning" role="note">
          {model.skipped > 0 &&
            `${model.skipped} sweep point${model.skipped > 1 ? 's are' : ' is'} not drawn: the mean MSE is not a finite number there. `}
          {release.nonFinite > 0 &&
            `${release.nonFinite} released pair${release.nonFinite > 1 ? 's have' : ' has'} a non-finite MSE and ${release.nonFinite > 1 ? 'are' : 'is'} left out of the current marker.`}
        </p>
      )}
    </>
  );
}

/** The headline (the split panel's verdict, or where the total-ε curves move) and, unfolded, how to read it. */
function MseCaption(props: {
  panel: Panel;
  model: MseModel;
  total: number;
  epsMoves: EpsMoves | null;
  verdict: SplitVerdict | null;
  curveCount: number;
}) {
  const { panel, model, total, verdict } = props;
  const shape = panelShape(model, SWEEP_POINTS);
  const refining = refiningOf(model);
  const hasBars = model.series.some((s) => s.points.some((p) => Number.isFinite(p.row.lnMeanMseSe)));
  const advice = useCurrentAdvice();
  // flat near the non-private line: privacy costs little; flat far above it: the noise swamps every fit
  const excesses = model.series.flatMap((s) =>
    s.lnNonPrivate === null ? [] : s.points.map((p) => p.y - s.lnNonPrivate!),
  );
  const meanExcess = excesses.reduce((a, b) => a + b, 0) / Math.max(1, excesses.length);
  const flatReason =
    meanExcess < FLAT_SPREAD
      ? ': all of them are close to the non-private error, so privacy costs little at these settings'
      : panel === 'unequal'
        ? ': the privacy noise swamps the fit whatever the split — try a larger ε or more data'
        : ': the privacy noise swamps the fit at every ε shown — try larger budgets or more data';
  return (
    <Brief
      as="figcaption"
      className="plot-caption"
      testId={`mse-caption-${panel}`}
      attrs={{ 'data-shape': verdict?.shape ?? shape }}
      short={
        verdict ? (
          <SplitCaption verdict={verdict} adviceFlat={advice ? advice.flat : null} />
        ) : shape === 'pending' ? (
          <EpsPending model={model} curveCount={props.curveCount} />
        ) : shape === 'flat' ? (
          <strong>Over this range of ε the error hardly changes.</strong>
        ) : (
          <EpsCaption moves={props.epsMoves} />
        )
      }
      more={
        <>
          {shape === 'flat' && <>No curve moves by more than its own noise{flatReason}. </>}
          {/* the split plot's headline says it itself (SplitCaption) */}
          {panel === 'equal' && refining && shape !== 'pending' && (
            <>
              So far each point rests on {refining.pairs} of its {refining.pairsTotal} pairs; the error bars
              shrink as the rest arrive.{' '}
            </>
          )}
          {panel === 'unequal' ? (
            <>
              {shape === 'flat' && <SplitVersusTotal total={total} moves={props.epsMoves} />} A fixed total ε
              = {fmt(total)} is split between the footpoint (ε<sub>p</sub>) and the shooting vector (ε
              <sub>v</sub> = total − ε<sub>p</sub>).
              {new Set(model.series.map((c) => c.n)).size > 1 &&
                shape !== 'flat' &&
                ' Larger data sets usually lie lower.'}{' '}
              Each curve stays above its own dashed non-private line.
            </>
          ) : (
            <>
              Both parts get half of the total: ε<sub>p</sub> = ε<sub>v</sub> = ε/2; ε on a log scale. Smaller
              ε (left) is more private.
            </>
          )}
          {hasBars && (
            <> The bars are each point’s 95 % interval, from the spread of its independent chains.</>
          )}
        </>
      }
    />
  );
}

/** The total-ε plot's headline until its curves are complete (and, while the sweep refines, fine enough). */
function EpsPending({ model, curveCount }: { model: MseModel; curveCount: number }) {
  const total = Math.max(curveCount, model.series.length) * SWEEP_POINTS;
  const done = model.series.reduce((a, s) => a + Math.min(SWEEP_POINTS, s.points.length), 0);
  const refining = refiningOf(model);
  if (refining && done === total) return <CoarseCaption refining={refining} />;
  return (
    <>
      <strong>Computing:</strong> {done} of {total} points; what the curves show is said once they are
      complete.
    </>
  );
}
