import type { ReactNode } from 'react';
import { useLab } from '../store';
import { useWorkspaceDataOrNull } from '../compute/useData';

/** Renders its children once the workspace has data; until then, a short status (or the generator's error). */
export function WorkspaceDataGate({ children }: { children: ReactNode }) {
  const data = useWorkspaceDataOrNull();
  const error = useLab((s) => s.generated.error);
  if (data) return <>{children}</>;
  return (
    <section className="panel" aria-busy={!error}>
      {error ? <p role="alert">The data could not be generated: {error}</p> : <p>Generating data…</p>}
    </section>
  );
}
