/** The frame and colours both audit plots share. */
import { useId, useRef, type ReactNode } from 'react';
import { useFittedPlotHeight } from '../../present/usePresentingPlotHeight';
import { OKABE_ITO, PlotFigure, useElementWidth } from '../chart';
import { Legend, useLegend, type LegendItem } from '../Legend';

/** The releases from D and from D′ (one record changed). */
export const COLOR_D = OKABE_ITO.blue;
export const COLOR_D2 = OKABE_ITO.vermillion;

/** Margins around the plot area; the legend's height comes on top of `top`. */
export const MARGIN = { left: 56, right: 16, top: 12, bottom: 52 };

/**
 * Width from the container (at most `maxWidth`), the legend on top, the height from `height(W, legendH,
 * fitted)` — `fitted`: while presenting, the plot area's height that leaves the whole plot on the slide, at most
 * `fitMax(W)` (null when not presenting, or without `fitMax`); `draw` renders the plot's marks for that size.
 */
export function AuditFigure(props: {
  title: string;
  exportName: string;
  testId: string;
  empty: boolean;
  legend: LegendItem[];
  maxWidth: number;
  height(W: number, legendH: number, fitted: number | null): number;
  /** The tallest plot area the plot draws at width W, when it fits itself to a slide. */
  fitMax?(W: number): number;
  footer: ReactNode;
  draw(size: { W: number; H: number; legendH: number }): ReactNode;
}) {
  const titleId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [frameRef, width] = useElementWidth<HTMLDivElement>(420);
  const W = Math.max(280, Math.min(width, props.maxWidth));
  const legend = useLegend(props.legend, W - MARGIN.left - MARGIN.right);
  const legendH = legend.height;
  const fitted = useFittedPlotHeight(svgRef, props.fitMax?.(W));
  const H = props.height(W, legendH, props.fitMax ? fitted : null);
  return (
    <PlotFigure
      titleId={titleId}
      title={props.title}
      exportName={props.exportName}
      empty={props.empty}
      frameRef={frameRef}
      svgRef={svgRef}
      width={W}
      height={H}
      testId={props.testId}
      footer={props.footer}
    >
      <Legend layout={legend} x={MARGIN.left} y={0} />
      {props.draw({ W, H, legendH })}
    </PlotFigure>
  );
}
