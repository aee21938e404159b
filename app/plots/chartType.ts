/**
 * The plots' type sizes, in one place: the normal sizes, and presenting mode's, read from the back of a room
 * (every text at least 16 px); and for an SVG drawn to fit its box, the same sizes in its viewBox units.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { usePresent } from '../present/presentStore';

export const TICK_FONT = 13;
export const LABEL_FONT = 14;

/** A subscript's size and how far its baseline drops below its text's, both in ems of its text. */
export interface SubscriptType {
  scale: number;
  drop: number;
}

/** The plots' type sizes in px, and their subscripts'. */
export interface ChartType {
  tick: number;
  label: number;
  legend: number;
  /** Notes inside the plot area (labels on lines, "no results yet"). */
  note: number;
  /** Small print (a scale bar's label). */
  small: number;
  sub: SubscriptType;
}
const NORMAL_TYPE: ChartType = {
  tick: TICK_FONT,
  label: LABEL_FONT,
  legend: 13,
  note: 12,
  small: 11,
  sub: { scale: 0.75, drop: 0.3 },
};
/** Presenting mode: every text at least 16 px, subscripts as large as their text and dropped a quarter em. */
const PRESENT_TYPE: ChartType = {
  tick: 17,
  label: 17,
  legend: 16,
  note: 16,
  small: 16,
  sub: { scale: 1, drop: 0.25 },
};

export function useChartType(): ChartType {
  return usePresent((st) => st.on && !st.more) ? PRESENT_TYPE : NORMAL_TYPE;
}

/**
 * Screen px per viewBox unit of an SVG drawn to fit its box (preserveAspectRatio's default, "meet"), kept current
 * with a ResizeObserver; 1 until measured. Read off the SVG's own transform where the browser has one (its box
 * includes a border the drawing does not fill), and rounded down, so that text sized by it is never smaller on
 * screen than asked.
 */
export function useViewBoxScale(ref: RefObject<SVGSVGElement | null>, width: number, height: number): number {
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) return;
      const drawn = el.getScreenCTM?.()?.a ?? Math.min(r.width / width, r.height / height);
      setScale(Math.max(0.01, Math.floor(100 * drawn) / 100));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, width, height]);
  return scale;
}

/**
 * Font sizes in viewBox units for an SVG that is scaled to fit: as drawn, presenting mode's sizes hold on screen
 * whatever the scale; otherwise the sizes are in viewBox units, as designed.
 */
export function useViewBoxType(
  ref: RefObject<SVGSVGElement | null>,
  width: number,
  height: number,
): ChartType {
  const type = useChartType();
  const scale = useViewBoxScale(ref, width, height);
  if (type === NORMAL_TYPE) return type;
  return {
    ...type,
    tick: type.tick / scale,
    label: type.label / scale,
    legend: type.legend / scale,
    note: type.note / scale,
    small: type.small / scale,
  };
}
