/**
 * The MSE plots' captions in words, each decided from the plotted numbers (curveShape, mseModel): what the
 * split curves show, where the total-ε curves move, and the best split with its distance from the non-private
 * error.
 */
import { Fragment, type ReactNode } from 'react';
import { fmt } from './chart';
import type { EpsMoves } from './mseModel';
import {
  VERDICT_GROUPS,
  timesInWords,
  type CurveVerdict,
  type Refining,
  type SplitVerdict,
} from './curveShape';

const whereLowest = (c: CurveVerdict) =>
  c.shape === 'left'
    ? 'lowest at the left end'
    : c.shape === 'right'
      ? 'lowest at the right end'
      : c.shape === 'u'
        ? 'lowest in between'
        : c.shape === 'hump'
          ? 'highest in between'
          : 'flat';

/** "for n = 100" when only some curves have the panel's shape (the others are flat). */
function forWhich(verdict: SplitVerdict) {
  const moving = verdict.curves.filter((c) => c.shape !== 'flat');
  return moving.length < verdict.curves.length ? ` for ${moving.map((c) => c.label).join(', ')}` : '';
}

/**
 * The split plot's headline: computing, flat, a U, lowest at one end, or curves that disagree. `adviceFlat` is the
 * advisor's verdict for the same settings where one is shown below the plot: its finer sweep can tell splits
 * apart that this plot's cannot (or find no difference where this plot's noise suggests one), and the headline
 * then says so rather than contradict the advice on the same screen.
 */
export function SplitCaption({
  verdict,
  adviceFlat = null,
}: {
  verdict: SplitVerdict;
  adviceFlat?: boolean | null;
}) {
  const { shape } = verdict;
  const swamp = verdict.swamped && shape !== 'pending' && (
    <>
      <strong>The noise swamps the fit:</strong> even the best split leaves the error{' '}
      {timesInWords(Math.min(...verdict.curves.map((c) => c.timesNonPrivate ?? Infinity)))} the non-private
      one.{' '}
    </>
  );
  if (shape === 'pending' && verdict.refining && verdict.done === verdict.total)
    return <CoarseCaption refining={verdict.refining} />;
  if (shape === 'pending')
    return (
      <>
        <strong>Computing:</strong> {verdict.done} of {verdict.total} points; what the curves show is said
        once they are complete.
      </>
    );
  return (
    <>
      <ShapeCaption verdict={verdict} adviceFlat={adviceFlat} swamp={swamp} />
      {verdict.refining && <SoFar refining={verdict.refining} />}
    </>
  );
}

/**
 * Every point is drawn, but from too few chain groups for their error bars to be trusted: the shape is not said
 * yet (curveShape.ts, VERDICT_GROUPS).
 */
export function CoarseCaption({ refining }: { refining: Refining }) {
  const perGroup = refining.pairs / refining.groups;
  const enough = Math.min(VERDICT_GROUPS, refining.groupsTotal) * perGroup;
  return (
    <>
      <strong>Refining:</strong> every point is drawn, from {refining.pairs} of its {refining.pairsTotal}{' '}
      private pairs so far; what the curves show is said once each rests on {enough}
      {enough < refining.pairsTotal && ', when its error bars can be trusted'}.
    </>
  );
}

/** After a verdict given while the sweep refines: on how much it rests. */
function SoFar({ refining }: { refining: Refining }) {
  return (
    <>
      {' '}
      (So far: {refining.pairs} of {refining.pairsTotal} pairs per point; the error bars shrink as the rest
      arrive.)
    </>
  );
}

/** The verdict's headline once the curves are complete. */
function ShapeCaption({
  verdict,
  adviceFlat,
  swamp,
}: {
  verdict: SplitVerdict;
  adviceFlat: boolean | null;
  swamp: ReactNode;
}) {
  const { shape } = verdict;
  if (shape === 'flat' && adviceFlat === false)
    return (
      <>
        {swamp}
        <strong>Flat within this sweep's noise:</strong> every split shown gives about the same error here,
        but the advisor's finer sweep (below) tells the splits apart.
      </>
    );
  if (shape === 'flat')
    return (
      <>
        {swamp}
        <strong>No split helps here:</strong> at this n and ε every split gives about the same error.
      </>
    );
  const adviceSeesNone = adviceFlat === true && (
    <> The advisor's finer sweep (below) finds no split clearly better than the others within its noise.</>
  );
  if (shape === 'u')
    return (
      <>
        {swamp}
        <strong>A U{forWhich(verdict)}:</strong> starving either part of the budget raises the error, so the
        best split lies in between.{adviceSeesNone}
      </>
    );
  if (shape === 'left' || shape === 'right')
    return (
      <>
        {swamp}
        <strong>No U{forWhich(verdict)}:</strong> the error is lowest at the {shape} end, so give most of ε to
        the {shape === 'left' ? 'shooting vector' : 'footpoint'}.{adviceSeesNone}
      </>
    );
  return (
    <>
      {swamp}
      <strong>The curves differ:</strong>{' '}
      {verdict.curves.map((c, i) => (
        <Fragment key={c.label}>
          {i > 0 && '; '}
          {c.label} {whereLowest(c)}
        </Fragment>
      ))}
      .{adviceSeesNone}
    </>
  );
}

/** "Best split: n = 100 at ε_p ≈ 0.34 (about 120× the non-private error)", for the curves that have a best. */
export function BestSplit({ verdict }: { verdict: SplitVerdict }) {
  const shown = verdict.curves.filter((c) => c.shape === 'u' || c.shape === 'left' || c.shape === 'right');
  if (verdict.shape === 'pending' || shown.length === 0) return null;
  return (
    <>
      {' '}
      Best split:{' '}
      {shown.map((c, i) => (
        <span key={c.label}>
          {i > 0 && '; '}
          {c.label} at ε<sub>p</sub> ≈ {fmt(c.best.x, 2)}
          {c.timesNonPrivate !== null && <> ({timesInWords(c.timesNonPrivate)} the non-private error)</>}
        </span>
      ))}
      .
    </>
  );
}

/** What the total-ε curves show, in words: where the error starts to fall and where it meets its non-private line. */
export function EpsCaption({ moves }: { moves: EpsMoves | null }) {
  if (!moves) return null;
  const { falls, reaches, range } = moves;
  return (
    <>
      <strong>Look for:</strong>{' '}
      {falls !== null ? (
        <>the error starts to fall at ε ≈ {fmt(falls, 2)}</>
      ) : (
        <>the error is low from the left end</>
      )}
      {reaches !== null ? (
        <> and meets the dashed non-private line from ε ≈ {fmt(reaches, 2)}.</>
      ) : (
        <>, but is still above the dashed non-private line at ε = {fmt(range[1], 2)}.</>
      )}
    </>
  );
}

/** On a flat split plot: whether the total ε is below where the error starts to fall, or already at its floor. */
export function SplitVersusTotal({ total, moves }: { total: number; moves: EpsMoves | null }) {
  if (!moves) return null;
  if (moves.falls !== null && total < moves.falls)
    return (
      <>
        {' '}
        The total-ε plot shows the error starting to fall only at ε ≈ {fmt(moves.falls, 2)}: the split starts
        to matter near there.
      </>
    );
  if (moves.reaches !== null && total >= moves.reaches)
    return (
      <>
        {' '}
        At this total ε the error is already at its non-private floor (from ε ≈ {fmt(moves.reaches, 2)} on the
        total-ε plot).
      </>
    );
  return null;
}
