/** The figure around a plot's SVG: heading and export buttons, the responsive frame, a tooltip, the caption. */
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ExportButtons } from '../export/ExportButtons';

/** Width of an element, kept current with a ResizeObserver (whole pixels, so layout does not loop). */
export function useElementWidth<T extends HTMLElement>(fallback = 400): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(Math.round(el.clientWidth) || fallback);
    const ro = new ResizeObserver((entries) => {
      const w = Math.round(entries[0]?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [fallback]);
  return [ref, width];
}

/** A tooltip box over a chart (HTML, so it is not part of exported SVG). */
export function Tooltip(props: { x: number; y: number; width: number; children: ReactNode; id?: string }) {
  const left = props.x > props.width * 0.55;
  return (
    <div
      id={props.id}
      data-ui="state"
      className="plot-tooltip"
      style={
        left
          ? { right: props.width - props.x + 12, top: Math.max(0, props.y - 12) }
          : { left: props.x + 12, top: Math.max(0, props.y - 12) }
      }
    >
      {props.children}
    </div>
  );
}

/**
 * The frame every plot shares: heading with export buttons, a responsive frame holding the SVG (and any
 * overlay such as a tooltip), then the caption. `children` is the SVG's content.
 */
export function PlotFigure({
  titleId,
  title,
  heading,
  exportName,
  figureName,
  empty,
  frameRef,
  svgRef,
  width,
  height,
  testId,
  role = 'img',
  onMouseLeave,
  overlay,
  footer,
  children,
}: {
  titleId: string;
  /** Plain-text title (used for exports); `heading` may render it richer. */
  title: string;
  heading?: ReactNode;
  exportName: string;
  figureName?: string;
  /** Nothing to export yet. */
  empty: boolean;
  frameRef: RefObject<HTMLDivElement | null>;
  svgRef: RefObject<SVGSVGElement | null>;
  width: number;
  height: number;
  testId: string;
  role?: 'img' | 'group';
  onMouseLeave?: () => void;
  overlay?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <figure className="plot-figure" aria-labelledby={titleId}>
      <div className="plot-figure-head">
        <h3 id={titleId}>{heading ?? title}</h3>
        <ExportButtons
          what={title}
          name={exportName}
          figureName={figureName}
          svg={() => svgRef.current}
          disabled={empty}
        />
      </div>
      <div className="plot-frame" ref={frameRef}>
        <svg
          ref={svgRef}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role={role}
          aria-labelledby={titleId}
          data-testid={testId}
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
          onMouseLeave={onMouseLeave}
        >
          {children}
        </svg>
        {overlay}
      </div>
      {footer}
    </figure>
  );
}
