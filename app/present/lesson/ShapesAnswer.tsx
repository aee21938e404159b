/**
 * The shapes slides' answer: the dimension effect the view's landmark caption measures (how far the private
 * footpoints lie from the non-private one, and how far the fit strays), at this slide's landmark count and, once
 * the other shapes slide has been shown on the same data size and budget, compared with it.
 */
import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { jobKey, releaseSpec } from '../../compute/jobs';
import { useReleaseCells, useWorkspaceDataOrNull } from '../../compute/useData';
import { releaseSummary } from '../../plots/mseModel';
import { nonPrivateFit, releasedPairs } from '../../release/releasedPairs';
import { meanFootpointDistance } from '../../workspaces/kendall/dimensionEffect';
import { useLab } from '../../store';
import { fmt as fmtSignificant } from '../../views2d/svgUtils';
import { AnswerBox } from './AnswerBox';
import { timesInWords } from '../../plots/curveShape';
import { lnText, timesNonPrivate, waiting, type LessonAnswer } from './answers';
import { FEW_LANDMARKS, MANY_LANDMARKS } from './slides';

/** What the shapes slide measured at one landmark count (kept to compare with the other count). */
export interface ShapeMeasure {
  landmarks: number;
  /** The data size and budget it was taken at (only like is compared with like). */
  n: number;
  eps: number;
  /** The shape space's dimension 2k − 4. */
  dim: number;
  /** The released footpoints' mean distance from the non-private one. */
  footDistance: number;
  lnMeanMse: number;
  lnNonPrivateMse: number;
}

/**
 * The dimension effect on shapes: how far the private footpoints and fits stray at this landmark count, and,
 * when the other slide has been measured, whether more landmarks are harder to hide.
 */
export function shapesAnswer(input: {
  measure: ShapeMeasure | null;
  other: ShapeMeasure | null;
}): LessonAnswer {
  const m = input.measure;
  if (!m) return waiting('Drawing the private outlines…');
  const o = input.other;
  const ratio = (x: ShapeMeasure) => Math.exp(x.lnMeanMse - x.lnNonPrivateMse);
  const [few, many] = o ? (o.landmarks < m.landmarks ? [o, m] : [m, o]) : [null, null];
  return {
    done: true,
    body: (
      <>
        With {m.landmarks} landmarks (d = {m.dim} dimensions) the private footpoints lie on average{' '}
        <strong data-answer="foot-distance">{fmtSignificant(m.footDistance)}</strong> from the non-private
        one; the fit’s ln mean MSE is <span data-answer="ln-mse">{lnText(m.lnMeanMse)}</span> against{' '}
        {lnText(m.lnNonPrivateMse)}: {timesNonPrivate(m.lnMeanMse, m.lnNonPrivateMse)}.
        {o && (
          <>
            {' '}
            With {o.landmarks}: {fmtSignificant(o.footDistance)}, {timesInWords(ratio(o))}.{' '}
            {ratio(many!) > ratio(few!)
              ? 'Yes: more landmarks give the noise more directions to spread into.'
              : 'Not at these settings: the fit with more landmarks strays no further.'}
          </>
        )}
      </>
    ),
  };
}

/** What the shapes slides measured, by landmark count, for the page's life (only what the view drew). */
const useShapeMeasures = create<{ byLandmarks: Record<number, ShapeMeasure> }>(() => ({ byLandmarks: {} }));

export function ShapesAnswer() {
  const data = useWorkspaceDataOrNull();
  const cells = useReleaseCells();
  // the release for the settings shown has arrived (not the one of the slide before)
  const done = useLab(
    (s) =>
      s.release.status === 'done' && s.release.key === jobKey(releaseSpec(s.settings, undefined), undefined),
  );
  const { n, eps, landmarks } = useLab((s) => s.settings);
  const measure = useMemo((): ShapeMeasure | null => {
    if (!done || !data || data.stale) return null;
    const { M } = data;
    const fit = nonPrivateFit(cells, M.ambientDim);
    const summary = releaseSummary(cells.filter((c) => c.pHat.length === M.ambientDim));
    const footDistance = fit ? meanFootpointDistance(M, fit.pHat, releasedPairs(cells, M.ambientDim)) : null;
    if (!fit || footDistance === null || summary.lnMeanMse === null || summary.lnNonPrivateMse === null)
      return null;
    const { lnMeanMse, lnNonPrivateMse } = summary;
    return { landmarks, n, eps, dim: M.dim, footDistance, lnMeanMse, lnNonPrivateMse };
  }, [done, data, cells, landmarks, n, eps]);
  useEffect(() => {
    if (measure)
      useShapeMeasures.setState((s) => ({ byLandmarks: { ...s.byLandmarks, [measure.landmarks]: measure } }));
  }, [measure]);
  const other = useShapeMeasures((s) => {
    const o = s.byLandmarks[landmarks === FEW_LANDMARKS ? MANY_LANDMARKS : FEW_LANDMARKS];
    return o && measure && o.n === measure.n && o.eps === measure.eps ? o : null;
  });
  return <AnswerBox answer={shapesAnswer({ measure, other })} />;
}
