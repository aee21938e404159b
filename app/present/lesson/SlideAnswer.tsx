/**
 * Each slide's answer as the lab shows it now: one small component per slide reads the store slices its answer
 * needs (the ones the slide's view and plot draw) and passes them to its pure answer function. The audit,
 * shapes and Fréchet answers load with their slides (their code lives beside those plots and views).
 */
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { aggregateSizes, type SizesCell } from '../../../src/experiments/sizesRows';
import { adviceKey, cancelAdvice, runAdvice } from '../../compute/advise';
import { analysisKey, cancelAnalysis, runAnalysis } from '../../compute/analysis';
import { jobKey, releaseSpec } from '../../compute/jobs';
import { useReleaseCells } from '../../compute/useData';
import { useCurrentAdvice } from '../../plots/currentAdvice';
import { releaseSummary } from '../../plots/mseModel';
import { nonPrivateFit, releaseStatusLine } from '../../release/releasedPairs';
import { currentBudget } from '../../state/settings';
import { useLab } from '../../store';
import { useSplitPlot } from '../useSplitPlot';
import { AnswerBox, useSlideWork } from './AnswerBox';
import { adviceAnswer, fitAnswer, releaseAnswer, sizesAnswer, splitAnswer, waiting } from './answers';
import type { LessonSlideId } from './slides';

const AuditAnswer = lazy(() => import('./AuditAnswer').then((m) => ({ default: m.AuditAnswer })));
const ShapesAnswer = lazy(() => import('./ShapesAnswer').then((m) => ({ default: m.ShapesAnswer })));
const FrechetAnswer = lazy(() => import('./FrechetAnswer').then((m) => ({ default: m.FrechetAnswer })));

/** The sphere's release cells once they are for the settings shown (not the slide before's), and whether all arrived. */
function useSphereRelease() {
  const cells = useReleaseCells();
  const current = useLab((s) => s.release.key === jobKey(releaseSpec(s.settings, undefined), undefined));
  const done = useLab((s) => s.release.status === 'done');
  return { cells: current ? cells.filter((c) => c.pHat.length === 3) : [], done: current && done };
}

function FitAnswer() {
  const { cells } = useSphereRelease();
  const n = useLab((s) => s.settings.n);
  return <AnswerBox answer={fitAnswer({ fit: nonPrivateFit(cells, 3), n })} />;
}

function ReleaseAnswer() {
  const { cells, done } = useSphereRelease();
  const release = useLab((s) => s.release);
  const settings = useLab((s) => s.settings);
  const line = releaseStatusLine(release, cells, currentBudget(settings), 3);
  const privacy = {
    label: line.privacyLabel,
    privateForAnyData: line.privateForAnyData,
    statement: line.privacy,
  };
  return <AnswerBox answer={releaseAnswer({ summary: releaseSummary(cells), done, privacy })} />;
}

function SplitAnswer() {
  const { verdict } = useSplitPlot();
  const advice = useCurrentAdvice();
  return <AnswerBox answer={splitAnswer({ verdict, adviceFlat: advice ? advice.flat : null })} />;
}

/** Runs the advisor on synthetic data like the data shown (no privacy spent), unless it is running or done. */
function startAdvice() {
  const { settings, imported, advisor } = useLab.getState();
  const own = imported[settings.workspace];
  const run = advisor.run;
  if (run && run.status !== 'error' && run.key === adviceKey(settings, own, 'synthetic')) return;
  runAdvice(settings, own, 'synthetic');
}

function stopAdvice() {
  if (useLab.getState().advisor.run?.status === 'running') cancelAdvice();
}

function AdviceAnswer() {
  useSlideWork(startAdvice, stopAdvice);
  const run = useLab((s) => s.advisor.run);
  const n = useLab((s) => s.settings.n);
  const current = useCurrentAdvice();
  return <AnswerBox answer={adviceAnswer({ run, current, n })} />;
}

/** Computes the error against n for the settings shown, unless it is running or done. */
function startSizes() {
  const { settings, analysisRuns, sizes } = useLab.getState();
  const current = analysisRuns.sizes?.key === analysisKey('sizes', settings);
  if (current && (sizes.status === 'running' || sizes.status === 'done')) return;
  runAnalysis('sizes');
}

const stopSizes = () => cancelAnalysis('sizes');

function SizesAnswer() {
  useSlideWork(startSizes, stopSizes);
  const job = useLab((s) => s.sizes);
  const current = useLab((s) => s.analysisRuns.sizes?.key === analysisKey('sizes', s.settings));
  const eps = useLab((s) => s.settings.eps);
  const rows = useMemo(
    () => (current ? aggregateSizes(job.cells.filter((c): c is SizesCell => c !== undefined)) : []),
    [current, job.cells],
  );
  return <AnswerBox answer={sizesAnswer({ rows, done: current && job.status === 'done', eps })} />;
}

const VIEWS: Record<LessonSlideId, ComponentType> = {
  fit: FitAnswer,
  release: ReleaseAnswer,
  split: SplitAnswer,
  advice: AdviceAnswer,
  'audit-fit': AuditAnswer,
  'audit-paper': AuditAnswer,
  'audit-joint': AuditAnswer,
  sizes: SizesAnswer,
  'shapes-few': ShapesAnswer,
  'shapes-many': ShapesAnswer,
  frechet: FrechetAnswer,
};

/** The answer of the slide shown (computed while hidden too, so that it is ready when revealed). */
export function SlideAnswer({ id }: { id: LessonSlideId }) {
  const View = VIEWS[id];
  // keyed by the slide: the last slide's answer never stands in while this one's script loads
  return (
    <Suspense key={id} fallback={<AnswerBox answer={waiting('Loading the answer…')} />}>
      <View />
    </Suspense>
  );
}
