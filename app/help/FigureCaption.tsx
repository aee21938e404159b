import { formatSignificant } from '../format';
import { currentBudget } from '../state/settings';
import { PAPER_SETTINGS_NOTE, activePreset, applyPreset, presetDeviations } from '../presets';
import { useLab, type LabSettings } from '../store';
import { Brief } from './Brief';
import { TopicLink } from './Explain';
import { useHelp } from './helpStore';
import { richText } from './richText';
import { workspaceOf } from '../workspaces/registry';

const NAMES: Partial<Record<keyof LabSettings, string>> = {
  workspace: 'workspace',
  n: 'n',
  noise: 'noise',
  seed: 'seed',
  samplerSeed: 'sampler seed',
  eps: 'ε',
  split: 'split',
  sigmaRule: 'σ rule',
  tauMode: 'τ mode',
  tau: 'τ',
  tauM: 'τ_m',
  vDomain: 'v domain',
  burnIn: 'burn-in',
  m: 'm',
  stepScaleP: 'step scale p',
  stepScaleV: 'step scale v',
  scheme: 'draws',
  adaptive: 'adaptive step',
  curves: 'curves',
  ages: 'ages',
  plotTab: 'plot',
  frechetSpace: 'space',
  radius: 'r',
  spread: 'data',
  delta: 'δ',
  calibration: 'Gaussian σ',
  metric: 'metric',
  mechanisms: 'mechanisms',
  phiSource: 'φ source',
  errorMeasure: 'error measure',
};

/**
 * The caption of the figure a preset reproduces: what it shows, what to look for, how the lab differs from
 * the paper, and a warning (with a way back) once the settings have been changed since.
 */
export function FigureCaption() {
  const settings = useLab((s) => s.settings);
  const hiddenFor = useHelp((s) => s.captionHiddenFor);
  const hide = useHelp((s) => s.hideCaption);
  const preset = activePreset(settings);
  if (!preset) return null;
  if (hiddenFor === preset.id)
    return (
      <div className="figure-caption figure-caption-collapsed">
        <button type="button" className="topic-link" onClick={() => hide(null)}>
          Show the caption of {preset.label}
        </button>
      </div>
    );
  const changed = presetDeviations(preset, settings);
  const { epsP, epsV } = currentBudget(settings);
  return (
    <section className="figure-caption" aria-labelledby="figure-caption-title" data-testid="figure-caption">
      <div className="figure-caption-head">
        <h2 id="figure-caption-title">
          <span className="figure-caption-label">{preset.label.replace(/ · .*/, '')} of the paper</span>{' '}
          {preset.title}
        </h2>
        <button
          type="button"
          className="figure-caption-close"
          aria-label={`Hide the caption of ${preset.label}`}
          onClick={() => hide(preset.id)}
        >
          ×
        </button>
      </div>
      {/* the caption's first sentence or two; the rest, how the lab differs and the ideas behind it on "more" */}
      <Brief text={preset.caption} className="figure-caption-text" testId="figure-caption-text">
        <details className="figure-caption-more">
          <summary>How this differs from the paper</summary>
          <p>{richText(preset.differences)}</p>
          <p>{richText(preset.paperNote ?? PAPER_SETTINGS_NOTE)}</p>
        </details>
        <p className="figure-caption-topics">
          Ideas behind it:{' '}
          {preset.topics.map((t) => (
            <TopicLink key={t} topic={t} />
          ))}
        </p>
      </Brief>
      <p className="figure-caption-budget">
        Budget now: ε = {formatSignificant(settings.eps)}
        {workspaceOf(settings.workspace).manifold && (
          <>
            {' '}
            (ε<sub>p</sub> = {formatSignificant(epsP)}, ε<sub>v</sub> = {formatSignificant(epsV)})
          </>
        )}{' '}
        · <strong>smaller ε = more private</strong>, noisier fits.
      </p>
      {changed.length > 0 && (
        <p className="figure-caption-changed" role="note">
          You changed {richText(changed.map((k) => NAMES[k] ?? k).join(', '))} since loading {preset.label},
          so the picture may no longer match the paper.{' '}
          <button type="button" onClick={() => applyPreset(preset.id)}>
            Restore {preset.label}
          </button>
        </p>
      )}
    </section>
  );
}
