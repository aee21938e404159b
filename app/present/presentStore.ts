/**
 * Presenting mode: large type and one screen holding the view, the budget sliders and the live plot,
 * for a projector. Its own small store, outside the lab settings: it changes how the page looks, not what the
 * lab computes. The URL flag `present=1` turns it on at load; the flag is kept in the address bar while on.
 */
import { create } from 'zustand';

export interface PresentState {
  /** Presenting mode is on. */
  on: boolean;
  /** In presenting mode: everything else (all controls, captions, downloads) unfolded below the main screen. */
  more: boolean;
  /** The split slider is being animated. */
  playing: boolean;
  setOn(on: boolean): void;
  setMore(more: boolean): void;
  setPlaying(playing: boolean): void;
}

export const PRESENT_PARAM = 'present';

/** `present=1` (or `true`) in a query string. */
export function presentFromQuery(search: string): boolean {
  const v = new URLSearchParams(search).get(PRESENT_PARAM);
  return v === '1' || v === 'true';
}

/** The query string with the flag set or removed (other parameters unchanged). */
export function withPresentFlag(search: string, on: boolean): string {
  const q = new URLSearchParams(search);
  if (on) q.set(PRESENT_PARAM, '1');
  else q.delete(PRESENT_PARAM);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const usePresent = create<PresentState>((set) => ({
  on: typeof window !== 'undefined' && presentFromQuery(window.location.search),
  more: false,
  playing: false,
  setOn: (on) => set(on ? { on } : { on, more: false, playing: false }),
  setMore: (more) => set({ more }),
  setPlaying: (playing) => set({ playing }),
}));

/** Height of a plot's drawing area while presenting (a share of the window, so the screen holds it), else null. */
export function presentingPlotHeight(on: boolean, windowHeight: number): number | null {
  return on ? Math.round(Math.max(150, Math.min(420, windowHeight * 0.265))) : null;
}
