/**
 * A figure slide's claim about its plot, computed from the numbers the plot draws: the split plot's verdict
 * (as its own caption words it), 002's growth with k, 004's lower curve. Slides of views say nothing here: their
 * fixed description only says what is drawn.
 */
import { useMemo } from 'react';
import { growthSentence, lowerCurveSentence } from '../workspaces/frechet/errorClaims';
import { errorModel } from '../workspaces/frechet/errorPlotModel';
import { SplitCaption } from '../plots/mseCaptions';
import { useLab, type FrechetJob } from '../store';
import { noiseOrderSentence, slidePlot } from './slideClaims';
import { useSplitPlot } from './useSplitPlot';

export function FigureClaim({ presetId }: { presetId: string }) {
  const plot = slidePlot(presetId);
  if (plot === 'split') return <SplitClaim noiseOrder={presetId === 'fig6'} />;
  if (plot === 'errorVsK') return <FrechetClaim x="k" />;
  if (plot === 'errorVsEps') return <FrechetClaim x="eps" />;
  return null;
}

function SplitClaim({ noiseOrder }: { noiseOrder: boolean }) {
  const { model, verdict } = useSplitPlot();
  const lines = noiseOrder && verdict.shape !== 'pending' ? noiseOrderSentence(model) : null;
  return (
    <span className="present-claim" data-testid="present-claim" data-shape={verdict.shape}>
      {/* the advisor is not on the slide: the verdict is the plot's alone */}
      <SplitCaption verdict={verdict} />
      {lines && ` ${lines}`}
    </span>
  );
}

/** The job's rows once they are all in and for the data shown (not the slide before's). */
function finishedRows(job: FrechetJob, n: number) {
  return job.status === 'done' && job.rows.every((r) => r.n === n) ? job.rows : null;
}

function FrechetClaim({ x }: { x: 'eps' | 'k' }) {
  const job = useLab((s) => (x === 'k' ? s.frechetK : s.frechetEps));
  const n = useLab((s) => s.settings.n);
  const measure = useLab((s) => s.settings.errorMeasure);
  const rows = finishedRows(job, n);
  const sentence = useMemo(() => {
    if (!rows) return null;
    const model = errorModel(rows, x, measure);
    return x === 'k' ? growthSentence(model, 'rl', 'tg') : lowerCurveSentence(model, 'rl', 'ambient', 'ε');
  }, [rows, x, measure]);
  // no sweep for the settings shown (a hand-written link to the figure in another workspace): nothing to say
  if (job.status === 'idle' || job.status === 'error') return null;
  return (
    <span className="present-claim" data-testid="present-claim" data-done={rows !== null}>
      {rows ? (
        <>
          <strong>Here:</strong> {sentence ?? 'the plot has too few points to compare the curves.'}
        </>
      ) : (
        <>
          <strong>Computing</strong> ({job.done} of {job.total || '…'}): what the curves show is said once
          they are complete.
        </>
      )}
    </span>
  );
}
