/**
 * Live ln-MSE plots (000 Fig. 1/2/7): ln mean MSE against the budget split at fixed total ε, and against the
 * total ε at equal split; one curve per n with its non-private ln MSE as a dashed line, the current setting
 * marked (a rule at the current ε_p / ε and the current release's ln mean MSE). Curves fill in as the sweep's
 * cells arrive.
 */
import { ErrorBoundary } from '../ErrorBoundary';
import * as d3 from 'd3';
import { Fragment, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { SWEEP_ROW_COLUMNS, type Panel } from '../../src/experiments';
import { equalRange, sweepSpec, SWEEP_POINTS } from '../compute/jobs';
import { useReleaseCells } from '../compute/useData';
import { ExportButtons } from '../export/ExportButtons';
import { useLab, type LabState } from '../store';
import { releaseMechanism, type LabSettings, currentBudget } from '../state/settings';
import { SizesSection } from './SizesPlot';
import {
  CurrentRule,
  AxisBottom,
  AxisLeft,
  EpsSub,
  HALO,
  JobProgress,
  MUTED,
  Tooltip,
  logTicks,
  squaredUnit,
  fmt,
  ADVICE_COLOUR,
  seriesStyle,
  symbolPath,
  useElementWidth,
  PlotFigure,
} from './chart';
import { Legend, ReleaseMarker, layoutLegend, type LegendItem } from './Legend';
import { useThrottledLab } from './useThrottledLab';
import { focusExists, focusKey, focusOrder, nextFocus, type Focus } from './mseFocus';
import { usePresentingPlotHeight } from '../present/usePresentingPlotHeight';
import { AdvicePanel, useCurrentAdvice } from './AdvicePanel';
import { ReleaseTip, SweepPointTip } from './MseTooltip';
import { Brief } from '../help/Brief';
import type { Advice } from '../../src/experiments';
import { BestSplit, EpsCaption, SplitCaption, SplitVersusTotal } from './mseCaptions';
import { panelShape, splitVerdict } from './curveShape';
import {
  FLAT_SPREAD,
  epsWhereErrorMoves,
  type EpsMoves,
  mseModel,
  paddedExtent,
  releaseSummary,
  type MseModel,
  type ReleaseSummary,
} from './mseModel';

const LEAK_TEXT =
  'Why data-driven τ leaks: the noise scale σ is set from the largest residual of the actual data, so the ' +
  'spread of the released fits reveals the data. τ bounds the residuals and sets σ; change one point and σ ' +
  'changes. Choose "public bound" for τ to get a real guarantee (the noise then no longer adapts to the ' +
  'data, so errors are usually larger).';

const selectSweep = (s: LabState) => s.sweep;

/** The two panels, in order: the split plot (with the advisor under it), then the total-ε plot. */
const PANELS: readonly { panel: Panel; name: string }[] = [
  { panel: 'unequal', name: 'the ε_p : ε_v split plot' },
  { panel: 'equal', name: 'the total-ε plot' },
];

export function MseTab() {
  const settings = useLab((s) => s.settings);
  // The sweep streams in every frame; redraw a few times a second (its last state always shows).
  const sweep = useThrottledLab(selectSweep, 250);
  const imported = useLab((s) => s.imported[s.settings.workspace]);
  const releaseStatus = useLab((s) => s.release.status);
  const cells = useReleaseCells();
  const release = useMemo(() => releaseSummary(cells), [cells]);
  const isImported = imported !== undefined;
  const unequal = useMemo(
    () => mseModel(sweep.rows, 'unequal', settings.curves, isImported),
    [sweep.rows, settings.curves, isImported],
  );
  const equal = useMemo(
    () => mseModel(sweep.rows, 'equal', settings.curves, isImported),
    [sweep.rows, settings.curves, isImported],
  );
  const advice = useCurrentAdvice();
  const epsMoves = useMemo(() => epsWhereErrorMoves(equal), [equal]);
  const notPrivate =
    sweep.notes.some((n) => /not private/i.test(n)) ||
    (releaseMechanism(settings) === 'kng' && settings.tauMode === 'data');
  const releaseN = imported ? imported.ys.length : settings.n;
  const curveCount = isImported ? 1 : sweepSpec(settings, undefined).datasets.length;

  return (
    <div className="plot-tab-body">
      <JobProgress
        label="MSE sweep progress"
        status={sweep.status}
        done={sweep.done}
        total={sweep.total}
        error={sweep.error}
      />
      {sweep.notes.length > 0 && (
        <ul className="plot-notes" aria-label="Notes on this sweep">
          {sweep.notes.map((note) => (
            <li key={note} className={/not private/i.test(note) ? 'note-warn' : undefined}>
              {/not private/i.test(note) && <strong className="badge-warn">not private</strong>} {note}
            </li>
          ))}
        </ul>
      )}
      {PANELS.map(({ panel, name }) => (
        <Fragment key={panel}>
          <ErrorBoundary name={name}>
            <MseFigure
              panel={panel}
              model={panel === 'unequal' ? unequal : equal}
              settings={settings}
              release={release}
              releaseRunning={releaseStatus === 'running'}
              releaseError={releaseStatus === 'error'}
              releaseN={releaseN}
              running={sweep.status === 'running'}
              advice={panel === 'unequal' ? advice : undefined}
              epsMoves={epsMoves}
              curveCount={curveCount}
            />
          </ErrorBoundary>
          {panel === 'unequal' && (
            <ErrorBoundary name="the split advisor">
              <AdvicePanel />
            </ErrorBoundary>
          )}
        </Fragment>
      ))}
      {notPrivate && <Brief className="plot-caption" text={LEAK_TEXT} />}
      {releaseMechanism(settings) === 'kng-joint' && (
        <ErrorBoundary name="the error-against-n plot">
          <SizesSection />
        </ErrorBoundary>
      )}
      <ExportButtons
        what="MSE sweep"
        name="mse"
        disabled={sweep.rows.length === 0}
        csv={() => {
          const s = useLab.getState().sweep;
          return {
            rows: s.rows as unknown as Record<string, unknown>[],
            columns: SWEEP_ROW_COLUMNS,
            notes: s.notes,
          };
        }}
        json={() => {
          const st = useLab.getState();
          const imp = st.imported[st.settings.workspace];
          const spec = sweepSpec(st.settings, imp);
          return {
            sweep: {
              ...spec,
              imported: spec.imported
                ? { label: spec.imported.label, n: spec.imported.ys.length }
                : undefined,
            },
            status: st.sweep.status,
            cellsDone: st.sweep.done,
            cellsTotal: st.sweep.total,
            notes: st.sweep.notes,
            rows: st.sweep.rows,
            currentRelease: { ...currentBudget(st.settings), n: releaseN, ...release },
          };
        }}
      />
    </div>
  );
}

/** The advisor's interval (shaded), its recommended split (dashed line) and fitted curve, in ε_p units. */
function AdviceBand(props: {
  advice: Advice;
  x: (v: number) => number;
  y: (v: number) => number;
  top: number;
  bottom: number;
}) {
  const { advice, x, y } = props;
  const eps = advice.eps;
  const [lo, hi] = advice.interval.map((f) => x(f * eps));
  const at = x(advice.split * eps);
  const path = d3
    .line<{ split: number; lnMse: number }>()
    .x((c) => x(c.split * eps))
    .y((c) => y(c.lnMse))(advice.curve.filter((c) => Number.isFinite(c.lnMse)));
  return (
    <g data-testid="advice-interval" data-lo={advice.interval[0]} data-hi={advice.interval[1]}>
      <title>{advice.summary}</title>
      <rect
        x={lo}
        y={props.top}
        width={Math.max(2, hi - lo)}
        height={props.bottom - props.top}
        fill={ADVICE_COLOUR}
        opacity={0.12}
      />
      <path d={path ?? ''} fill="none" stroke={ADVICE_COLOUR} strokeWidth={2.2} opacity={0.9} />
      <line
        x1={at}
        x2={at}
        y1={props.top}
        y2={props.bottom}
        stroke={ADVICE_COLOUR}
        strokeWidth={2}
        strokeDasharray="5 4"
      />
      {/* beside the line, on the side with room (the right end of the axis would cut it off) */}
      <text
        x={at > x(eps) - 64 ? at - 4 : at + 4}
        textAnchor={at > x(eps) - 64 ? 'end' : 'start'}
        y={props.top + 14}
        fontSize={12}
        fill={ADVICE_COLOUR}
        {...HALO}
      >
        advised
      </text>
    </g>
  );
}

/**
 * Dashes of the non-private lines: with k curves, dash and gap are set so that lines lying on top of each
 * other (non-private MSEs often nearly coincide) interleave their colours instead of hiding each other.
 */
function npDash(i: number, k: number) {
  if (k <= 1) return { strokeDasharray: '7 5' };
  return { strokeDasharray: `6 ${6 * (k - 1)}`, strokeDashoffset: 6 * i };
}

function MseFigure(props: {
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
  const presentH = usePresentingPlotHeight();
  const svgRef = useRef<SVGSVGElement>(null);
  const pointRefs = useRef(new Map<string, SVGElement>());
  const [active, setActive] = useState<Focus | null>(null);
  const [rover, setRover] = useState<Focus | null>(null);

  const { epsP, epsV } = currentBudget(settings);
  const total = settings.eps;
  const currentX = panel === 'unequal' ? epsP : total;

  const W = Math.max(280, width);
  const legendItems: LegendItem[] = [
    ...model.series.map((s) => {
      const st = seriesStyle(s.style);
      return { kind: 'series' as const, label: s.label, color: st.color, symbol: st.symbol };
    }),
    { kind: 'dashed', label: 'non-private (dashed, same colour)' },
    { kind: 'release', label: `current release (n = ${props.releaseN})` },
    panel === 'unequal'
      ? {
          kind: 'rule',
          label: 'current εp',
          node: (
            <>
              current <EpsSub sub="p" />
            </>
          ),
        }
      : { kind: 'rule', label: 'current total ε' },
    ...(props.advice
      ? [
          { kind: 'line' as const, color: ADVICE_COLOUR, label: 'advisor’s fit' },
          { kind: 'box' as const, color: ADVICE_COLOUR, label: 'advised range' },
        ]
      : []),
  ];
  // presenting: room for the larger tick labels beside the axis title
  const margin = { left: presentH ? 80 : 64, right: 16, bottom: presentH ? 62 : 56, top: 0 };
  const legend = layoutLegend(legendItems, W - margin.left - margin.right + 40);
  margin.top = legend.height + 14;
  const plotH = presentH ?? Math.round(Math.min(320, Math.max(200, W * 0.55)));
  const H = margin.top + plotH + margin.bottom;
  // the split panel is linear in ε_p; the total-ε panel is log-spaced over where its curves move (epsRange)
  const x =
    panel === 'unequal'
      ? d3
          .scaleLinear()
          .domain([0, total])
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
  const clampY = (v: number) => Math.max(margin.top, Math.min(margin.top + plotH, y(v)));
  const line = d3
    .line<{ x: number; y: number }>()
    .x((p) => x(p.x))
    .y((p) => y(p.y));

  // Keyboard: one tab stop for the points (roving tabindex); arrows move along and between curves (mseFocus).
  const curves = { series: model.series, hasRelease: release.lnMeanMse !== null };
  const exists = (f: Focus | null): f is Focus => focusExists(f, curves);
  const tabStop = exists(rover) ? rover : (focusOrder(curves)[0] ?? null);
  const moveFocus = (f: Focus) => {
    setRover(f);
    setActive(f);
    pointRefs.current.get(focusKey(f))?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (!tabStop) return;
    if (e.key === 'Escape') {
      setActive(null);
      e.preventDefault();
      return;
    }
    const next = nextFocus(tabStop, e.key, curves);
    if (next) {
      e.preventDefault();
      moveFocus(next);
    }
  };

  const np = model.series.map((s) => s.lnNonPrivate).filter((v): v is number => v !== null);
  const npLabelY = (() => {
    if (!np.length) return null;
    const below = y(Math.min(...np)) + 16;
    if (below < margin.top + plotH - 4) return below;
    return y(Math.max(...np)) - 7;
  })();

  const tooltip = (() => {
    if (!active || !exists(active)) return null;
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

  const shape = panelShape(model, SWEEP_POINTS);
  // flat near the non-private line: privacy costs little; flat far above it: the noise swamps every fit
  const excesses = model.series.flatMap((s) =>
    s.lnNonPrivate === null ? [] : s.points.map((p) => p.y - s.lnNonPrivate!),
  );
  const meanExcess = excesses.reduce((a, b) => a + b, 0) / Math.max(1, excesses.length);
  const flatReason =
    meanExcess < FLAT_SPREAD
      ? ': all of them are close to the non-private error, so privacy costs little at these settings'
      : panel === 'unequal'
        ? ': the privacy noise swamps the fit whatever the split — try a larger ε or more data'
        : ': the privacy noise swamps the fit at every ε shown — try larger budgets or more data';
  const title =
    panel === 'unequal'
      ? `ln mean MSE vs budget split (total ε = ${fmt(total)})`
      : 'ln mean MSE vs total ε (equal split)';
  const verdict = panel === 'unequal' ? splitVerdict(model, SWEEP_POINTS, props.curveCount) : null;

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
      onMouseLeave={() => setActive(null)}
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
        <>
          <Brief
            as="figcaption"
            className="plot-caption"
            testId={`mse-caption-${panel}`}
            attrs={{ 'data-shape': verdict?.shape ?? shape }}
            short={
              verdict ? (
                <SplitCaption verdict={verdict} />
              ) : shape === 'flat' ? (
                <strong>Over this range of ε the error hardly changes.</strong>
              ) : (
                <EpsCaption moves={props.epsMoves} />
              )
            }
            more={
              <>
                {shape === 'flat' && <>No curve moves by more than its own noise{flatReason}. </>}
                {panel === 'unequal' ? (
                  <>
                    {shape === 'flat' && <SplitVersusTotal total={total} moves={props.epsMoves} />} A fixed
                    total ε = {fmt(total)} is split between the footpoint (ε<sub>p</sub>) and the shooting
                    vector (ε
                    <sub>v</sub> = total − ε<sub>p</sub>).
                    {new Set(model.series.map((c) => c.n)).size > 1 &&
                      shape !== 'flat' &&
                      ' Larger data sets usually lie lower.'}{' '}
                    Each curve stays above its own dashed non-private line.
                  </>
                ) : (
                  <>
                    Both parts get half of the total: ε<sub>p</sub> = ε<sub>v</sub> = ε/2; ε on a log scale.
                    Smaller ε (left) is more private.
                  </>
                )}
              </>
            }
          />
          <p className="plot-readout" data-testid={`current-readout-${panel}`}>
            Current release (n = {props.releaseN}, ε<sub>p</sub> = {fmt(epsP)}, ε<sub>v</sub> = {fmt(epsV)}):{' '}
            {release.lnMeanMse === null ? (
              props.releaseError ? (
                'the release failed'
              ) : (
                'waiting'
              )
            ) : (
              <>
                ln mean MSE <strong>{fmt(release.lnMeanMse)}</strong> over {release.pairs} pairs
                {props.releaseRunning ? ' so far' : ''}
              </>
            )}
            {panel === 'equal' && Math.abs(epsP - epsV) > 1e-9 && (
              <> (its split is not equal, so the ring need not sit on the curves)</>
            )}
            .{verdict && <BestSplit verdict={verdict} />}
          </p>
          {(model.skipped > 0 || release.nonFinite > 0) && (
            <p className="plot-warning" role="note">
              {model.skipped > 0 &&
                `${model.skipped} sweep point${model.skipped > 1 ? 's are' : ' is'} not drawn: the mean MSE is not a finite number there. `}
              {release.nonFinite > 0 &&
                `${release.nonFinite} released pair${release.nonFinite > 1 ? 's have' : ' has'} a non-finite MSE and ${release.nonFinite > 1 ? 'are' : 'is'} left out of the current marker.`}
            </p>
          )}
        </>
      }
    >
      <Legend items={legendItems} width={W - margin.left - margin.right + 40} x={margin.left - 40} y={4} />
      <AxisBottom
        scale={x}
        y={margin.top + plotH}
        ticks={xTicks}
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
        label={`ln mean MSE (MSE in ${squaredUnit(settings.workspace)})`}
        labelOffset={presentH ? 64 : 48}
      />
      <g>
        {model.series.map((s, si) => {
          const st = seriesStyle(s.style);
          return s.lnNonPrivate === null ? null : (
            <line
              key={`np${s.key}`}
              className="mse-nonprivate"
              data-n={s.n}
              x1={margin.left}
              x2={W - margin.right}
              y1={clampY(s.lnNonPrivate)}
              y2={clampY(s.lnNonPrivate)}
              stroke={st.color}
              strokeWidth={1.8}
              {...npDash(si, model.series.length)}
            >
              <title>{`non-private ln MSE, ${s.label}: ${fmt(s.lnNonPrivate)}`}</title>
            </line>
          );
        })}
        {npLabelY !== null && (
          <text x={margin.left + 6} y={npLabelY} fontSize={12} fill={MUTED} fontStyle="italic" {...HALO}>
            non-private
          </text>
        )}
        {props.advice && (
          <AdviceBand advice={props.advice} x={x} y={clampY} top={margin.top} bottom={margin.top + plotH} />
        )}
        <CurrentRule
          testId={`current-rule-${panel}`}
          value={currentX}
          x={x(currentX)}
          top={margin.top}
          bottom={margin.top + plotH}
        />
        {model.series.map((s) => {
          const st = seriesStyle(s.style);
          return s.points.length > 1 ? (
            <path
              key={`c${s.key}`}
              className="mse-curve"
              data-n={s.n}
              d={line(s.points) ?? ''}
              fill="none"
              stroke={st.color}
              strokeWidth={2.4}
              strokeLinejoin="round"
            />
          ) : null;
        })}
      </g>
      <g onKeyDown={onKey}>
        {model.series.map((s, si) => {
          const st = seriesStyle(s.style);
          const d = symbolPath(st.symbol, 70);
          return s.points.map((p, pi) => {
            const f: Focus = { s: si, p: pi };
            const key = focusKey(f);
            const on = active !== null && focusKey(active) === key;
            return (
              <path
                key={key}
                ref={(el) => {
                  if (el) pointRefs.current.set(key, el);
                  else pointRefs.current.delete(key);
                }}
                className="mse-point"
                d={d}
                transform={`translate(${x(p.x)},${y(p.y)}) scale(${on ? 1.45 : 1})`}
                fill={st.color}
                stroke="#ffffff"
                strokeWidth={1.2}
                tabIndex={tabStop && focusKey(tabStop) === key ? 0 : -1}
                role="img"
                aria-label={`${s.label}, ε_p ${fmt(p.row.epsP)}, ε_v ${fmt(p.row.epsV)}: ln mean MSE ${fmt(p.y)}, non-private ${fmt(p.row.lnNonPrivateMse)}`}
                aria-describedby={on ? tipId : undefined}
                onMouseEnter={() => setActive(f)}
                onFocus={() => {
                  setRover(f);
                  setActive(f);
                }}
                onBlur={() => setActive(null)}
              />
            );
          });
        })}
        {release.lnMeanMse !== null && (
          <g
            ref={(el) => {
              if (el) pointRefs.current.set('release', el);
              else pointRefs.current.delete('release');
            }}
            className="mse-current"
            data-testid={`current-marker-${panel}`}
            data-value={release.lnMeanMse}
            tabIndex={tabStop === 'release' ? 0 : -1}
            role="img"
            aria-label={`current release, n = ${props.releaseN}, ε_p ${fmt(epsP)}, ε_v ${fmt(epsV)}: ln mean MSE ${fmt(release.lnMeanMse)}`}
            onMouseEnter={() => setActive('release')}
            onFocus={() => {
              setRover('release');
              setActive('release');
            }}
            onBlur={() => setActive(null)}
          >
            <ReleaseMarker x={x(currentX)} y={y(release.lnMeanMse)} faded={props.releaseRunning} />
          </g>
        )}
      </g>
      {model.count === 0 && (
        <text
          x={(margin.left + W - margin.right) / 2}
          y={margin.top + plotH / 2}
          textAnchor="middle"
          fontSize={14}
          fill={MUTED}
        >
          {props.running ? 'Waiting for the first results…' : 'No results yet'}
        </text>
      )}
    </PlotFigure>
  );
}
