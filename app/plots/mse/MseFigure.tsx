/**
 * One MSE panel: ln mean MSE against ε_p at a fixed total ε ('unequal'), or against the total ε at an equal
 * split ('equal'); its legend, axes, curves, points, the current release's marker, the tooltip and the text
 * under it.
 */
import { useId, useRef } from 'react';
import type { Advice, Panel } from '../../../src/experiments';
import { useFittedPlotHeight } from '../../present/usePresentingPlotHeight';
import { currentBudget, type LabSettings } from '../../state/settings';
import {
  AxisBottom,
  AxisLeft,
  EpsSub,
  MUTED,
  PlotFigure,
  Tooltip,
  fmt,
  squaredUnit,
  useElementWidth,
  useChartType,
} from '../chart';
import { Legend } from '../Legend';
import type { EpsMoves, MseModel, ReleaseSummary } from '../mseModel';
import { ReleaseTip, SweepPointTip } from '../MseTooltip';
import { CurrentReleaseMarker } from './CurrentReleaseMarker';
import { MseCurves } from './MseCurves';
import { MseFooter } from './MseFooter';
import { mseFrame } from './mseFrame';
import { mseLegendItems } from './mseLegend';
import { MsePoints } from './MsePoints';
import { useMseFocus } from './useMseFocus';

export function MseFigure(props: {
  panel: Panel;
  model: MseModel;
  settings: LabSettings;
  release: ReleaseSummary;
  releaseRunning: boolean;
  releaseError: boolean;
  releaseN: number;
  running: boolean;
  /** The split advisor's answer for the current settings (split panel only). */
  advice?: Advice | null;
  /** Where the total-ε curves move (both captions describe it). */
  epsMoves: EpsMoves | null;
  /** How many curves the sweep draws (some may not have arrived yet). */
  curveCount: number;
}) {
  const { panel, model, settings, release } = props;
  const titleId = useId();
  const tipId = useId();
  const [frameRef, width] = useElementWidth<HTMLDivElement>(420);
  const svgRef = useRef<SVGSVGElement>(null);
  const presentH = useFittedPlotHeight(svgRef);
  const focus = useMseFocus(model.series, release.lnMeanMse !== null);

  const { epsP, epsV } = currentBudget(settings);
  const total = settings.eps;
  const currentX = panel === 'unequal' ? epsP : total;

  const legendItems = mseLegendItems(panel, model, props.releaseN, !!props.advice);
  const type = useChartType();
  const frame = mseFrame({
    panel,
    model,
    settings,
    release,
    legendItems,
    width,
    presentH,
    legendFont: type.legend,
  });
  const { W, H, margin, plotH, x, y } = frame;

  const tooltip = (() => {
    const { active } = focus;
    if (!active) return null;
    if (active === 'release')
      return {
        x: x(currentX),
        y: y(release.lnMeanMse!),
        body: (
          <ReleaseTip
            release={release}
            n={props.releaseN}
            running={props.releaseRunning}
            budget={{ epsP, epsV, total }}
          />
        ),
      };
    const s = model.series[active.s];
    const p = s.points[active.p];
    return { x: x(p.x), y: y(p.y), body: <SweepPointTip label={s.label} row={p.row} /> };
  })();

  const title =
    panel === 'unequal'
      ? `ln mean MSE vs budget split (total ε = ${fmt(total)})`
      : 'ln mean MSE vs total ε (equal split)';

  return (
    <PlotFigure
      titleId={titleId}
      title={title}
      exportName="mse"
      figureName={panel === 'unequal' ? 'mse-split' : 'mse-total'}
      empty={model.count === 0}
      frameRef={frameRef}
      svgRef={svgRef}
      width={W}
      height={H}
      testId={`mse-plot-${panel}`}
      role="group"
      onMouseLeave={focus.clear}
      overlay={
        <>
          {tooltip && (
            <Tooltip x={tooltip.x} y={tooltip.y} width={W} id={tipId}>
              {tooltip.body}
            </Tooltip>
          )}
        </>
      }
      footer={
        <MseFooter
          panel={panel}
          model={model}
          budget={{ epsP, epsV, total }}
          release={release}
          releaseN={props.releaseN}
          releaseRunning={props.releaseRunning}
          releaseError={props.releaseError}
          epsMoves={props.epsMoves}
          curveCount={props.curveCount}
        />
      }
    >
      <Legend layout={frame.legend} x={margin.left - 40} y={4} />
      <AxisBottom
        scale={x}
        y={margin.top + plotH}
        ticks={frame.xTicks}
        grid={margin.top}
        label={
          panel === 'unequal' ? (
            <>
              <EpsSub sub="p" /> (<EpsSub sub="v" /> = total − <EpsSub sub="p" />)
            </>
          ) : (
            <>
              total ε (<EpsSub sub="p" /> = <EpsSub sub="v" /> = ε/2)
            </>
          )
        }
      />
      <AxisLeft
        scale={y}
        x={margin.left}
        count={6}
        grid={W - margin.right}
        // on a short slide plot the unit would run past the plot's ends (the title names the quantity)
        label={
          presentH !== null && plotH < 200
            ? 'ln mean MSE'
            : `ln mean MSE (MSE in ${squaredUnit(settings.workspace)})`
        }
        labelOffset={presentH ? 64 : 48}
      />
      <MseCurves panel={panel} model={model} frame={frame} advice={props.advice} currentX={currentX} />
      <g onKeyDown={focus.onKey}>
        <MsePoints series={model.series} x={x} y={y} focus={focus} tipId={tipId} />
        {release.lnMeanMse !== null && (
          <CurrentReleaseMarker
            panel={panel}
            lnMeanMse={release.lnMeanMse}
            x={x(currentX)}
            y={y(release.lnMeanMse)}
            n={props.releaseN}
            epsP={epsP}
            epsV={epsV}
            running={props.releaseRunning}
            focus={focus}
          />
        )}
      </g>
      {model.count === 0 && (
        <text
          x={(margin.left + W - margin.right) / 2}
          y={margin.top + plotH / 2}
          textAnchor="middle"
          fontSize={type.note}
          fill={MUTED}
          data-ui="state"
        >
          {props.running ? 'Waiting for the first results…' : 'No results yet'}
        </text>
      )}
    </PlotFigure>
  );
}
