/**
 * The MSE figure's scales: the split panel is linear in ε_p; the total-ε panel is log-spaced over where its
 * curves move (epsRange); ln mean MSE on the y axis covers the curves, the non-private lines (with room under the
 * lowest for its label) and the release.
 */
import * as d3 from 'd3';
import type { Panel } from '../../../src/experiments';
import { equalRange } from '../../compute/jobs';
import type { LabSettings } from '../../state/settings';
import type { Frame } from '../ChartFrame';
import { logTicks } from '../chart';
import { paddedExtent, type MseModel, type ReleaseSummary } from '../mseModel';

export function mseScales(props: {
  panel: Panel;
  model: MseModel;
  settings: LabSettings;
  release: ReleaseSummary;
}) {
  const { panel, model, settings, release } = props;
  const x: d3.ScaleContinuousNumeric<number, number> =
    panel === 'unequal'
      ? d3.scaleLinear().domain([0, settings.eps])
      : d3.scaleLog().domain(equalRange(settings));
  const xTicks = panel === 'unequal' ? x.ticks(6) : logTicks(x as d3.ScaleLogarithmic<number, number>);
  const extent =
    paddedExtent([
      ...model.series.flatMap((s) => s.points.map((p) => p.y)),
      ...model.series.map((s) => s.lnNonPrivate),
      release.lnMeanMse,
    ]) ?? ([-7, -5] as [number, number]);
  // room under the lowest non-private line for its label (MseCurves), which the curves seldom reach
  const nonPrivate = model.series.flatMap((s) => (s.lnNonPrivate === null ? [] : [s.lnNonPrivate]));
  const labelRoom = nonPrivate.length ? Math.min(...nonPrivate) - 0.15 * (extent[1] - extent[0]) : extent[0];
  const y = d3
    .scaleLinear()
    .domain([Math.min(extent[0], labelRoom), extent[1]])
    .nice(6);
  return { x, xTicks, y };
}

export type MseFrame = Frame<d3.ScaleContinuousNumeric<number, number>, d3.ScaleLinear<number, number>>;

/** `frame.y`, kept inside the plot area (for lines that may lie off it). */
export const clampY = (frame: MseFrame, v: number) => Math.max(frame.top, Math.min(frame.bottom, frame.y(v)));
