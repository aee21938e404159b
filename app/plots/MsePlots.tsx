/**
 * Live ln-MSE plots (000 Fig. 1/2/7): ln mean MSE against the budget split at fixed total ε, and against the
 * total ε at equal split; one curve per n with its non-private ln MSE as a dashed line, the current setting
 * marked (a rule at the current ε_p / ε and the current release's ln mean MSE). The sweep's cells come in passes
 * (sweep.ts): every point is drawn from one chain group first, then each pass adds a group to every point, and
 * the progress line says how many pairs per point the refinement has reached.
 */
import { ErrorBoundary } from '../ErrorBoundary';
import { Fragment, useMemo } from 'react';
import { SWEEP_ROW_COLUMNS, type Panel } from '../../src/experiments';
import { sweepRefinement, type SweepRefinement } from '../../src/experiments/sweep';
import { sweepSpec } from '../compute/jobs';
import { useReleaseCells } from '../compute/useData';
import { cliFields, sweepCliCommand, type CliReproduction } from '../export/cliCommand';
import { ExportButtons } from '../export/ExportButtons';
import { useLab, type LabState } from '../store';
import { releaseMechanism, currentBudget } from '../state/settings';
import { SizesSection } from './SizesPlot';
import { JobProgress } from './chart';
import { useThrottledLab } from './useThrottledLab';
import { AdvicePanel } from './AdvicePanel';
import { useCurrentAdvice } from './currentAdvice';
import { Brief } from '../help/Brief';
import { epsWhereErrorMoves, mseModel, releaseSummary } from './mseModel';
import { MseFigure } from './mse/MseFigure';

const LEAK_TEXT =
  'Why data-driven τ leaks: the noise scale σ is set from the largest residual of the actual data, so the ' +
  'spread of the released fits reveals the data. τ bounds the residuals and sets σ; change one point and σ ' +
  'changes. Choose "public bound" for τ to get a real guarantee (the noise then no longer adapts to the ' +
  'data, so errors are usually larger).';

const selectSweep = (s: LabState) => s.sweep;

/** What the progress line says: the points drawn so far, then the pairs per point the refinement has reached. */
function progressTexts(r: SweepRefinement) {
  const paper = r.pairsFull > r.pairsTotal ? ` (paper 000: ${r.pairsFull})` : '';
  return {
    refining: r.points === r.pointsTotal && r.pointsTotal > 0,
    runningText:
      r.points < r.pointsTotal
        ? `Computing… ${r.points} of ${r.pointsTotal} points drawn`
        : `Refining: ${r.pairs} of ${r.pairsTotal} pairs per point${paper}`,
    doneText: `Done: ${r.pairsTotal} pairs per point${paper}`,
  };
}

/**
 * Where the live sweep pools fewer chain groups than the release draws (liveSweep.ts): what the
 * plots rest on and what the command line runs.
 */
function capNote(r: SweepRefinement): string | null {
  if (r.pairsFull <= r.pairsTotal) return null;
  return (
    `These plots pool ${r.pairsTotal} private pairs per point (${r.groupsTotal} footpoint chains), not paper ` +
    `000's ${r.pairsFull}, to settle in seconds; each is drawn as in the release, the error bars show each ` +
    `point's precision, and the command line (the CSV export's cli line) runs all ${r.pairsFull}.`
  );
}

/** The command line's sweep, saying where the lab's plots pool fewer pairs than the rows it prints. */
function liveCli(cli: CliReproduction, r: SweepRefinement): CliReproduction {
  if (r.pairsFull <= r.pairsTotal || cli.command === null) return cli;
  const note = ` The lab's plots pool the first ${r.pairsTotal} of these ${r.pairsFull} pairs per point (the same draws).`;
  return { ...cli, note: cli.note + note };
}

/**
 * What an export of the current plots says beside its rows: the sweep's notes, with what the plots pool where it
 * is fewer pairs than the release's, and the command line's sweep (the refinement read once, when it is made).
 */
function exportContext(): { notes: string[]; cli: CliReproduction } {
  const st = useLab.getState();
  const imported = st.imported[st.settings.workspace];
  const refinement = sweepRefinement(sweepSpec(st.settings, imported), st.sweep.cells);
  const cap = capNote(refinement);
  return {
    notes: cap ? [...st.sweep.notes, cap] : st.sweep.notes,
    cli: liveCli(sweepCliCommand(st.settings, imported), refinement),
  };
}

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
  const spec = useMemo(() => sweepSpec(settings, imported), [settings, imported]);
  const refinement = useMemo(() => sweepRefinement(spec, sweep.cells), [spec, sweep.cells]);
  const cap = capNote(refinement);
  const notes = cap ? [...sweep.notes, cap] : sweep.notes;

  return (
    <div className="plot-tab-body">
      <JobProgress
        label="MSE sweep progress"
        status={sweep.status}
        done={sweep.done}
        total={sweep.total}
        error={sweep.error}
        {...progressTexts(refinement)}
      />
      {notes.length > 0 && (
        <ul className="plot-notes" aria-label="Notes on this sweep">
          {notes.map((note) => (
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
          const st = useLab.getState();
          const s = st.sweep;
          return {
            rows: s.rows as unknown as Record<string, unknown>[],
            columns: SWEEP_ROW_COLUMNS,
            ...exportContext(),
          };
        }}
        json={() => {
          const st = useLab.getState();
          const imp = st.imported[st.settings.workspace];
          const spec = sweepSpec(st.settings, imp);
          const { notes, cli } = exportContext();
          return {
            sweep: {
              ...spec,
              imported: spec.imported
                ? { label: spec.imported.label, n: spec.imported.ys.length }
                : undefined,
            },
            ...cliFields(cli),
            status: st.sweep.status,
            cellsDone: st.sweep.done,
            cellsTotal: st.sweep.total,
            notes,
            rows: st.sweep.rows,
            currentRelease: { ...currentBudget(st.settings), n: releaseN, ...release },
          };
        }}
      />
    </div>
  );
}
