/**
 * The privacy audit of the current release (docs/audit.md): N releases on the data D and N on a neighbour D′
 * that differs in one record, each scored by the best test statistic available; the two score histograms, the
 * trade-off curve of every threshold test against the boundary no test can cross if the claimed (ε, δ) holds,
 * and the 95% lower bound on ε the releases prove.
 */
import * as d3 from 'd3';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import { auditResult, type AuditResult } from '../../src/audit';
import {
  auditMechanismOf,
  auditMechanismOptions,
  boundaryCorners,
  measuredPower,
  powerBound,
  scoreRows,
  tradeOffRows,
  verdictTone,
} from '../audit/model';
import { isRecord, pickAuditRecord, recordError, useAuditRecord } from '../audit/record';
import { cancelAudit, currentAuditKey, startAudit, useAudit } from '../compute/audit';
import { ErrorBoundary } from '../ErrorBoundary';
import { ownData } from '../frechet/jobs';
import { ExportButtons } from '../export/ExportButtons';
import { useLab } from '../store';
import { AUDIT_RELEASES, type AuditMechanismId } from '../state/settings';
import {
  AxisBottom,
  AxisLeft,
  HALO,
  INK,
  JobProgress,
  MUTED,
  OKABE_ITO,
  PlotFigure,
  fmt,
  useElementWidth,
} from './chart';
import { Legend, layoutLegend, type LegendItem } from './Legend';
import './audit.css';
import { usePresentingPlotHeight } from '../present/usePresentingPlotHeight';

/** False-alarm rate of the classroom example ("an attacker who accepts 5% false alarms …"). */
const ALARM = 0.05;
const COLOR_D = OKABE_ITO.blue;
const COLOR_D2 = OKABE_ITO.vermillion;

const pct = (x: number) => `${fmt(100 * x, 2)}%`;
const epsText = (x: number) => (Number.isFinite(x) ? fmt(x) : '∞');

/** A record's coordinates, shortened when there are many (a shape has 2 × landmarks of them). */
function coords(v: readonly number[]): string {
  const shown = v.slice(0, 4).map((x) => fmt(x));
  return `(${shown.join(', ')}${v.length > 4 ? `, … ${v.length} values` : ''})`;
}

export function AuditTab() {
  const settings = useLab((s) => s.settings);
  const set = useLab((s) => s.set);
  const currentKey = useLab(currentAuditKey);
  const ownPoints = useLab((s) => ownData(s.settings, s.imported.frechet) !== null);
  const run = useAudit();
  const options = auditMechanismOptions(settings);
  const mechanism = auditMechanismOf(settings);
  const stale = run.key !== '' && run.key !== currentKey;
  const running = run.status === 'running';
  const result = useMemo(
    () => (run.info && run.spec ? auditResult(run.info, run.cells, run.spec.releases) : null),
    [run.info, run.spec, run.cells],
  );
  const shown = result && !stale ? result : null;
  const record = useAuditRecord();

  return (
    <div className="plot-tab-body audit-tab">
      <p className="plot-caption">
        <strong>What does the privacy buy?</strong> An attacker sees one release and must guess whether it was
        computed from the data D or from D′, the same data with one person&apos;s record changed. The lab
        plays that attacker: it releases many times from each, scores every release, and measures how well the
        best threshold test tells them apart. A release that is ε-differentially private allows no test to do
        better than the boundary drawn below.
      </p>
      <div className="plot-actions audit-controls">
        <label className="field-inline">
          mechanism{' '}
          <select
            value={mechanism}
            data-testid="audit-mechanism"
            onChange={(e) => set({ auditMechanism: e.target.value as AuditMechanismId })}
          >
            {options.map((o) => (
              <option key={o.id} value={o.id} title={o.blurb}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field-inline">
          releases per side{' '}
          <select
            value={settings.auditReleases}
            data-testid="audit-releases"
            onChange={(e) => set({ auditReleases: Number(e.target.value) })}
          >
            {AUDIT_RELEASES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {(mechanism === 'kng' || mechanism === 'kng-footpoint') && (
          <label className="field-inline">
            sampler{' '}
            <select
              value={settings.auditSampler}
              data-testid="audit-sampler"
              onChange={(e) => set({ auditSampler: e.target.value as 'mixed' | 'paper' })}
            >
              <option value="mixed">the lab&apos;s (independent mixed chains)</option>
              <option value="paper">paper 000&apos;s (one chain from the fit)</option>
            </select>
          </label>
        )}
        {record && (
          <RecordPicker record={isRecord(record) ? record.index : -1} n={'n' in record ? record.n : 0} />
        )}
        <button
          type="button"
          className="primary"
          data-testid="audit-run"
          onClick={startAudit}
          disabled={running && !stale}
        >
          {running && !stale ? 'Auditing…' : 'Run audit'}
        </button>
        {running && (
          <button type="button" data-testid="audit-cancel" onClick={cancelAudit}>
            Cancel
          </button>
        )}
      </div>
      {recordError(record) && (
        <p className="plot-warning" role="note" data-testid="audit-record-problem">
          {recordError(record)}
        </p>
      )}
      {settings.workspace === 'frechet' && !ownPoints && (
        <p className="hint" data-testid="audit-data-note">
          The audit attacks the very points drawn in the view (n = {settings.n}, r = {settings.radius},{' '}
          {settings.spread} data, seed {settings.seed}); a click on a point, or the select, picks the record
          it replaces.
        </p>
      )}
      <JobProgress
        label="Audit progress"
        status={stale ? 'idle' : run.status}
        done={stale ? 0 : run.done}
        total={stale ? 0 : run.total}
        error={run.error}
        unit="cells"
      />
      {stale && (
        <p className="plot-warning" role="note" data-testid="audit-stale">
          The last audit was for other settings
          {run.info ? ` (${run.info.label}, claimed ε = ${epsText(run.info.claimedEpsilon)})` : ''}
          {run.stopped === 'the settings changed' ? ' and was stopped when they changed' : ''}. Press Run
          audit to audit the current release.
        </p>
      )}
      {!stale && run.stopped === 'cancelled' && (
        <p className="plot-warning" role="note">
          Cancelled after {result?.releases ?? 0} of {run.spec?.releases ?? 0} releases per side: the numbers
          below use those only.
        </p>
      )}
      {shown ? <AuditReport result={shown} running={running} /> : !stale && <AuditIntro />}
      {shown && run.spec && (
        <>
          {/* the trade-off curve first: it is the audit's picture, and presenting mode shows a tab's first plot */}
          <ErrorBoundary name="the trade-off curve">
            <TradeOffPlot result={shown} />
          </ErrorBoundary>
          <div className="audit-secondary">
            <ErrorBoundary name="the score histograms">
              <ScoreHistograms result={shown} />
            </ErrorBoundary>
          </div>
          <ExportButtons
            what="audit scores"
            label="Scores"
            name="audit-scores"
            disabled={shown.releases === 0}
            csv={() => ({
              rows: scoreRows(run.cells),
              columns: ['side', 'release', 'score'],
              notes: [`statistic: ${shown.statistic}`, `verdict: ${shown.verdict}`],
            })}
            json={() => ({
              spec: { ...run.spec, data: run.spec?.data.kind === 'regression' ? 'regression data' : null },
              result: shown,
              scores: scoreRows(run.cells),
            })}
          />
          <ExportButtons
            what="audit trade-off curve"
            label="Trade-off curve"
            name="audit-tradeoff"
            disabled={shown.releases === 0}
            csv={() => ({ rows: tradeOffRows(shown), columns: ['alpha', 'beta', 'boundary'] })}
          />
        </>
      )}
      <AuditExplainer />
    </div>
  );
}

/** Which record D′ replaces: the largest residual (default) or one the user picks (also by clicking the view). */
function RecordPicker({ record, n }: { record: number; n: number }) {
  const value = useLab((s) => s.settings.auditRecord);
  // the default record: the Fréchet mean's audit moves the point farthest from the centre
  const byDefault = useLab((s) => (s.settings.workspace === 'frechet' ? 'farthest out' : 'largest residual'));
  return (
    <label className="field-inline">
      replaced record{' '}
      <select
        value={value}
        data-testid="audit-record-select"
        onChange={(e) => pickAuditRecord(Number(e.target.value))}
      >
        <option value={0}>
          {byDefault}
          {value === 0 && record >= 0 ? ` (#${record + 1})` : ''}
        </option>
        {Array.from({ length: n }, (_, i) => (
          <option key={i} value={i + 1}>
            #{i + 1}
          </option>
        ))}
        {value > n && <option value={value}>#{value} (not in the data)</option>}
      </select>
    </label>
  );
}

function AuditIntro() {
  return (
    <p className="hint" data-testid="audit-intro">
      Press <strong>Run audit</strong> to attack the release with the current settings. The picture sharpens
      as releases arrive; the default count takes seconds to tens of seconds (longer with a longer burn-in or
      more releases).
    </p>
  );
}

/** The verdict, the numbers behind it, the changed record and what ε means for an attacker. */
function AuditReport({ result: r, running }: { result: AuditResult; running: boolean }) {
  const tone = verdictTone(r);
  const nb = r.neighbour;
  const finite = Number.isFinite(r.claimedEpsilon);
  const chosen = r.bound.test;
  return (
    <section className="audit-report" aria-live="polite">
      <p
        className={`verdict ${tone === 'leaks' ? 'verdict-bad' : tone === 'consistent' ? 'verdict-good' : ''}`}
        data-testid="audit-verdict"
        data-tone={tone}
      >
        {tone === 'undecided'
          ? 'Waiting for the first releases…'
          : `${running ? 'So far: ' : ''}${running ? r.verdict : r.verdict[0].toUpperCase() + r.verdict.slice(1)}.`}
      </p>
      {!r.isPrivate && (
        <p className="plot-warning" role="note" data-testid="audit-not-private">
          <span className="badge-warn">not private</span>{' '}
          {(r.reason ?? 'this release makes no privacy claim').replace(/\.\s*$/, '')}.
          {finite && ' The claimed ε below is what the settings say, not a guarantee.'}
        </p>
      )}
      <div className="plot-frame-scroll">
        <table className="plot-table audit-numbers" data-testid="audit-numbers">
          <caption>{r.label}</caption>
          <tbody>
            <tr>
              <th scope="row">claimed ε</th>
              <td data-testid="audit-claimed" data-value={r.claimedEpsilon}>
                {epsText(r.claimedEpsilon)}
                {r.delta > 0 && `, δ = ${fmt(r.delta)}`}
              </td>
            </tr>
            <tr>
              <th scope="row">measured ε, 95% lower bound</th>
              <td data-testid="audit-lower" data-value={r.epsilonLower}>
                {fmt(r.epsilonLower)}
              </td>
            </tr>
            <tr>
              <th scope="row">point estimate</th>
              <td data-testid="audit-estimate">{fmt(r.epsilonEstimate)}</td>
            </tr>
            {r.exactEpsilon !== null && (
              <tr>
                <th scope="row">exact ε of this pair D, D′</th>
                <td>{fmt(r.exactEpsilon)}</td>
              </tr>
            )}
            <tr>
              <th scope="row">releases per side</th>
              <td>
                {r.releases} of {r.requested}
              </td>
            </tr>
            <tr>
              <th scope="row">test statistic</th>
              <td data-testid="audit-statistic">{r.statistic}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="plot-readout" data-testid="audit-record">
        <strong>The changed record:</strong> in D′, record #{nb.index + 1} changes from {coords(nb.before)} to{' '}
        {coords(nb.after)} — {nb.description}.
      </p>
      <p className="plot-readout" data-testid="audit-power">
        <strong>As an attacker&apos;s power:</strong>{' '}
        {finite
          ? `a test that wrongly accuses in ${pct(ALARM)} of releases from D may catch D′ in at most ${pct(powerBound(ALARM, r.claimedEpsilon, r.delta))} of them if ε = ${epsText(r.claimedEpsilon)} holds; `
          : 'a non-private release promises nothing; '}
        the best threshold test here catches {pct(measuredPower(r.tradeOff, ALARM))} of them at the same{' '}
        {pct(ALARM)} false-alarm rate.
        {chosen &&
          ` The bound uses the test “say D′ when the score is ${chosen.region === 'above' ? 'above' : 'at most'} ${fmt(chosen.threshold)}” (chosen on a quarter of the releases, evaluated on the rest: α = ${fmt(r.bound.alpha)}, β = ${fmt(r.bound.beta)}).`}
      </p>
    </section>
  );
}

function AuditExplainer() {
  return (
    <details className="audit-explain">
      <summary>What ε means here (for the classroom)</summary>
      <p>
        An attacker who sees one release answers “D or D′?”. Every way of answering has two error rates: α,
        how often it says D′ when the truth is D (a false alarm), and β, how often it says D when the truth is
        D′ (a miss). ε-differential privacy promises that for <em>every</em> test β ≥ 1 − e<sup>ε</sup>α and α
        ≥ 1 − e<sup>ε</sup>β (minus δ for (ε, δ)): no test can beat this curve. With ε = 1 a test that raises
        5% false alarms catches the changed record at most 13.6% of the time; with ε = 5, almost always.
      </p>
      <p>
        The measured lower bound is what the releases <em>prove</em> at 95% confidence: a bound above the
        claimed ε means the claim is false for these settings (a data-driven τ, an MCMC chain that has not
        mixed). A bound below it does not prove privacy — a better test or another neighbour might do more —
        but it shows how close the attack comes.
      </p>
    </details>
  );
}

const M = { left: 56, right: 16, top: 12, bottom: 52 };

/**
 * The frame both audit plots share: width from the container (at most `maxWidth`), the legend on top, the
 * height from `height(W, legendH)`; `draw` renders the plot's marks for that size.
 */
function AuditFigure(props: {
  title: string;
  exportName: string;
  testId: string;
  empty: boolean;
  legend: LegendItem[];
  maxWidth: number;
  height(W: number, legendH: number): number;
  footer: ReactNode;
  draw(size: { W: number; H: number; legendH: number }): ReactNode;
}) {
  const titleId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [frameRef, width] = useElementWidth<HTMLDivElement>(420);
  const W = Math.max(280, Math.min(width, props.maxWidth));
  const legendH = layoutLegend(props.legend, W - M.left - M.right).height;
  const H = props.height(W, legendH);
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
      <Legend items={props.legend} width={W - M.left - M.right} x={M.left} y={0} />
      {props.draw({ W, H, legendH })}
    </PlotFigure>
  );
}

const HISTOGRAM_LEGEND: LegendItem[] = [
  { kind: 'box', color: COLOR_D, label: 'releases from D' },
  { kind: 'box', color: COLOR_D2, label: 'releases from D′ (one record changed)' },
];

function ScoreHistograms({ result: r }: { result: AuditResult }) {
  return (
    <AuditFigure
      title="Scores of the releases from D and from D′"
      exportName="audit-histograms"
      testId="audit-histograms"
      empty={r.releases === 0}
      legend={HISTOGRAM_LEGEND}
      maxWidth={Infinity}
      height={(W, legendH) => Math.round(Math.min(240, Math.max(170, W * 0.42))) + legendH}
      footer={
        <figcaption className="hint">
          Each release is scored by the {r.statistic} ({scoreMeaning(r)}). The more the two histograms
          overlap, the less one release tells about the changed record. {r.releases} releases per side.
        </figcaption>
      }
      draw={(size) => <HistogramMarks result={r} {...size} />}
    />
  );
}

function HistogramMarks({
  result: r,
  W,
  H,
  legendH,
}: {
  result: AuditResult;
  W: number;
  H: number;
  legendH: number;
}) {
  const { edges, countsD, countsD2 } = r.histogram;
  const { x, y } = useMemo(() => {
    const lo = edges.length ? edges[0] : 0;
    const hi = edges.length ? edges[edges.length - 1] : 1;
    const x = d3
      .scaleLinear()
      .domain([lo, hi > lo ? hi : lo + 1])
      .range([M.left, W - M.right]);
    const y = d3
      .scaleLinear()
      .domain([0, Math.max(1, d3.max([...countsD, ...countsD2]) ?? 1)])
      .nice(4)
      .range([H - M.bottom, M.top + legendH]);
    return { x, y };
  }, [edges, countsD, countsD2, W, H, legendH]);
  const bars = (counts: number[], color: string, side: string) =>
    counts.map((c, i) =>
      c ? (
        <rect
          key={`${side}${i}`}
          x={x(edges[i]) + 0.5}
          width={Math.max(0.5, x(edges[i + 1]) - x(edges[i]) - 1)}
          y={y(c)}
          height={y(0) - y(c)}
          fill={color}
          fillOpacity={0.45}
          stroke={color}
          strokeWidth={1}
        >
          <title>{`${side}: ${fmt(edges[i])}–${fmt(edges[i + 1])}: ${c}`}</title>
        </rect>
      ) : null,
    );
  return (
    <>
      <AxisLeft
        scale={y}
        x={M.left}
        ticks={y.ticks(4).filter(Number.isInteger)}
        label="releases"
        grid={W - M.right}
        labelOffset={42}
      />
      <AxisBottom scale={x} y={H - M.bottom} count={6} label="score (larger: looks more like D′)" />
      {bars(countsD, COLOR_D, 'D')}
      {bars(countsD2, COLOR_D2, 'D′')}
    </>
  );
}

function scoreMeaning(r: AuditResult): string {
  if (r.statistic === 'distance along the line between the non-private outputs')
    return '0 at the non-private output on D, 1 at the one on D′';
  if (r.statistic === 'log-likelihood ratio') return 'log p(release | D′) − log p(release | D)';
  return 'the log density ratio of D′ to D without the normalising constants';
}

function TradeOffPlot({ result: r }: { result: AuditResult }) {
  const finite = Number.isFinite(r.claimedEpsilon);
  // presenting: the square plot and the verdict above it fit the plot's place on the screen
  const presentH = usePresentingPlotHeight();
  const legendItems: LegendItem[] = [
    { kind: 'series', color: COLOR_D2, symbol: d3.symbolCircle, label: 'measured: every threshold test' },
    ...(finite
      ? [
          {
            kind: 'box' as const,
            color: MUTED,
            fill: '#e9ecef',
            label: `unreachable if ε = ${epsText(r.claimedEpsilon)} holds`,
          },
        ]
      : []),
    ...(r.exactTradeOff
      ? [{ kind: 'dashed' as const, color: OKABE_ITO.green, label: 'best possible tests (exact)' }]
      : []),
  ];
  return (
    <AuditFigure
      title="Trade-off: false alarms α against misses β"
      exportName="audit-tradeoff"
      testId="audit-tradeoff"
      empty={r.releases === 0}
      legend={legendItems}
      maxWidth={presentH === null ? 560 : Math.max(280, presentH - 200)}
      // a square plot area
      height={(W, legendH) => W - M.left - M.right + M.top + M.bottom + legendH}
      footer={
        <figcaption className="hint">
          Each point is one test “say D′ when the score is above t”. The closer the curve comes to the corner
          (0, 0), the better the attacker.{' '}
          {finite
            ? `If the claimed ε = ${epsText(r.claimedEpsilon)}${r.delta > 0 ? ` (δ = ${fmt(r.delta)})` : ''} holds, no test can beat this curve: none enters the grey region. A measured curve inside it is a leak (up to sampling noise, which the 95% bound accounts for).`
            : 'A non-private release claims nothing, so there is no region to stay out of.'}
        </figcaption>
      }
      draw={(size) => <TradeOffMarks result={r} {...size} />}
    />
  );
}

function TradeOffMarks({
  result: r,
  W,
  H,
  legendH,
}: {
  result: AuditResult;
  W: number;
  H: number;
  legendH: number;
}) {
  const x = d3
    .scaleLinear()
    .domain([0, 1])
    .range([M.left, W - M.right]);
  const y = d3
    .scaleLinear()
    .domain([0, 1])
    .range([H - M.bottom, M.top + legendH]);
  const line = d3
    .line<{ alpha: number; beta: number }>()
    .x((p) => x(p.alpha))
    .y((p) => y(p.beta));
  const corners = boundaryCorners(r.claimedEpsilon, r.delta);
  const region = corners.length ? `${line(corners)}L${x(0)},${y(0)}Z` : '';
  const empirical = r.tradeOff.alpha.map((alpha, i) => ({ alpha, beta: r.tradeOff.beta[i] }));
  const exact = r.exactTradeOff?.alpha.map((alpha, i) => ({ alpha, beta: r.exactTradeOff!.beta[i] }));
  const chosen = r.bound.test && Number.isFinite(r.bound.alpha) ? r.bound : null;
  return (
    <>
      {region && <path d={region} fill="#e9ecef" stroke="none" data-testid="audit-region" />}
      <AxisLeft scale={y} x={M.left} count={5} label="β (misses)" grid={W - M.right} labelOffset={42} />
      <AxisBottom scale={x} y={H - M.bottom} count={5} label="α (false alarms)" />
      {corners.length > 0 && <path d={line(corners) ?? ''} fill="none" stroke={MUTED} strokeWidth={1.8} />}
      {exact && (
        <path
          d={line(exact) ?? ''}
          fill="none"
          stroke={OKABE_ITO.green}
          strokeWidth={2}
          strokeDasharray="6 4"
        />
      )}
      <path d={line(empirical) ?? ''} fill="none" stroke={COLOR_D2} strokeWidth={2.2} />
      {chosen && (
        <g>
          <circle
            cx={x(chosen.alpha)}
            cy={y(chosen.beta)}
            r={5}
            fill="#ffffff"
            stroke={INK}
            strokeWidth={2}
          />
          <text x={x(chosen.alpha) + 8} y={y(chosen.beta) - 8} fontSize={12} fill={INK} {...HALO}>
            test behind the bound
          </text>
        </g>
      )}
    </>
  );
}
