/**
 * Controls shared by the 2-D views: the age (covariate) slider, the list of ages and the choice of the
 * highlighted private pair.
 */
import { SliderField } from '../controls/fields';
import { useId, useState } from 'react';
import { parseAges } from './shapesGeometry';
import './shapes.css';

/** The age slider of the shapes view: the lab's SliderField with the test ids the shapes tests use. */
export function AgeSlider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  display: string;
  onChange(v: number): void;
}) {
  return <SliderField {...props} className="view2d-slider" testId="age-slider" outputTestId="age-output" />;
}

/** Text field for the list of ages; applied when valid, with a clear message when not. */
export function AgesField(props: { ages: number[]; onChange(ages: number[]): void; unit: string }) {
  const id = useId();
  const errId = useId();
  const joined = props.ages.join(', ');
  const [text, setText] = useState(joined);
  const [error, setError] = useState<string | null>(null);
  // Follow outside changes (presets, links).
  const [seen, setSeen] = useState(joined);
  if (seen !== joined) {
    setSeen(joined);
    setText(joined);
    setError(null);
  }
  const apply = (value: string) => {
    const r = parseAges(value);
    if (r.ok) {
      setError(null);
      if (r.ages.join(', ') !== joined) props.onChange(r.ages);
    } else setError(r.message);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{props.unit}, comma-separated</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error ? errId : undefined}
        data-testid="ages-input"
        onChange={(e) => {
          setText(e.target.value);
          const r = parseAges(e.target.value);
          setError(r.ok ? null : r.message);
        }}
        onBlur={(e) => apply(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply((e.target as HTMLInputElement).value);
        }}
      />
      {error && (
        <p id={errId} className="view2d-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Which released pair is highlighted (dashed). */
export function PairPicker(props: { value: number; count: number; onChange(v: number): void }) {
  const id = useId();
  return (
    <div className="field field-pair">
      <label htmlFor={id}>highlighted private pair #</label>{' '}
      <input
        id={id}
        type="number"
        min={1}
        max={Math.max(1, props.count)}
        step={1}
        value={Math.min(props.value, Math.max(1, props.count))}
        disabled={props.count === 0}
        onChange={(e) => {
          const v = e.target.valueAsNumber;
          if (Number.isFinite(v)) props.onChange(Math.max(1, Math.round(v)));
        }}
      />{' '}
      <span className="hint">of {props.count}</span>
    </div>
  );
}
