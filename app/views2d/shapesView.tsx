/**
 * SVG drawing of planar outlines: the non-private prediction (solid), one private release (dashed), other
 * private draws (thin dotted) and optionally data outlines (grey) and landmarks. Pure presentation: the
 * workspace computes the shapes (shapesGeometry.ts) and a common projector.
 */
import { curveCatmullRomClosed, interpolateViridis, line } from 'd3';
import { memo, useRef, type CSSProperties, type ReactNode } from 'react';
import { useViewBoxScale } from '../plots/chart';
import { LineSample } from './LineSample';
import { COLOURS, DASH } from './svgUtils';
import type { ShapeProjector } from './shapesGeometry';
import './shapes.css';

/** Smooth closed curve through the landmarks (centripetal Catmull–Rom), in SVG pixels. */
const outlinePath = line<[number, number]>().curve(curveCatmullRomClosed.alpha(0.5));

function toPairs(xy: Float64Array): [number, number][] {
  const pts: [number, number][] = [];
  for (let j = 0; j < xy.length; j += 2) pts.push([xy[j], xy[j + 1]]);
  return pts;
}

export type OutlineRole = 'nonprivate' | 'private' | 'private-other' | 'data';

export interface OutlineProps {
  shape: Float64Array;
  projector: ShapeProjector;
  role: OutlineRole;
  /** Overrides the role's colour (used when colour encodes age). */
  colour?: string;
  landmarks?: boolean;
  /** Small panels: smaller landmark dots, landmark 0 ringed but not labelled. */
  compact?: boolean;
  testId?: string;
}

const ROLE_STYLE: Record<OutlineRole, { stroke: string; width: number; dash?: string; opacity: number }> = {
  nonprivate: { stroke: COLOURS.nonPrivate, width: 2.6, dash: DASH.nonPrivate, opacity: 1 },
  private: { stroke: COLOURS.private, width: 2.4, dash: DASH.private, opacity: 1 },
  'private-other': { stroke: COLOURS.private, width: 1, dash: DASH.privateOther, opacity: 0.45 },
  data: { stroke: COLOURS.data, width: 0.9, opacity: 0.45 },
};

/** One outline; with `landmarks`, its landmarks as dots and landmark 0 ringed and labelled. */
export const Outline = memo(function Outline({
  shape,
  projector,
  role,
  colour,
  landmarks,
  compact,
  testId,
}: OutlineProps) {
  const st = ROLE_STYLE[role];
  const xy = projector.toSvg(shape);
  const pts = toPairs(xy);
  const stroke = colour ?? st.stroke;
  return (
    <g className={`outline outline-${role}`} data-role={role}>
      <path
        d={outlinePath(pts) ?? ''}
        fill="none"
        stroke={stroke}
        strokeWidth={st.width}
        strokeDasharray={st.dash}
        strokeOpacity={st.opacity}
        strokeLinejoin="round"
        data-testid={testId}
      />
      {landmarks && (
        <g className="landmarks" data-testid={testId ? `${testId}-landmarks` : undefined}>
          {pts.map(([x, y], i) => (
            <circle
              key={i}
              cx={x}
              cy={y}
              r={(role === 'nonprivate' ? 2.4 : 2) * (compact ? 0.55 : 1)}
              fill={role === 'nonprivate' ? stroke : 'white'}
              stroke={stroke}
              strokeWidth={compact ? 0.8 : 1.2}
            >
              <title>{`landmark ${i}`}</title>
            </circle>
          ))}
          {role === 'nonprivate' && (
            <>
              <circle
                cx={pts[0][0]}
                cy={pts[0][1]}
                r={compact ? 3.5 : 5.5}
                fill="none"
                stroke={COLOURS.ink}
                strokeWidth={compact ? 1.2 : 1.5}
                data-testid="landmark-0"
              />
              {!compact && (
                <text x={pts[0][0] + 8} y={pts[0][1] + 16} className="landmark-label">
                  landmark 0
                </text>
              )}
            </>
          )}
        </g>
      )}
    </g>
  );
});

/** Colour of an age in overlaid mode: the darker 80 % of viridis (colour-blind safe, readable on white). */
export function ageColour(rank: number, count: number): string {
  return interpolateViridis(count <= 1 ? 0 : (0.8 * rank) / (count - 1));
}

/** An SVG box of the projector's size. */
export function ShapeSvg(props: {
  projector: ShapeProjector;
  label: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const { width, height } = props.projector;
  const ref = useRef<SVGSVGElement>(null);
  // screen px per viewBox unit, inverted: presenting mode's CSS sizes the text in screen px with it
  const unit = 1 / useViewBoxScale(ref, width, height);
  return (
    <svg
      ref={ref}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={props.label}
      data-testid={props.testId}
      className={props.className ?? 'shape-svg'}
      style={{ '--unit': unit } as CSSProperties}
    >
      {props.children}
    </svg>
  );
}

/** The legend: line styles, so that nothing depends on colour alone. */
export function ShapesLegend(props: { others: number; data: boolean; byAge?: boolean }) {
  const sample = (role: OutlineRole) => {
    const st = ROLE_STYLE[role];
    return (
      <LineSample
        stroke={props.byAge && role !== 'data' ? COLOURS.ink : st.stroke}
        width={st.width}
        dash={st.dash}
        opacity={Math.max(st.opacity, 0.8)}
      />
    );
  };
  return (
    <ul className="shapes-legend" aria-label="Legend">
      <li>{sample('nonprivate')} non-private prediction Exp(p̂, x v̂) (solid)</li>
      <li>{sample('private')} private prediction Exp(p̃, x ṽ) of one release (dashed)</li>
      {props.others > 0 && (
        <li>
          {sample('private-other')} {props.others} other private draw{props.others > 1 ? 's' : ''} (dotted)
        </li>
      )}
      {props.data && <li>{sample('data')} subjects of about that age (grey)</li>}
    </ul>
  );
}
