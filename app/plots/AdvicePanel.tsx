/**
 * "How should I split ε?": runs the split advisor (app/compute/advise.ts) and says the answer in one sentence;
 * the split plot draws its interval. Honest about privacy: on imported data the advice is an analysis of those
 * data, so the default is synthetic data of the same size and noise.
 */
import { useId, useMemo, useState } from 'react';
import { adviseSpec, cancelAdvice, runAdvice, useAdvice, type AdviceSource } from '../compute/advise';
import { NumberField } from '../controls/fields';
import { ExportButtons } from '../export/ExportButtons';
import { clampSetting, DATA_DEFAULTS, LIMITS } from '../state/settings';
import { useLab } from '../store';
import type { Advice } from '../../src/experiments';
import { adviceCsv, adviceJson, type AdviceExportInput } from './adviceExport';
import { adviceInWords, advisorProgress, useCurrentAdvice, useFirstAnswer } from './currentAdvice';

/**
 * What the advice's exports need once an advice is shown and its privacy statement has been built (the advisor's
 * last step, in a worker). The inputs are the current settings': the advice is shown only while they are its own.
 */
function useAdviceExports(advice: Advice | null): AdviceExportInput | null {
  const run = useAdvice((s) => s.run);
  const settings = useLab((s) => s.settings);
  const imported = useLab((s) => s.imported[s.settings.workspace]);
  return useMemo(() => {
    if (!advice || !run || run.advice !== advice || run.privacy === undefined) return null;
    return {
      advice,
      spec: adviseSpec(settings, imported, run.source),
      file: imported ? { fileName: imported.fileName, rows: imported.ys.length } : null,
      privacy: run.privacy,
      ...(run.privacyError ? { privacyError: run.privacyError } : {}),
    };
  }, [advice, run, settings, imported]);
}

/** The advised split on the split slider's grid (steps of 0.01). */
const roundSplit = (split: number) => clampSetting('split', Math.round(split * 100) / 100);

export function AdvicePanel() {
  const settings = useLab((s) => s.settings);
  const imported = useLab((s) => s.imported[s.settings.workspace]);
  const run = useAdvice((s) => s.run);
  const current = useCurrentAdvice();
  const firstAnswer = useFirstAnswer();
  const [source, setSource] = useState<AdviceSource>('synthetic');
  const name = useId();
  const n = imported ? imported.ys.length : settings.n;
  const running = run?.status === 'running';
  const stale = run?.status === 'done' && !current;
  const exports = useAdviceExports(current);
  return (
    <section className="advice-panel" aria-labelledby={`${name}-title`} data-testid="advice-panel">
      <h3 id={`${name}-title`}>How should I split ε?</h3>
      {imported ? (
        <fieldset className="advice-source">
          <legend>Compute the advice on</legend>
          <label>
            <input
              type="radio"
              name={name}
              checked={source === 'synthetic'}
              onChange={() => setSource('synthetic')}
            />{' '}
            synthetic data of the same size (n = {n}) and the public noise level below — keeps your data out
            of it
          </label>
          {/* the stand-in's noise is a public choice (never read off the data): it is set here */}
          <NumberField
            label={`stand-in ${DATA_DEFAULTS[settings.workspace].noiseLabel}`}
            value={settings.noise}
            min={LIMITS.noise[0]}
            max={LIMITS.noise[1]}
            testId="advice-noise"
            onChange={(noise) => useLab.getState().set({ noise })}
          />
          <label>
            <input type="radio" name={name} checked={source === 'data'} onChange={() => setSource('data')} />{' '}
            your data — <strong>not private</strong>: the advice is an analysis of these data
          </label>
        </fieldset>
      ) : (
        <p className="hint">
          On the synthetic data shown (n = {n}): advice on your own data would be an analysis of them, so
          after an import it runs on synthetic data of the same size and noise unless you choose otherwise.
        </p>
      )}
      <button
        type="button"
        data-testid="advice-run"
        onClick={() => (running ? cancelAdvice() : void runAdvice(settings, imported, source))}
      >
        {running ? 'Stop' : 'Advise the split'}
      </button>
      <p className="advice-result" role="status" aria-live="polite" data-testid="advice-result">
        {running
          ? firstAnswer
            ? // the coarse sweep's answer, then how far the sweeps have got (quieter: it is not the answer)
              [
                run.firstAnswerGroups
                  ? `First answer, from ${run.firstAnswerGroups.groups} chain groups at each split of the ` +
                    `coarse sweep (it draws up to ${run.firstAnswerGroups.groupsTotal}): ${firstAnswer.summary} `
                  : `First answer, from the coarse sweep: ${firstAnswer.summary} `,
                <span key="progress" className="advice-progress">
                  {run.stage === 'fine' ? 'Refining it near its best split. ' : 'Refining it. '}
                  {advisorProgress(run)}
                </span>,
              ]
            : advisorProgress(run)
          : run?.status === 'error'
            ? `The advisor failed: ${run.error}`
            : current
              ? adviceInWords(current)
              : stale
                ? 'The settings changed since the last advice: run it again.'
                : 'A finer sweep of the split near its best, a smooth fit, and the range of splits within the noise of the best.'}
      </p>
      {current && !current.flat && (
        <button
          type="button"
          data-testid="advice-apply"
          disabled={Math.abs(settings.split - roundSplit(current.split)) < 1e-9}
          onClick={() => useLab.getState().set({ split: roundSplit(current.split) })}
        >
          Use this split (ε<sub>p</sub> = {Math.round(roundSplit(current.split) * 100)}% of ε)
        </button>
      )}
      {current && (
        <p className="hint">
          Shaded on the split plot: the recommended range
          {current.flat ? ' (the whole range: no split is clearly better)' : ''}; violet line: the fitted ln
          MSE (n = {current.n}
          {run?.source === 'data' ? ', your data' : ', synthetic'}).
          {!current.isPrivate &&
            ' As computed here, with τ from the data, the releases themselves are not private.'}
        </p>
      )}
      {current && (
        <ExportButtons
          what="split advice"
          name="advice"
          noun=""
          disabled={!exports}
          json={() => (exports ? adviceJson(exports) : null)}
          csv={() => (exports ? adviceCsv(exports) : null)}
        />
      )}
    </section>
  );
}
