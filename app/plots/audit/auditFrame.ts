/** What both audit plots share: the colours of the two sides and the frame's margins and legend. */
import type { Margin } from '../ChartFrame';
import { OKABE_ITO } from '../chart';

/** The releases from D and from D′ (one record changed). */
export const COLOR_D = OKABE_ITO.blue;
export const COLOR_D2 = OKABE_ITO.vermillion;

/** The legend at the top left, as wide as the plot area, above the margins around the plot area. */
export const AUDIT_FRAME = {
  margin: { left: 56, right: 16, top: 12, bottom: 52 },
  legendWidth: (W: number, m: Margin) => W - m.left - m.right,
  legendAt: (m: Margin) => ({ x: m.left, y: 0 }),
};
