/**
 * The lesson in presenting mode's bar: where we are (◀ slide ▶), the slide's question in large type, and its
 * answer behind a key (A, or Space when no control has the focus) and a button. Loaded with its own script
 * when the lesson is chosen.
 *
 * A slide is shown by applying its settings (slides.ts) the way a figure preset is applied; its answer
 * (SlideAnswer.tsx) is computed from what the lab then shows.
 */
import { useEffect } from 'react';
import { applySettings } from '../../presets';
import { linkSetsSettings, type LabSettings } from '../../state/settings';
import { useLab } from '../../store';
import { isTextEntry, openedSlide, openedWith, usePresent } from '../presentStore';
import { StepNav } from '../StepNav';
import { SlideAnswer } from './SlideAnswer';
import { useReveal } from './reveal';
import { LESSON, clampSlide, presenterM, showsSlide, slideSettings } from './slides';
import './lesson.css';

/** The footpoints m the presenter chose, kept while a slide that runs with fewer is shown (its maxM). */
let chosenM: number | null = null;

/** Shows slide n (clamped to the lesson): its settings, its question, its answer hidden. */
export function goToSlide(n: number): void {
  const slide = clampSlide(n);
  const { settings } = useLab.getState();
  const present = usePresent.getState();
  const shown = present.sequence === 'lesson' ? LESSON[clampSlide(present.slide) - 1] : undefined;
  chosenM = presenterM(shown, settings, chosenM);
  applySettings(slideSettings(LESSON[slide - 1], settings, chosenM), 'The lesson uses synthetic data');
  useReveal.setState({ revealed: false });
  usePresent.setState({ sequence: 'lesson', slide });
}

/** The next (1) or previous (−1) slide; at either end nothing changes (the slide's state stays as it is). */
export function stepLesson(dir: 1 | -1): void {
  const at = clampSlide(usePresent.getState().slide);
  const next = clampSlide(at + dir);
  if (next !== at) goToSlide(next);
}

/** The settings the step from slide `at` to the next would show now (goToSlide's), or null on the last slide. */
function settingsAfter(at: number, settings: LabSettings): LabSettings | null {
  if (at >= LESSON.length) return null;
  return slideSettings(LESSON[at], settings, presenterM(LESSON[at - 1], settings, chosenM));
}

/** Keeps the store's `upcoming` the next slide's settings while slide `at` is shown (the lab computes its release
 * ahead). */
function useUpcomingSlide(at: number) {
  const settings = useLab((s) => s.settings);
  useEffect(() => {
    useLab.setState({ upcoming: settingsAfter(at, settings) });
  }, [at, settings]);
  useEffect(() => () => useLab.setState({ upcoming: null }), []);
}

const setRevealed = (revealed: boolean) => useReveal.setState({ revealed });

/** The slide the page's link named has been shown (it is shown once per page). */
let openedSlideShown = false;

/**
 * The slide a link named, once per page. A bookmark of a slide carries its settings (and whatever the presenter
 * changed on it): they stay. A link without settings would show the stored session instead, and one whose
 * settings are not the slide's was written by hand: the slide's settings are shown then.
 */
function showOpenedSlide(): void {
  if (openedSlide === null || openedSlideShown) return;
  openedSlideShown = true;
  const slide = clampSlide(openedSlide);
  const bookmarked =
    linkSetsSettings(openedWith) && showsSlide(LESSON[slide - 1], useLab.getState().settings);
  if (bookmarked) usePresent.setState({ slide });
  else goToSlide(slide);
}

/** A and Space reveal or hide the answer (Space only when no control has the focus: it presses buttons). */
function useRevealKeys() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
      const present = usePresent.getState();
      if (!present.on || present.sequence !== 'lesson') return;
      const el = document.activeElement;
      const a = (e.key === 'a' || e.key === 'A') && !isTextEntry(el);
      const space = e.key === ' ' && (!el || el === document.body) && !present.more;
      if (!a && !space) return;
      e.preventDefault();
      setRevealed(!useReveal.getState().revealed);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** Which slide is on screen, for lesson.css (a few slides show another part of their workspace). */
function useLessonLayout(slideId: string) {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('present-lesson');
    root.dataset.presentLesson = slideId;
    return () => {
      root.classList.remove('present-lesson');
      delete root.dataset.presentLesson;
    };
  }, [slideId]);
}

export function LessonBar() {
  const slideNo = usePresent((s) => s.slide);
  const revealed = useReveal((s) => s.revealed);
  const i = clampSlide(slideNo);
  const slide = LESSON[i - 1];
  useEffect(showOpenedSlide, []);
  useRevealKeys();
  useLessonLayout(slide.id);
  useUpcomingSlide(i);
  return (
    <>
      <StepNav
        noun="slide"
        label={`${i} / ${LESSON.length} · ${slide.title}`}
        atStart={i === 1}
        atEnd={i === LESSON.length}
        onStep={stepLesson}
      />
      <p className="lesson-question" data-testid="lesson-question">
        {slide.question}
      </p>
      <button
        type="button"
        className="lesson-reveal"
        data-testid="lesson-reveal"
        aria-expanded={revealed}
        aria-controls="lesson-answer"
        aria-keyshortcuts="A Space"
        onClick={() => setRevealed(!revealed)}
      >
        {revealed ? 'Hide the answer (A)' : 'Reveal the answer (A)'}
      </button>
      <SlideAnswer id={slide.id} />
    </>
  );
}
