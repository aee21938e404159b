/**
 * What every slide's answer shares: its box (hidden until revealed, with a flag saying when its numbers are
 * final), and the work it waits for when the lab does not start that by itself.
 */
import { useEffect } from 'react';
import { useLab } from '../../store';
import { usePresent } from '../presentStore';
import type { LessonAnswer } from './answers';
import { useReveal } from './reveal';

export function AnswerBox({ answer }: { answer: LessonAnswer }) {
  const revealed = useReveal((s) => s.revealed);
  // the bar grows or shrinks with the answer: the plots refit to the room left them (they remeasure on resize;
  // a resize observer alone can miss the change when the page draws no frame in between)
  useEffect(() => {
    window.dispatchEvent(new Event('resize'));
  }, [revealed, answer.done]);
  return (
    <div
      id="lesson-answer"
      className="lesson-answer"
      data-testid="lesson-answer"
      data-done={answer.done}
      hidden={!revealed}
      aria-live="polite"
      aria-busy={!answer.done}
    >
      {answer.body}
    </div>
  );
}

/**
 * Starts the slide's work when it is shown, when the presenter changes a setting on it, and again on a reveal
 * (after a stop or a failure; `start` does nothing when the work is running or done for the settings shown);
 * stops it when the presenter steps to another slide, so that the next slide's work does not wait for the cores.
 * Leaving the lesson lets it finish.
 */
export function useSlideWork(start: () => void, stop: () => void) {
  const revealed = useReveal((s) => s.revealed);
  const settings = useLab((s) => s.settings);
  useEffect(() => start(), [start, revealed, settings]);
  useEffect(
    () => () => {
      const present = usePresent.getState();
      if (present.on && present.sequence === 'lesson') stop();
    },
    [stop],
  );
}
