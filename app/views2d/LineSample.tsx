/** A short stretch of a line style, as a legend shows it beside its words. */
export function LineSample(props: { stroke: string; width: number; dash?: string; opacity?: number }) {
  return (
    <svg width="34" height="10" aria-hidden="true">
      <line
        x1="1"
        y1="5"
        x2="33"
        y2="5"
        stroke={props.stroke}
        strokeWidth={props.width}
        strokeDasharray={props.dash}
        strokeOpacity={props.opacity ?? 1}
      />
    </svg>
  );
}
