import { Explainers } from '../help/Explain';
import { ImportData } from './ImportData';
import { useLab } from '../store';
import { useMemo } from 'react';
import { dataManifold, MANIFOLDS } from '../../src/data/manifolds';
import { DATA_DEFAULTS, LIMITS, regressionWorkspace } from '../state/settings';
import { CheckboxField, NumberField, SelectField } from './fields';
import { EpsilonSlider, SampleSizeField, SeedField, SigmaRuleField, SplitSlider } from './commonFields';

/** The shared control panel: data, privacy, sampler. Every change goes to the store (and the URL). */
export function ControlPanel() {
  const s = useLab((st) => st.settings);
  const set = useLab((st) => st.set);
  const imported = useLab((st) => st.imported[st.settings.workspace]);
  const setImported = useLab((st) => st.setImported);
  const defaults = DATA_DEFAULTS[s.workspace];
  const kind = regressionWorkspace(s.workspace);
  // τ_m enters the sensitivity on negatively curved spaces only (kng.ts calibrateKng)
  const negativelyCurved = useMemo(() => dataManifold(kind).curvatureBounds[0] < 0, [kind]);
  return (
    <aside className="control-panel" id="lab-controls" aria-label="Controls">
      <fieldset>
        <legend>Data</legend>
        {imported ? (
          <p className="hint">
            Using <strong>{imported.fileName}</strong> ({imported.ys.length} rows).{' '}
            <button type="button" onClick={() => setImported(s.workspace, null)}>
              Back to synthetic data
            </button>
          </p>
        ) : (
          <>
            <SampleSizeField />
            <NumberField
              label={defaults.noiseLabel}
              value={s.noise}
              min={LIMITS.noise[0]}
              max={LIMITS.noise[1]}
              step={MANIFOLDS[kind].noiseStep}
              onChange={(noise) => set({ noise })}
              testId="noise"
            />
          </>
        )}
        <SeedField />
        <ImportData />
      </fieldset>

      <fieldset>
        <legend>Privacy</legend>
        <EpsilonSlider label="total budget ε" hint="← smaller ε: more private, noisier fits" />
        <SplitSlider hint="← more budget to the shooting vector · more to the footpoint →" />
        <SigmaRuleField label="noise scale σ" />
        <SelectField
          label="residual bound τ"
          value={s.tauMode}
          options={[
            { value: 'data', label: 'from data (not private)' },
            { value: 'public', label: 'public bound (private)' },
          ]}
          onChange={(tauMode) => set({ tauMode })}
          testId="tau-mode"
        />
        {s.tauMode === 'public' && (
          <>
            <NumberField
              label="τ (public)"
              value={s.tau}
              min={LIMITS.tau[0]}
              max={LIMITS.tau[1]}
              step={0.01}
              onChange={(tau) => set({ tau })}
            />
            {negativelyCurved && (
              <NumberField
                label="τ_m (public data radius)"
                value={s.tauM}
                min={LIMITS.tauM[0]}
                max={LIMITS.tauM[1]}
                step={0.1}
                onChange={(tauM) => set({ tauM })}
              />
            )}
          </>
        )}
        <SelectField
          label="shooting-vector domain"
          value={s.vDomain}
          options={[
            { value: 'ball', label: 'proper ball (default)' },
            { value: 'plane', label: 'whole plane (paper)' },
          ]}
          onChange={(vDomain) => set({ vDomain })}
        />
        <Explainers topics={['privacy', 'sigma', 'tau']} />
      </fieldset>

      <fieldset>
        <legend>Sampler</legend>
        <NumberField
          label="burn-in steps"
          value={s.burnIn}
          min={LIMITS.burnIn[0]}
          max={LIMITS.burnIn[1]}
          integer
          onChange={(burnIn) => set({ burnIn })}
          testId="burn-in"
        />
        <NumberField
          label="m (footpoints; m² pairs)"
          value={s.m}
          min={LIMITS.m[0]}
          max={LIMITS.m[1]}
          integer
          onChange={(m) => set({ m })}
          testId="m"
        />
        <NumberField
          label="step scale p (× σ_p)"
          value={s.stepScaleP}
          min={LIMITS.stepScaleP[0]}
          max={LIMITS.stepScaleP[1]}
          step={0.5}
          onChange={(stepScaleP) => set({ stepScaleP })}
        />
        <NumberField
          label="step scale v (× σ_v)"
          value={s.stepScaleV}
          min={LIMITS.stepScaleV[0]}
          max={LIMITS.stepScaleV[1]}
          step={0.5}
          onChange={(stepScaleV) => set({ stepScaleV })}
        />
        <SelectField
          label="draws"
          value={s.scheme}
          options={[
            { value: 'independent', label: 'independent chains' },
            { value: 'consecutive', label: 'consecutive (paper)' },
          ]}
          onChange={(scheme) => set({ scheme })}
        />
        <CheckboxField
          label="adapt step during burn-in"
          checked={s.adaptive}
          onChange={(adaptive) => set({ adaptive })}
        />
        <Explainers topics={['mcmc']} />
      </fieldset>
    </aside>
  );
}
