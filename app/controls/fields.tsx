import { useId, useState, type ReactNode } from 'react';

/** A labelled slider with its value shown; keyboard-operable like any native range input. */
export function SliderField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange(value: number): void;
  display?: string;
  hint?: ReactNode;
  testId?: string;
  /** data-testid of the displayed value. */
  outputTestId?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`field ${props.className ?? ''}`}>
      <label htmlFor={id}>
        {props.label}{' '}
        <output htmlFor={id} data-testid={props.outputTestId}>
          {props.display ?? props.value}
        </output>
      </label>
      <input
        id={id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        aria-valuetext={props.display}
        data-testid={props.testId}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
      {props.hint && <div className="hint">{props.hint}</div>}
    </div>
  );
}

/**
 * A labelled number input; invalid or out-of-range entries are clamped, never stored as NaN. With `onClear` the
 * field may be emptied: it then shows `placeholder`, what applies without a value.
 */
export function NumberField(props: {
  label: string;
  value: number | null;
  min: number;
  max: number;
  step?: number;
  integer?: boolean;
  onChange(value: number): void;
  onClear?(): void;
  placeholder?: string;
  testId?: string;
}) {
  const id = useId();
  // A value outside the range is clamped, and the user is told so (typing 10000 for n must not silently become 2000).
  const [clamped, setClamped] = useState<string | null>(null);
  return (
    <div className="field field-inline">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        min={props.min}
        max={props.max}
        step={props.step ?? (props.integer ? 1 : 'any')}
        value={props.value ?? ''}
        placeholder={props.placeholder}
        data-testid={props.testId}
        aria-describedby={clamped ? `${id}-clamped` : undefined}
        onChange={(e) => {
          const raw = e.target.valueAsNumber;
          // an empty field (not one holding text that is no number) falls back to what applies without a value
          if (e.target.value === '' && !e.target.validity.badInput && props.onClear) {
            setClamped(null);
            props.onClear();
          }
          if (!Number.isFinite(raw)) return;
          const v = Math.min(props.max, Math.max(props.min, props.integer ? Math.round(raw) : raw));
          setClamped(
            raw < props.min || raw > props.max
              ? `${props.label}: ${raw} is outside ${props.min}–${props.max}; using ${v}.`
              : null,
          );
          props.onChange(v);
        }}
      />
      {clamped && (
        <p id={`${id}-clamped`} className="hint field-note" role="status">
          {clamped}
        </p>
      )}
    </div>
  );
}

export function SelectField<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="field field-inline">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckboxField(props: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="field field-inline">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}
