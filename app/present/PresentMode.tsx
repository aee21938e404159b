/**
 * Presenting mode: a header toggle, a bar under the header (figure sequence, one-sentence caption, play,
 * "everything else"), and the budget sliders in large figures beside the live plot. The page layout itself is
 * CSS (present.css) keyed on classes of <html>, so the workspaces need not know about it.
 *
 * Keys: Shift+P toggles presenting; in presenting mode PageDown / PageUp (what clickers send) and → / ← (when
 * no control has the focus) step through the figures or the lesson's slides, M folds everything else in or
 * out, Space on the play button animates the split. The lesson (./lesson/) loads with its own script when it is
 * chosen, and adds its own keys.
 */
import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { EpsilonSlider, SplitSlider } from '../controls/commonFields';
import { applyPreset } from '../presets';
import { LIMITS } from '../state/settings';
import { useLab } from '../store';
import { richText } from '../help/richText';
import { FigureClaim } from './FigureClaim';
import { PRESENT_SEQUENCE, currentStep, nextStep } from './sequence';
import { StepNav } from './StepNav';
import { isTextEntry, usePresent, withPresentFlag, type PresentSequence } from './presentStore';
import './present.css';
import { workspaceOf } from '../workspaces/registry';

const lesson = () => import('./lesson/LessonBar');
const LessonBar = lazy(() => lesson().then((m) => ({ default: m.LessonBar })));

/** Header button. */
export function PresentToggle() {
  const on = usePresent((s) => s.on);
  const setOn = usePresent((s) => s.setOn);
  return (
    <button
      type="button"
      className="header-button"
      aria-pressed={on}
      aria-keyshortcuts="Shift+P"
      title="Presenting mode: large type, and the view, budget sliders and plot on one screen (Shift+P)"
      data-testid="present-toggle"
      onClick={() => setOn(!on)}
    >
      {on ? 'Stop presenting' : 'Present'}
    </button>
  );
}

/** No control has the focus (arrows are then free to step figures rather than move a slider or a view). */
const nothingFocused = () => {
  const el = document.activeElement;
  return !el || el === document.body || el.closest('[data-present-bar]') !== null;
};

function step(dir: 1 | -1) {
  if (usePresent.getState().sequence === 'lesson') {
    void lesson().then((m) => m.stepLesson(dir));
    return;
  }
  const i = nextStep(useLab.getState().settings, dir);
  applyPreset(PRESENT_SEQUENCE[i].preset.id);
}

/** Switches the bar to the figures, or to the lesson at its last slide (whose settings are then shown). */
function choose(sequence: PresentSequence) {
  const present = usePresent.getState();
  if (present.sequence === sequence) return;
  if (sequence === 'lesson') void lesson().then((m) => m.goToSlide(present.slide));
  else usePresent.setState({ sequence });
}

/** Classes on <html>, the URL flag and the keyboard: mounted once, whether presenting or not. */
function usePresentEffects() {
  const on = usePresent((s) => s.on);
  const more = usePresent((s) => s.more);
  const figure = useLab((s) => s.settings.figure);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('presenting', on);
    root.classList.toggle('present-more', on && more);
    // which figure is on screen: a few figures show another part of their workspace (present.css)
    if (on && figure) root.dataset.presentFigure = figure;
    else delete root.dataset.presentFigure;
  }, [on, more, figure]);
  useEffect(() => {
    // a figure chosen from the Figures menu during the lesson: the bar steps through the figures from there
    if (figure && usePresent.getState().sequence === 'lesson') usePresent.setState({ sequence: 'figures' });
  }, [figure]);
  useEffect(() => {
    // keep the flag in the address bar while presenting (the settings' URL sync rewrites the query: re-add
    // it after each change); when not presenting, remove it once and stay out of the way
    const write = () => {
      const st = usePresent.getState();
      const want = withPresentFlag(window.location.search, st.on, st.sequence === 'lesson' ? st.slide : null);
      if (want !== window.location.search)
        window.history.replaceState(null, '', `${window.location.pathname}${want}${window.location.hash}`);
    };
    write();
    if (!on) return;
    const stopLab = useLab.subscribe((s, prev) => {
      if (s.settings !== prev.settings) queueMicrotask(write);
    });
    const stopPresent = usePresent.subscribe(write);
    return () => {
      stopLab();
      stopPresent();
    };
  }, [on]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (isTextEntry(document.activeElement)) return;
      const st = usePresent.getState();
      if (e.key === 'P' && e.shiftKey) {
        e.preventDefault();
        e.stopPropagation();
        st.setOn(!st.on);
        return;
      }
      if (!st.on) return;
      // capture phase: a clicker's PageDown steps figures even when the 3D view (which zooms on it) has focus
      if (e.key === 'PageDown' || e.key === 'PageUp') {
        e.preventDefault();
        e.stopPropagation();
        step(e.key === 'PageDown' ? 1 : -1);
      } else if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && nothingFocused()) {
        e.preventDefault();
        step(e.key === 'ArrowRight' ? 1 : -1);
      } else if ((e.key === 'm' || e.key === 'M') && !e.shiftKey) {
        e.preventDefault();
        st.setMore(!st.more);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}

/** Which sequence the bar steps through: the papers' figures, or the lesson. */
function SequenceChoice() {
  const sequence = usePresent((s) => s.sequence);
  return (
    <div
      className="present-sequence"
      role="group"
      aria-labelledby="present-sequence-label"
      data-testid="present-sequence"
    >
      <span id="present-sequence-label">Step through</span>
      {(['figures', 'lesson'] as const).map((q) => (
        <button key={q} type="button" aria-pressed={sequence === q} onClick={() => choose(q)}>
          {q === 'figures' ? 'Figures' : 'Lesson'}
        </button>
      ))}
    </div>
  );
}

/**
 * When the bar changes height (a caption on three lines, a lesson’s question and answer), the lab below gets
 * the rest of the screen (present.css), and the plots, which measure their room on resize
 * (usePresentingPlotHeight.ts), fit the new room.
 */
function useBarResize(bar: RefObject<HTMLElement | null>, on: boolean) {
  useEffect(() => {
    const el = bar.current;
    if (!on || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => window.dispatchEvent(new Event('resize')));
    observer.observe(el);
    return () => observer.disconnect();
  }, [bar, on]);
}

/** The bar under the header: the sequence, where we are in it, its caption or question, the mode's buttons. */
export function PresentBar() {
  const on = usePresent((s) => s.on);
  const more = usePresent((s) => s.more);
  const setMore = usePresent((s) => s.setMore);
  const sequence = usePresent((s) => s.sequence);
  const bar = useRef<HTMLElement>(null);
  useBarResize(bar, on);
  if (!on) return null;
  return (
    <section
      ref={bar}
      className="present-bar"
      data-present-bar
      aria-label="Presenting"
      data-testid="present-bar"
    >
      <SequenceChoice />
      {sequence === 'lesson' ? (
        <Suspense fallback={<span className="present-step">Lesson…</span>}>
          <LessonBar />
        </Suspense>
      ) : (
        <FigureSteps />
      )}
      <button
        type="button"
        className="present-more-button"
        aria-pressed={more}
        aria-keyshortcuts="M"
        onClick={() => setMore(!more)}
      >
        {more ? 'Fold away (M)' : 'Everything else (M)'}
      </button>
    </section>
  );
}

/** Where we are in the figure sequence, and the figure's caption: what is drawn, and what the plot shows. */
function FigureSteps() {
  const settings = useLab((s) => s.settings);
  const i = currentStep(settings);
  const st = i >= 0 ? PRESENT_SEQUENCE[i] : null;
  return (
    <>
      <StepNav
        noun="figure"
        label={st ? `${i + 1} / ${PRESENT_SEQUENCE.length} · ${st.preset.label}` : 'Figures'}
        atStart={i === 0}
        atEnd={i === PRESENT_SEQUENCE.length - 1}
        onStep={step}
      />
      <div className="present-caption" data-testid="present-caption">
        {st ? (
          <details>
            <summary>
              {st.short} <FigureClaim presetId={st.preset.id} />
            </summary>
            <p>{richText(st.preset.caption)}</p>
          </details>
        ) : (
          <p>PageDown steps through the figures of the papers; M shows everything else.</p>
        )}
      </div>
    </>
  );
}

/** Sweeps the split across its range, a step at a time, each once the release for it has arrived. */
function usePlaySplit() {
  const playing = usePresent((s) => s.playing);
  const setPlaying = usePresent((s) => s.setPlaying);
  const last = useRef(0);
  useEffect(() => {
    if (!playing) return;
    const [lo, hi] = [0.05, 0.95];
    const STEP = 0.05;
    const DWELL = 700;
    const lab = useLab.getState();
    lab.set({ split: lo });
    last.current = performance.now();
    const timer = window.setInterval(() => {
      // Stop takes effect at once: a tick that runs before this effect's cleanup must not move the split
      if (!usePresent.getState().playing) return;
      const s = useLab.getState();
      // wait for the view to show this split before moving on (slow spaces take longer than the dwell)
      if (performance.now() - last.current < DWELL || s.release.status === 'running') return;
      const next = +(s.settings.split + STEP).toFixed(2);
      if (next > hi + 1e-9) {
        setPlaying(false);
        return;
      }
      s.set({ split: Math.min(LIMITS.split[1], next) });
      last.current = performance.now();
    }, 100);
    return () => window.clearInterval(timer);
  }, [playing, setPlaying]);
}

/** The total-ε and split sliders in large figures, and the play button (a grid item of the lab). */
export function PresentControls() {
  usePresentEffects();
  const on = usePresent((s) => s.on);
  const playing = usePresent((s) => s.playing);
  const setPlaying = usePresent((s) => s.setPlaying);
  // a workspace of points spends its whole budget on one release: there is no split
  const points = useLab((s) => !workspaceOf(s.settings.workspace).manifold);
  usePlaySplit();
  if (!on) return null;
  return (
    <section className="present-controls" aria-label="Budget" data-testid="present-controls">
      <EpsilonSlider label={points ? 'budget ε' : 'total budget ε'} />
      {!points && (
        <div className="present-split">
          <SplitSlider />
          <button
            type="button"
            className="present-play"
            aria-pressed={playing}
            data-testid="present-play"
            onClick={() => setPlaying(!playing)}
          >
            {playing ? '❚❚ Stop' : '▶ Play the split'}
          </button>
        </div>
      )}
    </section>
  );
}
