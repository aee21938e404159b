import { WORKSPACES, type WorkspaceId } from '../store';

/** Temporary panel for workspaces whose views are being built (see the open issues). */
export function PendingWorkspace({ id }: { id: WorkspaceId }) {
  const w = WORKSPACES.find((x) => x.id === id)!;
  return (
    <section className="panel">
      <h2>{w.label}</h2>
      <p>{w.blurb}</p>
      <p>
        The geometry and regression for this space are in the core; the interactive view is under
        construction.
      </p>
    </section>
  );
}
