/**
 * The MSE figure's geometry: the legend on top, the plot area under it and the two scales. The split panel is
 * linear in ε_p; the total-ε panel is log-spaced over where its curves move (epsRange).
 */
import * as d3 from 'd3';
import type { Panel } from '../../../src/experiments';
import { equalRange } from '../../compute/jobs';
import type { LabSettings } from '../../state/settings';
import { logTicks } from '../chart';
import { layoutLegend, type LegendItem } from '../Legend';
import { paddedExtent, type MseModel, type ReleaseSummary } from '../mseModel';

export function mseFrame(props: {
  panel: Panel;
  model: MseModel;
  settings: LabSettings;
  release: ReleaseSummary;
  legendItems: LegendItem[];
  /** The container's width. */
  width: number;
  /** The plot height when presenting (null: from the width). */
  presentH: number | null;
  /** The legend's text size in px. */
  legendFont: number;
}) {
  const { panel, model, settings, release, presentH } = props;
  const W = Math.max(280, props.width);
  // presenting: room for the larger tick labels beside the axis title
  const margin = { left: presentH ? 80 : 64, right: 16, bottom: presentH ? 62 : 56, top: 0 };
  const legendWidth = W - margin.left - margin.right + 40;
  const legend = layoutLegend(props.legendItems, legendWidth, props.legendFont);
  margin.top = legend.height + 14;
  const plotH = presentH ?? Math.round(Math.min(320, Math.max(200, W * 0.55)));
  const H = margin.top + plotH + margin.bottom;
  const x =
    panel === 'unequal'
      ? d3
          .scaleLinear()
          .domain([0, settings.eps])
          .range([margin.left, W - margin.right])
      : d3
          .scaleLog()
          .domain(equalRange(settings))
          .range([margin.left, W - margin.right]);
  const xTicks = panel === 'unequal' ? x.ticks(6) : logTicks(x as d3.ScaleLogarithmic<number, number>);
  const yExtent =
    paddedExtent([
      ...model.series.flatMap((s) => s.points.map((p) => p.y)),
      ...model.series.map((s) => s.lnNonPrivate),
      release.lnMeanMse,
    ]) ?? ([-7, -5] as [number, number]);
  const y = d3
    .scaleLinear()
    .domain(yExtent)
    .nice(6)
    .range([margin.top + plotH, margin.top]);
  const top = margin.top;
  const bottom = margin.top + plotH;
  return {
    W,
    H,
    margin,
    plotH,
    /** The plot area's top and bottom edges. */
    top,
    bottom,
    /** The legend as laid out (drawn by <Legend>). */
    legend,
    x,
    xTicks,
    y,
    /** `y`, kept inside the plot area (for lines that may lie off it). */
    clampY: (v: number) => Math.max(top, Math.min(bottom, y(v))),
  };
}

export type MseFrame = ReturnType<typeof mseFrame>;
