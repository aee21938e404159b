/**
 * The control panel of the Fréchet-mean workspace: the space, the data (n, radius r, seed — or the user's
 * own points, with the radius r taken from them (not private) or a public one), the privacy
 * parameters (ε on a log scale, δ on a log scale, Gaussian calibration, σ rule, SPD metric) and which
 * mechanisms to show. Every control writes to the store, hence to the URL.
 */
import { richText } from '../../help/richText';
import { useId } from 'react';
import { Explainers } from '../../help/Explain';
import { useLab } from '../../store';
import { FRECHET_MECHANISMS, LIMITS, sliderRange, type FrechetMechanismId } from '../../state/settings';
import { NumberField, SelectField, SliderField } from '../../controls/fields';
import { EpsilonSlider, SampleSizeField, SeedField, SigmaRuleField } from '../../controls/commonFields';
import { ImportData } from '../../controls/ImportData';
import { ownData, type OwnData } from './jobs';
import { MECHANISM_STYLES } from './mechanisms';
import { ownDataWarning, radiusLimit } from './problems';
import { formatFixed, formatPowerOfTen } from '../../format';
import { symbolPath } from '../../plots/chart';

function MechanismSwatch({ id }: { id: FrechetMechanismId }) {
  const m = MECHANISM_STYLES[id];
  return (
    <svg className="swatch" width="18" height="16" viewBox="-9 -8 18 16" aria-hidden="true">
      <path d={symbolPath(m.symbol, 70)} fill={m.colour} stroke="#ffffff" strokeWidth={0.8} />
    </svg>
  );
}

/** The radius field: the public r of the synthetic data, or — with the user's points — data-driven or public. */
function RadiusFields({ own }: { own: OwnData | null }) {
  const s = useLab((st) => st.settings);
  const set = useLab((st) => st.set);
  const sphere = s.frechetSpace === 'sphere';
  const rMax = radiusLimit(s.frechetSpace);
  const meaning = sphere
    ? `the data lie in a cap of geodesic radius r (the bound needs r < π/4 ≈ ${formatFixed(rMax, 3)})`
    : 'every eigenvalue of the data lies in [e^−r, e^r]';
  const publicField = (
    <NumberField
      label={own ? 'r (public)' : 'data radius r'}
      value={s.radius}
      min={LIMITS.radius[0]}
      max={LIMITS.radius[1]}
      step={0.01}
      onChange={(radius) => set({ radius })}
      testId="frechet-radius"
    />
  );
  if (!own)
    return (
      <>
        {publicField}
        <p className="hint">
          {sphere
            ? `Synthetic data in a cap of geodesic radius r around the north pole; r is public and sets the sensitivity (the bound needs r < π/4 ≈ ${formatFixed(rMax, 3)}).`
            : richText(
                'Synthetic eigenvalues lie in [e^−r, e^r] (002); r is public and sets the sensitivity.',
              )}
        </p>
      </>
    );
  const warning = ownDataWarning(s, own);
  return (
    <>
      <SelectField
        label="radius r (sensitivity)"
        value={s.radiusMode}
        options={[
          { value: 'data', label: 'data-driven (not private)' },
          { value: 'public', label: 'public bound (private)' },
        ]}
        onChange={(radiusMode) => set({ radiusMode })}
        testId="frechet-radius-mode"
      />
      {s.radiusMode === 'public' ? (
        publicField
      ) : (
        <p className="hint" data-testid="frechet-data-radius">
          r = {formatFixed(own.dataRadius, 4)} from your data{' '}
          <span className="privacy-badge not-private">not private</span>
        </p>
      )}
      <p className="hint">
        The sensitivity bound needs a public radius r: {richText(meaning)}. Taken from your data, r reveals
        something about them (like a data-driven τ), so those releases are labelled not private; for a private
        release set a public r that holds for any data you might have.
      </p>
      {warning && (
        <p className="hint note-warn" role="alert" data-testid="frechet-radius-warning">
          {warning}
        </p>
      )}
    </>
  );
}

/** Synthetic-data fields, or which file is in use (with the way back). */
function DataSource({ own }: { own: OwnData | null }) {
  const s = useLab((st) => st.settings);
  const set = useLab((st) => st.set);
  const imported = useLab((st) => st.imported.frechet);
  const setImported = useLab((st) => st.setImported);
  const other = imported?.points && !own ? imported.points : null;
  if (own)
    return (
      <p className="hint" data-testid="frechet-own-data">
        Using <strong>{own.fileName}</strong> ({own.points.length} points
        {s.frechetSpace === 'spd' ? `, ${own.k}×${own.k} matrices` : ''}, read as {imported?.yLabels?.[0]}).{' '}
        <button type="button" onClick={() => setImported('frechet', null)}>
          Back to synthetic data
        </button>
      </p>
    );
  return (
    <>
      {other && (
        <p className="hint">
          Your file {imported!.fileName} holds {other.space === 'sphere' ? 'sphere' : 'SPD'} points: switch
          the space to use it.
        </p>
      )}
      <SelectField
        label="data"
        value={s.spread}
        options={[
          { value: 'homogeneous', label: 'homogeneous' },
          { value: 'heterogeneous', label: 'cluster + sparse (003)' },
        ]}
        onChange={(spread) => set({ spread })}
        testId="frechet-spread"
      />
      <SampleSizeField />
    </>
  );
}

export function FrechetControls() {
  const s = useLab((st) => st.settings);
  const set = useLab((st) => st.set);
  const imported = useLab((st) => st.imported.frechet);
  const own = ownData(s, imported);
  const groupId = useId();
  const space = s.frechetSpace;
  const toggle = (id: FrechetMechanismId, on: boolean) => {
    const chosen = new Set(s.mechanisms);
    if (on) chosen.add(id);
    else chosen.delete(id);
    set({ mechanisms: FRECHET_MECHANISMS.filter((m) => chosen.has(m)) });
  };
  return (
    <aside className="control-panel frechet-controls" id="lab-controls" aria-label="Controls">
      <fieldset>
        <legend>Space and data</legend>
        <SelectField
          label="space"
          value={space}
          options={[
            { value: 'sphere', label: 'sphere S² (3D)' },
            { value: 'spd', label: 'SPD matrices (ellipses)' },
          ]}
          onChange={(frechetSpace) => set({ frechetSpace, camera: null })}
          testId="frechet-space"
        />
        {space === 'spd' && (
          <SelectField
            label="metric"
            value={s.metric}
            options={[
              { value: 'logEuclidean', label: 'log-Euclidean (002)' },
              { value: 'affine', label: 'affine-invariant (004)' },
            ]}
            onChange={(metric) => set({ metric })}
            testId="frechet-metric"
          />
        )}
        <DataSource own={own} />
        <RadiusFields own={own} />
        <SeedField />
        <ImportData />
      </fieldset>

      <fieldset>
        <legend>Privacy</legend>
        <EpsilonSlider label="budget ε" hint="← smaller ε: more private, noisier means" />
        <SliderField
          label="δ (Gaussian mechanisms)"
          value={Math.log10(s.delta)}
          min={Math.log10(sliderRange('delta')[0])}
          max={Math.log10(sliderRange('delta')[1])}
          step={1}
          display={formatPowerOfTen(s.delta)}
          onChange={(v) => set({ delta: +Math.pow(10, v).toPrecision(3) }, { step: true })}
          hint="← smaller δ: more private (the Laplace mechanisms have δ = 0)"
          testId="frechet-delta"
        />
        <SelectField
          label="Gaussian σ"
          value={s.calibration}
          options={[
            { value: 'analytic', label: 'analytic (any ε)' },
            { value: 'classical', label: 'classical (ε < 1)' },
          ]}
          onChange={(calibration) => set({ calibration })}
          testId="frechet-calibration"
        />
        <SigmaRuleField label="Laplace σ" />
        <Explainers topics={['privacy', 'frechetSensitivity']} />
      </fieldset>

      <fieldset aria-describedby={`${groupId}-hint`}>
        <legend>Mechanisms shown</legend>
        <ul className="mechanism-choices">
          {FRECHET_MECHANISMS.map((id) => {
            const m = MECHANISM_STYLES[id];
            const applies = m.spaces.includes(space);
            const inputId = `${groupId}-${id}`;
            return (
              <li key={id}>
                <input
                  id={inputId}
                  type="checkbox"
                  checked={s.mechanisms.includes(id)}
                  onChange={(e) => toggle(id, e.target.checked)}
                  data-testid={`mech-${id}`}
                />
                <label htmlFor={inputId}>
                  <MechanismSwatch id={id} /> {m.label}
                  {!applies && <span className="hint"> (SPD only)</span>}
                </label>
              </li>
            );
          })}
        </ul>
        {s.mechanisms.includes('conformal') && (
          <SelectField
            label="Conformal φ from"
            value={s.phiSource}
            options={[
              { value: 'private', label: 'data (003; not private)' },
              { value: 'public', label: 'a public sample' },
            ]}
            onChange={(phiSource) => set({ phiSource })}
            testId="frechet-phi"
          />
        )}
        <p className="hint" id={`${groupId}-hint`}>
          Each mechanism has its own marker shape in the view and the plots.
        </p>
        <Explainers topics={['riemannianLaplace', 'tangentGaussian', 'ambientBaseline', 'conformalDp']} />
      </fieldset>
    </aside>
  );
}
