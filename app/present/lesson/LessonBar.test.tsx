// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../state/settings';
import { useLab } from '../../store';
import { PresentBar, PresentControls } from '../PresentMode';
import { usePresent } from '../presentStore';
import { useReveal } from './reveal';
import { LESSON } from './slides';

// test files share their modules (vite.config.ts): leave the stores as they were found
const reset = () => {
  useLab.getState().set({ ...DEFAULT_SETTINGS });
  usePresent.setState({ on: false, more: false, sequence: 'figures', slide: 1 });
  useLab.setState({ upcoming: null });
  useReveal.setState({ revealed: false });
};
beforeEach(() => {
  reset();
  usePresent.setState({ on: true });
});
afterEach(() => {
  cleanup();
  reset();
});

const key = (k: string) => act(() => void fireEvent.keyDown(window, { key: k }));
const step = () => screen.getByTestId('present-step').textContent;
/** The lesson's script loads on demand (transformed on first use here: it can take seconds). */
const LOADING = { timeout: 20_000 };

describe('the lesson in presenting mode’s bar', () => {
  it('is chosen beside the figures, then steps by its buttons and the clicker’s keys, clamped at the ends', async () => {
    render(
      <>
        <PresentBar />
        <PresentControls />
      </>,
    );
    const lesson = screen.getByRole('button', { name: 'Lesson' });
    expect(screen.getByRole('button', { name: 'Figures' }).getAttribute('aria-pressed')).toBe('true');
    expect(step()).toBe('Figures');
    fireEvent.click(lesson);
    expect(await screen.findByTestId('lesson-question', {}, LOADING)).toHaveProperty(
      'textContent',
      LESSON[0].question,
    );
    expect(lesson.getAttribute('aria-pressed')).toBe('true');
    expect(step()).toBe(`1 / ${LESSON.length} · ${LESSON[0].title}`);
    expect(screen.getByRole('button', { name: 'Previous slide (PageUp)' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Next slide (PageDown)' }));
    expect(step()).toBe(`2 / ${LESSON.length} · ${LESSON[1].title}`);
    key('PageDown');
    expect(await screen.findByText(LESSON[2].question)).toBeTruthy();
    expect(usePresent.getState().slide).toBe(3);
    key('PageUp');
    expect(await screen.findByText(LESSON[1].question)).toBeTruthy();

    // back to the figures: the lesson keeps its slide for next time
    fireEvent.click(screen.getByRole('button', { name: 'Figures' }));
    expect(step()).toBe('Figures');
    expect(usePresent.getState()).toMatchObject({ sequence: 'figures', slide: 2 });
  });

  it("names the next slide's settings as it will show them (so the lab computes its release ahead), none after the last", async () => {
    render(
      <>
        <PresentBar />
        <PresentControls />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Lesson' }));
    await screen.findByTestId('lesson-question', {}, LOADING);
    // the presenter's own m carries over, and the advisor's slide caps it: both paths are taken
    act(() => useLab.getState().set({ m: 4 }));
    for (let i = 1; i < LESSON.length; i++) {
      const upcoming = useLab.getState().upcoming;
      expect(upcoming).not.toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Next slide (PageDown)' }));
      expect(usePresent.getState().slide).toBe(i + 1);
      expect(useLab.getState().settings).toEqual(upcoming);
    }
    expect(useLab.getState().upcoming).toBeNull();
  });

  it('reveals the answer with A (not while typing) or Space (when no control has the focus), or its button', async () => {
    usePresent.setState({ sequence: 'lesson', slide: 1 });
    render(<PresentBar />);
    const answer = await screen.findByTestId('lesson-answer', {}, LOADING);
    const reveal = screen.getByTestId('lesson-reveal');
    expect(answer.hidden).toBe(true);
    expect(reveal.textContent).toBe('Reveal the answer (A)');
    key('a');
    expect(answer.hidden).toBe(false);
    expect(reveal.textContent).toBe('Hide the answer (A)');
    expect(reveal.getAttribute('aria-expanded')).toBe('true');
    key(' ');
    expect(answer.hidden).toBe(true);
    fireEvent.click(reveal);
    expect(answer.hidden).toBe(false);
    fireEvent.click(reveal);

    // a focused control takes Space itself; a text field takes A
    reveal.focus();
    key(' ');
    expect(answer.hidden).toBe(true);
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    act(() => void fireEvent.keyDown(field, { key: 'a' }));
    expect(answer.hidden).toBe(true);
    field.remove();
  });
});
