import { useEffect, useLayoutEffect, useReducer, useState, type RefObject } from 'react';
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
 * Presenting mode's plot height for the plot drawn in `svgRef`: grown or shrunk by the room left below the SVG
 * in the plots' panel (and the window), so that the whole plot is on the slide whatever stands above it (a
 * progress bar, a title on two lines, a verdict). Null when not presenting. Measured after every render and on
 * resize; the plot's height does not move the SVG's top, so one correction settles it. `max`: the most a plot
 * can use (a square plot no wider than its column), so that the height never grows past what the plot draws.
 */
export function useFittedPlotHeight(svgRef: RefObject<SVGSVGElement | null>, max = MAX_PLOT): number | null {
  const presenting = usePresentingPlotHeight();
  const guess = presenting === null ? null : Math.min(max, presenting);
  const [fitted, setFitted] = useState<number | null>(null);
  const [, remeasure] = useReducer((n: number) => n + 1, 0);
  const height = guess === null ? null : Math.min(max, fitted ?? guess);
  useEffect(() => {
    if (guess === null) return;
    window.addEventListener('resize', remeasure);
    return () => window.removeEventListener('resize', remeasure);
  }, [guess]);
  // after every render: what stands above the plot changes without this component's props changing
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const svg = svgRef.current;
    const panel = svg?.closest('.plots');
    if (height === null || !svg || !panel || !svg.checkVisibility()) return;
    const bottom = Math.min(panel.getBoundingClientRect().bottom, window.innerHeight) - 4;
    const next = Math.round(
      Math.max(MIN_PLOT, Math.min(max, MAX_PLOT, height + bottom - svg.getBoundingClientRect().bottom)),
    );
    if (Math.abs(next - height) > 1) setFitted(next);
  });
  return height;
}
