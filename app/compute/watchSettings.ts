import { useLab } from '../store';

/**
 * Calls `check` now and again whenever the settings or the imported data change, once they have settled for
 * `delayMs` (sliders fire many changes); `onChange` runs at once on every change (e.g. to mark results as
 * stale while the debounce waits). Returns a function that stops watching.
 */
export function watchSettings(check: () => void, delayMs = 150, onChange?: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  check();
  const unsubscribe = useLab.subscribe((s, prev) => {
    if (s.settings === prev.settings && s.imported === prev.imported) return;
    onChange?.();
    clearTimeout(timer);
    timer = setTimeout(check, delayMs);
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
