import { DEFAULT_DOMAIN, DEFAULT_KNG_JOINT, splitJointBudget } from '../../src/privacy/kngJoint/calibration';
import { jointSamplerInForce, jointSamplerInWords } from '../../src/privacy/kngJoint/samplerInForce';
import { Explainers } from '../help/Explain';
import { ImportData } from './ImportData';
import { useLab } from '../store';
import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import { dataManifold, manifoldOfResponses, MANIFOLDS } from '../../src/data/manifolds';
import {
  DATA_DEFAULTS,
  JOINT_WORKSPACES,
  LIMITS,
  regressionWorkspace,
  releaseMechanism,
} from '../state/settings';
import { CheckboxField, NumberField, SelectField } from './fields';
import {
  EpsilonSlider,
  SampleSizeField,
  SamplerSeedField,
  SeedField,
  SigmaRuleField,
  SplitSlider,
} from './commonFields';
import { workspaceOf } from '../workspaces/registry';

// loaded on phones only: its plotting code stays out of the first view elsewhere
const SplitGlance = lazy(() => import('../plots/SplitGlance').then((m) => ({ default: m.SplitGlance })));

/** The bottom-sheet layout's breakpoint (small.css). */
const PHONE = '(max-width: 700px)';
const subscribePhone = (onChange: () => void) => {
  const q = window.matchMedia(PHONE);
  q.addEventListener('change', onChange);
  return () => q.removeEventListener('change', onChange);
};
const usePhone = () => useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE).matches);

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
  const joint = releaseMechanism(s) === 'kng-joint';
  // the joint sampler depends on the space's dimension (shapes: on the landmark count)
  const landmarks = workspaceOf(s.workspace).landmarks ? s.landmarks : undefined;
  const dimension = useMemo(
    () => (imported ? manifoldOfResponses(kind, imported.ys) : dataManifold(kind, 1, landmarks)).dim,
    [kind, imported, landmarks],
  );
  return (
    <aside className="control-panel" id="lab-controls" aria-label="Controls">
      {/* phones only: the split plot stays in sight above the sliders of the bottom sheet */}
      {usePhone() && (
        <Suspense fallback={null}>
          <SplitGlance />
        </Suspense>
      )}
      <fieldset>
        <legend>Data</legend>
        {imported ? (
          <p className="hint">
            Using <strong>{imported.fileName}</strong> ({imported.ys.length} rows): covariate{' '}
            <strong data-testid="imported-covariate">{imported.xLabel}</strong>
            {imported.yLabels && (
              <>
                , responses <span data-testid="imported-responses">{imported.yLabels.join(', ')}</span>
              </>
            )}
            .{' '}
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
        <SeedField label="data seed" />
        <SamplerSeedField />
        <ImportData />
      </fieldset>

      <fieldset>
        <legend>Privacy</legend>
        {JOINT_WORKSPACES.includes(s.workspace) && (
          <SelectField
            label="release"
            value={s.mechanism}
            options={[
              { value: 'kng-joint', label: 'private for any data' },
              { value: 'kng', label: "paper 000's KNG" },
            ]}
            onChange={(mechanism) => set({ mechanism })}
            testId="mechanism"
          />
        )}
        <EpsilonSlider label="total budget ε" hint="← smaller ε: more private, noisier fits" />
        <SplitSlider hint="← more budget to the shooting vector · more to the footpoint →" />
        {joint && <JointSizeHint />}
        {joint ? <JointAssumptions kind={kind} /> : <KngPrivacyFields negativelyCurved={negativelyCurved} />}
        <Explainers topics={['privacy', 'sigma', 'tau']} />
      </fieldset>

      <fieldset>
        <legend>Sampler</legend>
        {joint ? (
          <>
            <NumberField
              label="draws (one chain each)"
              value={s.m}
              min={LIMITS.m[0]}
              max={LIMITS.m[1]}
              integer
              onChange={(m) => set({ m })}
              testId="m"
            />
            <p className="hint" data-testid="joint-sampler-hint">
              {jointSamplerInWords(
                // at the current split: the chains run longer where either share of ε is small
                jointSamplerInForce(
                  { ...DEFAULT_KNG_JOINT, ...splitJointBudget(s.eps, s.split, kind) },
                  dimension,
                ),
              )}{' '}
              Its last state is one release. Each draw is a release of its own: showing {s.m} costs {s.m} × ε.
            </p>
          </>
        ) : (
          <KngSamplerFields />
        )}
        <Explainers topics={['mcmc']} />
      </fieldset>
    </aside>
  );
}

/**
 * Below the size where the joint release pays on this space its draws are mostly noise: say so, and offer that
 * size (docs/kng-joint.md, "Where it pays").
 */
function JointSizeHint() {
  const s = useLab((st) => st.settings);
  const imported = useLab((st) => st.imported[st.settings.workspace]);
  const set = useLab((st) => st.set);
  const d = DATA_DEFAULTS[s.workspace];
  const pays = d.privateN;
  const n = imported ? imported.ys.length : s.n;
  // shapes: more landmarks, more dimensions, a far field that only a larger n outweighs
  const landmarks = workspaceOf(s.workspace).landmarks && !imported ? s.landmarks : undefined;
  const fewer = d.privateLandmarks;
  const tooManyLandmarks = landmarks !== undefined && fewer !== undefined && landmarks > fewer;
  if (pays === undefined || (n >= pays && !tooManyLandmarks)) return null;
  const withLandmarks = landmarks !== undefined && fewer !== undefined;
  return (
    <p className="hint" data-testid="joint-size-hint">
      At n = {n}
      {withLandmarks && ` with ${landmarks} landmarks`} this release is mostly noise here; on this space it
      pays from about n = {pays}
      {withLandmarks && ` with ${fewer} landmarks`} at ε = 1 (the MSE tab’s{' '}
      <em>Where privacy starts to pay</em>).{' '}
      {!imported && (
        <button
          type="button"
          onClick={() => set({ n: pays, ...(withLandmarks ? { landmarks: fewer } : {}) })}
        >
          Use n = {pays}
          {withLandmarks && `, ${fewer} landmarks`}
        </button>
      )}
    </p>
  );
}

const shareInWords = (share: number) =>
  share === 0.25 ? '¼' : share === 0.5 ? '½' : `${Math.round(share * 100)}%`;

/** What the joint release assumes, in the lab's words (docs/kng-joint.md). */
function JointAssumptions({ kind }: { kind: string }) {
  const imported = useLab((st) => st.imported[st.settings.workspace]);
  const { covariateRange } = useLab((st) => workspaceOf(st.settings.workspace));
  const domain = DEFAULT_DOMAIN[kind];
  return (
    <p className="hint" data-testid="joint-assumptions">
      One draw of the whole geodesic, ε-DP for any data given public n, residual clip c = {domain?.clip} and
      covariate range {imported ? 'taken from the file (not public, so not private)' : covariateRange}
      {domain?.yRadius !== undefined &&
        `, responses within distance ${domain?.yRadius} of the identity (farther ones are pulled in)`}
      ; {shareInWords(domain?.energyShare ?? 0)} of ε weighs the fit (energy term), the split shares the rest.
    </p>
  );
}

/** Paper 000's calibration options: σ rule, residual bound τ (and τ_m), the shooting vector's domain. */
function KngPrivacyFields({ negativelyCurved }: { negativelyCurved: boolean }) {
  const s = useLab((st) => st.settings);
  const set = useLab((st) => st.set);
  return (
    <>
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
    </>
  );
}

/** Paper 000's sampler: burn-in, m × m pairs, step scales, draws scheme, adaptation. */
function KngSamplerFields() {
  const s = useLab((st) => st.settings);
  const set = useLab((st) => st.set);
  return (
    <>
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
    </>
  );
}
