import { useEffect, useLayoutEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { presentingPlotHeight, usePresent } from './presentStore';

/** The plot height presenting mode asks for (null when not presenting, or with everything unfolded). */
export function usePresentingPlotHeight(): number | null {
  const on = usePresent((s) => s.on && !s.more);
  const [h, setH] = useState(() => window.innerHeight);
  useEffect(() => {
    if (!on) return;
    const onResize = () => setH(window.innerHeight);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [on]);
  return presentingPlotHeight(on, h);
}

const MIN_PLOT = 110;
const MAX_PLOT = 420;

/**
 * How far the content of the plots' card runs past its room (negative: room to spare) for the plot drawn in
 * `svg`: the room ends at the card's padding (the layout gives the card the rest of the screen; a card of its
 * content's height has none to spare), the content at the lowest bottom among the plot's ancestors in the card,
 * which holds whatever stands below the plot (its footer, the card's other visible content). Null when the plot
 * is not in a plots' card.
 */
function overrun(svg: SVGSVGElement): number | null {
  const card = svg.closest('.plots-card') ?? svg.closest('.plots');
  if (!card) return null;
  const box = card.getBoundingClientRect();
  const style = getComputedStyle(card);
  const room = box.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
  let content = svg.getBoundingClientRect().bottom;
  for (let el = svg.parentElement; el && el !== card; el = el.parentElement) {
    const r = el.getBoundingClientRect();
    // a wrapper with display: contents has no box
    if (r.height > 0) content = Math.max(content, r.bottom + parseFloat(getComputedStyle(el).marginBottom));
  }
  return content - room;
}

/**
 * Presenting mode's plot height for the plot drawn in `svgRef`: grown or shrunk by the room left in the plots'
 * card below everything the card shows, so that the whole plot is on the slide whatever stands above or below
 * it (a progress bar, a title on two lines, a verdict, a footnote). Null when not presenting. Measured after
 * every render and on resize; what stands below the plot moves with its height, so one correction settles it.
 * `max`: the most a plot can use (a square plot no wider than its column), so that the height never grows past
 * what the plot draws.
 */
export function useFittedPlotHeight(svgRef: RefObject<SVGSVGElement | null>, max = MAX_PLOT): number | null {
  const presenting = usePresentingPlotHeight();
  const guess = presenting === null ? null : Math.min(max, presenting);
  const [fitted, setFitted] = useState<number | null>(null);
  const [, remeasure] = useReducer((n: number) => n + 1, 0);
  const height = guess === null ? null : Math.min(max, fitted ?? guess);
  // the card's room also changes with what stands beside it (the bar's answer, the sliders' labels wrapping):
  // the card is watched once the plot is drawn in it
  const watched = useRef<{ card: Element; observer: ResizeObserver } | null>(null);
  useEffect(() => {
    if (guess === null) return;
    window.addEventListener('resize', remeasure);
    return () => window.removeEventListener('resize', remeasure);
  }, [guess]);
  useEffect(
    () => () => {
      watched.current?.observer.disconnect();
      watched.current = null;
    },
    [],
  );
  // after every render: what stands above the plot changes without this component's props changing
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (height === null || !svg || !svg.checkVisibility()) return;
    const card = svg.closest('.plots-card');
    if (card && watched.current?.card !== card && typeof ResizeObserver !== 'undefined') {
      watched.current?.observer.disconnect();
      const observer = new ResizeObserver(remeasure);
      observer.observe(card);
      watched.current = { card, observer };
    }
    const over = overrun(svg);
    if (over === null) return;
    const next = Math.round(Math.max(MIN_PLOT, Math.min(max, MAX_PLOT, height - over)));
    if (Math.abs(next - height) > 1) setFitted(next);
  });
  return height;
}
