/**
 * Small building blocks shared by the plots, in one import: d3 computes scales, ticks and shapes; React renders
 * the SVG. Each idea has its file: colours and marks (chartStyle), ticks, axes, the figure (PlotFigure), the job
 * progress bar, type sizes (chartType); ChartFrame lays a plot out with them.
 */
import { MANIFOLDS } from '../../src/data/manifolds';
import type { WorkspaceId } from '../state/settings';

export {
  LABEL_FONT,
  TICK_FONT,
  useChartType,
  useViewBoxScale,
  useViewBoxType,
  type ChartType,
  type SubscriptType,
} from './chartType';
import { workspaceOf } from '../workspaces/registry';
export * from './chartStyle';
export * from './ticks';
export * from './axes';
export { JobProgress } from './JobProgress';
export { PlotFigure, Tooltip, useElementWidth } from './PlotFigure';

/** The plots' numbers and tick labels, under the names the plots use. */
export { formatNumber as fmt } from '../format';
export { formatTick as tickFormat } from './ticks';

/** Units of geodesic distance per workspace (for axis labels; the manifold's descriptor says them). */
export function distanceUnit(w: WorkspaceId): string {
  const { manifold } = workspaceOf(w);
  return manifold ? MANIFOLDS[manifold].distanceUnit : 'geodesic';
}

/** Unit of a squared distance, short enough for a vertical axis label. */
export function squaredUnit(w: WorkspaceId): string {
  const { manifold } = workspaceOf(w);
  return manifold ? MANIFOLDS[manifold].squaredUnit : 'dist²';
}
