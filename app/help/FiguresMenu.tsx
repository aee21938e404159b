import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { PRESETS, activePreset, applyPreset } from '../presets';
import { useLab } from '../store';

/**
 * "Figures": a disclosure button (aria-expanded) over a list of buttons, one per preset (figures of papers
 * 000, 002 and 004).
 * Keyboard: Enter/Space/↓ open it and focus the first figure, ↑/↓/Home/End move, Enter applies, Escape or
 * Tab away closes it (focus goes back to the button after Escape or applying).
 */
export function FiguresMenu({ onApplied }: { onApplied?: (label: string) => void }) {
  const [open, setOpen] = useState(false);
  const settings = useLab((s) => s.settings);
  const active = useMemo(() => activePreset(settings)?.id, [settings]);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const focusIndex = useRef<number | null>(null);

  const items = () =>
    Array.from(wrapRef.current?.querySelectorAll<HTMLButtonElement>('.figures-list button') ?? []);

  useEffect(() => {
    if (!open || focusIndex.current === null) return;
    const list = items();
    list[Math.min(focusIndex.current, list.length - 1)]?.focus();
    focusIndex.current = null;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  return (
    <div
      className="figures-menu"
      ref={wrapRef}
      onBlur={(e) => {
        if (open && !wrapRef.current?.contains(e.relatedTarget as Node | null) && e.relatedTarget)
          setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          e.stopPropagation();
          close(true);
          return;
        }
        if (!open) return;
        const list = items();
        const i = list.indexOf(document.activeElement as HTMLButtonElement);
        let next = -1;
        if (e.key === 'ArrowDown') next = i < 0 ? 0 : (i + 1) % list.length;
        else if (e.key === 'ArrowUp') next = i < 0 ? list.length - 1 : (i - 1 + list.length) % list.length;
        else if (e.key === 'Home') next = 0;
        else if (e.key === 'End') next = list.length - 1;
        if (next >= 0) {
          e.preventDefault();
          list[next]?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        id="figures-button"
        className="header-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={(e) => {
          // Opened from the keyboard (detail 0): move focus to the first figure, as a menu would.
          if (!open && e.detail === 0) focusIndex.current = 0;
          setOpen(!open);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            focusIndex.current = 0;
            setOpen(true);
          }
        }}
      >
        Figures <span aria-hidden="true">▾</span>
      </button>
      <div className="figures-popover" id={listId} hidden={!open}>
        <p className="figures-intro" id={`${listId}-intro`}>
          Reproduce a figure of the papers in one click
        </p>
        <ul className="figures-list" aria-labelledby={`${listId}-intro`}>
          {PRESETS.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                data-preset={p.id}
                aria-current={p.id === active ? 'true' : undefined}
                onClick={() => {
                  applyPreset(p.id);
                  onApplied?.(p.label);
                  close(true);
                }}
              >
                {/* the visible text is the accessible name (label-content-name-mismatch); the title names δ */}
                <span className="figures-label">{p.label.split(' · ')[0]}</span>{' '}
                <span className="figures-title">{p.title}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
