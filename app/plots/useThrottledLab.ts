import { startTransition, useEffect, useState } from 'react';
import { useLab, type LabState } from '../store';

/**
 * Like `useLab(selector)`, but for views fed by streaming jobs: re-renders at most every `ms` milliseconds
 * (the last change always shows), and as a transition, so React renders in small interruptible slices
 * instead of one long main-thread task. `selector` must be a stable (module-level) function returning a
 * stable reference for unchanged state (select a slice, do not build objects).
 */
export function useThrottledLab<T>(selector: (s: LabState) => T, ms = 200): T {
  const [value, setValue] = useState(() => selector(useLab.getState()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const push = () => {
      timer = undefined;
      last = performance.now();
      const next = selector(useLab.getState());
      startTransition(() => setValue(next));
    };
    // Catch up with changes between the first render and this subscription.
    timer = setTimeout(push, 0);
    const unsubscribe = useLab.subscribe((s, prev) => {
      if (selector(s) === selector(prev) || timer !== undefined) return;
      timer = setTimeout(push, Math.max(0, last + ms - performance.now()));
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
    // the selector is a module-level function by contract
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ms]);
  return value;
}
