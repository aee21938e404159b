import { lazy, type ComponentType } from 'react';

/** A component loaded with its own script the first time it is shown (workspaces, plot tabs). */
export type OnDemand = ComponentType & {
  /** Starts loading the script now (once), e.g. while the data the component waits for is being generated. */
  preload(): void;
};

export function loadOnDemand<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): OnDemand {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => (loading ??= load().then((m) => ({ default: m[name] })));
  return Object.assign(
    lazy(() => start()),
    {
      preload() {
        // a failed load shows where the component is rendered (its error boundary), not here
        start().catch(() => {});
      },
    },
  );
}
