/**
 * Which point of an MSE panel shows its tooltip, and the keyboard over the points: one tab stop for them all
 * (roving tabindex), arrows move along and between curves (mseFocus).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { focusExists, focusKey, focusOrder, nextFocus, type Focus } from '../mseFocus';
import type { MseSeries } from '../mseModel';

export function useMseFocus(series: readonly MseSeries[], hasRelease: boolean) {
  const pointRefs = useRef(new Map<string, SVGElement>());
  const [active, setActive] = useState<Focus | null>(null);
  const [rover, setRover] = useState<Focus | null>(null);

  const curves = { series, hasRelease };
  const exists = (f: Focus | null): f is Focus => focusExists(f, curves);
  const tabStop = exists(rover) ? rover : (focusOrder(curves)[0] ?? null);
  const moveFocus = (f: Focus) => {
    setRover(f);
    setActive(f);
    pointRefs.current.get(focusKey(f))?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (!tabStop) return;
    if (e.key === 'Escape') {
      setActive(null);
      e.preventDefault();
      return;
    }
    const next = nextFocus(tabStop, e.key, curves);
    if (next) {
      e.preventDefault();
      moveFocus(next);
    }
  };

  return {
    /** The hovered or focused stop, if it is still drawn. */
    active: exists(active) ? active : null,
    /** The one stop reachable by Tab. */
    tabStop,
    onKey,
    hover: (f: Focus) => setActive(f),
    focus: (f: Focus) => {
      setRover(f);
      setActive(f);
    },
    clear: () => setActive(null),
    /** A ref callback that lets the arrow keys move the focus to this stop. */
    register: (key: string) => (el: SVGElement | null) => {
      if (el) pointRefs.current.set(key, el);
      else pointRefs.current.delete(key);
    },
  };
}

export type MseFocus = ReturnType<typeof useMseFocus>;
