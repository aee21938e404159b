import { useEffect, useState } from 'react';
import { PresentBar, PresentToggle } from './present/PresentMode';
import { startFresh } from './state/persistence';
import { CopyLink } from './help/CopyLink';
import { AboutPanel } from './help/Explain';
import { FigureCaption } from './help/FigureCaption';
import { FiguresMenu } from './help/FiguresMenu';
import { useHelp } from './help/helpStore';
import { Tour, shouldAutoStartTour, useTourEscape } from './help/Tour';
import './help/help.css';

/**
 * Header buttons — Figures (paper presets), About these ideas, Copy link, Start fresh, Tour — and, as the header's next
 * row, the caption of the figure a preset reproduces. Also mounts the explanations panel and the tour.
 */
export function HeaderActions() {
  const openAbout = useHelp((s) => s.openAbout);
  const setTourStep = useHelp((s) => s.setTourStep);
  const hideCaption = useHelp((s) => s.hideCaption);
  const [announcement, setAnnouncement] = useState('');
  useTourEscape();

  // Decided once, on the first render; the tour button carries the decision (tests read it instead of waiting).
  const [autoStart] = useState(shouldAutoStartTour);
  useEffect(() => {
    if (!autoStart) return;
    const t = setTimeout(() => setTourStep(0), 800);
    return () => clearTimeout(t);
  }, [autoStart, setTourStep]);

  return (
    <>
      <div className="header-actions">
        <FiguresMenu
          onApplied={(label) => {
            hideCaption(null);
            setAnnouncement(`${label} applied; its caption is shown below the header.`);
          }}
        />
        <button type="button" id="about-button" className="header-button" onClick={() => openAbout(null)}>
          About these ideas
        </button>
        <CopyLink />
        <button
          type="button"
          className="header-button"
          title="Forget the settings and data this browser kept from your last session"
          onClick={startFresh}
        >
          Start fresh
        </button>
        <button
          type="button"
          id="tour-button"
          className="header-button"
          data-autostart={autoStart ? 'yes' : 'no'}
          onClick={() => setTourStep(0)}
        >
          Tour
        </button>
        <PresentToggle />
        <span className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </span>
        <AboutPanel />
        <Tour />
      </div>
      <FigureCaption />
      <PresentBar />
    </>
  );
}
