/**
 * The split advisor in the lab: on demand, the two budget-split sweeps of src/experiments/advise.ts
 * on the job runner, on a small pool of their own (beside the live sweep), for the current workspace, n, total ε and sampler.
 * Running it on the data being analysed is itself an analysis of those data — not private — so by default it
 * runs on synthetic data of the same size and noise; the user may choose the data shown instead.
 */
import {
  adviceFromCells,
  coarseAdviceFromCells,
  coarseAdviceSoFar,
  nextAdviceSweep,
  withPart,
  type AdviceCells,
  type AdviceSweep,
  type AdviseSpec,
  type SweepCellResult,
} from '../../src/experiments';
import { regressionWorkspace, type LabSettings, releaseMechanism } from '../state/settings';
import {
  sliceHook,
  useLab,
  type AdviceRun,
  type AdviceSource,
  type ImportedData,
  type LabState,
} from '../store';
import { jobKey, kngSettings, samplerSeedSpec } from './jobs';
import { driveJob } from './driveJob';
import { labRunner, step } from './runner';
import { workspaceOf } from '../workspaces/registry';

export type { AdviceRun, AdviceSource } from '../store';

/** The advisor's latest run (the store's `advisor`). */
export const useAdvice = sliceHook('advisor');
const setRun = (run: AdviceRun | null) => useLab.setState({ advisor: { run } });
type Advisor = LabState['advisor'];

export function adviseSpec(
  s: LabSettings,
  imported: ImportedData | undefined,
  source: AdviceSource,
): AdviseSpec {
  const manifold = regressionWorkspace(s.workspace);
  const { anyDimension, landmarks } = workspaceOf(s.workspace);
  const useData = imported !== undefined && source === 'data';
  return {
    manifold,
    dataset: { n: imported ? imported.ys.length : s.n, noise: s.noise },
    ...(useData ? { imported: { xs: imported.xs, ys: imported.ys, label: imported.fileName } } : {}),
    // synthetic stand-ins for imported R^d data have the same number of responses
    ...(imported && !useData && anyDimension ? { d: imported.ys[0].length } : {}),
    // the shapes' landmark count of the synthetic data (a stand-in for a file: the file's own count)
    ...(landmarks && !useData ? { landmarks: imported ? imported.ys[0].length / 2 : s.landmarks } : {}),
    seed: s.seed,
    ...samplerSeedSpec(s),
    eps: s.eps,
    kng: kngSettings(s),
    mechanism: releaseMechanism(s),
  };
}

/** Identifies the inputs of an advice: it is shown only while they are those of the lab. */
export function adviceKey(s: LabSettings, imported: ImportedData | undefined, source: AdviceSource): string {
  return jobKey(adviseSpec(s, imported, source), source === 'data' ? imported : undefined);
}

/**
 * Starts (or restarts) the advisor for the given settings: the parts of its sweeps (`nextAdviceSweep`: the coarse
 * sweep, then the fine one around its best split) one after the other in one lane of the runner; progress and the
 * result go to the store's `advisor`.
 */
export function runAdvice(s: LabSettings, imported: ImportedData | undefined, source: AdviceSource): void {
  const spec = adviseSpec(s, imported, source);
  const base: AdviceRun = {
    key: adviceKey(s, imported, source),
    source,
    status: 'running',
    stage: 'coarse',
    done: 0,
    total: 0,
    advice: null,
    error: null,
  };
  const running = (
    part: AdviceSweep,
    done: number,
    answer: Pick<AdviceRun, 'firstAnswer' | 'firstAnswerGroups'> | null,
  ): Advisor => ({ run: { ...base, stage: part.stage, done, total: part.stageCells, ...answer } });
  // the coarse sweep's answer while it runs, from its whole passes so far (`firstAnswerGroups` says how many
  // groups it rests on until it has them all)
  const answerSoFar = (have: AdviceCells, cells: (SweepCellResult | undefined)[]) => {
    const soFar = coarseAdviceSoFar(spec, [...have.coarse, ...cells]);
    return (
      soFar && {
        firstAnswer: soFar.advice,
        ...(soFar.groups < soFar.groupsTotal
          ? { firstAnswerGroups: { groups: soFar.groups, groupsTotal: soFar.groupsTotal } }
          : {}),
      }
    );
  };
  const drawPart = (have: AdviceCells, part: AdviceSweep) => {
    const before = have[part.stage].length;
    // while the fine sweep refines it: the whole coarse sweep's, fitted once per part
    const wholeCoarse = part.stage === 'fine' && { firstAnswer: coarseAdviceFromCells(spec, have.coarse) };
    const answer = (cells: (SweepCellResult | undefined)[]) => wholeCoarse || answerSoFar(have, cells);
    let next: { have: AdviceCells; part: AdviceSweep | null } | undefined;
    driveJob({
      lane: 'advice',
      slice: 'advisor',
      pool: 'advice',
      steps: [step('sweep', part.spec)],
      starting: before === 0 && part.stage === 'coarse' ? { run: base } : running(part, before, answer([])),
      updates: 'fromFirstCell',
      // its progress is a line of words: four updates a second leave the cores to the chains
      progressEveryMs: 250,
      view: (status, progress) => {
        const cells = progress.cells as (SweepCellResult | undefined)[];
        if (status === 'done') {
          const now = withPart(have, part, cells as SweepCellResult[]);
          next = { have: now, part: nextAdviceSweep(spec, now) };
          if (!next.part)
            return {
              run: {
                ...base,
                stage: part.stage,
                status: 'done',
                advice: adviceFromCells(spec, now.coarse, now.fine),
                done: 1,
                total: 1,
              },
            };
        }
        return running(part, before + progress.done, answer(cells));
      },
      failed: (error) => ({ run: { ...base, status: 'error', error } }),
      onDone: () => (next?.part ? drawPart(next.have, next.part) : explainAdvice(spec, imported)),
    });
  };
  const empty: AdviceCells = { coarse: [], fine: [] };
  drawPart(empty, nextAdviceSweep(spec, empty)!);
}

/**
 * What the finished advice reveals, for its exports: the CLI's statement, built off the page (the advice run
 * keeps it, or why it could not be built).
 */
function explainAdvice(spec: AdviseSpec, imported: ImportedData | undefined) {
  const done = useAdvice.getState().run;
  if (!done?.advice) return;
  const { advice } = done;
  driveJob({
    lane: 'advice',
    slice: 'advisor',
    pool: 'advice',
    steps: [step('advicePrivacy', { spec, advice, xRange: imported?.xRange })],
    updates: 'atEnd',
    view: (_status, { cells: [privacy] }) => ({ run: { ...done, privacy } }),
    failed: (error) => ({ run: { ...done, privacy: null, privacyError: error } }),
  });
}

export function cancelAdvice(): void {
  labRunner().cancel('advice');
  setRun(null);
}
