import { lazy, type ComponentType } from 'react';

/** A component loaded with its own script the first time it is shown (workspaces, plot tabs). */
export function loadOnDemand<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
