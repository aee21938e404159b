/** The scatter plot's grid and axes, with d3's tick labels and the axis titles. */
import type { ScaleLinear } from 'd3';

export function ScatterAxes(props: {
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  xTicks: number[];
  yTicks: number[];
  /** The plot area's left and top edges (the scales' ranges give the others). */
  margin: { left: number; top: number };
  /** The SVG's height (the x title sits at its foot). */
  height: number;
  xLabel: string;
  yLabel: string;
  labelSize: number;
}) {
  const { x, y, xTicks, yTicks, margin, height, xLabel, yLabel } = props;
  const right = x.range()[1];
  const bottom = y.range()[0];
  const xFmt = x.tickFormat(xTicks.length);
  const yFmt = y.tickFormat(yTicks.length);
  return (
    <>
      <g className="scatter-grid" aria-hidden="true">
        {yTicks.map((t) => (
          <line key={`gy${t}`} x1={margin.left} x2={right} y1={y(t)} y2={y(t)} />
        ))}
        {xTicks.map((t) => (
          <line key={`gx${t}`} y1={margin.top} y2={bottom} x1={x(t)} x2={x(t)} />
        ))}
      </g>
      <g className="scatter-axis" aria-hidden="true">
        <line x1={margin.left} x2={right} y1={bottom} y2={bottom} />
        <line x1={margin.left} x2={margin.left} y1={margin.top} y2={bottom} />
        {xTicks.map((t) => (
          <g key={`tx${t}`} transform={`translate(${x(t)},${bottom})`}>
            <line y2={5} />
            <text y={19} textAnchor="middle">
              {xFmt(t)}
            </text>
          </g>
        ))}
        {yTicks.map((t) => (
          <g key={`ty${t}`} transform={`translate(${margin.left},${y(t)})`}>
            <line x2={-5} />
            <text x={-8} dy="0.32em" textAnchor="end">
              {yFmt(t)}
            </text>
          </g>
        ))}
        <text
          className="scatter-axis-title"
          x={(margin.left + right) / 2}
          y={height - 8}
          textAnchor="middle"
          style={{ fontSize: props.labelSize }}
        >
          {xLabel}
        </text>
        <text
          className="scatter-axis-title"
          transform={`translate(${(16 * props.labelSize) / 14},${(margin.top + bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
          style={{ fontSize: props.labelSize }}
        >
          {yLabel}
        </text>
      </g>
    </>
  );
}
