/**
 * The lesson's answers on the sphere, each computed from the numbers the lab shows on the slide (the release's
 * cells, the split plot's verdict, the advisor's run, the error-against-n rows), in the words the lab's own
 * captions use. Pure: the slide's component (SlideAnswer.tsx) reads the store and passes the inputs. The audit,
 * shapes and Fréchet slides have theirs beside their components (loaded when those slides are shown).
 */
import type { ReactNode } from 'react';
import type { Advice } from '../../../src/experiments';
import type { SizesRow } from '../../../src/experiments/sizesRows';
import type { PrivacyStatement } from '../../../src/privacy/statement';
import { formatFixed } from '../../format';
import { fmt } from '../../plots/chart';
import { adviceInWords, advisorProgress } from '../../plots/currentAdvice';
import { timesInWords, type SplitVerdict } from '../../plots/curveShape';
import { BestSplit, SplitCaption } from '../../plots/mseCaptions';
import type { ReleaseSummary } from '../../plots/mseModel';
import { sizesVerdict } from '../../plots/sizesModel';
import type { AdviceRun } from '../../store';

export interface LessonAnswer {
  /** The answer is final (false while the numbers it reads are still coming in). */
  done: boolean;
  body: ReactNode;
}

/** An answer whose numbers are still coming in. */
export const waiting = (body: ReactNode): LessonAnswer => ({ done: false, body });

/** An ln MSE as the release's status line writes it (two decimals), with a true minus sign. */
export const lnText = (x: number) => formatFixed(x, 2);

/** "about 2.8× the non-private error", from two ln MSEs. */
export const timesNonPrivate = (ln: number, lnNonPrivate: number) =>
  `${timesInWords(Math.exp(ln - lnNonPrivate))} the non-private error`;

/** The data and the non-private fit: the geodesic through the directions, and its error. */
export function fitAnswer(input: {
  fit: { vHat: Float64Array; lnMse: number } | null;
  n: number;
}): LessonAnswer {
  const { fit } = input;
  if (!fit) return waiting('Fitting the data…');
  const turn = (Math.hypot(...fit.vHat) * 180) / Math.PI;
  return {
    done: true,
    body: (
      <>
        A great circle: the fitted geodesic (solid) leaves the footpoint p̂ along the shooting vector v̂ and
        turns through {fmt(turn, 2)}° as x crosses its range. Over the {input.n} directions its ln MSE is{' '}
        <strong data-answer="ln-mse">{lnText(fit.lnMse)}</strong>.
      </>
    ),
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The first sentence of a privacy statement (what one release promises). */
export const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;

/** One private release: how far its draws stray from the fit, and what it promises. */
export function releaseAnswer(input: {
  summary: Pick<ReleaseSummary, 'lnMeanMse' | 'lnNonPrivateMse' | 'pairs'>;
  done: boolean;
  privacy: { label: string | null; privateForAnyData: boolean; statement: PrivacyStatement | null };
}): LessonAnswer {
  const { summary, privacy } = input;
  const { lnMeanMse, lnNonPrivateMse } = summary;
  if (!input.done || lnMeanMse === null || lnNonPrivateMse === null)
    return waiting(`Drawing the private release… ${summary.pairs} draws so far.`);
  return {
    done: true,
    body: (
      <>
        Its draws’ ln mean MSE is <strong data-answer="ln-mse">{lnText(lnMeanMse)}</strong> against{' '}
        {lnText(lnNonPrivateMse)} without privacy: {timesNonPrivate(lnMeanMse, lnNonPrivateMse)}.{' '}
        {privacy.privateForAnyData ? 'Private for any data' : (privacy.label ?? 'Not private')}
        {privacy.statement ? `: ${lowerFirst(firstSentence(privacy.statement.statement))}` : '.'}
      </>
    ),
  };
}

/** The split plot's verdict, as its caption decides it, and the best split it found. */
export function splitAnswer(input: { verdict: SplitVerdict; adviceFlat: boolean | null }): LessonAnswer {
  const { verdict } = input;
  return {
    done: verdict.shape !== 'pending',
    body: (
      <>
        <SplitCaption verdict={verdict} adviceFlat={input.adviceFlat} />
        <BestSplit verdict={verdict} />
      </>
    ),
  };
}

/** The split advisor's answer, and why asking it costs no privacy (or does, on the data themselves). */
export function adviceAnswer(input: {
  run: AdviceRun | null;
  current: Advice | null;
  n: number;
}): LessonAnswer {
  const { run, current } = input;
  if (run?.status === 'error') return { done: true, body: `The advisor failed: ${run.error}` };
  if (!current) return waiting(run?.status === 'running' ? advisorProgress(run) : 'Starting the advisor…');
  const cost =
    run?.source === 'data'
      ? 'Not this way: this advice ran on the data shown, which is an analysis of them and not private.'
      : `Yes: it sweeps the split on synthetic data of the same size (n = ${input.n}), never on anyone’s record.`;
  return { done: true, body: `${cost} ${adviceInWords(current)}` };
}

/** The error-against-n plot's reading: from which n the release private for any data is nearly free. */
export function sizesAnswer(input: { rows: readonly SizesRow[]; done: boolean; eps: number }): LessonAnswer {
  const verdict = sizesVerdict(input.rows);
  if (!verdict) return waiting('Computing the error against n…');
  return {
    done: input.done,
    body: (
      <>
        <span data-answer="sizes">{verdict}</span> (ε = {fmt(input.eps)}, equal split.)
      </>
    ),
  };
}
