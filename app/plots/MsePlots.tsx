/**
 * Live ln-MSE plots (000 Fig. 1/2/7): ln mean MSE against the budget split at fixed total ε, and against the
 * total ε at equal split; one curve per n with its non-private ln MSE as a dashed line, the current setting
 * marked (a rule at the current ε_p / ε and the current release's ln mean MSE). Curves fill in as the sweep's
 * cells arrive.
 */
import { ErrorBoundary } from '../ErrorBoundary';
import { Fragment, useMemo } from 'react';
import { SWEEP_ROW_COLUMNS, type Panel } from '../../src/experiments';
import { sweepSpec } from '../compute/jobs';
import { useReleaseCells } from '../compute/useData';
import { cliFields, sweepCliCommand } from '../export/cliCommand';
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
          const st = useLab.getState();
          const s = st.sweep;
          return {
            rows: s.rows as unknown as Record<string, unknown>[],
            columns: SWEEP_ROW_COLUMNS,
            notes: s.notes,
            cli: sweepCliCommand(st.settings, st.imported[st.settings.workspace]),
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
            ...cliFields(sweepCliCommand(st.settings, imp)),
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
