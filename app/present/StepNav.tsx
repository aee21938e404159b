/** ◀ where we are ▶ in presenting mode's bar: the same control for the figure sequence and the lesson. */
export function StepNav({
  noun,
  label,
  atStart,
  atEnd,
  onStep,
}: {
  /** What a step moves to ("figure", "slide"), for the buttons' names. */
  noun: string;
  label: string;
  atStart: boolean;
  atEnd: boolean;
  onStep(dir: 1 | -1): void;
}) {
  return (
    <div className="present-nav">
      <button
        type="button"
        onClick={() => onStep(-1)}
        aria-label={`Previous ${noun} (PageUp)`}
        disabled={atStart}
      >
        ◀
      </button>
      <span className="present-step" data-testid="present-step" aria-live="polite">
        {label}
      </span>
      <button type="button" onClick={() => onStep(1)} aria-label={`Next ${noun} (PageDown)`} disabled={atEnd}>
        ▶
      </button>
    </div>
  );
}
