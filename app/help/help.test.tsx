// @vitest-environment jsdom
/**
 * The help features as a person uses them, in a DOM: a figure's caption (changed settings flagged, restored,
 * hidden and shown), "more" unfolding the rest of a caption, and the "About these ideas" panel rendering its
 * formulas with KaTeX and opening at a caption's topic.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../state/settings';
import { applyPreset } from '../presets';
import { useLab } from '../store';
import { AboutPanel } from './Explain';
import { FigureCaption } from './FigureCaption';
import { useHelp } from './helpStore';
import { TOPIC_IDS } from './topicIds';

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods: open and close it as a browser would (attribute and event)
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void };
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  Element.prototype.scrollIntoView ??= () => {};
});

beforeEach(() => {
  useLab.getState().set({ ...DEFAULT_SETTINGS });
  useHelp.setState({ aboutOpen: false, aboutTopic: null, captionHiddenFor: null });
});
afterEach(cleanup);

const caption = () => screen.getByTestId('figure-caption');

describe('a figure’s caption', () => {
  it('names the figure, flags a changed setting, restores the figure, hides and shows again', () => {
    render(<FigureCaption />);
    expect(screen.queryByTestId('figure-caption')).toBeNull(); // no preset, no caption
    act(() => void applyPreset('fig1'));
    expect(within(caption()).getByRole('heading').textContent).toContain('Fig. 1 of the paper');
    expect(caption().textContent).toContain('U shape');
    expect(caption().textContent).toContain('smaller ε = more private');
    expect(caption().textContent).not.toContain('You changed');

    act(() => useLab.getState().set({ split: 0.7 }));
    expect(caption().textContent).toContain('You changed split');
    fireEvent.click(within(caption()).getByRole('button', { name: 'Restore Fig. 1' }));
    expect(caption().textContent).not.toContain('You changed');
    expect(useLab.getState().settings.split).toBe(0.3);

    fireEvent.click(within(caption()).getByRole('button', { name: /Hide the caption/ }));
    expect(screen.queryByTestId('figure-caption')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the caption of Fig. 1' }));
    expect(caption()).toBeTruthy();
  });

  it('shows its first sentences; "more" unfolds the rest, whose topic link opens the explanations there', async () => {
    render(
      <>
        <FigureCaption />
        <AboutPanel />
      </>,
    );
    act(() => void applyPreset('fig9'));
    const more = caption().querySelector<HTMLButtonElement>('button.brief-more')!;
    expect(more.textContent).toBe('more');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.textContent).toBe('less');
    fireEvent.click(within(caption()).getByRole('button', { name: 'Checking the sensitivity bound' }));
    const panel = document.querySelector<HTMLDialogElement>('dialog.about-panel')!;
    expect(panel.open).toBe(true);
    const ratios = panel.querySelector<HTMLDetailsElement>('[data-topic="ratios"]')!;
    expect(ratios.open).toBe(true);
    // KaTeX loads on demand, then replaces the TeX source
    await waitFor(() => expect(ratios.querySelector('.katex')).not.toBeNull());
    expect(document.activeElement).toBe(ratios.querySelector('summary'));
  });
});

describe('About these ideas', () => {
  it('lists every topic; an opened one renders its formulas with KaTeX and MathML; closing returns the focus', async () => {
    render(
      <>
        <button type="button">About these ideas</button>
        <AboutPanel />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'About these ideas' });
    opener.focus();
    act(() => useHelp.getState().openAbout());
    const panel = document.querySelector<HTMLDialogElement>('dialog.about-panel')!;
    expect(panel.open).toBe(true);
    expect(panel.querySelectorAll('details.explain')).toHaveLength(TOPIC_IDS.length);
    // closed explanations render nothing (no formulas until opened)
    expect(panel.querySelector('.katex')).toBeNull();

    const open = (topic: string) => {
      const d = panel.querySelector<HTMLDetailsElement>(`[data-topic="${topic}"]`)!;
      d.open = true;
      fireEvent(d, new Event('toggle'));
      return d;
    };
    const split = open('split');
    await waitFor(() => expect(split.querySelector('.katex')).not.toBeNull());
    const sensitivity = open('sensitivity');
    await waitFor(() => expect(sensitivity.querySelectorAll('.katex-display')).toHaveLength(2));
    expect(sensitivity.querySelector('math')).not.toBeNull(); // for screen readers

    fireEvent.click(within(panel).getByRole('button', { name: 'Close explanations' }));
    expect(panel.open).toBe(false);
    expect(useHelp.getState().aboutOpen).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
