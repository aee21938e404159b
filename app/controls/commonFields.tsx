/**
 * Controls bound to settings that several panels share (n, seeds, ε, σ rule): one definition, so the regression
 * panel and the Fréchet-mean panel read and write them the same way.
 */
import { useLab } from '../store';
import { formatBudget } from '../format';
import { LIMITS, SPLIT_STEP, sliderRange } from '../state/settings';
import { NumberField, SelectField, SliderField } from './fields';

export function SampleSizeField() {
  const n = useLab((st) => st.settings.n);
  const set = useLab((st) => st.set);
  return (
    <NumberField
      label="n (points)"
      value={n}
      min={LIMITS.n[0]}
      max={LIMITS.n[1]}
      integer
      onChange={(n) => set({ n })}
      testId="n"
    />
  );
}

export function SeedField({ label = 'seed' }: { label?: string }) {
  const seed = useLab((st) => st.settings.seed);
  const set = useLab((st) => st.set);
  return (
    <div className="field field-inline">
      <NumberField
        label={label}
        value={seed}
        min={LIMITS.seed[0]}
        max={LIMITS.seed[1]}
        integer
        onChange={(seed) => set({ seed })}
        testId="seed"
      />
      <button type="button" onClick={() => set({ seed: (seed + 1) % LIMITS.seed[1] })}>
        Re-generate
      </button>
    </div>
  );
}

/**
 * The samplers' own seed (empty: the data seed's). Changing it alone keeps the data and the non-private fit and
 * draws other private releases: replicates of the mechanism on one data set.
 */
export function SamplerSeedField() {
  const samplerSeed = useLab((st) => st.settings.samplerSeed);
  const set = useLab((st) => st.set);
  return (
    <NumberField
      label="sampler seed"
      value={samplerSeed}
      min={LIMITS.samplerSeed[0]}
      max={LIMITS.samplerSeed[1]}
      integer
      onChange={(samplerSeed) => set({ samplerSeed })}
      onClear={() => set({ samplerSeed: null })}
      placeholder="same as data seed"
      testId="sampler-seed"
    />
  );
}

/** ε on a log scale: the slider moves log10 ε over its slider range (0.01 … 10; larger ε can be typed in a link). */
export function EpsilonSlider({ label, hint }: { label: string; hint?: string }) {
  const eps = useLab((st) => st.settings.eps);
  const set = useLab((st) => st.set);
  return (
    <SliderField
      label={label}
      value={Math.log10(eps)}
      min={Math.log10(sliderRange('eps')[0])}
      max={Math.log10(sliderRange('eps')[1])}
      step={0.01}
      display={formatBudget(eps)}
      onChange={(v) => set({ eps: +Math.pow(10, v).toPrecision(3) }, { step: true })}
      hint={hint}
      testId="eps"
    />
  );
}

/** The split ε_p : ε_v of the total ε (the share ε_p/ε moves in steps of SPLIT_STEP, 0.01). */
export function SplitSlider({ hint }: { hint?: string }) {
  const split = useLab((st) => st.settings.split);
  const eps = useLab((st) => st.settings.eps);
  const set = useLab((st) => st.set);
  return (
    <SliderField
      label="split ε_p : ε_v"
      value={split}
      min={LIMITS.split[0]}
      max={LIMITS.split[1]}
      step={SPLIT_STEP}
      display={`${formatBudget(split * eps)} : ${formatBudget((1 - split) * eps)}`}
      onChange={(v) => set({ split: v }, { step: true })}
      hint={hint}
      testId="split"
    />
  );
}

export function SigmaRuleField({ label }: { label: string }) {
  const sigmaRule = useLab((st) => st.settings.sigmaRule);
  const set = useLab((st) => st.set);
  return (
    <SelectField
      label={label}
      value={sigmaRule}
      options={[
        { value: 'paper', label: 'paper: Δ/ε' },
        { value: 'strict', label: 'strict: 2Δ/ε (private)' },
      ]}
      onChange={(sigmaRule) => set({ sigmaRule })}
      testId="sigma-rule"
    />
  );
}
