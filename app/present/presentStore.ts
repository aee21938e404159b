/**
 * Presenting mode: large type and one screen holding the view, the budget sliders and the live plot,
 * for a projector. Its own small store, outside the lab settings: it changes how the page looks, not what the
 * lab computes. The URL flag `present=1` turns it on at load; the flag is kept in the address bar while on,
 * with `lesson=<slide>` when the bar steps through the lesson rather than the papers' figures (the figure on
 * screen is a setting of its own), so a bookmark opens the same slide.
 */
import { create } from 'zustand';

export interface PresentState {
  /** Presenting mode is on. */
  on: boolean;
  /** In presenting mode: everything else (all controls, captions, downloads) unfolded below the main screen. */
  more: boolean;
  /** The split slider is being animated. */
  playing: boolean;
  /** What the bar steps through: the papers' figures, or the lesson (app/present/lesson/, which sets these). */
  sequence: PresentSequence;
  /** The lesson's slide on screen, numbered from 1 (kept while the figures are shown). */
  slide: number;
  setOn(on: boolean): void;
  setMore(more: boolean): void;
  setPlaying(playing: boolean): void;
}

export type PresentSequence = 'figures' | 'lesson';

export const PRESENT_PARAM = 'present';
export const LESSON_PARAM = 'lesson';

/** The lesson's slide named by `lesson=<n>` in a query string (n ≥ 1), or null: the figures. */
export function lessonFromQuery(search: string): number | null {
  const n = Number(new URLSearchParams(search).get(LESSON_PARAM));
  return n >= 1 && Number.isInteger(n) ? n : null;
}

/** `present=1` (or `true`) in a query string. */
export function presentFromQuery(search: string): boolean {
  const v = new URLSearchParams(search).get(PRESENT_PARAM);
  return v === '1' || v === 'true';
}

/**
 * The query string with the flag set or removed, and the lesson's slide when one is given (other parameters
 * unchanged; no slide without the flag).
 */
export function withPresentFlag(search: string, on: boolean, lessonSlide: number | null = null): string {
  const q = new URLSearchParams(search);
  if (on) q.set(PRESENT_PARAM, '1');
  else q.delete(PRESENT_PARAM);
  if (on && lessonSlide !== null) q.set(LESSON_PARAM, String(lessonSlide));
  else q.delete(LESSON_PARAM);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The address the page was opened with (read before the settings' URL sync rewrites it). */
export const openedWith = typeof window !== 'undefined' ? window.location.search : '';
const openedOn = presentFromQuery(openedWith);
/** The lesson's slide the page was opened on (null: none, or not presenting). */
export const openedSlide = openedOn ? lessonFromQuery(openedWith) : null;

export const usePresent = create<PresentState>((set) => ({
  on: openedOn,
  more: false,
  playing: false,
  sequence: openedSlide === null ? 'figures' : 'lesson',
  slide: openedSlide ?? 1,
  setOn: (on) => set(on ? { on } : { on, more: false, playing: false }),
  setMore: (more) => set({ more }),
  setPlaying: (playing) => set({ playing }),
}));

/** Height of a plot's drawing area while presenting (a share of the window, so the screen holds it), else null. */
export function presentingPlotHeight(on: boolean, windowHeight: number): number | null {
  return on ? Math.round(Math.max(150, Math.min(420, windowHeight * 0.265))) : null;
}

/** A control that takes typed keys (the mode's own keys then stay out of its way). */
export const isTextEntry = (el: Element | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLInputElement &&
      el.type !== 'range' &&
      el.type !== 'checkbox' &&
      el.type !== 'button'));
