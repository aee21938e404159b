import { useEffect, useRef, useState } from 'react';
import { preloadTex } from './TeX';
import { useHelp } from './helpStore';
import { TOPIC_IDS, type TopicId } from './topicIds';
import { TOPICS } from './topics';
import './help.css';

/**
 * A short explanation that any panel can drop in: a disclosure whose summary is the question it answers.
 * The body (with its KaTeX formulas) is only rendered while open, so closed explanations cost nothing.
 */
export function Explain({ topic, defaultOpen = false }: { topic: TopicId; defaultOpen?: boolean }) {
  const t = TOPICS[topic];
  const [open, setOpen] = useState(defaultOpen);
  return (
    <details
      className="explain"
      data-topic={topic}
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary onPointerEnter={preloadTex} onFocus={preloadTex}>
        {t.question}
      </summary>
      {open && <div className="explain-body">{t.body()}</div>}
    </details>
  );
}

/** A few explanations in a row, placed under a panel. */
export function Explainers({ topics }: { topics: readonly TopicId[] }) {
  return (
    <div className="explainers">
      {topics.map((t) => (
        <Explain key={t} topic={t} />
      ))}
    </div>
  );
}

/** A link-like button that opens the "About these ideas" panel at a topic. */
export function TopicLink({ topic }: { topic: TopicId }) {
  const openAbout = useHelp((s) => s.openAbout);
  return (
    <button type="button" className="topic-link" onClick={() => openAbout(topic)} onPointerEnter={preloadTex}>
      {TOPICS[topic].title}
    </button>
  );
}

/** "About these ideas": every explanation in one modal side panel (a native <dialog>: Escape closes it). */
export function AboutPanel() {
  const open = useHelp((s) => s.aboutOpen);
  const topic = useHelp((s) => s.aboutTopic);
  const closeAbout = useHelp((s) => s.closeAbout);
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
      const target = topic ? d.querySelector<HTMLElement>(`[data-topic="${topic}"] summary`) : null;
      if (target) {
        target.focus();
        target.scrollIntoView({ block: 'start' });
      } else d.querySelector<HTMLElement>('.about-close')?.focus();
    } else if (!open && d.open) d.close();
  }, [open, topic]);

  return (
    <dialog
      ref={ref}
      className="about-panel"
      aria-labelledby="about-title"
      onClose={() => {
        closeAbout();
        if (returnTo.current?.isConnected) returnTo.current.focus();
        returnTo.current = null;
      }}
    >
      <div className="about-head">
        <h2 id="about-title">About these ideas</h2>
        <button type="button" className="about-close" onClick={closeAbout} aria-label="Close explanations">
          ×
        </button>
      </div>
      <p className="about-intro">
        Short explanations of what the lab computes, for a classroom. Open any question; Escape closes the
        panel.
      </p>
      {open &&
        TOPIC_IDS.map((id) => (
          <Explain key={`${id}-${id === topic ? 'open' : 'closed'}`} topic={id} defaultOpen={id === topic} />
        ))}
    </dialog>
  );
}
