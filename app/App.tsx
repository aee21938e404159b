import { Suspense, useEffect } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { Explainers } from './help/Explain';
import { HeaderActions } from './HeaderActions';
import { Notices } from './Notices';
import { ScreenLayout } from './present/ScreenLayout';
import { useLab } from './store';
import { WORKSPACE_PARTS } from './workspaces/parts';
import { WORKSPACE_REGISTRY, workspaceOf } from './workspaces/registry';

/** Shown in a part's place while its script loads (a moment, from the lab's own server). */
export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}

export function App() {
  const workspace = useLab((s) => s.settings.workspace);
  const setWorkspace = useLab((s) => s.setWorkspace);
  const { View, Controls, Plots, Frame, Downloads } = WORKSPACE_PARTS[workspace];
  // the view's script loads while the workspace's data are generated in the workers, not after
  useEffect(() => View.preload(), [View]);
  const { label, topics } = workspaceOf(workspace);
  return (
    <div className="app">
      <header className="app-header">
        <div>
          <h1>DP Manifold Lab</h1>
          <p className="tagline">
            Differentially private regression on curved spaces — computed in your browser; your data never
            leave it.
          </p>
        </div>
        <HeaderActions />
      </header>
      <nav aria-label="Workspaces">
        <div className="workspace-tabs" role="tablist" aria-label="Workspace">
          {WORKSPACE_REGISTRY.map((w) => (
            <button
              key={w.id}
              role="tab"
              id={`tab-${w.id}`}
              aria-selected={workspace === w.id}
              aria-controls="workspace-panel"
              tabIndex={workspace === w.id ? 0 : -1}
              className={workspace === w.id ? 'active' : ''}
              onClick={() => setWorkspace(w.id)}
              onKeyDown={(e) => {
                // Arrow keys move between tabs (WAI-ARIA tabs pattern).
                const i = WORKSPACE_REGISTRY.findIndex((x) => x.id === workspace);
                const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                const next =
                  WORKSPACE_REGISTRY[(i + step + WORKSPACE_REGISTRY.length) % WORKSPACE_REGISTRY.length].id;
                setWorkspace(next);
                document.getElementById(`tab-${next}`)?.focus();
              }}
              title={w.blurb}
            >
              {/* "SPD(2) · ellipses": the part after the dot folds away on phones */}
              {w.label.split(' · ')[0]}
              {w.label.includes(' · ') && <span className="tab-detail"> · {w.label.split(' · ')[1]}</span>}
            </button>
          ))}
        </div>
      </nav>
      <Notices />
      {/* the lab itself is the page's main landmark; the workspace view inside it is the tabs' panel */}
      <main className="lab-grid">
        <ErrorBoundary key={`controls-${workspace}`} name="the control panel">
          <Suspense fallback={<Loading what="the controls" />}>
            <Controls />
          </Suspense>
        </ErrorBoundary>
        <div id="workspace-panel" role="tabpanel" aria-labelledby={`tab-${workspace}`} className="workspace">
          <ErrorBoundary key={`view-${workspace}`} name={`the ${label} view`}>
            <Suspense fallback={<Loading what={`the ${label} view`} />}>
              <Frame>
                <View />
              </Frame>
            </Suspense>
          </ErrorBoundary>
          <ErrorBoundary key={`downloads-${workspace}`} name="the downloads">
            <Downloads />
          </ErrorBoundary>
          <section className="panel" aria-label="Ideas behind this view">
            <ErrorBoundary name="the explanations">
              <Explainers topics={topics} />
            </ErrorBoundary>
          </section>
        </div>
        <ErrorBoundary key={`plots-${workspace}`} name="the plots">
          <Suspense fallback={<Loading what="the plots" />}>
            <Plots />
          </Suspense>
        </ErrorBoundary>
        <ScreenLayout />
      </main>
      <footer className="app-footer">
        Everything runs locally in this page. Data-driven τ (the paper&apos;s choice) uses the private data to
        calibrate the noise, so such releases are labelled “not private”.
      </footer>
    </div>
  );
}
