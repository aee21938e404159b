/**
 * The Fréchet slide's answer: the error-against-ε plot read at the current ε — which private mean lands closest
 * to the true one, by how much, and whether that is within the releases' noise.
 */
import { useMemo } from 'react';
import { errorModel, type ErrorModel } from '../../workspaces/frechet/errorPlotModel';
import { frechetEpsGrid } from '../../workspaces/frechet/jobs';
import { MECHANISM_STYLES } from '../../workspaces/frechet/mechanisms';
import { fmt } from '../../plots/chart';
import { useLab } from '../../store';
import { AnswerBox } from './AnswerBox';
import { waiting, type LessonAnswer } from './answers';

/** The point of a series at x (the plot's own value), if it has one. */
const pointAt = (s: ErrorModel['series'][number], x: number) =>
  s.points.find((p) => Math.abs(Math.log(p.x / x)) < 1e-9);

/**
 * The Fréchet error plot read at the current ε: the private mechanism whose mean lands closest to the true
 * mean, the others' errors, and whether the best is within the noise (±2 SE bars overlapping) of the next.
 */
export function frechetAnswer(input: {
  model: ErrorModel;
  /** The plot's ε grid and the current ε (read at the grid point nearest it). */
  grid: readonly number[];
  eps: number;
  done: boolean;
  /** Every error is measured in the Euclidean distance (the plot's choice). */
  allEuclidean: boolean;
}): LessonAnswer {
  const { model, grid } = input;
  if (grid.length === 0) return waiting('Computing the error plot…');
  const x = grid.reduce((a, b) =>
    Math.abs(Math.log(b / input.eps)) < Math.abs(Math.log(a / input.eps)) ? b : a,
  );
  const at = model.series.flatMap((s) => {
    const p = pointAt(s, x);
    return p ? [{ s, p, label: MECHANISM_STYLES[s.mechanism].label }] : [];
  });
  const ranked = at.filter((a) => a.s.isPrivate).sort((a, b) => a.p.y - b.p.y);
  if (ranked.length === 0) return waiting('Computing the error plot…');
  const [best, next] = ranked;
  const overlap = next && best.p.hi >= next.p.lo;
  // each in the distance the plot measures it in: Euclidean for the ambient mechanisms unless all are
  const distance = (a: (typeof ranked)[number]) =>
    input.allEuclidean || a.s.distance !== 'euclidean' ? '' : ' (Euclidean)';
  return {
    done: input.done,
    body: (
      <>
        At ε = {fmt(x)} the <strong data-answer="best">{best.label}</strong> lands closest: mean
        {input.allEuclidean ? ' Euclidean' : ''} error <span data-answer="best-error">{fmt(best.p.y)}</span>
        {distance(best)}
        {ranked.length > 1 && (
          <>
            , against{' '}
            {ranked
              .slice(1)
              .map((a) => `${a.label} ${fmt(a.p.y)}${distance(a)}`)
              .join(', ')}
          </>
        )}
        .{overlap && ` Its ±2 SE bar overlaps the ${next.label}’s: the two are within the releases’ noise.`}
        {at.some((a) => !a.s.isPrivate) &&
          ` Not private, so not counted: ${at
            .filter((a) => !a.s.isPrivate)
            .map((a) => a.label)
            .join(', ')}.`}
      </>
    ),
  };
}

export function FrechetAnswer() {
  const settings = useLab((s) => s.settings);
  const imported = useLab((s) => s.imported.frechet);
  const job = useLab((s) => s.frechetEps);
  const model = useMemo(
    () => errorModel(job.rows, 'eps', settings.errorMeasure),
    [job.rows, settings.errorMeasure],
  );
  const grid = useMemo(() => frechetEpsGrid(settings, imported), [settings, imported]);
  return (
    <AnswerBox
      answer={frechetAnswer({
        model,
        grid,
        eps: settings.eps,
        done: job.status === 'done',
        allEuclidean: settings.errorMeasure === 'euclidean',
      })}
    />
  );
}
