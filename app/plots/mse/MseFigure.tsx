/**
 * One MSE panel: ln mean MSE against ε_p at a fixed total ε ('unequal'), or against the total ε at an equal
 * split ('equal'); its legend, axes, curves, points, the current release's marker, the tooltip and the text
 * under it.
 */
import { useId } from 'react';
import type { Advice, Panel } from '../../../src/experiments';
import { currentBudget, type LabSettings } from '../../state/settings';
import { ChartFrame, EmptyNote } from '../ChartFrame';
import { EpsSub, Tooltip, fmt, squaredUnit } from '../chart';
import type { EpsMoves, MseModel, ReleaseSummary } from '../mseModel';
import { ReleaseTip, SweepPointTip } from '../MseTooltip';
import { CurrentReleaseMarker } from './CurrentReleaseMarker';
import { MseCurves } from './MseCurves';
import { MseErrorBars } from './MseErrorBars';
import { MseFooter } from './MseFooter';
import { mseScales, type MseFrame } from './mseFrame';
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
  const tipId = useId();
  const focus = useMseFocus(model.series, release.lnMeanMse !== null);

  const { epsP, epsV } = currentBudget(settings);
  const total = settings.eps;
  const currentX = panel === 'unequal' ? epsP : total;

  const legendItems = mseLegendItems(panel, model, props.releaseN, !!props.advice);
  const scales = mseScales({ panel, model, settings, release });

  const tooltip = ({ x, y }: MseFrame) => {
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
  };

  const title =
    panel === 'unequal'
      ? `ln mean MSE vs budget split (total ε = ${fmt(total)})`
      : 'ln mean MSE vs total ε (equal split)';

  return (
    <ChartFrame
      title={title}
      exportName="mse"
      figureName={panel === 'unequal' ? 'mse-split' : 'mse-total'}
      empty={model.count === 0}
      testId={`mse-plot-${panel}`}
      role="group"
      onMouseLeave={focus.clear}
      overlay={(f) => {
        const tip = tooltip(f);
        return (
          tip && (
            <Tooltip x={tip.x} y={tip.y} width={f.W} id={tipId}>
              {tip.body}
            </Tooltip>
          )
        );
      }}
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
      // presenting: room for the larger tick labels beside the axis title
      margin={(presenting) => ({
        left: presenting ? 80 : 64,
        right: 16,
        top: 14,
        bottom: presenting ? 62 : 56,
      })}
      legend={legendItems}
      plotHeight={(W) => Math.round(Math.min(320, Math.max(200, W * 0.55)))}
      fit="height"
      x={scales.x}
      y={scales.y}
      xAxis={{
        ticks: scales.xTicks,
        label:
          panel === 'unequal' ? (
            <>
              <EpsSub sub="p" /> (<EpsSub sub="v" /> = total − <EpsSub sub="p" />)
            </>
          ) : (
            <>
              total ε (<EpsSub sub="p" /> = <EpsSub sub="v" /> = ε/2)
            </>
          ),
      }}
      yAxis={(f) => ({
        count: 6,
        // on a short slide plot the unit would run past the plot's ends (the title names the quantity)
        label:
          f.fitted !== null && f.plotH < 200
            ? 'ln mean MSE'
            : `ln mean MSE (MSE in ${squaredUnit(settings.workspace)})`,
        labelOffset: f.fitted !== null ? 64 : 48,
      })}
    >
      {(frame) => (
        <>
          <MseCurves panel={panel} model={model} frame={frame} advice={props.advice} currentX={currentX} />
          <MseErrorBars series={model.series} frame={frame} />
          <g onKeyDown={focus.onKey}>
            <MsePoints series={model.series} x={frame.x} y={frame.y} focus={focus} tipId={tipId} />
            {release.lnMeanMse !== null && (
              <CurrentReleaseMarker
                panel={panel}
                lnMeanMse={release.lnMeanMse}
                x={frame.x(currentX)}
                y={frame.y(release.lnMeanMse)}
                n={props.releaseN}
                epsP={epsP}
                epsV={epsV}
                running={props.releaseRunning}
                focus={focus}
              />
            )}
          </g>
          {model.count === 0 && (
            <EmptyNote frame={frame} size={frame.type.note}>
              {props.running ? 'Waiting for the first results…' : 'No results yet'}
            </EmptyNote>
          )}
        </>
      )}
    </ChartFrame>
  );
}
