import { useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useHelp } from './helpStore';
import { richText } from './richText';

interface TourStep {
  /** Tried in order; the first that matches a visible element is highlighted (none: the card is centred). */
  selectors: string[];
  title: string;
  text: string;
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    selectors: ['.workspace-tabs[role="tablist"]', '[role="tablist"]'],
    title: 'Spaces to explore',
    text:
      'Each tab is a space with its own data: directions on a globe, 2×2 covariance matrices drawn as ellipses, ' +
      'outlines of a brain structure, and ordinary flat data — and, last, private averages (Fréchet means) on ' +
      'the sphere and on covariance matrices. Arrow keys move between the tabs.',
  },
  {
    selectors: ['.control-panel fieldset:nth-of-type(2)', '.control-panel'],
    title: 'The privacy budget',
    text:
      'ε is the privacy budget: smaller ε is more private and gives noisier fits. The split slider shares ε ' +
      'between the footpoint (ε_p) and the shooting vector (ε_v). Each control says which way is more private.',
  },
  {
    selectors: ['#workspace-panel'],
    title: 'Data, fit and private fits',
    text:
      'The data with the ordinary (non-private) fit and the private fits side by side. On the sphere, drag to ' +
      'turn the globe and scroll to zoom.',
  },
  {
    selectors: ['.plots'],
    title: 'What privacy costs',
    text:
      'The error (ln MSE) of private fits against the budget split and against the total ε, with the non-private ' +
      'fit as a dashed line; they fill in while your computer works and redo themselves when a control changes. ' +
      'Other tabs show the sampler’s diagnostics and the sensitivity check.',
  },
  {
    selectors: ['#figures-button'],
    title: 'Reproduce the paper',
    text: 'Pick a figure of the paper: everything is set up as in it, with a caption saying what to look for.',
  },
  {
    selectors: ['#about-button', '.header-actions'],
    title: 'Ideas, links and this tour',
    text:
      '“About these ideas” explains footpoints, sensitivity, the U-shaped curve and why some choices are not ' +
      'private. “Copy link” copies a link to exactly this view. “Tour” replays this tour.',
  },
];

const STORAGE_KEY = 'dp-manifold-lab.tour';
/** Read before the URL sync rewrites the address bar (which drops parameters it does not know). */
const NO_TOUR_IN_URL =
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('notour') === '1';

function remember(value: 'done' | 'skipped') {
  try {
    window.localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Storage can be disabled; then the tour simply shows again next time.
  }
}

/** First visit only, and never under automation (`navigator.webdriver`) or with `?notour=1`. */
export function shouldAutoStartTour(): boolean {
  if (NO_TOUR_IN_URL || navigator.webdriver) return false;
  try {
    return window.localStorage.getItem(STORAGE_KEY) === null;
  } catch {
    return false;
  }
}

function findTarget(step: TourStep): HTMLElement | null {
  for (const sel of step.selectors) {
    let el: HTMLElement | null;
    try {
      el = document.querySelector<HTMLElement>(sel);
    } catch {
      continue; // an invalid selector must not break the tour
    }
    if (el && el.getClientRects().length > 0) return el;
  }
  return null;
}

const FOCUSABLE = 'button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The guided tour: a modal card (role=dialog, aria-modal) beside a highlighted part of the page. Next/Back
 * move, "Skip tour" or Escape end it; focus moves into the card and returns where it was afterwards.
 */
export function Tour() {
  const step = useHelp((s) => s.tourStep);
  const setStep = useHelp((s) => s.setTourStep);
  const cardRef = useRef<HTMLDivElement>(null);
  const ringRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const running = step !== null;

  // Remember where focus was on start (before the step effect moves it in), give it back at the end.
  useLayoutEffect(() => {
    if (!running) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const back = returnTo.current?.isConnected ? returnTo.current : document.getElementById('tour-button');
      back?.focus();
      returnTo.current = null;
    };
  }, [running]);

  // Per step: bring the target into view, keep the ring and the card placed next to it (before paint).
  useLayoutEffect(() => {
    if (step === null) return;
    const s = TOUR_STEPS[step];
    const target = findTarget(s);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target?.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
    let frame = 0;
    const place = () => {
      const card = cardRef.current;
      const ring = ringRef.current;
      if (card && ring) {
        const vw = window.innerWidth;
        const vh = window.innerHeight;
        const cw = card.offsetWidth;
        const ch = card.offsetHeight;
        const r = target?.isConnected ? target.getBoundingClientRect() : null;
        let left = (vw - cw) / 2;
        let top = (vh - ch) / 2;
        if (r && r.width > 0) {
          const pad = 6;
          ring.style.display = 'block';
          ring.style.left = `${r.left - pad}px`;
          ring.style.top = `${r.top - pad}px`;
          ring.style.width = `${r.width + 2 * pad}px`;
          ring.style.height = `${r.height + 2 * pad}px`;
          const gap = 16;
          const clampX = (x: number) => Math.min(Math.max(x, 12), vw - cw - 12);
          const clampY = (y: number) => Math.min(Math.max(y, 12), vh - ch - 12);
          if (r.bottom + gap + ch <= vh - 8) [left, top] = [clampX(r.left), r.bottom + gap];
          else if (r.top - gap - ch >= 8) [left, top] = [clampX(r.left), r.top - gap - ch];
          else if (r.right + gap + cw <= vw - 8) [left, top] = [r.right + gap, clampY(r.top)];
          else if (r.left - gap - cw >= 8) [left, top] = [r.left - gap - cw, clampY(r.top)];
          else [left, top] = [vw - cw - 16, vh - ch - 16];
        } else ring.style.display = 'none';
        card.style.left = `${Math.max(8, left)}px`;
        card.style.top = `${Math.max(8, top)}px`;
      }
      frame = requestAnimationFrame(place);
    };
    place();
    nextRef.current?.focus({ preventScroll: true });
    return () => cancelAnimationFrame(frame);
  }, [step]);

  if (step === null) return null;
  const s = TOUR_STEPS[step];
  const last = step === TOUR_STEPS.length - 1;
  const end = (how: 'done' | 'skipped') => {
    remember(how);
    setStep(null);
  };

  return createPortal(
    <div className="tour-root">
      <div className="tour-blocker" aria-hidden="true" />
      <div className="tour-ring" ref={ringRef} aria-hidden="true" />
      <div
        ref={cardRef}
        className="tour-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="tour-title"
        aria-describedby="tour-text"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            end('skipped');
          } else if (e.key === 'Tab') {
            // Keep focus inside the card.
            const f = Array.from(cardRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
            if (f.length === 0) return;
            const i = f.indexOf(document.activeElement as HTMLElement);
            if (e.shiftKey && i <= 0) {
              e.preventDefault();
              f[f.length - 1].focus();
            } else if (!e.shiftKey && i === f.length - 1) {
              e.preventDefault();
              f[0].focus();
            }
          }
        }}
      >
        <p className="tour-progress">
          Step {step + 1} of {TOUR_STEPS.length}
        </p>
        <h2 id="tour-title">{s.title}</h2>
        <p id="tour-text">{richText(s.text)}</p>
        <div className="tour-buttons">
          <button type="button" className="tour-skip" onClick={() => end('skipped')}>
            Skip tour
          </button>
          <span className="tour-spacer" />
          <button type="button" disabled={step === 0} onClick={() => setStep(step - 1)}>
            Back
          </button>
          <button
            type="button"
            ref={nextRef}
            className="tour-next"
            onClick={() => (last ? end('done') : setStep(step + 1))}
          >
            {last ? 'Done' : 'Next'}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** Escape also skips when focus has somehow left the card (e.g. a click on the page behind). */
export function useTourEscape() {
  const running = useHelp((s) => s.tourStep !== null);
  const setStep = useHelp((s) => s.setTourStep);
  useEffect(() => {
    if (!running) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        remember('skipped');
        setStep(null);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [running, setStep]);
}
